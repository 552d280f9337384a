"use strict";
// Editing in the detail pane (editor tokens): the English text with a merge patch
// (PATCH /v1/guidelines/{id}) and the Korean translation (PUT /v1/guidelines/{id}/translations/ko),
// both sent with If-Match: the ETag of the version the editor started from. A 412 (someone changed
// it meanwhile) keeps the draft and offers to reload the current version.
(function (G) {
  const { h } = G.dom;
  const { t } = G.i18n;
  const api = G.api;

  /** The open editor: {id, field ("en" | "ko"), text, etag, busy, message, kind ("status" | "error" | "conflict")}. */
  let draft = null;

  const guidelinePath = (id) => "/v1/guidelines/" + encodeURIComponent(id);

  /** Reads the guideline afresh (revalidated, not from any cache) with its ETag. */
  function fetchCurrent(id) {
    return api.get(guidelinePath(id), { lang: "en,ko" }, { revalidate: true, withETag: true });
  }

  /** Draws the detail pane again (the open editor is part of it). */
  function redraw(focus) {
    G.panes.detail = null;
    G.app.navigate(location.pathname + location.search, { focus, replace: true });
  }

  /**
   * Focuses the open editor's text box with the whole form in view: its message (a 412's offer to
   * reload) and its buttons sit below the box, and redrawing the pane scrolls it back to the top.
   */
  function focusEditor() {
    const form = document.querySelector(".edit-form");
    const box = document.getElementById("edit-text");
    if (!form || !box) return;
    form.scrollIntoView({ block: "nearest" });
    box.focus({ preventScroll: true });
  }

  async function open(id, field) {
    try {
      const { json, etag } = await fetchCurrent(id);
      draft = { id, field, text: (json.text && json.text[field]) || "", etag, busy: false, message: "", kind: "status" };
    } catch (error) {
      G.app.announce(G.session.describe(error));
      return;
    }
    redraw(focusEditor);
  }

  function close(focusField) {
    draft = null;
    redraw(() => { const button = document.querySelector('[data-edit="' + focusField + '"]'); if (button) button.focus(); });
  }

  async function save() {
    if (!draft || draft.busy) return;
    const current = draft;
    current.busy = true;
    current.message = t("saving");
    current.kind = "status";
    redraw(null);
    try {
      if (current.field === "en") {
        await api.send("PATCH", guidelinePath(current.id), { body: { text: current.text }, contentType: "application/merge-patch+json", ifMatch: current.etag });
      } else {
        await api.send("PUT", guidelinePath(current.id) + "/translations/" + current.field, { body: { text: current.text }, ifMatch: current.etag });
      }
    } catch (error) {
      if (draft !== current) return;
      current.busy = false;
      if (error.status === 412) {
        current.kind = "conflict";
        current.message = t("conflict");
      } else {
        current.kind = "error";
        current.message = failure(error);
      }
      redraw(focusEditor);
      return;
    }
    // Saved: every view of the knowledge base is read again (the list shows the text too, and the
    // translation state may have changed).
    const field = current.field;
    draft = null;
    api.forget();
    G.browse.invalidate();
    G.app.announce(t("saved"));
    redraw(() => { const button = document.querySelector('[data-edit="' + field + '"]'); if (button) button.focus(); });
  }

  /** After a 412: the current version on screen, the draft kept, the new ETag to save against. */
  async function reload() {
    if (!draft) return;
    const current = draft;
    try {
      const { etag } = await fetchCurrent(current.id);
      current.etag = etag;
      current.kind = "status";
      current.message = t("reloaded");
    } catch (error) {
      current.kind = "error";
      current.message = failure(error);
    }
    api.forget();
    G.browse.invalidate();
    redraw(focusEditor);
  }

  function failure(error) {
    if (error.status === 422 && error.problem && Array.isArray(error.problem.invalid_params)) {
      return t("saveFailed", { message: error.problem.invalid_params.map((item) => item.name + ": " + item.reason).join("; ") });
    }
    return t("saveFailed", { message: G.session.describe(error) });
  }

  /**
   * What the reading of `field` offers: the editor when it is open there, an Edit button for an
   * editor (disabled while another field's editor is open), nothing otherwise.
   */
  function controls(guideline, field) {
    if (!G.session.has("editor")) return null;
    if (draft && draft.id === guideline.id && draft.field === field) return editor(field);
    const label = field === "en" ? t("edit") : t("editTranslation");
    return h("div", { class: "edit-actions" },
      h("button", {
        type: "button", class: "button small", "data-edit": field, disabled: Boolean(draft),
        onclick: () => open(guideline.id, field),
      }, label));
  }

  /** The note under the readings when there is nothing to edit with: sign in, or the role needed. */
  function note() {
    if (G.session.has("editor")) return null;
    return h("p", { class: "hint edit-hint", id: "edit-hint" }, G.session.who ? t("editNeedsEditor", { role: t("role_" + G.session.who.role) }) : t("signInToEdit"));
  }

  function editor(field) {
    const current = draft;
    const box = h("textarea", { id: "edit-text", rows: "5", lang: field, spellcheck: "true", disabled: current.busy });
    box.value = current.text;
    box.addEventListener("input", () => { current.text = box.value; });
    box.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { event.preventDefault(); event.stopPropagation(); close(field); }
      else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); save(); }
    });
    const conflict = current.kind === "conflict";
    return h("form", { class: "edit-form", "data-editing": field, onsubmit: (event) => { event.preventDefault(); save(); } },
      h("label", { for: "edit-text" }, field === "en" ? t("editEnglishLabel") : t("editKoreanLabel")),
      box,
      h("div", { class: "edit-message" + (current.kind === "status" ? "" : " error"), id: "edit-message", role: conflict || current.kind === "error" ? "alert" : "status", tabindex: "-1" },
        current.message,
        conflict ? [" ", h("button", { type: "button", class: "button small", id: "edit-reload", onclick: reload }, t("reloadCurrent"))] : null),
      h("div", { class: "actions" },
        h("button", { type: "submit", class: "button primary small", id: "edit-save", disabled: current.busy }, t("save")),
        h("button", { type: "button", class: "button small", id: "edit-cancel", onclick: () => close(field) }, t("cancelAction"))),
      // A translation's editor shows the memory's matches beside it (translators.js).
      field === "en" ? null : G.translators.beside(current.id, field, (text) => { box.value = text; current.text = text; box.focus(); }));
  }

  /** Forgets an open editor (signed out, or the reader moved to another guideline). */
  function reset(id) { if (draft && draft.id !== id) draft = null; }

  G.editing = { controls, note, reset, get open() { return draft ? { id: draft.id, field: draft.field } : null; } };
  G.session.onChange(() => { draft = null; });
})(window.Guidebook);
