"use strict";
// The page's state and its URL: parses the address into a route, renders the panes for it, keeps
// history (links, back and forward), preferences and keyboard shortcuts. The views live in
// browse.js (sidebar, topic, guideline), edit.js, search.js and imports.js; signing in in session.js.
(function (G) {
  const { t } = G.i18n;

  const elements = {
    split: document.getElementById("split"),
    main: document.getElementById("main"),
    mainContent: document.getElementById("main-content"),
    detail: document.getElementById("detail"),
    detailContent: document.getElementById("detail-content"),
    search: document.getElementById("q"),
    announcer: document.getElementById("announcer"),
  };

  const state = { lang: G.prefs.lang, route: null };

  // MARK: Routes

  /**
   * The route for a location: which view, which topic or guideline, which search. Every state of
   * the page has an address, so a reload or a shared link shows the same view.
   */
  function parse(location) {
    const params = new URLSearchParams(location.search);
    const route = {
      view: "browse", topic: null, guideline: null, notFound: false,
      q: (params.get("q") || "").trim() || null,
      category: params.get("category") || null,
      topicFilter: params.get("topic") || null,
      // typos=false: search the words exactly as typed (the corrections line links there).
      typos: params.get("typos") === "false" ? false : null,
      job: params.get("job") || null,
    };
    const path = location.pathname;
    let match;
    if (path === "/") { /* the overview, or a search */ }
    else if ((match = path.match(/^\/topics\/([^/]+)$/))) route.topic = decodeURIComponent(match[1]);
    else if ((match = path.match(/^\/guidelines\/([^/]+)$/))) route.guideline = decodeURIComponent(match[1]);
    else if (path === "/imports") route.view = "imports";
    else route.notFound = true;
    return route;
  }

  /** How deep the route is in the split view: 0 sidebar, 1 list, 2 detail (narrow windows show one). */
  function depth(route) {
    if (route.guideline) return 2;
    if (route.topic || route.q || route.notFound) return 1;
    return 0;
  }

  /** An address in the page, carrying the language unless it is the default (both side by side). */
  function href(path, params) {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params || {})) if (value) query.set(name, value);
    if (state.lang !== G.prefs.DEFAULT_LANG) query.set("lang", state.lang);
    const text = query.toString();
    return text ? path + "?" + text : path;
  }

  const paths = {
    home: () => "/",
    topic: (slug) => "/topics/" + encodeURIComponent(slug),
    guideline: (id) => "/guidelines/" + encodeURIComponent(id),
  };

  /** Search parameters of the current route, carried along while results stay on screen. */
  function searchParams(route) {
    return route.q ? { q: route.q, category: route.category, topic: route.topicFilter, typos: route.typos === false ? "false" : null } : {};
  }

  /** Where "back" leads from the current route: the list from a guideline, the sidebar from a list. */
  function parentHref(route) {
    if (route.guideline) {
      if (route.q) return href(paths.home(), searchParams(route));
      const topic = G.browse.topicOfGuideline(route.guideline);
      return topic ? href(paths.topic(topic)) : href(paths.home());
    }
    return href(paths.home());
  }

  // MARK: Navigation

  let focusAfterRender = null;

  /**
   * Shows `target` (an address in the page) and records it in history. `focus` says where focus
   * goes once it has rendered ("main", "detail" or an element to restore).
   */
  function navigate(target, options) {
    const opts = options || {};
    const from = location.pathname + location.search;
    if (target === from && !opts.force) { focusAfterRender = opts.focus || null; render(); return; }
    if (opts.replace) history.replaceState({ from: history.state && history.state.from }, "", target);
    else history.pushState({ from }, "", target);
    focusAfterRender = opts.focus || null;
    render();
  }

  /** Back to the parent: through history when that is where the user came from, like a phone's split view. */
  function back() {
    const parent = parentHref(state.route);
    const focus = state.route.guideline ? restoreSelection(state.route.guideline) : null;
    if (history.state && history.state.from === parent) {
      focusAfterRender = focus;
      history.back();
    } else {
      navigate(parent, { focus });
    }
  }

  /** A function that, after rendering, focuses the list item of `id` (the guideline just closed). */
  function restoreSelection(id) {
    return () => {
      const item = elements.mainContent.querySelector('[data-guideline="' + CSS.escape(id) + '"]');
      if (item) item.focus();
    };
  }

  function isNarrow() { return window.matchMedia("(max-width: 699px)").matches; }

  // MARK: Rendering

  let renderCount = 0;

  async function render() {
    const route = parse(location);
    state.route = route;
    const current = ++renderCount;
    elements.split.dataset.view = route.view;
    elements.split.dataset.depth = String(depth(route));
    elements.split.classList.toggle("has-detail", Boolean(route.guideline));
    for (const link of document.querySelectorAll(".views a")) {
      const active = link.dataset.view === route.view;
      if (active) link.setAttribute("aria-current", "page"); else link.removeAttribute("aria-current");
    }
    if (document.activeElement !== elements.search && elements.search.value.trim() !== (route.q || "")) {
      elements.search.value = route.q || "";
    }

    const work = [];
    if (route.view === "imports") {
      G.browse.closeDetail();
      work.push(G.imports.show(elements.mainContent, route));
      document.title = t("importTitle") + " · Guidebook";
    } else {
      G.browse.markSidebar(route);
      if (route.notFound) work.push(G.browse.showNotFound(elements.mainContent));
      else if (route.q) work.push(G.search.show(elements.mainContent, route));
      else if (route.topic) work.push(G.browse.showTopic(elements.mainContent, route.topic, route));
      else if (route.guideline) work.push(G.browse.showTopicOfGuideline(elements.mainContent, route.guideline, route));
      else work.push(G.browse.showWelcome(elements.mainContent));
      if (route.guideline) work.push(G.browse.showGuideline(elements.detailContent, route.guideline, route));
      else G.browse.closeDetail();
    }
    await Promise.allSettled(work);
    if (current !== renderCount) return; // a newer navigation took over
    G.browse.updateBackLabels(route);
    const focus = focusAfterRender;
    focusAfterRender = null;
    if (typeof focus === "function") focus();
    else if (focus === "detail") focusHeading(elements.detail);
    else if (focus === "main") focusHeading(elements.main);
    else if (focus === "pane") focusHeading(depth(route) === 2 ? elements.detail : depth(route) === 1 ? elements.main : document.getElementById("sidebar"));
  }

  function focusHeading(pane) {
    const heading = pane.querySelector("[data-focus-target]") || pane.querySelector("h1, h2");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: false });
  }

  /** Says `text` to screen readers through the polite live region. */
  function announce(text) {
    elements.announcer.textContent = "";
    window.setTimeout(() => { elements.announcer.textContent = text; }, 30);
  }

  // MARK: Preferences

  function setLanguage(lang, options) {
    if (!G.prefs.LANGS.includes(lang)) return;
    state.lang = lang;
    G.prefs.store.set("lang", lang);
    document.documentElement.lang = lang === "ko" ? "ko" : "en";
    document.documentElement.dataset.lang = lang;
    G.i18n.setLanguage(lang);
    G.i18n.translatePage(document);
    document.getElementById("lang-" + (lang === "en,ko" ? "both" : lang)).checked = true;
    if (options && options.initial) return;
    // The address carries the language, so a reload or a shared link keeps it.
    const params = new URLSearchParams(location.search);
    if (lang === G.prefs.DEFAULT_LANG) params.delete("lang"); else params.set("lang", lang);
    const query = params.toString();
    history.replaceState(history.state, "", location.pathname + (query ? "?" + query : ""));
    G.browse.invalidate();
    G.imports.relabel();
    G.session.relabel();
    render();
  }

  function setTheme(theme) {
    if (!G.prefs.THEMES.includes(theme)) return;
    G.prefs.store.set("theme", theme);
    G.prefs.applyTheme(theme);
  }

  // MARK: Events

  function isPageLink(url) {
    return url.origin === location.origin && /^\/($|topics\/|guidelines\/|imports$)/.test(url.pathname);
  }

  function onClick(event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target.closest("a[href]");
    if (!link || link.target || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    if (!isPageLink(url)) return;
    event.preventDefault();
    let focus = link.dataset.focus || null;
    // On a narrow window the next pane replaces this one, so focus moves into it.
    if (!focus && isNarrow()) focus = "pane";
    navigate(url.pathname + url.search, { focus });
  }

  function isTyping(target) {
    return target instanceof HTMLInputElement && !["radio", "checkbox", "button", "submit"].includes(target.type)
      || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target.isContentEditable;
  }

  /** Arrow keys move between the items of the list that has focus (topics, guidelines, results). */
  function moveInList(event) {
    const list = event.target.closest("[data-list]");
    if (!list) return false;
    const items = Array.from(list.querySelectorAll("[data-item]")).filter((item) => item.offsetParent !== null);
    const index = items.indexOf(event.target.closest("[data-item]"));
    if (index < 0) return false;
    let next = index;
    if (event.key === "ArrowDown") next = Math.min(items.length - 1, index + 1);
    else if (event.key === "ArrowUp") next = Math.max(0, index - 1);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    else return false;
    items[next].focus();
    return true;
  }

  function onKeyDown(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest && event.target.closest("dialog")) return; // the dialog handles its own keys
    const typing = isTyping(event.target);
    if (event.key === "/" && !typing) {
      event.preventDefault();
      elements.search.focus();
      elements.search.select();
      return;
    }
    if (event.key === "Escape") {
      if (event.target === elements.search) return; // search.js clears the query
      if (typing) { event.target.blur(); return; }
      if (state.route.view === "browse" && (state.route.guideline || (isNarrow() && depth(state.route) > 0))) {
        event.preventDefault();
        back();
      }
      return;
    }
    if (!typing && ["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key) && moveInList(event)) event.preventDefault();
  }

  function start() {
    G.i18n.setLanguage(state.lang);
    setLanguage(state.lang, { initial: true });
    document.getElementById("theme-" + G.prefs.theme).checked = true;
    document.getElementById("lang-switch").addEventListener("change", (event) => setLanguage(event.target.value));
    document.getElementById("theme-switch").addEventListener("change", (event) => setTheme(event.target.value));
    document.getElementById("back-main").addEventListener("click", back);
    document.getElementById("back-detail").addEventListener("click", back);
    document.getElementById("close-detail").addEventListener("click", back);
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKeyDown);
    window.addEventListener("popstate", () => render());
    G.search.attach(elements.search);
    G.session.start(document.getElementById("session"));
    // Signing in or out changes what may be written: the views draw their controls again.
    G.session.onChange(() => {
      G.browse.invalidate();
      G.imports.relabel();
      render();
    });
    G.browse.loadSidebar(document.getElementById("topic-list"))
      .catch(() => { /* the sidebar shows its own error */ });
    render().then(() => {
      // The Performance API's mark for "interactive": the panes are rendered and listening.
      G.browse.sidebarReady.then(() => {
        performance.mark("guidebook:interactive");
        document.documentElement.dataset.ready = "true";
      });
    });
  }

  G.app = { state, elements, parse, href, paths, searchParams, parentHref, navigate, back, announce, isNarrow, render, focusHeading };
  start();
})(window.Guidebook);
