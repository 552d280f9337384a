"use strict";
// Browsing: the sidebar of topics by category, a topic's sections and guidelines, and one
// guideline with its translation and translation state. Texts are fetched in both languages
// (`lang=en,ko`) and shown in the chosen one, or side by side.
(function (G) {
  const { h } = G.dom;
  const { t } = G.i18n;
  const api = G.api;

  const data = { categories: [], topics: [], topicBySlug: new Map(), guidelineTopic: new Map() };
  let resolveSidebar;
  const sidebarReady = new Promise((resolve) => { resolveSidebar = resolve; });
  let sidebarElement = null;
  // What each pane shows (shared with search and imports), so a re-render of the same thing keeps
  // scroll position and focus, and a view that finished loading late does not overwrite another.
  const shown = G.panes;

  const lang = () => G.app.state.lang;

  // MARK: Texts in one language or both

  /**
   * A localized text ({en, ko}) as elements: the chosen language (English marked as such when
   * there is no Korean yet), or both side by side.
   */
  function localized(text, tag, className) {
    const value = text || {};
    if (lang() === "en") return h(tag, { class: className, lang: "en" }, value.en || "");
    if (lang() === "ko") {
      if (value.ko) return h(tag, { class: className, lang: "ko" }, value.ko);
      return h(tag, { class: (className || "") + " fallback", lang: "en", title: t("fallbackNote") }, value.en || "");
    }
    return h("div", { class: "pair" },
      h(tag, { class: className, lang: "en" }, value.en || ""),
      value.ko ? h(tag, { class: className, lang: "ko" }, value.ko) : h(tag, { class: (className || "") + " missing-text" }, t("notTranslated")));
  }

  /** A short title as plain text in the display language (Korean falling back to English). */
  function plain(text) {
    const value = text || {};
    return lang() === "ko" ? value.ko || value.en || "" : value.en || value.ko || "";
  }

  function plainLang(text) {
    return lang() === "ko" && text && text.ko ? "ko" : "en";
  }

  /** A heading: the display-language title, and in side-by-side mode the Korean under it. */
  function title(tag, text, attributes) {
    const heading = h(tag, Object.assign({ lang: plainLang(text) }, attributes || {}), plain(text));
    if (lang() === "en,ko" && text && text.ko && text.en) {
      return [heading, h("p", { class: "subtitle", lang: "ko" }, text.ko)];
    }
    return [heading];
  }

  function stateBadge(state) {
    return h("span", { class: "badge state-" + state }, t("state_" + state));
  }

  function errorPane(container, error, retry) {
    container.replaceChildren(h("div", { class: "empty" },
      h("h1", { tabindex: "-1" }, error.status === 404 ? t("notFound") : t("loadFailed", { message: error.message })),
      error.status === 404 ? h("p", null, t("notFoundText")) : null,
      retry ? h("button", { type: "button", class: "button", onclick: retry }, t("retry")) : null));
  }

  // MARK: Sidebar

  /**
   * Loads the categories and the first 100 topics; a knowledge base with more offers the rest a
   * page at a time ("More topics"), so the first load stays small at any size.
   */
  async function loadSidebar(element) {
    sidebarElement = element;
    try {
      const [categories, first] = await Promise.all([api.cached("/v1/categories", { lang: "en,ko" }), api.cached("/v1/topics", { limit: 100, lang: "en,ko" })]);
      data.categories = categories.items;
      data.nextTopics = first.next;
      setTopics(first.items);
      resolveSidebar();
    } catch (error) {
      element.replaceChildren(h("p", { class: "error" }, t("loadFailed", { message: error.message })),
        h("button", { type: "button", class: "button", onclick: () => loadSidebar(element) }, t("retry")));
      throw error;
    }
  }

  async function loadMoreTopics(button) {
    button.disabled = true;
    try {
      const page = await api.cached("/v1/topics", { limit: 100, lang: "en,ko", cursor: data.nextTopics });
      data.nextTopics = page.next;
      const firstNew = page.items[0] && page.items[0].slug;
      setTopics(data.topics.concat(page.items));
      const link = firstNew && sidebarElement.querySelector('a[data-topic="' + CSS.escape(firstNew) + '"]');
      if (link) link.focus();
    } catch (error) {
      button.disabled = false;
      G.app.announce(t("loadFailed", { message: error.message }));
    }
  }

  /** Topics in the knowledge base, from the categories' counts (exact even before all are loaded). */
  function topicTotal() {
    return data.categories.reduce((sum, category) => sum + category.topic_count, 0);
  }

  function setTopics(topics) {
    data.topics = topics;
    data.topicBySlug = new Map(topics.map((topic) => [topic.slug, topic]));
    renderSidebar();
    // The welcome pane counts topics and guidelines: draw it again now that they are known.
    if (shown.main === "welcome:" + lang()) { shown.main = null; G.app.render(); }
  }

  function renderSidebar() {
    if (!sidebarElement) return;
    const groups = data.categories.map((category) => ({ category, topics: data.topics.filter((topic) => topic.category === category.slug) }))
      .filter((group) => group.topics.length > 0);
    sidebarElement.replaceChildren(h("div", { "data-list": "" }, groups.map(({ category, topics }) => h("section", { class: "category" },
      h("h3", { class: "category-title", id: "category-" + category.slug },
        h("span", { lang: plainLang(category.title) }, plain(category.title)), h("span", { class: "count", "aria-label": t("topicCount", { n: topics.length }) }, String(topics.length))),
      h("ul", { "aria-labelledby": "category-" + category.slug }, topics.map((topic) => h("li", null,
        h("a", { href: G.app.href(G.app.paths.topic(topic.slug)), "data-item": "", "data-topic": topic.slug },
          h("span", { class: "topic-name", lang: plainLang(topic.title) }, plain(topic.title)),
          h("span", { class: "count", "aria-label": t("guidelineCount", { n: topic.guideline_count }) }, String(topic.guideline_count)))))))),
      data.nextTopics ? h("button", { type: "button", class: "button more-topics", onclick: (event) => loadMoreTopics(event.currentTarget) },
        t("moreTopics", { shown: G.i18n.number(data.topics.length), total: G.i18n.number(topicTotal()) })) : null));
    markSidebar(G.app.state.route);
  }

  /** Marks the topic on screen as the current one in the sidebar. */
  function markSidebar(route) {
    if (!sidebarElement || !route) return;
    const slug = route.topic || (route.guideline && data.guidelineTopic.get(route.guideline)) || null;
    for (const link of sidebarElement.querySelectorAll("a[data-topic]")) {
      if (link.dataset.topic === slug) link.setAttribute("aria-current", "page"); else link.removeAttribute("aria-current");
    }
  }

  // MARK: Middle pane

  async function showWelcome(container) {
    const key = "welcome:" + lang();
    document.title = "Guidebook";
    if (shown.main === key) return;
    shown.main = key;
    const guidelines = data.topics.reduce((sum, topic) => sum + topic.guideline_count, 0);
    const complete = !data.nextTopics;
    const groups = data.categories.map((category) => ({ category, topics: data.topics.filter((topic) => topic.category === category.slug) }))
      .filter((group) => group.topics.length > 0);
    container.replaceChildren(h("div", { class: "welcome" },
      h("h1", { "data-focus-target": "" }, t("welcomeTitle")),
      data.topics.length ? h("p", { class: "lead" }, complete
        ? t("welcomeText", { topics: G.i18n.number(data.topics.length), guidelines: G.i18n.number(guidelines) })
        : t("welcomeTextTopics", { topics: G.i18n.number(topicTotal()) })) : null,
      G.translators.tools({}),
      groups.slice(0, 12).map(({ category, topics }) => h("section", { class: "card-group" },
        h("h2", { lang: plainLang(category.title) }, plain(category.title)),
        h("ul", { class: "cards" }, topics.slice(0, 24).map((topic) => h("li", null,
          h("a", { class: "card", href: G.app.href(G.app.paths.topic(topic.slug)) },
            h("span", { class: "card-title", lang: plainLang(topic.title) }, plain(topic.title)),
            h("span", { class: "card-summary", lang: plainLang(topic.summary) }, plain(topic.summary)),
            h("span", { class: "card-count" }, t("guidelineCount", { n: topic.guideline_count }))))))))));
  }

  async function showTopic(container, slug, route) {
    const key = "topic:" + slug + ":" + lang();
    if (shown.main === key) { markSelection(container, route); return; }
    shown.main = key;
    let topic;
    try {
      topic = await api.cached(G.app.paths.topic(slug).replace("/topics/", "/v1/topics/"), { lang: "en,ko" });
    } catch (error) {
      if (shown.main !== key) return;
      shown.main = null;
      errorPane(container, error, error.status === 404 ? null : () => G.app.render());
      return;
    }
    if (shown.main !== key) return; // another view replaced this one while it loaded
    const category = data.categories.find((item) => item.slug === topic.category);
    for (const section of topic.sections) for (const guideline of section.guidelines) data.guidelineTopic.set(guideline.id, topic.slug);
    document.title = plain(topic.title) + " · Guidebook";
    container.replaceChildren(h("article", { class: "topic" },
      h("header", { class: "topic-head" },
        category ? h("p", { class: "eyebrow", lang: plainLang(category.title) }, plain(category.title)) : null,
        title("h1", topic.title, { "data-focus-target": "" }),
        localized(topic.summary, "p", "summary"),
        G.translators.tools({ topic: topic.slug, title: plain(topic.title) })),
      topic.sections.map((section) => h("section", { class: "section", id: "section-" + section.key },
        h("h2", { class: "section-title", lang: plainLang(section.title) }, section.title && section.title.en ? plain(section.title) : t("overview")),
        h("ol", { class: "guideline-list", "data-list": "" }, section.guidelines.map((guideline) => guidelineItem(guideline, route)))))));
    markSelection(container, route);
  }

  function guidelineItem(guideline, route) {
    const state = guideline.translations && guideline.translations.ko;
    return h("li", null, h("a", {
      href: G.app.href(G.app.paths.guideline(guideline.id), G.app.searchParams(route)),
      "data-item": "", "data-guideline": guideline.id, "data-focus": "detail",
    },
    localized(guideline.text, "span", "guideline-text"),
    state && state !== "current" ? stateBadge(state) : null));
  }

  /** Marks the open guideline in the list. */
  function markSelection(container, route) {
    for (const link of container.querySelectorAll("a[data-guideline]")) {
      if (route && link.dataset.guideline === route.guideline) {
        link.setAttribute("aria-current", "true");
        link.scrollIntoView({ block: "nearest" });
      } else link.removeAttribute("aria-current");
    }
  }

  async function showTopicOfGuideline(container, id, route) {
    let guideline;
    try {
      guideline = await fetchGuideline(id);
    } catch (error) {
      shown.main = null;
      if (error.status === 404) return showNotFound(container);
      return errorPane(container, error, () => G.app.render());
    }
    if (G.app.state.route.guideline !== id) return; // the reader moved on while it loaded
    data.guidelineTopic.set(id, guideline.topic);
    markSidebar(route);
    return showTopic(container, guideline.topic, route);
  }

  function showNotFound(container) {
    shown.main = "not-found";
    document.title = t("notFound") + " · Guidebook";
    errorPane(container, { status: 404 });
  }

  // MARK: Detail pane

  function fetchGuideline(id) {
    return api.cached("/v1/guidelines/" + encodeURIComponent(id), { lang: "en,ko" });
  }

  async function showGuideline(container, id, route) {
    const key = "guideline:" + id + ":" + lang();
    if (shown.detail === key) return;
    shown.detail = key;
    let guideline;
    try {
      guideline = await fetchGuideline(id);
    } catch (error) {
      if (shown.detail !== key) return;
      shown.detail = null;
      errorPane(container, error, error.status === 404 ? null : () => G.app.render());
      return;
    }
    if (shown.detail !== key) return;
    data.guidelineTopic.set(id, guideline.topic);
    let topic = null;
    try { topic = await api.cached("/v1/topics/" + encodeURIComponent(guideline.topic), { lang: "en,ko" }); } catch (error) { /* shown without its headings */ }
    if (shown.detail !== key) return; // the reader moved on while it loaded
    G.editing.reset(id);
    const section = topic && topic.sections.find((item) => item.key === guideline.section);
    const topicSummary = data.topicBySlug.get(guideline.topic) || topic;
    const sectionTitle = section && section.title && section.title.en ? section.title : null;
    const koState = (guideline.translations && guideline.translations.ko) || (guideline.text && guideline.text.ko ? "current" : "missing");

    const category = topicSummary && data.categories.find((item) => item.slug === topicSummary.category);
    const heading = sectionTitle || (topicSummary && topicSummary.title) || { en: guideline.topic };

    container.replaceChildren(h("article", { class: "guideline", "aria-labelledby": "detail-title" },
      h("p", { class: "crumbs" },
        category ? [h("span", { lang: plainLang(category.title) }, plain(category.title)), h("span", { class: "crumb-sep", "aria-hidden": "true" }, " › ")] : null,
        topicSummary ? h("a", { href: G.app.href(G.app.paths.topic(guideline.topic)), lang: plainLang(topicSummary.title) }, plain(topicSummary.title)) : guideline.topic),
      h("h2", { id: "detail-title", class: "detail-title", "data-focus-target": "", tabindex: "-1", lang: plainLang(heading) }, plain(heading)),
      guidelineTexts(guideline, koState),
      G.editing.note(),
      h("dl", { class: "facts" },
        h("dt", null, t("translationState")),
        h("dd", null, h("span", { lang: "ko" }, t("korean")), " ", stateBadge(koState)),
        h("dt", null, t("links")),
        h("dd", null, h("ul", { class: "links" },
          topicSummary ? h("li", null, h("a", { href: G.app.href(G.app.paths.topic(guideline.topic)) }, t("openTopic", { title: plain(topicSummary.title) }))) : null,
          h("li", null, h("a", { href: guideline.links.self }, t("jsonLink"))),
          h("li", null, h("a", { href: guideline.links.translations }, t("translationsLink"))))),
        h("dt", null, "ID"),
        h("dd", { class: "mono" }, guideline.id))));
    G.app.elements.detail.scrollTop = 0;
  }

  function guidelineTexts(guideline, koState) {
    const text = guideline.text || {};
    const english = h("section", { class: "reading", lang: "en", "aria-label": t("english") },
      h("h3", { class: "reading-lang" }, t("english")), h("p", null, text.en || ""),
      G.editing.controls(guideline, "en"));
    const korean = h("section", { class: "reading", lang: "ko", "aria-label": t("korean") },
      h("h3", { class: "reading-lang" }, t("korean"), " ", stateBadge(koState)),
      text.ko ? h("p", null, text.ko) : h("p", { class: "missing-text" }, t("notTranslated")),
      koState === "outdated" ? h("p", { class: "note" }, t("translationOutdatedNote")) : null,
      G.editing.controls(guideline, "ko"));
    if (lang() === "en") return h("div", { class: "readings single" }, english);
    if (lang() === "ko") return h("div", { class: "readings single" }, text.ko ? korean : [h("p", { class: "note" }, t("fallbackNote")), english, G.editing.controls(guideline, "ko")]);
    return h("div", { class: "readings both" }, english, korean);
  }

  function closeDetail() {
    shown.detail = null;
    G.app.elements.detailContent.replaceChildren();
  }

  function updateBackLabels(route) {
    const label = document.getElementById("back-detail-label");
    if (route.q) label.textContent = t("results");
    else {
      const slug = route.guideline && data.guidelineTopic.get(route.guideline);
      const topic = slug && data.topicBySlug.get(slug);
      label.textContent = topic ? plain(topic.title) : t("topics");
    }
  }

  /** Forgets what the panes show (after a language change everything is drawn again). */
  function invalidate() {
    shown.main = null;
    shown.detail = null;
    renderSidebar();
  }

  /** Forgets fetched data (after an import changed the knowledge base). */
  function reload() {
    api.forget();
    invalidate();
    if (sidebarElement) loadSidebar(sidebarElement).catch(() => {});
  }

  G.browse = {
    sidebarReady, loadSidebar, markSidebar, showWelcome, showTopic, showTopicOfGuideline, showNotFound, showGuideline,
    closeDetail, updateBackLabels, invalidate, reload, plain, plainLang, localized,
    topicOfGuideline: (id) => data.guidelineTopic.get(id) || null,
    topicTitle: (slug) => { const topic = data.topicBySlug.get(slug); return topic ? plain(topic.title) : slug; },
    categoryTitle: (slug) => { const category = data.categories.find((item) => item.slug === slug); return category ? plain(category.title) : slug; },
  };
})(window.Guidebook);
