"use strict";
// Files for translators (docs/translators.md), on a topic and on the whole base: "Download for
// translation" (GET /v1/translations/export: XLIFF 2.0, XLIFF 1.2 or PO, what needs translating or
// everything, with the memory's matches) and "Upload translated file" (POST
// /v1/translations/import: a dry run first, whose counts, conflicts and problems are shown, then
// applying it); and the translation memory's matches beside the translation editor.
(function (G) {
  const { h } = G.dom;
  const { t } = G.i18n;
  const api = G.api;

  G.i18n.add({
    downloadForTranslation: ["Download for translation", "번역용으로 내려받기"],
    uploadTranslated: ["Upload translated file", "번역한 파일 올리기"],
    translatorsTitleTopic: ["Translators' files: {topic}", "번역 파일: {topic}"],
    translatorsTitleAll: ["Translators' files: the whole base", "번역 파일: 전체"],
    fileFormat: ["Format", "형식"],
    onlyToTranslate: ["Only what needs translating (missing or outdated)", "번역할 것만 (없거나 오래된 번역)"],
    withMatches: ["Add the memory's best match to each", "각 항목에 메모리의 가장 비슷한 번역 넣기"],
    download: ["Download", "내려받기"],
    downloaded: ["Downloaded {name}.", "{name} 파일을 내려받았습니다."],
    translatedFile: ["Translated file (XLIFF or PO)", "번역한 파일 (XLIFF 또는 PO)"],
    conflictsLabel: ["When the English changed since the file was made", "파일을 만든 뒤 영어 원문이 바뀌었다면"],
    conflictDraft: ["Keep the translation as a draft", "번역을 초안으로 저장"],
    conflictSkip: ["Leave the unit as it is", "그대로 두기"],
    check: ["Check (dry run)", "확인 (시험 실행)"],
    apply: ["Apply", "적용"],
    applyAfterCheck: ["Check the file first: Apply applies exactly what the check showed.", "먼저 확인하세요. 적용하면 확인한 그대로 반영됩니다."],
    checking: ["Checking {name}…", "{name} 확인 중…"],
    applying: ["Applying {name}…", "{name} 적용 중…"],
    checkedSummary: ["Checked: nothing applied yet. Of {units} units, {written} would be written, {conflicts} are conflicts.", "확인만 했습니다. 항목 {units}개 중 {written}개가 저장되고 {conflicts}개는 충돌입니다."],
    appliedSummary: ["Applied: of {units} units, {written} written, {conflicts} conflicts.", "적용했습니다. 항목 {units}개 중 {written}개 저장, 충돌 {conflicts}개."],
    importFailed: ["Nothing was applied: {message}", "아무것도 반영하지 않았습니다: {message}"],
    problemsTitle: ["Units to fix", "고칠 항목"],
    problemAt: ["line {line}, column {column}", "{line}행 {column}열"],
    outcome_written: ["written", "저장"],
    outcome_confirmed: ["confirmed", "확인됨"],
    outcome_draft: ["drafts", "초안"],
    "outcome_conflict-draft": ["conflicts kept as drafts", "초안으로 저장한 충돌"],
    "outcome_conflict-skipped": ["conflicts left alone", "그대로 둔 충돌"],
    "outcome_kept-approved": ["approved translations kept (a reviewer changes them)", "유지한 승인 번역 (검토자만 바꿈)"],
    outcome_unchanged: ["unchanged", "변경 없음"],
    outcome_untranslated: ["untranslated", "번역 없음"],
    conflictsTitle: ["Conflicts", "충돌"],
    oldEnglish: ["English in the file", "파일의 영어"],
    newEnglish: ["English now", "지금의 영어"],
    offered: ["Translation offered", "들어온 번역"],
    memoryTitle: ["Translation memory", "번역 메모리"],
    memoryNone: ["No translation of a text at least 70% alike.", "70% 이상 비슷한 글의 번역이 없습니다."],
    memoryUse: ["Use", "사용"],
    memoryFrom: ["from {origin}", "출처: {origin}"],
    memoryDiffers: ["differs: {words}", "다른 낱말: {words}"],
    memorySimilar: ["{percent}% alike", "{percent}% 비슷함"],
  });

  // MARK: The tools on a topic and on the whole base

  /** "Download for translation" and, for an editor, "Upload translated file", for `scope` ({topic, title} or {}). */
  function tools(scope) {
    return h("div", { class: "translator-tools" },
      h("button", { type: "button", class: "button small", "data-translators": "download", "aria-haspopup": "dialog", onclick: () => open(scope, "download") },
        t("downloadForTranslation")),
      G.session.has("editor") ? h("button", { type: "button", class: "button small", "data-translators": "upload", "aria-haspopup": "dialog",
                                             onclick: () => open(scope, "upload") }, t("uploadTranslated")) : null);
  }

  let dialog = null;
  let opener = null;

  function open(scope, part) {
    if (dialog) dialog.remove();
    opener = document.activeElement;
    const title = scope.topic ? t("translatorsTitleTopic", { topic: scope.title || scope.topic }) : t("translatorsTitleAll");
    const body = part === "download" ? downloadForm(scope) : uploadForm(scope);
    const closeButton = h("button", { type: "button", class: "button", id: "translators-close", onclick: close }, t("close"));
    dialog = h("dialog", { id: "translators-dialog", class: "dialog translators-dialog", "aria-labelledby": "translators-title" },
      h("h2", { id: "translators-title" }, title), body, h("div", { class: "actions" }, closeButton));
    dialog.addEventListener("cancel", (event) => { event.preventDefault(); close(); });
    (document.querySelector("main") || document.body).append(dialog);
    dialog.showModal();
    const first = dialog.querySelector("select, input, button");
    if (first) first.focus();
  }

  function close() {
    if (!dialog) return;
    dialog.close();
    dialog.remove();
    dialog = null;
    if (opener && opener.isConnected) opener.focus();
    opener = null;
  }

  // MARK: Download

  function formatSelect(id) {
    return h("select", { id },
      h("option", { value: "xliff2" }, "XLIFF 2.0"), h("option", { value: "xliff12" }, "XLIFF 1.2"), h("option", { value: "po" }, "PO (gettext)"));
  }

  function downloadForm(scope) {
    const format = formatSelect("download-format");
    const only = h("input", { type: "checkbox", id: "download-only", checked: true });
    const matches = h("input", { type: "checkbox", id: "download-matches" });
    const message = h("p", { class: "hint", id: "download-message", role: "status" });
    const submit = h("button", { type: "submit", class: "button primary", id: "download-submit" }, t("download"));
    const form = h("form", { class: "translators-form", id: "download-form" },
      h("label", { for: "download-format" }, t("fileFormat")), format,
      h("label", { class: "check" }, only, " ", t("onlyToTranslate")),
      h("label", { class: "check" }, matches, " ", t("withMatches")),
      h("div", { class: "actions" }, submit), message);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      submit.disabled = true;
      const params = { locale: "ko", format: format.value, topic: scope.topic, state: only.checked ? "missing,outdated" : null, matches: matches.checked ? "true" : null };
      try {
        const { blob, name } = await api.download("/v1/translations/export", params, "guidebook-ko." + (format.value === "po" ? "po" : "xlf"));
        const link = h("a", { href: URL.createObjectURL(blob), download: name, hidden: true });
        document.body.append(link);
        link.click();
        link.remove();
        window.setTimeout(() => URL.revokeObjectURL(link.href), 10000);
        message.textContent = t("downloaded", { name });
      } catch (error) {
        message.textContent = G.session.describe(error);
      }
      submit.disabled = false;
    });
    return form;
  }

  // MARK: Upload: a dry run, then the same file applied

  function uploadForm(scope) {
    const file = h("input", { type: "file", id: "upload-file", accept: ".xlf,.xliff,.po,application/xliff+xml,text/x-gettext-translation" });
    const policy = h("fieldset", { class: "mode" }, h("legend", null, t("conflictsLabel")),
      h("label", null, h("input", { type: "radio", name: "upload-policy", value: "draft", checked: true }), " ", t("conflictDraft")),
      h("label", null, h("input", { type: "radio", name: "upload-policy", value: "skip" }), " ", t("conflictSkip")));
    const check = h("button", { type: "button", class: "button primary", id: "upload-check", disabled: true }, t("check"));
    const apply = h("button", { type: "button", class: "button", id: "upload-apply", disabled: true, "aria-describedby": "upload-hint" }, t("apply"));
    const status = h("p", { class: "hint", id: "upload-status", role: "status" });
    const result = h("div", { class: "upload-result", id: "upload-result" });
    /** The file and policy the last successful dry run checked: Apply applies exactly those. */
    let checked = null;
    const chosenPolicy = () => policy.querySelector("input:checked").value;
    const reset = () => { checked = null; apply.disabled = true; check.disabled = !file.files[0]; };
    file.addEventListener("change", reset);
    policy.addEventListener("change", reset);

    async function run(dryRun) {
      const chosen = file.files[0];
      if (!chosen) return;
      check.disabled = apply.disabled = true;
      status.textContent = t(dryRun ? "checking" : "applying", { name: chosen.name });
      result.replaceChildren();
      const policyValue = chosenPolicy();
      try {
        let job = await api.upload("/v1/translations/import", { dry_run: dryRun ? "true" : null, on_conflict: policyValue, name: chosen.name }, chosen);
        while (!["succeeded", "failed", "canceled"].includes(job.status)) {
          await new Promise((resolve) => window.setTimeout(resolve, 250));
          job = await api.getWithToken("/v1/jobs/" + encodeURIComponent(job.id));
        }
        show(job, dryRun);
        if (job.status === "succeeded" && dryRun) checked = { file: chosen, policy: policyValue };
        if (job.status === "succeeded" && !dryRun) {
          checked = null;
          api.forget();
          G.browse.invalidate();
          G.app.render();
        }
      } catch (error) {
        status.textContent = G.session.describe(error);
      }
      check.disabled = !file.files[0];
      apply.disabled = !(checked && checked.file === file.files[0] && checked.policy === chosenPolicy());
    }

    function show(job, dryRun) {
      if (job.status !== "succeeded") {
        const error = job.error || { message: job.message };
        status.textContent = t("importFailed", { message: error.message });
        const problems = error.problems || (error.line ? [error] : []);
        if (problems.length) {
          result.append(h("h3", null, t("problemsTitle")), h("ul", { class: "problems", id: "upload-problems" }, problems.map((problem) => h("li", null,
            h("span", { class: "mono" }, t("problemAt", { line: problem.line, column: problem.column || 1 })), " ",
            problem.field ? h("span", { class: "mono" }, problem.field) : null, " ", problem.message))));
        }
        return;
      }
      const outcome = job.result;
      const conflicts = (outcome.counts["conflict-draft"] || 0) + (outcome.counts["conflict-skipped"] || 0);
      status.textContent = t(dryRun ? "checkedSummary" : "appliedSummary", { units: outcome.units, written: outcome.counts.written, conflicts });
      result.append(h("ul", { class: "counts", id: "upload-counts" }, Object.entries(outcome.counts).filter(([, count]) => count > 0).map(([name, count]) =>
        h("li", { "data-outcome": name }, h("strong", null, G.i18n.number(count)), " ", t("outcome_" + name)))));
      if (outcome.conflicts.length) {
        result.append(h("h3", null, t("conflictsTitle")), h("ul", { class: "conflicts", id: "upload-conflicts" }, outcome.conflicts.map((conflict) => h("li", { "data-unit": conflict.id },
          h("p", { class: "mono" }, conflict.id, " · ", t("problemAt", { line: conflict.line, column: conflict.column })),
          h("dl", null,
            h("dt", null, t("oldEnglish")), h("dd", { lang: "en" }, conflict.old_source),
            h("dt", null, t("newEnglish")), h("dd", { lang: "en" }, conflict.new_source),
            h("dt", null, t("offered")), h("dd", { lang: "ko" }, conflict.offered))))));
      }
    }

    check.addEventListener("click", () => run(true));
    apply.addEventListener("click", () => run(false));
    return h("div", { class: "translators-form", id: "upload-form" },
      h("label", { for: "upload-file" }, t("translatedFile")), file, policy,
      h("div", { class: "actions" }, check, apply),
      h("p", { class: "hint", id: "upload-hint" }, t("applyAfterCheck")), status, result);
  }

  // MARK: The memory beside the translation editor

  /**
   * The memory's matches for guideline `id` in `locale`, each with a Use button that hands its
   * translation to `use` (the editor's box).
   */
  function beside(id, locale, use) {
    const list = h("ul", { class: "memory-list", id: "memory-list" }, h("li", { class: "muted" }, t("loading")));
    const section = h("section", { class: "memory", id: "memory", "aria-labelledby": "memory-title" },
      h("h3", { id: "memory-title" }, t("memoryTitle")), list);
    api.get("/v1/guidelines/" + encodeURIComponent(id) + "/translations/" + encodeURIComponent(locale) + "/memory").then((answer) => {
      list.replaceChildren(...(answer.items.length ? answer.items.map((match) => {
        const origin = match.origin.kind === "base" ? match.origin.unit : match.origin.name;
        const differs = match.differences.missing.concat(match.differences.extra);
        return h("li", { class: "memory-item" },
          h("p", { class: "memory-head" }, h("strong", { class: "memory-percent" }, t("memorySimilar", { percent: match.similarity })), " ",
            h("span", { class: "muted" }, t("memoryFrom", { origin }))),
          h("p", { lang: locale, class: "memory-translation" }, match.translation),
          h("p", { lang: "en", class: "memory-source muted" }, match.source),
          differs.length ? h("p", { class: "memory-differs muted" }, t("memoryDiffers", { words: differs.join(", ") })) : null,
          h("button", { type: "button", class: "button small", "data-memory-use": "", onclick: () => use(match.translation) }, t("memoryUse")));
      }) : [h("li", { class: "muted" }, t("memoryNone"))]));
    }).catch((error) => list.replaceChildren(h("li", { class: "muted" }, G.session.describe(error))));
    return section;
  }

  G.translators = { tools, beside };
})(window.Guidebook);
