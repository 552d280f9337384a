"use strict";
// The quality checks' findings in the translation view (docs/checks.md), drawn below the open
// unit's translation as one of its parts: each finding of the unit's field with its severity, its
// message, what was found and the fix. A finding that knows the whole corrected text offers "Use
// the fix", which puts that text in the box and saves nothing: the translator still saves (or
// approves) it, so the write goes through the same If-Match and checks as any other. The findings
// are read afresh each time the unit is drawn, that is after every write.
(function (G) {
  const { h } = G.dom;
  const { t } = G.i18n;
  const api = G.api;

  G.i18n.add({
    checksHeading: ["Checks", "검사"],
    checksNone: ["The checks find nothing in this translation.", "이 번역에서 검사가 찾은 문제가 없습니다."],
    checksFailed: ["The checks could not be read: {message}", "검사 결과를 읽지 못했습니다: {message}"],
    severity_error: ["Error", "오류"],
    severity_warning: ["Warning", "경고"],
    checksErrorsHint: ["An error keeps the translation from being approved unless a reviewer gives a reason.", "오류가 있으면 검토자가 이유를 적지 않는 한 승인할 수 없습니다."],
    findingFound: ["Found", "찾은 글"],
    findingFix: ["Fix", "고칠 글"],
    useFix: ["Use the fix", "고친 글 쓰기"],
    fixInBox: ["The fix is in the box; save to keep it.", "고친 글을 상자에 넣었습니다. 저장해야 반영됩니다."],
    overriddenBy: ["Approved over {checks} by {who}: {reason}", "{who} 님이 {checks} 검사를 넘어 승인함: {reason}"],
  });

  /** The field a unit's findings carry (a section's title is its `title`). */
  function fieldOf(unit) { return unit.field === "section-title" ? "title" : unit.field; }

  /** Hands `text` to the translation box as if typed, so the view keeps it across redraws. */
  function putInBox(text) {
    const box = document.getElementById("unit-text");
    if (!box || box.readOnly || box.disabled) return;
    box.value = text;
    box.dispatchEvent(new Event("input", { bubbles: true }));
    box.focus();
    const message = document.getElementById("unit-message");
    if (message) {
      message.classList.remove("error");
      message.textContent = t("fixInBox");
    }
  }

  function finding(item, index, locale, writable) {
    const id = "finding-" + index;
    return h("li", { class: "finding finding-" + item.severity, "data-check": item.check, "aria-labelledby": id },
      h("p", { class: "finding-head", id },
        h("span", { class: "badge severity-" + item.severity }, t("severity_" + item.severity)), " ",
        h("span", { class: "mono muted" }, item.check), " ", item.message),
      item.found != null || item.fix != null ? h("p", { class: "finding-fix" },
        item.found != null ? [h("span", { class: "muted" }, t("findingFound"), ": "), h("del", { lang: locale, "data-found": "" }, item.found)] : null,
        item.found != null && item.fix != null ? " → " : null,
        item.fix != null ? [item.found == null ? h("span", { class: "muted" }, t("findingFix"), ": ") : null, h("ins", { lang: locale, "data-fix": "" }, item.fix)] : null) : null,
      writable && item.corrected_text != null
        ? h("button", { type: "button", class: "button small", "data-use-fix": item.check, "aria-describedby": id, onclick: () => putInBox(item.corrected_text) }, t("useFix"))
        : null);
  }

  /** The findings part of a unit's panel; nothing for a unit with no translation yet. */
  async function findings(unit, context) {
    if (unit.state === "missing") return null;
    const section = h("section", { class: "findings", id: "findings", "aria-labelledby": "findings-heading" },
      h("h3", { id: "findings-heading" }, t("checksHeading")));
    let answer;
    try {
      answer = await api.get(context.path + "/checks", null, { revalidate: true });
    } catch (error) {
      section.append(h("p", { class: "muted" }, t("checksFailed", { message: G.session.describe(error) })));
      return section;
    }
    const field = fieldOf(unit);
    const items = (answer.findings || []).filter((item) => !item.field || item.field === field);
    const box = document.getElementById("unit-text");
    // A reader's box is writable too: the fix can become a suggestion.
    const writable = !!box && !box.readOnly;
    if (!items.length) {
      section.append(h("p", { class: "muted", id: "findings-none" }, t("checksNone")));
    } else {
      section.append(h("ul", { class: "finding-list", id: "finding-list" }, items.map((item, index) => finding(item, index, context.locale, writable))));
      if (items.some((item) => item.severity === "error")) section.append(h("p", { class: "hint" }, t("checksErrorsHint")));
    }
    const override = answer.override;
    if (override) {
      section.append(h("p", { class: "hint", id: "findings-override" },
        t("overriddenBy", { checks: (override.checks || []).join(", "), who: override.approved_by, reason: override.reason })));
    }
    return section;
  }

  G.translate.addPart(findings);
})(window.Guidebook);
