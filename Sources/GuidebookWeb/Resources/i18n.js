"use strict";
// The page's own labels in English and Korean. `t(key, values)` fills {name} placeholders; the
// result is plain text, set with textContent.
(function (G) {
  // Each label as [English, Korean], so that a label and its translation are read and changed together.
  const labels = {
    skip: ["Skip to content", "본문으로 건너뛰기"],
    searchLabel: ["Search guidelines", "가이드라인 검색"],
    searchPlaceholder: ["Search in English or 한국어", "영어나 한국어로 검색"],
    viewsLabel: ["Views", "보기"],
    browse: ["Browse", "둘러보기"],
    imports: ["Imports", "가져오기"],
    languageLabel: ["Language", "언어"],
    bothTitle: ["English and Korean side by side", "영어와 한국어를 나란히"],
    themeLabel: ["Appearance", "화면 모드"],
    themeAuto: ["Automatic (follows the system)", "자동 (시스템 설정을 따름)"],
    themeLight: ["Light", "밝게"],
    themeDark: ["Dark", "어둡게"],
    topicsLabel: ["Topics", "주제"],
    topics: ["Topics", "주제"],
    guidelineLabel: ["Guideline", "가이드라인"],
    close: ["Close", "닫기"],
    loading: ["Loading…", "불러오는 중…"],
    results: ["Results", "검색 결과"],
    topicCount: ["{n} topics", "주제 {n}개"],
    guidelineCount: ["{n} guidelines", "가이드라인 {n}개"],
    welcomeTitle: ["Design guidelines, in English and Korean", "영어와 한국어로 읽는 디자인 가이드라인"],
    welcomeText: ["{topics} topics and {guidelines} guidelines. Pick a topic, or press / and search in either language.", "주제 {topics}개, 가이드라인 {guidelines}개. 주제를 고르거나 /를 눌러 두 언어로 검색하세요."],
    welcomeTextTopics: ["{topics} topics. Pick a topic, or press / and search in either language.", "주제 {topics}개. 주제를 고르거나 /를 눌러 두 언어로 검색하세요."],
    moreTopics: ["More topics ({shown} of {total} shown)", "주제 더 보기 ({total}개 중 {shown}개 표시)"],
    overview: ["Overview", "개요"],
    notTranslated: ["Not translated yet", "아직 번역되지 않음"],
    fallbackNote: ["Shown in English: no Korean translation yet.", "한국어 번역이 아직 없어 영어로 보여 줍니다."],
    english: ["English", "English"],
    korean: ["한국어", "한국어"],
    state_current: ["Current", "최신"],
    state_outdated: ["Outdated", "오래됨"],
    state_missing: ["Missing", "없음"],
    translationState: ["Translation", "번역"],
    translationOutdatedNote: ["The English text changed after this translation was written.", "이 번역을 쓴 뒤에 영어 원문이 바뀌었습니다."],
    links: ["Links", "링크"],
    openTopic: ["Topic: {title}", "주제: {title}"],
    jsonLink: ["This guideline (JSON)", "이 가이드라인 (JSON)"],
    translationsLink: ["Its translations (JSON)", "번역 목록 (JSON)"],
    selectGuideline: ["Select a guideline to read it here.", "가이드라인을 고르면 여기에서 읽을 수 있습니다."],
    resultCount: ["{n} results for “{q}”", "“{q}” 검색 결과 {n}개"],
    resultCountOne: ["1 result for “{q}”", "“{q}” 검색 결과 1개"],
    noResults: ["Nothing found for “{q}”.", "“{q}”에 대한 결과가 없습니다."],
    didYouMean: ["Did you mean", "이것을 찾으셨나요?"],
    searching: ["Searching…", "검색 중…"],
    showingResultsFor: ["Showing results for “{q}”", "“{q}”의 검색 결과"],
    completing: ["Completing “{term}”: {forms}", "“{term}” 자동 완성: {forms}"],
    initialsOf: ["Initials “{term}”: {forms}", "초성 “{term}”: {forms}"],
    searchAsTyped: ["Search for “{q}” as typed", "입력한 그대로 “{q}” 검색"],
    relaxedNote: ["No result holds every word: showing results for “{matched}”, without {dropped}.", "모든 단어가 들어 있는 결과가 없어 “{matched}”의 결과를 보여 줍니다({dropped} 제외)."],
    moreResults: ["More results", "결과 더 보기"],
    searchFailed: ["Search failed: {message}", "검색하지 못했습니다: {message}"],
    filterCategories: ["Categories", "분류"],
    filterTopics: ["Topics", "주제"],
    clearFilters: ["Clear filters", "필터 지우기"],
    kind_topic: ["Topic", "주제"],
    kind_section: ["Section", "섹션"],
    kind_guideline: ["Guideline", "가이드라인"],
    notFound: ["Not found", "찾을 수 없음"],
    notFoundText: ["There is nothing at this address. It may have been renamed or removed.", "이 주소에는 아무것도 없습니다. 이름이 바뀌었거나 삭제되었을 수 있습니다."],
    loadFailed: ["Could not load: {message}", "불러오지 못했습니다: {message}"],
    retry: ["Try again", "다시 시도"],
    // Imports
    importTitle: ["Import", "가져오기"],
    importIntro: ["Add study notes, a bundle (JSON) or NDJSON to the knowledge base. A dry run shows what would change before anything is written.", "학습 노트, 번들(JSON), NDJSON을 지식 베이스에 추가합니다. 먼저 시험 실행으로 무엇이 바뀌는지 확인한 뒤에 씁니다."],
    dropHere: ["Drop a file here, or", "파일을 여기에 끌어 놓거나"],
    chooseFile: ["choose a file", "파일 선택"],
    orPaste: ["Or paste notes", "또는 노트 붙여 넣기"],
    pasteLabel: ["Notes text", "노트 텍스트"],
    pastePlaceholder: ["Paste bilingual study notes: an English paragraph, then its Korean translation…", "영어 문단과 그 한국어 번역이 이어지는 학습 노트를 붙여 넣으세요…"],
    formatLabel: ["Format", "형식"],
    formatAuto: ["From the file name", "파일 이름으로 판단"],
    formatNotes: ["Notes (text)", "노트 (텍스트)"],
    formatJSON: ["Bundle (JSON)", "번들 (JSON)"],
    formatNDJSON: ["NDJSON", "NDJSON"],
    modeLabel: ["Mode", "방식"],
    modeMerge: ["Merge: add and update, delete nothing", "병합: 추가하고 갱신하며 지우지 않음"],
    modeReplace: ["Replace: topics in the file lose what the file lacks", "대체: 파일에 있는 주제에서 파일에 없는 내용을 지움"],
    dryRun: ["Dry run", "시험 실행"],
    importNow: ["Import", "가져오기"],
    cancel: ["Cancel", "취소"],
    canceling: ["Canceling…", "취소하는 중…"],
    startOver: ["Import another", "다른 파일 가져오기"],
    chosen: ["{name} · {size}", "{name} · {size}"],
    pasted: ["Pasted notes · {size}", "붙여 넣은 노트 · {size}"],
    nothingChosen: ["No file chosen", "선택한 파일 없음"],
    dryRunFirst: ["Run a dry run first; Import is enabled when it succeeds.", "먼저 시험 실행을 하세요. 성공하면 가져오기를 누를 수 있습니다."],
    uploading: ["Uploading {name}", "{name} 올리는 중"],
    uploadPercent: ["Uploading: {percent}%", "올리는 중: {percent}%"],
    queued: ["Waiting for another import to finish", "다른 가져오기가 끝나기를 기다리는 중"],
    reconnecting: ["Connection lost; reconnecting…", "연결이 끊겼습니다. 다시 연결하는 중…"],
    progressCount: ["{completed} of {total} {unit}", "{unit} {total}개 중 {completed}개"],
    rate: ["{rate} {unit}/s", "초당 {rate}개"],
    eta: ["about {time} left", "약 {time} 남음"],
    status_queued: ["Queued", "대기 중"],
    status_running: ["Running", "진행 중"],
    status_succeeded: ["Done", "완료"],
    status_failed: ["Failed", "실패"],
    status_canceled: ["Canceled", "취소됨"],
    dryRunResult: ["Dry run: nothing was written. This is what the import would do.", "시험 실행: 아무것도 쓰지 않았습니다. 가져오면 다음과 같이 바뀝니다."],
    importResult: ["Imported.", "가져왔습니다."],
    canceledResult: ["Canceled. Nothing was changed.", "취소했습니다. 바뀐 것은 없습니다."],
    failedResult: ["The import failed. Nothing was changed.", "가져오지 못했습니다. 바뀐 것은 없습니다."],
    created: ["Created", "새로 만듦"],
    updated: ["Updated", "갱신"],
    unchanged: ["Unchanged", "변화 없음"],
    wouldCreate: ["Would create", "새로 만들 것"],
    wouldUpdate: ["Would update", "갱신할 것"],
    row_topics: ["Topics", "주제"],
    row_guidelines: ["Guidelines", "가이드라인"],
    row_translations: ["Translations", "번역"],
    warnings: ["Warnings ({n})", "경고 ({n})"],
    warningsOmitted: ["…and {n} more", "…외 {n}개"],
    line: ["Line {n}", "{n}번째 줄"],
    errorAt: ["Line {line}, field {field}", "{line}번째 줄, 필드 {field}"],
    recentJobs: ["Recent imports", "최근 가져오기"],
    noJobs: ["No imports yet.", "아직 가져온 것이 없습니다."],
    job: ["Job", "작업"],
    progressLabel: ["Import progress", "가져오기 진행률"],
    seconds: ["{n} s", "{n}초"],
    minutes: ["{n} min", "{n}분"],
    // Signing in
    signIn: ["Sign in", "로그인"],
    signOut: ["Sign out", "로그아웃"],
    signInTitle: ["Sign in with a token", "토큰으로 로그인"],
    signInSubmit: ["Sign in", "로그인"],
    cancelAction: ["Cancel", "취소"],
    signInIntro: ["Paste an API token. It is kept in this tab only and sent with your changes; closing the tab forgets it.", "API 토큰을 붙여 넣으세요. 이 탭에만 보관되고 변경할 때 함께 보냅니다. 탭을 닫으면 잊습니다."],
    tokenLabel: ["Token", "토큰"],
    checking: ["Checking…", "확인하는 중…"],
    tokenEmpty: ["Enter a token.", "토큰을 입력하세요."],
    tokenInvalid: ["This token is not valid: it is unknown or was revoked.", "유효하지 않은 토큰입니다. 알 수 없거나 폐기된 토큰입니다."],
    unreachable: ["The server could not be reached.", "서버에 연결할 수 없습니다."],
    signedInAs: ["Signed in as {name} ({role})", "{name}({role})(으)로 로그인함"],
    signedOut: ["Signed out.", "로그아웃했습니다."],
    role_reader: ["reader", "읽기"],
    role_editor: ["editor", "편집"],
    role_admin: ["admin", "관리"],
    sessionExpired: ["Your token is no longer valid, so you were signed out. Sign in again.", "토큰이 더 이상 유효하지 않아 로그아웃되었습니다. 다시 로그인하세요."],
    signInNeeded: ["Sign in to do this.", "로그인해야 할 수 있습니다."],
    needsRole: ["This needs the {role} role; your token has the {have} role.", "{role} 역할이 필요합니다. 이 토큰의 역할은 {have}입니다."],
    importNeedsAdmin: ["Importing needs an admin token. Sign in to import.", "가져오려면 관리 토큰이 필요합니다. 로그인하세요."],
    importNeedsAdminRole: ["Importing needs an admin token; yours has the {role} role.", "가져오려면 관리 토큰이 필요합니다. 이 토큰의 역할은 {role}입니다."],
    // Editing
    signInToEdit: ["Sign in with an editor token to edit this guideline.", "편집 토큰으로 로그인하면 이 가이드라인을 편집할 수 있습니다."],
    editNeedsEditor: ["Editing needs an editor token; yours has the {role} role.", "편집하려면 편집 토큰이 필요합니다. 이 토큰의 역할은 {role}입니다."],
    edit: ["Edit", "편집"],
    editTranslation: ["Edit translation", "번역 편집"],
    editEnglishLabel: ["English text", "영어 원문"],
    editKoreanLabel: ["Korean translation", "한국어 번역"],
    save: ["Save", "저장"],
    saving: ["Saving…", "저장하는 중…"],
    saved: ["Saved.", "저장했습니다."],
    conflict: ["Someone changed this guideline after you opened it, so nothing was saved. Your text is kept here: reload the current version, then save again.", "연 뒤에 다른 사람이 이 가이드라인을 바꿔서 저장하지 않았습니다. 입력한 글은 그대로 있습니다. 현재 버전을 다시 불러온 뒤 다시 저장하세요."],
    reloadCurrent: ["Reload the current version", "현재 버전 다시 불러오기"],
    reloaded: ["This is the current version now; your text is kept in the box. Save to replace it.", "현재 버전을 불러왔습니다. 입력한 글은 상자에 그대로 있습니다. 저장하면 바뀝니다."],
    saveFailed: ["Could not save: {message}", "저장하지 못했습니다: {message}"],
  };
  const units = { ko: { topics: "주제", records: "레코드", guidelines: "가이드라인" } };

  let current = "en";

  /** The labels' language: Korean for KO, English otherwise (both shows English labels). */
  function setLanguage(lang) { current = lang === "ko" ? "ko" : "en"; }

  function t(key, values) {
    const entry = labels[key];
    let text = (entry && ((current === "ko" && entry[1]) || entry[0])) || key;
    if (values) text = text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
    return text;
  }

  /** Adds the labels of a module that keeps its own ([English, Korean] each, as above). */
  function add(more) { Object.assign(labels, more); }

  function number(value) { return new Intl.NumberFormat(current === "ko" ? "ko-KR" : "en-US").format(value); }
  function unit(name) { return (units[current] && units[current][name]) || name; }

  /** Applies the labels to the static page: data-t (text), data-t-label (aria-label), data-t-title, data-t-placeholder. */
  function translatePage(root) {
    for (const element of root.querySelectorAll("[data-t]")) element.textContent = t(element.dataset.t);
    for (const element of root.querySelectorAll("[data-t-label]")) element.setAttribute("aria-label", t(element.dataset.tLabel));
    for (const element of root.querySelectorAll("[data-t-title]")) element.setAttribute("title", t(element.dataset.tTitle));
    for (const element of root.querySelectorAll("[data-t-placeholder]")) element.setAttribute("placeholder", t(element.dataset.tPlaceholder));
  }

  G.i18n = { t, add, number, unit, setLanguage, translatePage, get language() { return current; } };
})(window.Guidebook);
