"use strict";
// Search as you type: debounced, an older request is aborted and any stale answer discarded, the
// results show the API's snippets with the matched words marked, facets filter by category and
// topic, the API's `suggestion` is offered as "did you mean", and an answer found by dropping
// words from the end of the query says which words it left out. What the engine made of words typed
// half, wrong or as initials is said above the results (corrections.js).
(function (G) {
  const { h, marked, MARK_START, MARK_END } = G.dom;
  const { t } = G.i18n;

  /**
   * The debounce window. A keystroke after a quiet moment searches at once (the leading edge);
   * keystrokes that follow within the window (a fast typist, a held key) are folded into one
   * search when the window closes (the trailing edge). Results then follow typing closely: the
   * budget is 100 ms from the last keystroke to the painted results.
   */
  const DEBOUNCE_MS = 40;
  const PAGE_SIZE = 20;

  let input = null;
  let timer = 0;
  /** A keystroke came within the window: search again when it closes. */
  let pending = false;
  let sequence = 0;
  let controller = null;
  /** The address before the search started: clearing the search returns there. */
  let enteredFrom = null;

  function attach(element) {
    input = element;
    input.addEventListener("input", () => {
      if (timer) pending = true; else commit();
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        timer = 0;
        if (pending) { pending = false; commit(); }
      }, DEBOUNCE_MS);
    });
    input.addEventListener("keydown", onKeyDown);
    input.form.addEventListener("submit", (event) => {
      event.preventDefault();
      flush();
    });
  }

  /** Searches for what is typed now, dropping a pending trailing search. */
  function flush() {
    window.clearTimeout(timer);
    timer = 0;
    pending = false;
    commit();
  }

  function onKeyDown(event) {
    if (event.key === "Escape") {
      event.preventDefault();
      if (input.value) { input.value = ""; flush(); } else input.blur();
    } else if (event.key === "ArrowDown") {
      const first = document.querySelector("#main-content .results [data-item]");
      if (first) { event.preventDefault(); first.focus(); }
    }
  }

  /** Puts the typed query in the address: a new history entry when a search starts, replaced while typing. */
  function commit() {
    const q = input.value.trim();
    const route = G.app.state.route;
    if (!q) {
      if (route.q) exit();
      return;
    }
    if (route.view === "browse" && q === route.q && !route.guideline) return;
    const target = G.app.href("/", { q });
    if (route.q && route.view === "browse") {
      G.app.navigate(target, { replace: true });
    } else {
      enteredFrom = location.pathname + location.search;
      G.app.navigate(target);
    }
  }

  function exit() {
    const from = enteredFrom;
    enteredFrom = null;
    if (from && history.state && history.state.from === from) history.back();
    else G.app.navigate(from || G.app.href("/"), { replace: true });
  }

  /** `typos=false` while the words are searched exactly as typed (the address keeps it). */
  function typosParam(route) { return route.typos === false ? "false" : null; }

  function request(route, cursor) {
    const lang = G.app.state.lang === "ko" ? "ko" : "en";
    return G.api.get("/v1/search", {
      q: route.q, lang, limit: PAGE_SIZE, category: route.category, topic: route.topicFilter, cursor,
      mark_start: MARK_START, mark_end: MARK_END, typos: typosParam(route),
    }, { signal: controller.signal, store: false });
  }

  /** Shows the results for the route's query (unless they are already on screen). */
  async function show(container, route) {
    const key = "search:" + [route.q, route.category, route.topicFilter, route.typos, G.app.state.lang].join("\u0001");
    if (G.panes.main === key) { markSelection(container, route); return; }
    G.panes.main = key;
    const mine = ++sequence;
    if (controller) controller.abort();
    controller = new AbortController();
    const view = container.querySelector(".results-view");
    if (view) view.setAttribute("aria-busy", "true");
    else container.replaceChildren(h("div", { class: "results-view", "aria-busy": "true" }, h("p", { class: "muted" }, t("searching"))));
    let answer;
    try {
      answer = await request(route);
    } catch (error) {
      if (error.name === "AbortError" || mine !== sequence || G.panes.main !== key) return;
      G.panes.main = null;
      container.replaceChildren(h("div", { class: "results-view" }, h("p", { class: "error", role: "alert" }, t("searchFailed", { message: error.message }))));
      return;
    }
    // A newer query was typed, or another view took the pane, meanwhile: this answer is stale.
    if (mine !== sequence || G.panes.main !== key) return;
    render(container, route, answer);
    document.title = route.q + " · Guidebook";
    performance.mark("guidebook:results");
  }

  function render(container, route, answer) {
    const count = answer.total === 1 ? t("resultCountOne", { q: route.q }) : t("resultCount", { q: route.q, n: G.i18n.number(answer.total) });
    const list = h("ol", { class: "results", "data-list": "", "data-query": route.q }, answer.items.map((hit) => resultItem(hit, route)));
    const view = h("div", { class: "results-view", "aria-busy": "false" },
      h("header", { class: "results-head" },
        h("h1", { class: "results-title", "data-focus-target": "" }, answer.total === 0 ? t("noResults", { q: route.q }) : count),
        facets(answer, route)),
      G.corrections.line(answer, route),
      relaxed(answer),
      suggestion(answer),
      list,
      moreButton(answer, route, list));
    container.replaceChildren(view);
    markSelection(container, route);
    G.app.announce(G.corrections.announcement(answer, route) + (answer.total === 0 ? t("noResults", { q: route.q }) : count));
  }

  /** When no record holds every word: the words the results hold, and those left out. */
  function relaxed(answer) {
    if (!Array.isArray(answer.dropped_terms) || answer.dropped_terms.length === 0) return null;
    return h("p", { class: "relaxed-note", "data-dropped": "" },
      t("relaxedNote", { matched: answer.matched_terms.join(" "), dropped: answer.dropped_terms.join(" ") }));
  }

  /** "Did you mean …": the API's `suggestion` (a string, or null when it has none). */
  function suggestion(answer) {
    if (typeof answer.suggestion !== "string" || !answer.suggestion) return null;
    return h("p", { class: "suggestion" }, t("didYouMean"), " ",
      h("a", { href: G.app.href("/", { q: answer.suggestion }), "data-suggestion": "" }, answer.suggestion), "?");
  }

  function resultItem(hit, route) {
    const isGuideline = hit.kind === "guideline";
    const target = isGuideline
      ? G.app.href(G.app.paths.guideline(hit.id), G.app.searchParams(route))
      : G.app.href(G.app.paths.topic(hit.topic));
    return h("li", null, h("a", {
      href: target, "data-item": "", "data-kind": hit.kind,
      "data-guideline": isGuideline ? hit.id : null, "data-focus": isGuideline ? "detail" : "main",
    },
    h("span", { class: "result-meta" },
      h("span", { class: "kind kind-" + hit.kind }, t("kind_" + hit.kind)),
      h("span", { class: "where" }, hit.title, hit.section_title ? " › " + hit.section_title : "")),
    h("span", { class: "snippet", lang: hit.snippet_locale }, marked(hit.snippet))));
  }

  function markSelection(container, route) {
    for (const link of container.querySelectorAll(".results a[data-guideline]")) {
      if (link.dataset.guideline === route.guideline) link.setAttribute("aria-current", "true"); else link.removeAttribute("aria-current");
    }
  }

  /** Category and topic facets as toggle buttons; each choice is an address of its own. */
  function facets(answer, route) {
    const groups = [];
    const categories = (answer.facets && answer.facets.categories) || [];
    const topics = (answer.facets && answer.facets.topics) || [];
    if (categories.length > 1 || route.category) {
      groups.push(facetGroup(t("filterCategories"), categories.slice(0, 12), route.category, G.browse.categoryTitle,
        (slug) => ({ category: slug === route.category ? null : slug, topic: route.topicFilter })));
    }
    if (topics.length > 1 || route.topicFilter) {
      groups.push(facetGroup(t("filterTopics"), topics.slice(0, 10), route.topicFilter, G.browse.topicTitle,
        (slug) => ({ category: route.category, topic: slug === route.topicFilter ? null : slug })));
    }
    if (!groups.length) return null;
    return h("div", { class: "facets" }, groups,
      route.category || route.topicFilter
        ? h("a", { class: "clear-filters", href: G.app.href("/", { q: route.q, typos: typosParam(route) }) }, t("clearFilters")) : null);
  }

  function facetGroup(label, items, selected, titleOf, paramsFor) {
    const list = items.some((item) => item.slug === selected) || !selected ? items : [{ slug: selected, count: 0 }, ...items];
    return h("div", { class: "facet-group", role: "group", "aria-label": label },
      h("span", { class: "facet-label", "aria-hidden": "true" }, label),
      list.map((item) => h("button", {
        type: "button", class: "chip", "aria-pressed": String(item.slug === selected), "data-facet": item.slug,
        onclick: () => {
          const params = Object.assign({ q: G.app.state.route.q, typos: typosParam(G.app.state.route) }, paramsFor(item.slug));
          G.app.navigate(G.app.href("/", params));
        },
      }, titleOf(item.slug), " ", h("span", { class: "count" }, G.i18n.number(item.count)))));
  }

  function moreButton(answer, route, list) {
    if (!answer.next) return null;
    const button = h("button", { type: "button", class: "button more" }, t("moreResults"));
    let cursor = answer.next;
    button.addEventListener("click", async () => {
      const mine = sequence;
      button.disabled = true;
      try {
        const page = await request(route, cursor);
        if (mine !== sequence) return;
        const first = page.items.length ? resultItem(page.items[0], route) : null;
        list.append(...(first ? [first] : []), ...page.items.slice(1).map((hit) => resultItem(hit, route)));
        if (first) first.querySelector("a").focus();
        cursor = page.next;
        if (!cursor) button.remove();
      } catch (error) {
        if (error.name !== "AbortError") G.app.announce(t("searchFailed", { message: error.message }));
      } finally {
        button.disabled = false;
      }
    });
    return button;
  }

  G.search = { attach, show };
})(window.Guidebook);
