"use strict";
// Search as you type (issue 23): what the engine made of the words typed, said in one line above
// the results. A layout or typo correction ("Showing results for “시트”"), the completion of the
// half-typed last word, the Korean words initial consonants stand for; and a link that searches
// exactly what was typed: the completed words quoted (a quoted word is taken as written) and
// typo and layout correction off (`typos=false`, kept in the address).
(function (G) {
  const { h } = G.dom;
  const { t } = G.i18n;

  /** The text typed with each corrected word replaced by what was searched instead. */
  function correctedText(q, answer) {
    const replacements = new Map();
    for (const term of answer.corrected_terms || []) replacements.set(term.from, term.to);
    const layout = answer.layout_corrected;
    if (layout) {
      const from = layout.from.split(" "), to = layout.to.split(" ");
      from.forEach((word, index) => { if (to[index]) replacements.set(word, to[index]); });
    }
    return q.split(/(\s+)/).map((part) => replacements.get(part) || part).join("");
  }

  /** The text typed with the words the engine expanded (completed, initials) quoted: searched as written. */
  function asWritten(q, answer) {
    const expanded = new Set((answer.initials || []).map((initials) => initials.term));
    if (answer.completion) expanded.add(answer.completion.term);
    return q.split(/(\s+)/).map((part) => (expanded.has(part) ? "\"" + part + "\"" : part)).join("");
  }

  /** The line for `answer` to the search `route`, or null when the engine searched the words as typed. */
  function line(answer, route) {
    const corrected = (answer.corrected_terms || []).length > 0 || Boolean(answer.layout_corrected);
    const completed = Boolean(answer.completion && answer.completion.forms.length);
    const initials = (answer.initials || []).filter((expansion) => expansion.forms.length);
    if (!corrected && !completed && !initials.length) return null;
    const parts = [];
    if (corrected) parts.push(h("span", { "data-corrected": "" }, t("showingResultsFor", { q: correctedText(route.q, answer) })));
    if (completed) {
      parts.push(h("span", { "data-completion": "" }, t("completing", { term: answer.completion.term, forms: answer.completion.forms.join(", ") })));
    }
    for (const expansion of initials) {
      parts.push(h("span", { "data-initials": "" }, t("initialsOf", { term: expansion.term, forms: expansion.forms.join(", ") })));
    }
    const exact = G.app.href("/", {
      q: asWritten(route.q, answer), category: route.category, topic: route.topicFilter, typos: corrected ? "false" : null,
    });
    parts.push(h("a", { href: exact, "data-as-typed": "" }, t("searchAsTyped", { q: route.q })));
    return h("p", { class: "corrections", "data-corrections": "" }, parts.map((part, index) => (index ? [" · ", part] : part)));
  }

  /** What the line says before the results are counted, for the live announcement ("" without a correction). */
  function announcement(answer, route) {
    const corrected = (answer.corrected_terms || []).length > 0 || Boolean(answer.layout_corrected);
    return corrected ? t("showingResultsFor", { q: correctedText(route.q, answer) }) + ". " : "";
  }

  G.corrections = { line, announcement };
})(window.Guidebook);
