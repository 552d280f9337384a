"use strict";
// The imports page: choose or drop a file (notes, bundle, NDJSON) or paste notes, run a dry run
// that shows what would change, then import while the job's event stream drives the progress:
// determinate (percent, count, rate, time left) once the total is known, an activity indicator
// with the phase before that, a Cancel that really cancels, and the result with its warnings.
(function (G) {
  const { h } = G.dom;
  const { t } = G.i18n;
  const api = G.api;

  let root = null;
  let parts = {};
  /** What will be imported: {id, name, size, body (a File or text), kind ("file" | "text")}. */
  let payload = null;
  let payloadCounter = 0;
  /** The payload id whose dry run succeeded: Import is offered for that payload only. */
  let checkedPayload = null;
  /** The job on screen and its event stream. */
  let job = null;
  let source = null;
  /** The stream whose job is being read by `poll` instead (its EventSource was refused). */
  let polling = null;
  let busy = false;
  /** Rate measurement: where the current count started, by the page's clock. */
  let rateStart = null;
  let lastPhase = null;

  // MARK: Building the view

  function build() {
    const fileInput = h("input", { type: "file", id: "import-file", class: "file-input", accept: ".txt,.md,.json,.ndjson,.jsonl,text/plain,application/json,application/x-ndjson" });
    const chosen = h("p", { class: "chosen", id: "import-chosen", "aria-live": "polite" });
    const drop = h("div", { class: "drop", id: "import-drop" },
      G.dom.icon("M12 3v12m0-12l-4.5 4.5M12 3l4.5 4.5M4 15v3.5A2.5 2.5 0 0 0 6.5 21h11a2.5 2.5 0 0 0 2.5-2.5V15", "drop-icon"),
      fileInput,
      h("label", { for: "import-file", class: "drop-label" }, t("dropHere"), " ", h("span", { class: "link-like" }, t("chooseFile"))),
      chosen);
    const text = h("textarea", { id: "import-text", rows: "6", placeholder: t("pastePlaceholder"), spellcheck: "false", "aria-label": t("pasteLabel") });
    const format = h("select", { id: "import-format" },
      h("option", { value: "auto" }, t("formatAuto")), h("option", { value: "notes" }, t("formatNotes")),
      h("option", { value: "json" }, t("formatJSON")), h("option", { value: "ndjson" }, t("formatNDJSON")));
    const mode = h("fieldset", { class: "mode" }, h("legend", null, t("modeLabel")),
      h("label", null, h("input", { type: "radio", name: "import-mode", value: "merge", checked: true }), " ", t("modeMerge")),
      h("label", null, h("input", { type: "radio", name: "import-mode", value: "replace" }), " ", t("modeReplace")));
    const dryRun = h("button", { type: "button", class: "button primary", id: "import-dry-run", disabled: true }, t("dryRun"));
    const importNow = h("button", { type: "button", class: "button", id: "import-now", disabled: true, "aria-describedby": "import-hint" }, t("importNow"));
    const hint = h("p", { class: "hint", id: "import-hint" }, t("dryRunFirst"));

    const title = h("h2", { id: "job-title", class: "job-title" });
    const fill = h("div", { class: "progress-fill" });
    const bar = h("div", { class: "progress", id: "job-progress", role: "progressbar", "aria-labelledby": "job-title", "aria-valuemin": "0", "aria-valuemax": "100" },
      fill, h("div", { class: "progress-activity" }));
    const stats = h("p", { class: "progress-stats", id: "job-stats" });
    const message = h("p", { class: "job-message", id: "job-message" });
    // The live region: says the status and phase when they change (what the bar shows visually).
    const status = h("p", { class: "visually-hidden", id: "job-status", role: "status", "aria-live": "polite" });
    const connection = h("p", { class: "note connection", id: "job-connection", hidden: true });
    const cancel = h("button", { type: "button", class: "button danger", id: "job-cancel" }, t("cancel"));
    const result = h("div", { class: "job-result", id: "job-result" });
    const jobLink = h("a", { class: "mono job-link", id: "job-link" });
    const panel = h("section", { class: "job", id: "job-panel", hidden: true, "aria-labelledby": "job-title", "aria-busy": "false" },
      h("div", { class: "job-head" }, title, jobLink), bar, stats, message, status, connection, h("div", { class: "job-actions" }, cancel), result);
    const recent = h("ul", { class: "recent", id: "recent-jobs" });

    // Imports and cancels need an admin token: without one the form stays, disabled, under a sign-in prompt.
    const signIn = G.session.has("admin") ? null : h("div", { class: "signin-needed", id: "import-signin" },
      h("p", null, G.session.who ? t("importNeedsAdminRole", { role: t("role_" + G.session.who.role) }) : t("importNeedsAdmin")),
      h("button", { type: "button", class: "button primary", id: "import-signin-button", "aria-haspopup": "dialog", onclick: G.session.open }, t("signIn")));
    root = h("div", { class: "imports-view" },
      h("h1", { "data-focus-target": "" }, t("importTitle")),
      h("p", { class: "lead" }, t("importIntro")),
      signIn,
      h("div", { class: "import-form" },
        drop,
        h("details", { class: "paste", open: payload && payload.kind === "text" ? true : null },
          h("summary", null, t("orPaste")), text),
        h("div", { class: "options" },
          h("label", { for: "import-format" }, t("formatLabel")), format, mode),
        h("div", { class: "actions" }, dryRun, importNow, hint)),
      panel,
      h("section", { class: "recent-jobs", "aria-labelledby": "recent-title" }, h("h2", { id: "recent-title" }, t("recentJobs")), recent));
    parts = { fileInput, chosen, drop, text, format, mode, dryRun, importNow, hint, panel, title, bar, fill, stats, message, status, connection, cancel, result, jobLink, recent };

    fileInput.addEventListener("change", () => { if (fileInput.files[0]) choose(fileInput.files[0]); });
    drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("dragging"); });
    drop.addEventListener("dragleave", () => drop.classList.remove("dragging"));
    drop.addEventListener("drop", (event) => {
      event.preventDefault();
      drop.classList.remove("dragging");
      const file = event.dataTransfer && event.dataTransfer.files[0];
      if (file) choose(file);
    });
    text.addEventListener("input", () => {
      if (text.value.trim()) setPayload({ kind: "text", name: "pasted-notes.txt", size: new Blob([text.value]).size, body: text.value });
      else if (payload && payload.kind === "text") setPayload(null);
    });
    format.addEventListener("change", () => { checkedPayload = null; renderButtons(); });
    mode.addEventListener("change", () => { checkedPayload = null; renderButtons(); });
    dryRun.addEventListener("click", () => start(true));
    importNow.addEventListener("click", () => start(false));
    cancel.addEventListener("click", cancelJob);

    if (payload && payload.kind === "text") text.value = payload.body;
    renderPayload();
    renderButtons();
    if (job) update(job);
  }

  function choose(file) {
    setPayload({ kind: "file", name: file.name, size: file.size, body: file });
  }

  function setPayload(next) {
    payload = next ? Object.assign({ id: ++payloadCounter }, next) : null;
    if (next && next.kind === "file") parts.text.value = "";
    checkedPayload = null;
    renderPayload();
    renderButtons();
  }

  function renderPayload() {
    if (!payload) parts.chosen.textContent = t("nothingChosen");
    else if (payload.kind === "file") parts.chosen.textContent = t("chosen", { name: payload.name, size: bytes(payload.size) });
    else parts.chosen.textContent = t("pasted", { size: bytes(payload.size) });
  }

  function renderButtons() {
    const checked = Boolean(payload && checkedPayload === payload.id);
    const admin = G.session.has("admin");
    parts.dryRun.disabled = busy || !payload || !admin;
    parts.importNow.disabled = busy || !checked || !admin;
    // The next step is the primary button: the dry run, then the import it checked.
    parts.dryRun.classList.toggle("primary", !checked);
    parts.importNow.classList.toggle("primary", checked);
    parts.hint.textContent = admin ? t("dryRunFirst") : t("importNeedsAdmin");
    parts.hint.hidden = checked && admin;
  }

  function bytes(size) {
    if (size < 1024) return G.i18n.number(size) + " B";
    if (size < 1024 * 1024) return G.i18n.number(Math.round(size / 102.4) / 10) + " KB";
    return G.i18n.number(Math.round(size / 104857.6) / 10) + " MB";
  }

  function formatOf(current) {
    const chosen = parts.format.value;
    if (chosen !== "auto") return chosen;
    const name = current.name.toLowerCase();
    if (name.endsWith(".ndjson") || name.endsWith(".jsonl")) return "ndjson";
    if (name.endsWith(".json")) return "json";
    return "notes";
  }

  // MARK: Running a job

  async function start(dryRun) {
    if (!payload || busy || !G.session.has("admin")) return;
    const current = payload;
    busy = true;
    renderButtons();
    closeStream();
    job = null;
    rateStart = null;
    lastPhase = null;
    parts.panel.hidden = false;
    delete parts.panel.dataset.status;
    parts.result.replaceChildren();
    parts.title.textContent = (dryRun ? t("dryRun") : t("importNow")) + " · " + current.name;
    parts.jobLink.textContent = "";
    parts.jobLink.removeAttribute("href");
    parts.cancel.hidden = true;
    parts.panel.scrollIntoView({ block: "nearest", behavior: "smooth" });
    showDeterminate(0, t("uploadPercent", { percent: 0 }));
    parts.stats.textContent = t("uploading", { name: current.name });
    parts.message.textContent = "";
    parts.status.textContent = t("uploading", { name: current.name });
    let created;
    try {
      created = await api.upload("/v1/imports", {
        format: formatOf(current), mode: parts.mode.querySelector("input:checked").value,
        dry_run: dryRun ? "true" : null, name: current.name,
      }, current.body, (loaded, total) => {
        const percent = Math.floor((loaded / total) * 100);
        showDeterminate(percent, t("uploadPercent", { percent }));
        parts.stats.textContent = t("uploadPercent", { percent });
      });
    } catch (error) {
      busy = false;
      // First: a 401 signs out, and the view is built again for it (new parts).
      const message = G.session.describe(error);
      renderButtons();
      showIdle();
      parts.panel.hidden = false;
      parts.status.textContent = t("failedResult");
      parts.result.replaceChildren(h("p", { class: "error", role: "alert" }, message));
      return;
    }
    const params = new URLSearchParams(location.search);
    params.set("job", created.id);
    history.replaceState(history.state, "", "/imports?" + params.toString());
    follow(created);
  }

  /** Shows `initial` and follows the job's event stream until it ends. */
  function follow(initial) {
    closeStream();
    update(initial);
    if (isFinished(initial)) return;
    busy = true;
    renderButtons();
    // EventSource reconnects by itself after a lost connection and sends Last-Event-ID, so the
    // server resumes after the last event this page saw.
    source = new EventSource("/v1/jobs/" + encodeURIComponent(initial.id) + "/events");
    const stream = source;
    const onEvent = (event) => {
      if (stream !== source) return;
      parts.connection.hidden = true;
      update(JSON.parse(event.data));
    };
    source.addEventListener("progress", onEvent);
    source.addEventListener("done", (event) => { onEvent(event); closeStream(); });
    source.addEventListener("gone", () => { closeStream(); busy = false; renderButtons(); });
    let lost = false;
    const showLost = () => {
      if (stream !== source) return;
      lost = true;
      parts.connection.hidden = false;
      parts.connection.textContent = t("reconnecting");
    };
    source.addEventListener("shutdown", showLost);
    source.addEventListener("error", () => {
      // Refused (401: jobs need a token, which EventSource cannot send, unless the server runs
      // with --public-jobs): the stream is closed for good, so follow the job by reading it with
      // the token instead. A lost connection leaves it CONNECTING: it reconnects by itself.
      if (stream === source && source.readyState === EventSource.CLOSED) {
        source = null;
        poll(initial.id, stream);
        return;
      }
      showLost();
    });
    source.addEventListener("open", async () => {
      parts.connection.hidden = true;
      if (!lost) return;
      lost = false;
      // Back after a lost connection: the stream resumes after Last-Event-ID; reading the job
      // once as well means an end that happened while away is never missed.
      try {
        const current = await api.getWithToken("/v1/jobs/" + encodeURIComponent(initial.id));
        if (stream !== source) return;
        update(current);
        if (isFinished(current)) closeStream();
      } catch (error) { /* the stream goes on */ }
    });
  }

  /** Reads the job once a second with the token until it ends, while no newer stream replaced `stream`. */
  async function poll(id, stream) {
    polling = stream;
    while (polling === stream) {
      try {
        const current = await api.getWithToken("/v1/jobs/" + encodeURIComponent(id));
        if (polling !== stream) return;
        parts.connection.hidden = true;
        update(current);
        if (isFinished(current)) { polling = null; return; }
      } catch (error) {
        if (polling !== stream) return;
        parts.connection.hidden = false;
        parts.connection.textContent = t("reconnecting");
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  function closeStream() {
    polling = null;
    if (source) source.close();
    source = null;
  }

  function isFinished(current) { return ["succeeded", "failed", "canceled"].includes(current.status); }

  function update(next) {
    job = next;
    parts.panel.hidden = false;
    parts.jobLink.textContent = next.id;
    parts.jobLink.href = "/v1/jobs/" + encodeURIComponent(next.id);
    if (!parts.title.textContent) parts.title.textContent = (next.params.dry_run ? t("dryRun") : t("importNow")) + " · " + next.params.file_name;
    const progress = next.progress || {};
    const finished = isFinished(next);
    parts.panel.dataset.status = next.status;
    parts.message.textContent = next.message || "";
    parts.message.hidden = finished; // the result below says it in full
    parts.cancel.hidden = finished || !G.session.has("admin");
    if (!finished && next.status !== "queued" && parts.cancel.textContent !== t("canceling")) parts.cancel.disabled = false;
    if (next.status === "queued") parts.cancel.disabled = false;

    if (finished) {
      parts.panel.setAttribute("aria-busy", "false");
      if (next.status === "succeeded") showDeterminate(100, "100%");
      else showIdle(progress.percent);
      parts.stats.textContent = t("status_" + next.status) + (progress.total != null ? " · " + countText(progress) : "");
      parts.status.textContent = t("status_" + next.status);
      renderResult(next);
      busy = false;
      parts.cancel.textContent = t("cancel");
      renderButtons();
      refreshRecent();
      return;
    }

    parts.panel.setAttribute("aria-busy", "true");
    if (progress.determinate && progress.total != null) {
      const percent = Math.max(0, Math.min(100, progress.percent || 0));
      if (!rateStart || rateStart.total !== progress.total) rateStart = { total: progress.total, completed: progress.completed, at: performance.now() };
      const pieces = [percent + "%", countText(progress)];
      const rate = rateOf(progress);
      if (rate) pieces.push(t("rate", { rate: G.i18n.number(Math.round(rate)), unit: G.i18n.unit(progress.unit) }));
      // Time left from the rate this page measured while counting; none until there is a rate
      // (the server's estimate also counts the time before the total was known, such as parsing).
      const eta = rate ? Math.ceil((progress.total - progress.completed) / rate) : null;
      if (eta != null && progress.completed < progress.total) pieces.push(t("eta", { time: duration(eta) }));
      showDeterminate(percent, pieces.slice(0, 2).join(" · "));
      parts.stats.textContent = pieces.join(" · ");
    } else {
      showIndeterminate(next.message || t("status_" + next.status));
      parts.stats.textContent = next.status === "queued" ? t("queued") : t("status_running");
    }
    // The live region says the phase when it changes, not every count (that would be noise).
    const phase = next.status + ":" + next.phase;
    if (phase !== lastPhase) {
      lastPhase = phase;
      parts.status.textContent = t("status_" + next.status) + (next.phase && next.phase !== next.status ? " · " + next.phase : "");
    }
  }

  function countText(progress) {
    return t("progressCount", { completed: G.i18n.number(progress.completed), total: G.i18n.number(progress.total), unit: G.i18n.unit(progress.unit) });
  }

  function rateOf(progress) {
    if (!rateStart) return null;
    const seconds = (performance.now() - rateStart.at) / 1000;
    const done = progress.completed - rateStart.completed;
    return seconds >= 0.4 && done > 0 ? done / seconds : null;
  }

  function duration(seconds) {
    return seconds < 90 ? t("seconds", { n: Math.max(1, Math.round(seconds)) }) : t("minutes", { n: Math.round(seconds / 60) });
  }

  function showDeterminate(percent, text) {
    parts.bar.classList.remove("indeterminate");
    parts.bar.setAttribute("aria-valuenow", String(percent));
    parts.bar.setAttribute("aria-valuetext", text);
    parts.fill.style.width = percent + "%";
  }

  /** An activity indicator: no value (ARIA's indeterminate progressbar), the phase as its text. */
  function showIndeterminate(text) {
    parts.bar.classList.add("indeterminate");
    parts.bar.removeAttribute("aria-valuenow");
    parts.bar.setAttribute("aria-valuetext", text);
    parts.fill.style.width = "0%";
  }

  function showIdle(percent) {
    parts.bar.classList.remove("indeterminate");
    if (percent != null) parts.bar.setAttribute("aria-valuenow", String(percent)); else parts.bar.removeAttribute("aria-valuenow");
    parts.bar.removeAttribute("aria-valuetext");
    parts.fill.style.width = (percent || 0) + "%";
  }

  async function cancelJob() {
    if (!job || isFinished(job)) return;
    parts.cancel.disabled = true;
    parts.cancel.textContent = t("canceling");
    try {
      update(await api.post("/v1/jobs/" + encodeURIComponent(job.id) + "/cancel"));
    } catch (error) {
      parts.cancel.disabled = false;
      parts.cancel.textContent = t("cancel");
      if (error.status !== 409) {
        const message = G.session.describe(error); // first: a 401 signs out and builds the view again
        parts.message.hidden = false;
        parts.message.textContent = message;
        G.app.announce(parts.message.textContent);
      }
    }
  }

  // MARK: The result

  function renderResult(finished) {
    const result = finished.result;
    if (finished.status === "canceled") {
      parts.result.replaceChildren(h("p", { class: "outcome" }, t("canceledResult")));
      return;
    }
    if (finished.status === "failed") {
      const error = finished.error || {};
      parts.result.replaceChildren(h("div", { class: "outcome error", role: "alert" },
        h("p", null, t("failedResult")), h("p", null, error.message || ""),
        error.line != null ? h("p", { class: "mono" }, t("errorAt", { line: error.line, field: error.field || "–" })) : null));
      return;
    }
    if (!result) return;
    const dry = result.dry_run;
    if (dry) checkedPayload = payload && finished.params.file_name === payload.name ? payload.id : checkedPayload;
    else {
      checkedPayload = null; // imported: another import of it starts with a dry run again
      G.browse.reload();
    }
    const head = h("tr", null, h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, t("job"))),
      h("th", { scope: "col" }, dry ? t("wouldCreate") : t("created")), h("th", { scope: "col" }, dry ? t("wouldUpdate") : t("updated")),
      h("th", { scope: "col" }, t("unchanged")));
    const rows = ["topics", "guidelines", "translations"].map((name) => h("tr", { "data-row": name },
      h("th", { scope: "row" }, t("row_" + name)),
      h("td", { "data-count": "created" }, G.i18n.number(result[name].created)),
      h("td", { "data-count": "updated" }, G.i18n.number(result[name].updated)),
      h("td", { "data-count": "unchanged" }, G.i18n.number(result[name].unchanged))));
    const warnings = result.warnings || [];
    parts.result.replaceChildren(
      h("p", { class: "outcome" }, dry ? t("dryRunResult") : t("importResult")),
      h("table", { class: "counts" }, h("thead", null, head), h("tbody", null, rows)),
      warnings.length ? h("details", { class: "warnings", open: warnings.length <= 8 ? true : null },
        h("summary", null, t("warnings", { n: G.i18n.number(warnings.length + (result.warnings_omitted || 0)) })),
        h("ul", null, warnings.map((warning) => h("li", null,
          warning.line != null ? h("span", { class: "line" }, t("line", { n: warning.line })) : null, " ", warning.message))),
        result.warnings_omitted ? h("p", null, t("warningsOmitted", { n: result.warnings_omitted })) : null) : null);
    parts.result.scrollIntoView({ block: "nearest" });
    renderButtons();
  }

  // MARK: Recent jobs

  async function refreshRecent() {
    if (!parts.recent) return;
    try {
      const list = await api.getWithToken("/v1/jobs", { limit: 8 });
      parts.recent.replaceChildren(...(list.items.length ? list.items.map((item) => h("li", null,
        h("a", { href: "/imports?job=" + encodeURIComponent(item.id) + (G.app.state.lang !== G.prefs.DEFAULT_LANG ? "&lang=" + encodeURIComponent(G.app.state.lang) : ""), "data-job": item.id },
          h("span", { class: "recent-name" }, item.params.file_name),
          item.params.dry_run ? h("span", { class: "badge" }, t("dryRun")) : null,
          h("span", { class: "badge status-" + item.status }, t("status_" + item.status)),
          h("time", { datetime: item.created_at }, new Date(item.created_at).toLocaleString(G.i18n.language === "ko" ? "ko-KR" : "en-US"))))) : [h("li", { class: "muted" }, t("noJobs"))]));
    } catch (error) { /* the list is a convenience; the page works without it */ }
  }

  // MARK: The view in the page

  async function show(container, route) {
    if (!root) build();
    if (G.panes.main !== "imports" || root.parentNode !== container) {
      G.panes.main = "imports";
      container.replaceChildren(root);
      refreshRecent();
    }
    if (route.job && (!job || job.id !== route.job)) {
      try {
        const found = await api.getWithToken("/v1/jobs/" + encodeURIComponent(route.job));
        parts.title.textContent = "";
        rateStart = null;
        lastPhase = null;
        follow(found);
      } catch (error) {
        parts.panel.hidden = false;
        parts.result.replaceChildren(h("p", { class: "error" }, error.message));
      }
    }
  }

  /** Draws the view again in the new language, keeping the chosen file and the job on screen. */
  function relabel() {
    if (!root) return;
    const container = root.parentNode;
    const title = parts.title.textContent;
    build();
    parts.title.textContent = title;
    if (container) container.replaceChildren(root);
    refreshRecent();
  }

  G.imports = { show, relabel };
})(window.Guidebook);
