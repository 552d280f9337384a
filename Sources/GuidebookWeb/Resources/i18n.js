"use strict";
// The page's own labels in English and Korean. `t(key, values)` fills {name} placeholders; the
// result is plain text, set with textContent.
(function (G) {
  const labels = {
    en: {
      skip: "Skip to content", searchLabel: "Search guidelines", searchPlaceholder: "Search in English or 한국어",
      viewsLabel: "Views", browse: "Browse", imports: "Imports", languageLabel: "Language",
      bothTitle: "English and Korean side by side", themeLabel: "Appearance", themeAuto: "Automatic (follows the system)",
      themeLight: "Light", themeDark: "Dark", topicsLabel: "Topics", topics: "Topics", guidelineLabel: "Guideline",
      close: "Close", loading: "Loading…", results: "Results",
      topicCount: "{n} topics", guidelineCount: "{n} guidelines",
      welcomeTitle: "Design guidelines, in English and Korean",
      welcomeText: "{topics} topics and {guidelines} guidelines. Pick a topic, or press / and search in either language.",
      welcomeTextTopics: "{topics} topics. Pick a topic, or press / and search in either language.",
      moreTopics: "More topics ({shown} of {total} shown)",
      overview: "Overview", notTranslated: "Not translated yet", fallbackNote: "Shown in English: no Korean translation yet.",
      english: "English", korean: "한국어", state_current: "Current", state_outdated: "Outdated", state_missing: "Missing",
      translationState: "Translation", translationOutdatedNote: "The English text changed after this translation was written.",
      links: "Links", openTopic: "Topic: {title}", jsonLink: "This guideline (JSON)", translationsLink: "Its translations (JSON)",
      selectGuideline: "Select a guideline to read it here.",
      resultCount: "{n} results for “{q}”", resultCountOne: "1 result for “{q}”", noResults: "Nothing found for “{q}”.",
      didYouMean: "Did you mean", searching: "Searching…",
      relaxedNote: "No result holds every word: showing results for “{matched}”, without {dropped}.", moreResults: "More results", searchFailed: "Search failed: {message}",
      filterCategories: "Categories", filterTopics: "Topics", clearFilters: "Clear filters",
      kind_topic: "Topic", kind_section: "Section", kind_guideline: "Guideline",
      notFound: "Not found", notFoundText: "There is nothing at this address. It may have been renamed or removed.",
      loadFailed: "Could not load: {message}", retry: "Try again",
      // Imports
      importTitle: "Import", importIntro: "Add study notes, a bundle (JSON) or NDJSON to the knowledge base. A dry run shows what would change before anything is written.",
      dropHere: "Drop a file here, or", chooseFile: "choose a file", orPaste: "Or paste notes", pasteLabel: "Notes text",
      pastePlaceholder: "Paste bilingual study notes: an English paragraph, then its Korean translation…",
      formatLabel: "Format", formatAuto: "From the file name", formatNotes: "Notes (text)", formatJSON: "Bundle (JSON)", formatNDJSON: "NDJSON",
      modeLabel: "Mode", modeMerge: "Merge: add and update, delete nothing", modeReplace: "Replace: topics in the file lose what the file lacks",
      dryRun: "Dry run", importNow: "Import", cancel: "Cancel", canceling: "Canceling…", startOver: "Import another",
      chosen: "{name} · {size}", pasted: "Pasted notes · {size}", nothingChosen: "No file chosen",
      dryRunFirst: "Run a dry run first; Import is enabled when it succeeds.",
      uploading: "Uploading {name}", uploadPercent: "Uploading: {percent}%",
      queued: "Waiting for another import to finish", reconnecting: "Connection lost; reconnecting…",
      progressCount: "{completed} of {total} {unit}", rate: "{rate} {unit}/s", eta: "about {time} left",
      status_queued: "Queued", status_running: "Running", status_succeeded: "Done", status_failed: "Failed", status_canceled: "Canceled",
      dryRunResult: "Dry run: nothing was written. This is what the import would do.",
      importResult: "Imported.", canceledResult: "Canceled. Nothing was changed.", failedResult: "The import failed. Nothing was changed.",
      created: "Created", updated: "Updated", unchanged: "Unchanged", wouldCreate: "Would create", wouldUpdate: "Would update",
      row_topics: "Topics", row_guidelines: "Guidelines", row_translations: "Translations",
      warnings: "Warnings ({n})", warningsOmitted: "…and {n} more", line: "Line {n}", errorAt: "Line {line}, field {field}",
      recentJobs: "Recent imports", noJobs: "No imports yet.", job: "Job", progressLabel: "Import progress",
      seconds: "{n} s", minutes: "{n} min",
    },
    ko: {
      skip: "본문으로 건너뛰기", searchLabel: "가이드라인 검색", searchPlaceholder: "영어나 한국어로 검색",
      viewsLabel: "보기", browse: "둘러보기", imports: "가져오기", languageLabel: "언어",
      bothTitle: "영어와 한국어를 나란히", themeLabel: "화면 모드", themeAuto: "자동 (시스템 설정을 따름)",
      themeLight: "밝게", themeDark: "어둡게", topicsLabel: "주제", topics: "주제", guidelineLabel: "가이드라인",
      close: "닫기", loading: "불러오는 중…", results: "검색 결과",
      topicCount: "주제 {n}개", guidelineCount: "가이드라인 {n}개",
      welcomeTitle: "영어와 한국어로 읽는 디자인 가이드라인",
      welcomeText: "주제 {topics}개, 가이드라인 {guidelines}개. 주제를 고르거나 /를 눌러 두 언어로 검색하세요.",
      welcomeTextTopics: "주제 {topics}개. 주제를 고르거나 /를 눌러 두 언어로 검색하세요.",
      moreTopics: "주제 더 보기 ({total}개 중 {shown}개 표시)",
      overview: "개요", notTranslated: "아직 번역되지 않음", fallbackNote: "한국어 번역이 아직 없어 영어로 보여 줍니다.",
      english: "English", korean: "한국어", state_current: "최신", state_outdated: "오래됨", state_missing: "없음",
      translationState: "번역", translationOutdatedNote: "이 번역을 쓴 뒤에 영어 원문이 바뀌었습니다.",
      links: "링크", openTopic: "주제: {title}", jsonLink: "이 가이드라인 (JSON)", translationsLink: "번역 목록 (JSON)",
      selectGuideline: "가이드라인을 고르면 여기에서 읽을 수 있습니다.",
      resultCount: "“{q}” 검색 결과 {n}개", resultCountOne: "“{q}” 검색 결과 1개", noResults: "“{q}”에 대한 결과가 없습니다.",
      didYouMean: "이것을 찾으셨나요?", searching: "검색 중…",
      relaxedNote: "모든 단어가 들어 있는 결과가 없어 “{matched}”의 결과를 보여 줍니다({dropped} 제외).", moreResults: "결과 더 보기", searchFailed: "검색하지 못했습니다: {message}",
      filterCategories: "분류", filterTopics: "주제", clearFilters: "필터 지우기",
      kind_topic: "주제", kind_section: "섹션", kind_guideline: "가이드라인",
      notFound: "찾을 수 없음", notFoundText: "이 주소에는 아무것도 없습니다. 이름이 바뀌었거나 삭제되었을 수 있습니다.",
      loadFailed: "불러오지 못했습니다: {message}", retry: "다시 시도",
      importTitle: "가져오기", importIntro: "학습 노트, 번들(JSON), NDJSON을 지식 베이스에 추가합니다. 먼저 시험 실행으로 무엇이 바뀌는지 확인한 뒤에 씁니다.",
      dropHere: "파일을 여기에 끌어 놓거나", chooseFile: "파일 선택", orPaste: "또는 노트 붙여 넣기", pasteLabel: "노트 텍스트",
      pastePlaceholder: "영어 문단과 그 한국어 번역이 이어지는 학습 노트를 붙여 넣으세요…",
      formatLabel: "형식", formatAuto: "파일 이름으로 판단", formatNotes: "노트 (텍스트)", formatJSON: "번들 (JSON)", formatNDJSON: "NDJSON",
      modeLabel: "방식", modeMerge: "병합: 추가하고 갱신하며 지우지 않음", modeReplace: "대체: 파일에 있는 주제에서 파일에 없는 내용을 지움",
      dryRun: "시험 실행", importNow: "가져오기", cancel: "취소", canceling: "취소하는 중…", startOver: "다른 파일 가져오기",
      chosen: "{name} · {size}", pasted: "붙여 넣은 노트 · {size}", nothingChosen: "선택한 파일 없음",
      dryRunFirst: "먼저 시험 실행을 하세요. 성공하면 가져오기를 누를 수 있습니다.",
      uploading: "{name} 올리는 중", uploadPercent: "올리는 중: {percent}%",
      queued: "다른 가져오기가 끝나기를 기다리는 중", reconnecting: "연결이 끊겼습니다. 다시 연결하는 중…",
      progressCount: "{unit} {total}개 중 {completed}개", rate: "초당 {rate}개", eta: "약 {time} 남음",
      status_queued: "대기 중", status_running: "진행 중", status_succeeded: "완료", status_failed: "실패", status_canceled: "취소됨",
      dryRunResult: "시험 실행: 아무것도 쓰지 않았습니다. 가져오면 다음과 같이 바뀝니다.",
      importResult: "가져왔습니다.", canceledResult: "취소했습니다. 바뀐 것은 없습니다.", failedResult: "가져오지 못했습니다. 바뀐 것은 없습니다.",
      created: "새로 만듦", updated: "갱신", unchanged: "변화 없음", wouldCreate: "새로 만들 것", wouldUpdate: "갱신할 것",
      row_topics: "주제", row_guidelines: "가이드라인", row_translations: "번역",
      warnings: "경고 ({n})", warningsOmitted: "…외 {n}개", line: "{n}번째 줄", errorAt: "{line}번째 줄, 필드 {field}",
      recentJobs: "최근 가져오기", noJobs: "아직 가져온 것이 없습니다.", job: "작업", progressLabel: "가져오기 진행률",
      seconds: "{n}초", minutes: "{n}분",
    },
  };
  const units = { ko: { topics: "주제", records: "레코드", guidelines: "가이드라인" } };

  let current = "en";

  /** The labels' language: Korean for KO, English otherwise (both shows English labels). */
  function setLanguage(lang) { current = lang === "ko" ? "ko" : "en"; }

  function t(key, values) {
    let text = (labels[current] && labels[current][key]) || labels.en[key] || key;
    if (values) text = text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
    return text;
  }

  function number(value) { return new Intl.NumberFormat(current === "ko" ? "ko-KR" : "en-US").format(value); }
  function unit(name) { return (units[current] && units[current][name]) || name; }

  /** Applies the labels to the static page: data-t (text), data-t-label (aria-label), data-t-title, data-t-placeholder. */
  function translatePage(root) {
    for (const element of root.querySelectorAll("[data-t]")) element.textContent = t(element.dataset.t);
    for (const element of root.querySelectorAll("[data-t-label]")) element.setAttribute("aria-label", t(element.dataset.tLabel));
    for (const element of root.querySelectorAll("[data-t-title]")) element.setAttribute("title", t(element.dataset.tTitle));
    for (const element of root.querySelectorAll("[data-t-placeholder]")) element.setAttribute("placeholder", t(element.dataset.tPlaceholder));
  }

  G.i18n = { t, number, unit, setLanguage, translatePage, get language() { return current; } };
})(window.Guidebook);
