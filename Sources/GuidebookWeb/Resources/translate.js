"use strict";
// The translation view of one topic (/topics/{slug}/translate?locale=ko&state=…&unit=…,
// docs/review.md): every text of the topic as a unit, the English beside its translation, in
// reading order; filters by state; the open unit's suggestions with their votes, its comment
// threads (on the translation and on the English) and Approve for reviewers. Keyboard first:
// Alt+↓ / Alt+↑ (or Alt+Page Down / Page Up) move to the next or previous unit, Ctrl+Enter saves
// and moves on, Ctrl+Shift+Enter approves and moves on. Every write carries the resource's ETag
// as it was when the unit was opened (If-Match): a change made meanwhile is a 412 that keeps the
// text typed.
(function (G) {
  const { h } = G.dom;
  const { t } = G.i18n;
  const api = G.api;

  G.i18n.add({
    translateTopic: ["Translate this topic", "이 주제 번역하기"],
    translateTitle: ["Translate: {title}", "번역: {title}"],
    translateLead: ["Each text of the topic, the English beside its {locale} translation.", "주제의 모든 글을 영어 원문과 {locale} 번역을 나란히 보여 줍니다."],
    translateLocale: ["Translate into", "번역할 언어"],
    filterStates: ["Show units by state", "상태별로 보기"],
    filterAll: ["All", "모두"],
    unitsLabel: ["Units", "단위"],
    noUnits: ["No unit is in the chosen states.", "고른 상태의 단위가 없습니다."],
    keysHint: ["Keys: Alt+↓ next, Alt+↑ previous, Ctrl+Enter save and next, Ctrl+Shift+Enter approve and next.", "키: Alt+↓ 다음, Alt+↑ 이전, Ctrl+Enter 저장 후 다음, Ctrl+Shift+Enter 승인 후 다음."],
    field_text: ["Guideline", "가이드라인"],
    field_title: ["Topic title", "주제 제목"],
    field_summary: ["Topic summary", "주제 요약"],
    "field_section-title": ["Section title", "섹션 제목"],
    unitPosition: ["Unit {n} of {total}", "{total}개 중 {n}번째"],
    sourceHeading: ["English", "영어"],
    termsHeading: ["Glossary", "용어집"],
    termMissing: ["no approved equivalent yet", "승인된 번역어 없음"],
    translationLabel: ["Translation ({locale})", "번역 ({locale})"],
    outdatedSince: ["The English changed after this translation was made (revision {from}; the English is at {to}).", "이 번역을 만든 뒤 영어가 바뀌었습니다 (리비전 {from}, 지금 영어는 {to})."],
    saveNext: ["Save and next", "저장 후 다음"],
    saveDraft: ["Save as draft", "초안으로 저장"],
    approveNext: ["Approve and next", "승인 후 다음"],
    unapprove: ["Take back approval", "승인 취소"],
    suggestThis: ["Suggest this text", "이 글을 제안"],
    previousUnit: ["Previous unit", "이전 단위"],
    nextUnit: ["Next unit", "다음 단위"],
    overrideLabel: ["Reason to approve despite check errors (optional)", "검사 오류가 있어도 승인하는 이유 (선택)"],
    translationSaved: ["Saved as {state}.", "{state} 상태로 저장했습니다."],
    translationApproved: ["Approved.", "승인했습니다."],
    approvalTaken: ["Approval taken back: translated again.", "승인을 취소했습니다. 다시 번역됨 상태입니다."],
    translationConflict: ["Someone changed this text after you opened it, so nothing was saved. Your text is kept: reload the current version, then save again.", "연 뒤에 다른 사람이 이 글을 바꿔서 저장하지 않았습니다. 입력한 글은 그대로 있습니다. 현재 버전을 다시 불러온 뒤 다시 저장하세요."],
    emptyTranslation: ["Write a translation first.", "먼저 번역을 쓰세요."],
    readOnlyUnit: ["Sign in with an editor token to translate; any token may suggest and comment.", "번역하려면 편집 토큰으로 로그인하세요. 제안과 댓글은 어떤 토큰으로도 할 수 있습니다."],
    readerUnit: ["Your token may suggest and comment; translating needs an editor token.", "이 토큰으로는 제안과 댓글만 할 수 있습니다. 번역에는 편집 토큰이 필요합니다."],
    suggestionsHeading: ["Suggestions", "제안"],
    noSuggestions: ["No open suggestion.", "열린 제안이 없습니다."],
    suggestionBy: ["by {author}", "{author} 제안"],
    score: ["score {n}", "점수 {n}"],
    voteUp: ["Vote for", "찬성"],
    voteDown: ["Vote against", "반대"],
    voteUpLabel: ["Vote for the suggestion by {author}", "{author}의 제안에 찬성"],
    voteDownLabel: ["Vote against the suggestion by {author}", "{author}의 제안에 반대"],
    accept: ["Accept", "채택"],
    reject: ["Reject", "거절"],
    suggested: ["Suggested.", "제안했습니다."],
    accepted: ["Accepted: it is the translation now.", "채택했습니다. 이제 이 글이 번역입니다."],
    rejected: ["Rejected.", "거절했습니다."],
    voted: ["Vote recorded.", "투표했습니다."],
    commentsHeading: ["Comments", "댓글"],
    threadsOnTranslation: ["On the translation", "번역에 대한 댓글"],
    threadsOnSource: ["On the English", "영어 원문에 대한 댓글"],
    noThreads: ["No comments.", "댓글이 없습니다."],
    threadOpen: ["open", "열림"],
    threadResolved: ["resolved", "해결됨"],
    resolve: ["Resolve", "해결"],
    reopen: ["Reopen", "다시 열기"],
    reply: ["Reply", "답글"],
    replyLabel: ["Reply to the thread", "스레드에 답글"],
    newComment: ["New comment (Markdown)", "새 댓글 (Markdown)"],
    commentOn: ["Comment on", "댓글 대상"],
    postComment: ["Comment", "댓글 달기"],
    commented: ["Comment posted.", "댓글을 달았습니다."],
    commentBy: ["{author}", "{author}"],
    signInToComment: ["Sign in to suggest or comment.", "제안하거나 댓글을 달려면 로그인하세요."],
  });

  const STATES = ["missing", "outdated", "draft", "translated", "approved"];

  /**
   * Other parts of a unit's panel, added by other modules (the quality checks' findings): each is a
   * function (unit, context) returning a Node, null, or a promise of one; context is {locale,
   * topic, path (the translation's API path), refresh()}. They are drawn below the translation, in
   * the order they were added, and drawn again after every write.
   */
  const parts = [];
  function addPart(part) { parts.push(part); }

  /** What is on screen: {topic, locale, title, units, loadedAt}. Read again after every write. */
  let data = null;
  /** The open unit's state: {id, etag, text (the box), busy, message, kind, suggestions, threads}. */
  let open = null;
  let container = null;
  let drawn = 0;

  const route = () => G.app.state.route;
  const isShown = () => route() && route().view === "translate" && G.panes.main === "translate";

  function unitsPath(slug) { return G.app.paths.topic(slug) + "/translate"; }

  /** The view's address for `changes` ({locale, state, unit}) over the current route. */
  function href(changes) {
    const current = route();
    const next = Object.assign({ locale: current.locale, state: current.stateFilter, unit: current.unit }, changes || {});
    return G.app.href(unitsPath(current.translate), next);
  }

  /** The states the address asks for (all when none). */
  function filter() {
    const wanted = (route().stateFilter || "").split(",").filter((state) => STATES.includes(state));
    return wanted.length ? wanted : STATES;
  }

  function visibleUnits() {
    const states = filter();
    return data.units.filter((unit) => states.includes(unit.state));
  }

  function fieldName(unit) { return unit.field === "section-title" ? "title" : unit.field; }

  function translationPath(unit) { return unit.address + "/translations/" + encodeURIComponent(data.locale); }

  // MARK: Loading

  async function locales() {
    const answer = await api.cached("/v1/locales");
    return (answer.items || answer).filter((locale) => !locale.is_source && !locale.source);
  }

  async function load(slug, locale) {
    const answer = await api.get("/v1/translations/units", { locale, topic: slug }, { revalidate: true });
    const group = answer.groups[0] || { topic: slug, title: slug, units: [] };
    data = { topic: slug, locale, title: group.title, units: group.units };
  }

  /** The open unit's resource (its ETag, for If-Match), suggestions and comment threads, read afresh. */
  async function loadUnit(unit) {
    const path = translationPath(unit);
    const [resource, suggestions, translationThreads, sourceThreads] = await Promise.all([
      api.get(unit.address, { lang: "en" }, { revalidate: true, withETag: true }),
      api.get(path + "/suggestions", { state: "open" }, { revalidate: true }),
      api.get(path + "/comments", null, { revalidate: true }),
      api.get(unit.address + "/comments", null, { revalidate: true }),
    ]);
    return { etag: resource.etag, suggestions: suggestions.items, threads: { translation: translationThreads.items, source: sourceThreads.items } };
  }

  // MARK: Showing

  /** Draws the view for the current route (app.js calls it on every navigation to it). */
  async function show(target, current) {
    container = target;
    const ticket = ++drawn;
    G.panes.main = "translate"; // other views draw their pane afresh after this one
    try {
      if (!current.locale) {
        const available = await locales();
        if (ticket !== drawn) return;
        const locale = (available[0] && available[0].code) || "ko";
        G.app.navigate(href({ locale }), { replace: true });
        return;
      }
      if (!data || data.topic !== current.translate || data.locale !== current.locale) {
        await load(current.translate, current.locale);
      }
    } catch (error) {
      if (ticket !== drawn) return;
      data = null;
      const missing = error.status === 404 || error.status === 400;
      container.replaceChildren(h("div", { class: "empty" },
        h("h1", { "data-focus-target": "", tabindex: "-1" }, missing ? t("notFound") : t("loadFailed", { message: error.message })),
        missing ? h("p", null, G.session.describe(error)) : h("button", { type: "button", class: "button", onclick: () => G.app.render() }, t("retry"))));
      return;
    }
    if (ticket !== drawn) return;
    document.title = t("translateTitle", { title: data.title }) + " · Guidebook";
    const units = visibleUnits();
    let unit = units.find((item) => item.id === current.unit) || null;
    if (!unit && units.length && !current.unit) unit = units[0];
    if (!open || !unit || open.id !== unit.id) open = unit ? { id: unit.id, etag: null, text: unit.target || "", busy: false, message: "", kind: "status", loaded: false } : null;
    container.replaceChildren(h("div", { class: "translate-view" },
      head(units),
      h("div", { class: "translate-body" },
        unitList(units, unit),
        // Busy until the unit's details (its ETag, suggestions and threads) are read.
        h("section", { class: "unit-panel", id: "unit-panel", "aria-labelledby": unit ? "unit-title" : null, "aria-label": unit ? null : t("unitsLabel"),
          "data-unit": unit ? unit.id : null, "aria-busy": String(Boolean(unit && !open.loaded)) },
        unit ? panel(unit, units) : h("p", { class: "hint" }, t("noUnits"))))));
    if (unit && !open.loaded) fillUnit(unit, ticket);
  }

  function head(units) {
    const states = filter();
    const all = states.length === STATES.length;
    const count = (state) => data.units.filter((unit) => unit.state === state).length;
    return h("header", { class: "translate-head" },
      h("p", { class: "eyebrow" }, h("a", { href: G.app.href(G.app.paths.topic(data.topic)) }, data.title)),
      h("h1", { "data-focus-target": "", tabindex: "-1" }, t("translateTitle", { title: data.title })),
      h("p", { class: "lead" }, t("translateLead", { locale: data.locale })),
      h("div", { class: "facet-group state-filters", role: "group", "aria-label": t("filterStates") },
        h("button", { type: "button", class: "chip", "aria-pressed": String(all), "data-state-filter": "", onclick: () => setFilter(null) },
          t("filterAll"), " ", h("span", { class: "count" }, String(data.units.length))),
        STATES.map((state) => h("button", {
          type: "button", class: "chip", "data-state-filter": state, "aria-pressed": String(!all && states.includes(state)),
          // Pressing the only state chosen shows every state again.
          onclick: () => setFilter(!all && states.length === 1 && states[0] === state ? null : state),
        }, t("state_" + state), " ", h("span", { class: "count" }, String(count(state)))))),
      h("p", { class: "hint keys-hint" }, t("keysHint")),
      units.length ? null : h("p", { class: "hint", role: "status" }, t("noUnits")));
  }

  /** Shows the units in `state` only (null: every state); focus stays on the chip pressed. */
  function setFilter(state) {
    G.app.navigate(href({ state, unit: null }), {
      focus: () => { const chip = document.querySelector('[data-state-filter="' + (state || "") + '"]'); if (chip) chip.focus(); },
    });
  }

  function unitList(units, selected) {
    return h("nav", { class: "unit-nav", "aria-label": t("unitsLabel") },
      h("ol", { class: "unit-list", "data-list": "" }, units.map((unit) => h("li", null, h("a", {
        href: href({ unit: unit.id }), "data-item": "", "data-unit": unit.id, "data-state": unit.state,
        "aria-current": selected && unit.id === selected.id ? "true" : null,
      },
      h("span", { class: "unit-kind" }, t("field_" + unit.field)),
      h("span", { class: "unit-source", lang: "en" }, unit.source),
      h("span", { class: "badge state-" + unit.state }, t("state_" + unit.state)))))));
  }

  function panel(unit, units) {
    const index = units.indexOf(unit);
    const canEdit = G.session.has("editor") && !(unit.state === "approved" && !G.session.has("reviewer"));
    const reviewer = G.session.has("reviewer");
    const box = h("textarea", {
      id: "unit-text", rows: "4", lang: data.locale, spellcheck: "true", readonly: !G.session.has("reader") || null,
      disabled: open.busy || null, "aria-describedby": "unit-message", "aria-keyshortcuts": "Control+Enter Control+Shift+Enter",
    });
    box.value = open.text;
    box.addEventListener("input", () => { open.text = box.value; });
    const conflict = open.kind === "conflict";
    return [
      h("div", { class: "unit-head" },
        h("h2", { id: "unit-title", tabindex: "-1" }, t("field_" + unit.field), " ", h("span", { class: "badge state-" + unit.state, id: "unit-state" }, t("state_" + unit.state))),
        h("p", { class: "hint" }, t("unitPosition", { n: index + 1, total: units.length }), " · ", h("span", { class: "mono" }, unit.id)),
        h("div", { class: "actions unit-moves" },
          h("button", { type: "button", class: "button small", id: "unit-previous", disabled: index <= 0, "aria-keyshortcuts": "Alt+ArrowUp", onclick: () => move(-1) }, "↑ ", t("previousUnit")),
          h("button", { type: "button", class: "button small", id: "unit-next", disabled: index >= units.length - 1, "aria-keyshortcuts": "Alt+ArrowDown", onclick: () => move(1) }, "↓ ", t("nextUnit")))),
      h("div", { class: "unit-texts" },
        h("section", { class: "unit-source-text", lang: "en", "aria-labelledby": "unit-source-heading" },
          h("h3", { id: "unit-source-heading", class: "reading-lang" }, t("sourceHeading"), " ", h("span", { class: "muted" }, "r" + unit.source_revision)),
          h("p", { id: "unit-source" }, unit.source),
          unit.terms && unit.terms.length ? h("div", { class: "terms" }, h("h4", { class: "reading-lang" }, t("termsHeading")),
            h("dl", null, unit.terms.map((term) => [h("dt", { lang: "en" }, term.source),
              h("dd", { lang: term.target ? data.locale : "en" }, term.target || t("termMissing"))]))) : null),
        h("form", { class: "edit-form unit-form", id: "unit-form", onsubmit: (event) => { event.preventDefault(); save("translated", true); } },
          h("label", { for: "unit-text" }, t("translationLabel", { locale: data.locale })),
          unit.state === "outdated" ? h("p", { class: "note" }, t("outdatedSince", { from: unit.translated_revision, to: unit.source_revision })) : null,
          box,
          reviewer ? h("details", { class: "override" }, h("summary", null, t("overrideLabel")),
            h("input", { type: "text", id: "override-reason", maxlength: "500", "aria-label": t("overrideLabel") })) : null,
          h("div", { class: "edit-message" + (open.kind === "status" ? "" : " error"), id: "unit-message", role: conflict || open.kind === "error" ? "alert" : "status", tabindex: "-1" },
            open.message,
            conflict ? [" ", h("button", { type: "button", class: "button small", id: "unit-reload", onclick: reloadUnit }, t("reloadCurrent"))] : null),
          h("div", { class: "actions" },
            canEdit ? h("button", { type: "submit", class: "button primary small", id: "unit-save", disabled: open.busy, "aria-keyshortcuts": "Control+Enter" }, t("saveNext")) : null,
            canEdit ? h("button", { type: "button", class: "button small", id: "unit-draft", disabled: open.busy, onclick: () => save("draft", false) }, t("saveDraft")) : null,
            reviewer ? h("button", { type: "button", class: "button small", id: "unit-approve", disabled: open.busy || unit.state === "missing", "aria-keyshortcuts": "Control+Shift+Enter", onclick: () => approve(true) }, t("approveNext")) : null,
            reviewer && unit.state === "approved" ? h("button", { type: "button", class: "button small", id: "unit-unapprove", disabled: open.busy, onclick: unapprove }, t("unapprove")) : null,
            G.session.has("reader") ? h("button", { type: "button", class: "button small", id: "unit-suggest", disabled: open.busy, onclick: suggest }, t("suggestThis")) : null),
          G.session.has("editor") ? null : h("p", { class: "hint" }, G.session.who ? t("readerUnit") : t("readOnlyUnit")))),
      h("div", { class: "unit-parts", id: "unit-parts" }),
      h("section", { class: "unit-suggestions", "aria-labelledby": "suggestions-heading" },
        h("h3", { id: "suggestions-heading" }, t("suggestionsHeading")),
        h("div", { id: "suggestion-list" }, open.loaded ? suggestionList(unit) : h("p", { class: "muted" }, t("loading")))),
      h("section", { class: "unit-comments", "aria-labelledby": "comments-heading" },
        h("h3", { id: "comments-heading" }, t("commentsHeading")),
        h("div", { id: "thread-list" }, open.loaded ? threadLists(unit) : h("p", { class: "muted" }, t("loading"))),
        commentForm(unit)),
    ];
  }

  /** Reads the open unit's details and draws them into the panel (if it is still the one open). */
  async function fillUnit(unit, ticket) {
    const current = open;
    try {
      const details = await loadUnit(unit);
      if (open !== current) return;
      Object.assign(current, details, { loaded: true });
    } catch (error) {
      if (open !== current) return;
      current.kind = "error";
      current.message = G.session.describe(error);
    }
    if (ticket !== drawn || !isShown()) return;
    const place = document.getElementById("unit-panel");
    if (place) place.setAttribute("aria-busy", "false");
    const suggestions = document.getElementById("suggestion-list");
    const threads = document.getElementById("thread-list");
    if (suggestions && current.loaded) suggestions.replaceChildren(suggestionList(unit));
    if (threads && current.loaded) threads.replaceChildren(...threadLists(unit));
    const message = document.getElementById("unit-message");
    if (message && current.kind === "error") message.textContent = current.message;
    drawParts(unit, ticket);
  }

  async function drawParts(unit, ticket) {
    const place = document.getElementById("unit-parts");
    if (!place) return;
    const context = { locale: data.locale, topic: data.topic, path: translationPath(unit), refresh: () => reloadData().then(() => redraw(null)) };
    const drawnParts = await Promise.all(parts.map((part) => Promise.resolve().then(() => part(unit, context)).catch(() => null)));
    if (ticket !== drawn) return;
    place.replaceChildren(...drawnParts.filter(Boolean));
  }

  function suggestionList(unit) {
    const suggestions = open.suggestions || [];
    if (!suggestions.length) return h("p", { class: "muted" }, t("noSuggestions"));
    const me = G.session.who && G.session.who.name;
    const voter = G.session.has("editor");
    return h("ul", { class: "suggestions" }, suggestions.map((suggestion) => {
      const mine = suggestion.votes.find((vote) => vote.voter === me);
      const own = suggestion.author === me;
      const text = suggestion.fields[fieldName(unit)] || Object.values(suggestion.fields).join(" · ");
      return h("li", { class: "suggestion-item", "data-suggestion-id": suggestion.id },
        h("p", { lang: data.locale, class: "suggestion-text" }, text),
        h("p", { class: "hint" }, t("suggestionBy", { author: suggestion.author }), " · ", h("span", { "data-score": suggestion.score }, t("score", { n: suggestion.score }))),
        voter ? h("div", { class: "actions" },
          h("button", { type: "button", class: "button small", "data-vote": "1", "aria-pressed": String(Boolean(mine && mine.value === 1)), disabled: own || open.busy,
            "aria-label": t("voteUpLabel", { author: suggestion.author }), onclick: () => vote(suggestion, 1) }, "+1 ", t("voteUp")),
          h("button", { type: "button", class: "button small", "data-vote": "-1", "aria-pressed": String(Boolean(mine && mine.value === -1)), disabled: own || open.busy,
            "aria-label": t("voteDownLabel", { author: suggestion.author }), onclick: () => vote(suggestion, -1) }, "−1 ", t("voteDown")),
          h("button", { type: "button", class: "button small", "data-accept": "", disabled: open.busy, onclick: () => decide(suggestion, "accept") }, t("accept")),
          h("button", { type: "button", class: "button small danger", "data-reject": "", disabled: open.busy, onclick: () => decide(suggestion, "reject") }, t("reject"))) : null);
    }));
  }

  function threadLists(unit) {
    return [
      threadGroup("translation", t("threadsOnTranslation"), open.threads.translation),
      threadGroup("source", t("threadsOnSource"), open.threads.source),
    ];
  }

  function threadGroup(kind, label, threads) {
    return h("div", { class: "thread-group", "data-threads": kind },
      h("h4", null, label),
      threads.length ? h("ul", { class: "threads" }, threads.map(thread)) : h("p", { class: "muted" }, t("noThreads")));
  }

  function thread(item) {
    const editor = G.session.has("editor");
    const replyId = "reply-" + item.id;
    return h("li", { class: "thread" + (item.open ? "" : " resolved"), "data-thread": item.id },
      h("p", { class: "hint" }, h("span", { class: "badge" + (item.open ? " state-outdated" : "") }, item.open ? t("threadOpen") : t("threadResolved"))),
      h("ol", { class: "comments" }, item.comments.map((comment) => h("li", { class: "comment", "data-comment": comment.id },
        h("p", { class: "comment-meta" }, h("strong", null, comment.author), " ", h("time", { datetime: comment.created_at }, comment.created_at.replace("T", " ").replace(/\.\d+Z$|Z$/, ""))),
        h("div", { class: "comment-body" }, safeHTML(comment.html))))),
      G.session.has("reader") ? h("form", { class: "reply-form", onsubmit: (event) => { event.preventDefault(); replyTo(item, event.target); } },
        h("textarea", { id: replyId, rows: "2", name: "body", maxlength: "10000", "aria-label": t("replyLabel") }),
        h("div", { class: "actions" },
          h("button", { type: "submit", class: "button small" }, t("reply")),
          editor ? h("button", { type: "button", class: "button small", "data-thread-action": item.open ? "resolve" : "reopen",
            onclick: () => threadAction(item, item.open ? "resolve" : "reopen") }, item.open ? t("resolve") : t("reopen")) : null)) : null);
  }

  function commentForm(unit) {
    if (!G.session.has("reader")) return h("p", { class: "hint" }, t("signInToComment"));
    return h("form", { class: "comment-form", id: "comment-form", onsubmit: (event) => { event.preventDefault(); startThread(unit, event.target); } },
      h("label", { for: "comment-text" }, t("newComment")),
      h("textarea", { id: "comment-text", rows: "3", name: "body", maxlength: "10000" }),
      h("div", { class: "actions" },
        h("label", { for: "comment-on" }, t("commentOn")),
        h("select", { id: "comment-on", name: "on" },
          h("option", { value: "translation" }, t("threadsOnTranslation")),
          h("option", { value: "source" }, t("threadsOnSource"))),
        h("button", { type: "submit", class: "button small", id: "comment-post" }, t("postComment"))));
  }

  // MARK: Comment HTML

  /** Elements a comment's HTML may keep (cmark's safe output); headings become bold paragraphs. */
  const KEPT = new Set(["p", "em", "strong", "code", "pre", "ul", "ol", "li", "blockquote", "br", "hr", "a", "del"]);

  /**
   * The server's rendering of a comment (cmark, safe mode) turned into elements built here: only
   * the kept elements, with no attribute but a link's address (http, https, mailto or this site),
   * so nothing in a comment can run, style or load anything even if the HTML were hostile.
   */
  function safeHTML(html) {
    const parsed = new DOMParser().parseFromString(String(html || ""), "text/html");
    const fragment = document.createDocumentFragment();
    copy(parsed.body, fragment);
    return fragment;
  }

  function copy(from, to) {
    for (const node of from.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) { to.append(document.createTextNode(node.data)); continue; }
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      const tag = node.localName;
      if (/^h[1-6]$/.test(tag)) { const p = h("p", null, h("strong")); copy(node, p.firstChild); to.append(p); continue; }
      if (!KEPT.has(tag)) { if (tag !== "script" && tag !== "style") copy(node, to); continue; }
      const element = document.createElement(tag);
      if (tag === "a") {
        const address = node.getAttribute("href") || "";
        if (/^(https?:|mailto:)/i.test(address) || /^\/(?!\/)/.test(address)) element.setAttribute("href", address);
        element.setAttribute("rel", "nofollow noopener noreferrer");
      }
      copy(node, element);
      to.append(element);
    }
  }

  // MARK: Moving

  /** Opens the unit `step` places away in the list as filtered (focus to its translation box). */
  function move(step) {
    if (!data || !open) return;
    const units = visibleUnits();
    const index = units.findIndex((unit) => unit.id === open.id);
    const next = units[index + step];
    if (!next) return;
    G.app.navigate(href({ unit: next.id }), { replace: true, focus: focusBox });
  }

  function focusBox() {
    const box = document.getElementById("unit-text");
    if (box) { box.focus({ preventScroll: true }); box.scrollIntoView({ block: "nearest" }); }
  }

  function focusMessage() {
    const message = document.getElementById("unit-message");
    if (message && message.textContent) message.focus(); else focusBox();
  }

  /** Draws the view again with what it holds, then moves focus as `focus` says. */
  function redraw(focus) {
    G.app.navigate(location.pathname + location.search, { replace: true, focus });
  }

  // MARK: Writing

  /** The unit the panel shows, from the units on screen. */
  function current() { return data && open ? data.units.find((unit) => unit.id === open.id) : null; }

  /** The body of a translation write of `unit` with `text` (a topic's title and summary go together). */
  function body(unit, text) {
    if (unit.field === "title" || unit.field === "summary") {
      const other = data.units.find((item) => item.address === unit.address && item.field !== unit.field && (item.field === "title" || item.field === "summary"));
      const fields = { title: unit.field === "title" ? text : other && other.target, summary: unit.field === "summary" ? text : other && other.target };
      if (fields.summary == null) delete fields.summary;
      return fields;
    }
    return unit.field === "text" ? { text } : { title: text };
  }

  /** Runs `write` for the open unit with the busy state shown; `done` says what happened. */
  async function act(write, done, next) {
    const unit = current();
    if (!unit || open.busy) return;
    const state = open;
    state.busy = true;
    state.kind = "status";
    state.message = t("saving");
    redraw(null);
    try {
      if (!state.etag) Object.assign(state, await loadUnit(unit));
      await write(unit, state);
    } catch (error) {
      if (open !== state) return;
      state.busy = false;
      state.kind = error.status === 412 ? "conflict" : "error";
      state.message = error.status === 412 ? t("translationConflict") : failure(error);
      redraw(focusMessage);
      return;
    }
    api.forget();
    G.browse.invalidate();
    const units = visibleUnits();
    const following = next ? units[units.findIndex((item) => item.id === unit.id) + 1] : null;
    G.app.announce(done);
    if (following) {
      open = null;
      await reloadData();
      G.app.navigate(href({ unit: following.id }), { replace: true, focus: focusBox });
    } else {
      open = Object.assign(state, { busy: false, kind: "status", message: done, loaded: false });
      await reloadData();
      const fresh = data.units.find((item) => item.id === unit.id);
      if (fresh) state.text = fresh.target || "";
      G.app.navigate(location.pathname + location.search, { replace: true, focus: focusBox });
    }
  }

  async function reloadData() {
    try { await load(data.topic, data.locale); } catch (error) { /* the view shows what it has; the next navigation reads again */ }
  }

  function failure(error) {
    if (error.status === 422 && error.problem && Array.isArray(error.problem.invalid_params)) {
      return t("saveFailed", { message: error.problem.invalid_params.map((item) => item.name + ": " + item.reason).join("; ") });
    }
    return t("saveFailed", { message: G.session.describe(error) });
  }

  function save(state, next) {
    if (!G.session.has("editor")) return;
    const text = open ? open.text.trim() : "";
    if (!text) { open.kind = "error"; open.message = t("emptyTranslation"); redraw(focusMessage); return; }
    return act(async (unit, current) => {
      await api.send("PUT", translationPath(unit), { body: Object.assign(body(unit, current.text.trim()), { state }), ifMatch: current.etag });
    }, t("translationSaved", { state: t("state_" + state) }), next);
  }

  function overrideReason() {
    const field = document.getElementById("override-reason");
    const reason = field ? field.value.trim() : "";
    return reason || null;
  }

  /** Approves the unit as it stands, or, when the box holds another text, writes it as approved. */
  function approve(next) {
    if (!G.session.has("reviewer")) return;
    const reason = overrideReason();
    return act(async (unit, current) => {
      const text = current.text.trim();
      if (text && text !== (unit.target || "").trim()) {
        const fields = Object.assign(body(unit, text), { state: "approved" });
        if (reason) fields.override_reason = reason;
        await api.send("PUT", translationPath(unit), { body: fields, ifMatch: current.etag });
      } else {
        await api.send("POST", translationPath(unit) + "/approve", { body: reason ? { override_reason: reason } : {}, ifMatch: current.etag });
      }
    }, t("translationApproved"), next);
  }

  function unapprove() {
    return act(async (unit, current) => {
      await api.send("POST", translationPath(unit) + "/unapprove", { body: {}, ifMatch: current.etag });
    }, t("approvalTaken"), false);
  }

  async function reloadUnit() {
    const unit = current();
    if (!unit) return;
    const state = open;
    try {
      Object.assign(state, await loadUnit(unit), { loaded: true, kind: "status", message: t("reloaded") });
      await reloadData();
    } catch (error) {
      state.kind = "error";
      state.message = failure(error);
    }
    redraw(focusBox);
  }

  /** A write about the open unit that leaves the translation's text alone (suggestions, votes, comments). */
  async function aside(write, done, focus) {
    const unit = current();
    if (!unit) return;
    const state = open;
    try {
      await write(unit, state);
    } catch (error) {
      if (open !== state) return;
      state.kind = error.status === 412 ? "conflict" : "error";
      state.message = error.status === 412 ? t("translationConflict") : failure(error);
      redraw(focusMessage);
      return;
    }
    if (open !== state) return;
    try { Object.assign(state, await loadUnit(unit), { loaded: true }); } catch (error) { /* shown as it was */ }
    state.kind = "status";
    state.message = done;
    G.app.announce(done);
    redraw(focus || focusMessage);
  }

  function suggest() {
    const text = open ? open.text.trim() : "";
    if (!text) { open.kind = "error"; open.message = t("emptyTranslation"); redraw(focusMessage); return; }
    return aside((unit) => api.send("POST", translationPath(unit) + "/suggestions", { body: body(unit, text) }), t("suggested"));
  }

  function vote(suggestion, value) {
    return aside((unit) => api.send("POST", translationPath(unit) + "/suggestions/" + suggestion.id + "/votes", { body: { value } }), t("voted"),
      () => { const button = document.querySelector('[data-suggestion-id="' + suggestion.id + '"] [data-vote="' + value + '"]'); if (button) button.focus(); });
  }

  async function decide(suggestion, action) {
    if (action === "reject") {
      return aside((unit) => api.send("POST", translationPath(unit) + "/suggestions/" + suggestion.id + "/reject", { body: {} }), t("rejected"));
    }
    // Accepting changes the translation: the view reads its units again.
    return act(async (unit, current) => {
      await api.send("POST", translationPath(unit) + "/suggestions/" + suggestion.id + "/accept", { body: {}, ifMatch: current.etag });
      const fields = suggestion.fields;
      current.text = fields[fieldName(unit)] || current.text;
    }, t("accepted"), false);
  }

  function startThread(unit, form) {
    const text = form.elements.body.value;
    const path = form.elements.on.value === "source" ? unit.address + "/comments" : translationPath(unit) + "/comments";
    if (!text.trim()) return;
    return aside(() => api.send("POST", path, { body: { body: text } }), t("commented"),
      () => { const box = document.getElementById("comment-text"); if (box) box.focus(); });
  }

  function replyTo(item, form) {
    const text = form.elements.body.value;
    if (!text.trim()) return;
    return aside(() => api.send("POST", "/v1/comment-threads/" + item.id + "/comments", { body: { body: text } }), t("commented"));
  }

  function threadAction(item, action) {
    return aside(() => api.send("POST", "/v1/comment-threads/" + item.id + "/" + action, { body: {} }), action === "resolve" ? t("threadResolved") : t("threadOpen"),
      () => { const button = document.querySelector('[data-thread="' + item.id + '"] [data-thread-action]'); if (button) button.focus(); });
  }

  // MARK: Keys

  function onKeyDown(event) {
    if (!isShown() || event.defaultPrevented || event.metaKey) return;
    if (event.target.closest && event.target.closest("dialog")) return;
    const inComment = event.target.closest && event.target.closest(".comment-form, .reply-form");
    if (event.altKey && !event.ctrlKey && !event.shiftKey) {
      if (event.key === "ArrowDown" || event.key === "PageDown") { event.preventDefault(); move(1); }
      else if (event.key === "ArrowUp" || event.key === "PageUp") { event.preventDefault(); move(-1); }
      return;
    }
    if (event.key !== "Enter" || !event.ctrlKey || event.altKey) return;
    if (inComment) {
      event.preventDefault();
      event.target.closest("form").requestSubmit();
      return;
    }
    event.preventDefault();
    if (event.shiftKey) approve(true);
    else save("translated", true);
  }

  /** Forgets what was loaded (signed in or out: the controls change; a write elsewhere). */
  function invalidate() { data = null; open = null; }

  document.addEventListener("keydown", onKeyDown);
  G.session.onChange(() => { open = null; });

  G.translate = { show, addPart, invalidate, path: unitsPath, safeHTML };
})(window.Guidebook);
