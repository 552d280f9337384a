"use strict";
// Signing in: a token asked for in a dialog, checked with GET /v1/me, kept in this tab's
// sessionStorage only (never localStorage, never a URL, never logged) and sent with every write.
// Without a token the page is read-only: views ask `has(role)` and hide or disable what writes.
(function (G) {
  const { h } = G.dom;
  const { t } = G.i18n;
  const api = G.api;

  const KEY = "guidebook.session";
  const ROLES = ["reader", "editor", "reviewer", "admin"];
  /** {token, name, role} while signed in. */
  let current = null;
  const listeners = [];
  let control = null;
  let dialog = null;
  let parts = {};

  const storage = {
    read() { try { return JSON.parse(sessionStorage.getItem(KEY) || "null"); } catch (e) { return null; } },
    write(value) { try { if (value) sessionStorage.setItem(KEY, JSON.stringify(value)); else sessionStorage.removeItem(KEY); } catch (e) { /* not kept: this page only */ } },
  };

  /** True when signed in with `role` or a higher one. */
  function has(role) {
    // A read replica's page (`data-replica` on body) is read-only whoever is signed in: edits go to the primary.
    if (document.body.dataset.replica && role !== "reader") return false;
    return Boolean(current) && ROLES.indexOf(current.role) >= ROLES.indexOf(role);
  }

  function set(next, message) {
    current = next;
    storage.write(next);
    api.setToken(next && next.token);
    renderControl();
    if (message) G.app.announce(message);
    for (const listener of listeners) listener();
  }

  function signOut(message) { set(null, message || t("signedOut")); }

  /** Who `token` belongs to ({name, role}), or an APIError (401: no valid token). */
  async function whoIs(token) {
    const response = await fetch("/v1/me", { headers: { Accept: "application/json", Authorization: "Bearer " + token }, cache: "no-store" });
    let body = null;
    try { body = await response.json(); } catch (e) { /* not JSON */ }
    if (!response.ok) throw new api.APIError(response.status, body);
    return body;
  }

  /**
   * What to tell the reader when a write was refused: sign in again (401, and the stale token is
   * dropped), the role it needs (403), or the server's own words.
   */
  function describe(error) {
    if (error.status === 401) {
      if (current) signOut(t("sessionExpired"));
      return t("signInNeeded");
    }
    if (error.status === 403) {
      const needed = error.problem && error.problem.required_role;
      return t("needsRole", { role: t("role_" + (needed || "admin")), have: current ? t("role_" + current.role) : "–" });
    }
    if (error.status === 0) return t("unreachable");
    return error.message;
  }

  // MARK: The header's control

  function renderControl() {
    if (!control) return;
    if (current) {
      control.replaceChildren(
        h("span", { class: "session-who", id: "session-who", title: t("signedInAs", { name: current.name, role: t("role_" + current.role) }) },
          h("span", { class: "session-name" }, current.name), " ", h("span", { class: "badge", "data-role": current.role }, t("role_" + current.role))),
        h("button", { type: "button", class: "button small", id: "signout-button", onclick: () => signOut() }, t("signOut")));
    } else {
      control.replaceChildren(h("button", { type: "button", class: "button small", id: "signin-button", "aria-haspopup": "dialog", onclick: open }, t("signIn")));
    }
  }

  // MARK: The dialog

  function build() {
    const input = h("input", { type: "password", id: "signin-token", name: "token", spellcheck: "false", required: true, "aria-describedby": "signin-intro signin-error" });
    const error = h("p", { class: "error", id: "signin-error", role: "alert", "aria-live": "assertive" });
    const submit = h("button", { type: "submit", class: "button primary", id: "signin-submit" }, t("signInSubmit"));
    const cancel = h("button", { type: "button", class: "button", id: "signin-cancel", onclick: () => close() }, t("cancelAction"));
    const form = h("form", { method: "dialog", class: "signin-form", novalidate: true },
      h("h2", { id: "signin-title" }, t("signInTitle")),
      h("p", { id: "signin-intro", class: "hint" }, t("signInIntro")),
      h("label", { for: "signin-token" }, t("tokenLabel")), input, error,
      h("div", { class: "actions" }, submit, cancel));
    dialog = h("dialog", { id: "signin-dialog", class: "dialog", "aria-labelledby": "signin-title", "aria-describedby": "signin-intro" }, form);
    parts = { input, error, submit, cancel, form };
    form.addEventListener("submit", (event) => { event.preventDefault(); attempt(); });
    // Esc: the dialog's own cancel event; closing returns focus to what opened it.
    dialog.addEventListener("cancel", (event) => { event.preventDefault(); close(); });
    // Tab stays in the dialog (a modal dialog makes the page inert; this keeps the browser's UI out of the cycle too).
    dialog.addEventListener("keydown", (event) => {
      if (event.key !== "Tab") return;
      const focusable = Array.from(dialog.querySelectorAll("input, button")).filter((element) => !element.disabled);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
      else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
    });
    // Inside the banner landmark, beside the button that opens it, so that no content of the page
    // is outside a landmark (axe's "region"); as a modal it is drawn in the top layer anyway.
    (document.querySelector("header.bar") || document.body).append(dialog);
  }

  let opener = null;

  function open() {
    if (dialog) dialog.remove();
    build(); // built anew each time: labels in the current language, nothing left from before
    opener = document.activeElement;
    dialog.showModal();
    parts.input.focus();
  }

  function close() {
    if (!dialog || !dialog.open) return;
    parts.input.value = "";
    dialog.close();
    dialog.remove();
    dialog = null;
    const back = document.getElementById("signin-button") || document.getElementById("signout-button") || opener;
    if (back && back.isConnected) back.focus();
    opener = null;
  }

  async function attempt() {
    const token = parts.input.value.trim();
    parts.error.textContent = "";
    if (!token) { parts.error.textContent = t("tokenEmpty"); parts.input.focus(); return; }
    parts.submit.disabled = true;
    parts.submit.textContent = t("checking");
    try {
      const who = await whoIs(token);
      set({ token, name: who.name, role: who.role }, t("signedInAs", { name: who.name, role: t("role_" + who.role) }));
      close(); // after the header shows "Sign out", where focus returns
    } catch (error) {
      if (!dialog) return;
      parts.submit.disabled = false;
      parts.submit.textContent = t("signInSubmit");
      parts.error.textContent = error.status === 401 ? t("tokenInvalid") : error.status === 0 || !error.status ? t("unreachable") : error.message;
      parts.input.select();
      parts.input.focus();
    }
  }

  /** Shows the control in `element`, picks up this tab's session and checks it is still valid. */
  function start(element) {
    control = element;
    const saved = storage.read();
    if (saved && typeof saved.token === "string" && saved.token && ROLES.includes(saved.role)) {
      current = saved;
      api.setToken(saved.token);
      // Revoked since? The name and role may have changed too.
      whoIs(saved.token).then((who) => {
        if (current && current.token === saved.token && (who.name !== current.name || who.role !== current.role)) {
          set({ token: saved.token, name: who.name, role: who.role });
        }
      }).catch((error) => { if (error.status === 401 && current && current.token === saved.token) signOut(t("sessionExpired")); });
    } else if (saved) storage.write(null);
    renderControl();
  }

  /** Draws the control again in the new language. */
  function relabel() { renderControl(); }

  G.session = {
    start, relabel, has, describe, open, signOut,
    onChange: (listener) => listeners.push(listener),
    get who() { return current ? { name: current.name, role: current.role } : null; },
  };
})(window.Guidebook);
