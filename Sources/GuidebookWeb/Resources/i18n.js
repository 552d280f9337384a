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
      // Signing in
      signIn: "Sign in", signOut: "Sign out", signInTitle: "Sign in with a token", signInSubmit: "Sign in", cancelAction: "Cancel",
      signInIntro: "Paste an API token. It is kept in this tab only and sent with your changes; closing the tab forgets it.",
      tokenLabel: "Token", checking: "Checking…", tokenEmpty: "Enter a token.", tokenInvalid: "This token is not valid: it is unknown or was revoked.",
      unreachable: "The server could not be reached.", signedInAs: "Signed in as {name} ({role})", signedOut: "Signed out.",
      role_reader: "reader", role_editor: "editor", role_admin: "admin",
      sessionExpired: "Your token is no longer valid, so you were signed out. Sign in again.", signInNeeded: "Sign in to do this.",
      needsRole: "This needs the {role} role; your token has the {have} role.",
      importNeedsAdmin: "Importing needs an admin token. Sign in to import.", importNeedsAdminRole: "Importing needs an admin token; yours has the {role} role.",
      // Editing
      signInToEdit: "Sign in with an editor token to edit this guideline.", editNeedsEditor: "Editing needs an editor token; yours has the {role} role.",
      edit: "Edit", editTranslation: "Edit translation",
      editEnglishLabel: "English text", editKoreanLabel: "Korean translation", save: "Save", saving: "Saving…", saved: "Saved.",
      conflict: "Someone changed this guideline after you opened it, so nothing was saved. Your text is kept here: reload the current version, then save again.",
      reloadCurrent: "Reload the current version", reloaded: "This is the current version now; your text is kept in the box. Save to replace it.",
      saveFailed: "Could not save: {message}",
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
      signIn: "로그인", signOut: "로그아웃", signInTitle: "토큰으로 로그인", signInSubmit: "로그인", cancelAction: "취소",
      signInIntro: "API 토큰을 붙여 넣으세요. 이 탭에만 보관되고 변경할 때 함께 보냅니다. 탭을 닫으면 잊습니다.",
      tokenLabel: "토큰", checking: "확인하는 중…", tokenEmpty: "토큰을 입력하세요.", tokenInvalid: "유효하지 않은 토큰입니다. 알 수 없거나 폐기된 토큰입니다.",
      unreachable: "서버에 연결할 수 없습니다.", signedInAs: "{name}({role})(으)로 로그인함", signedOut: "로그아웃했습니다.",
      role_reader: "읽기", role_editor: "편집", role_admin: "관리",
      sessionExpired: "토큰이 더 이상 유효하지 않아 로그아웃되었습니다. 다시 로그인하세요.", signInNeeded: "로그인해야 할 수 있습니다.",
      needsRole: "{role} 역할이 필요합니다. 이 토큰의 역할은 {have}입니다.",
      importNeedsAdmin: "가져오려면 관리 토큰이 필요합니다. 로그인하세요.", importNeedsAdminRole: "가져오려면 관리 토큰이 필요합니다. 이 토큰의 역할은 {role}입니다.",
      signInToEdit: "편집 토큰으로 로그인하면 이 가이드라인을 편집할 수 있습니다.", editNeedsEditor: "편집하려면 편집 토큰이 필요합니다. 이 토큰의 역할은 {role}입니다.",
      edit: "편집", editTranslation: "번역 편집",
      editEnglishLabel: "영어 원문", editKoreanLabel: "한국어 번역", save: "저장", saving: "저장하는 중…", saved: "저장했습니다.",
      conflict: "연 뒤에 다른 사람이 이 가이드라인을 바꿔서 저장하지 않았습니다. 입력한 글은 그대로 있습니다. 현재 버전을 다시 불러온 뒤 다시 저장하세요.",
      reloadCurrent: "현재 버전 다시 불러오기", reloaded: "현재 버전을 불러왔습니다. 입력한 글은 상자에 그대로 있습니다. 저장하면 바뀝니다.",
      saveFailed: "저장하지 못했습니다: {message}",
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
