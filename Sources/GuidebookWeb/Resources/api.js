"use strict";
// Every request the page makes goes through here: one place for headers (the signed-in token goes
// on every write, never on reads: they are public, and cached), problem+json errors and the small
// read cache.
(function (G) {
  /** An error answer from the API, with its problem document when there is one. */
  class APIError extends Error {
    constructor(status, problem) {
      super((problem && (problem.detail || problem.title)) || "HTTP " + status);
      this.status = status;
      this.problem = problem;
    }
  }

  function url(path, params) {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params || {})) if (value != null && value !== "") query.set(name, value);
    const text = query.toString();
    return text ? path + "?" + text : path;
  }

  /** The token writes are sent with (session.js sets it; it lives in sessionStorage, never in a URL). */
  let token = null;
  function setToken(value) { token = value || null; }

  function headers(extra, authorized) {
    const all = Object.assign({ Accept: "application/json" }, extra || {});
    if (authorized && token) all.Authorization = "Bearer " + token;
    return all;
  }

  async function failure(response) {
    let problem = null;
    try { problem = await response.json(); } catch (e) { /* not JSON */ }
    return new APIError(response.status, problem);
  }

  /**
   * GET a JSON resource. `signal` aborts it (a newer search replaces an older one); `store: false`
   * keeps it out of the browser's HTTP cache (searches: every prefix typed would be stored on disk,
   * only to be revalidated with the server if it were ever asked again).
   */
  async function get(path, params, options) {
    const opts = options || {};
    const cache = opts.store === false ? "no-store" : opts.revalidate ? "no-cache" : "default";
    const response = await fetch(url(path, params), { headers: headers(), signal: opts.signal, cache });
    if (!response.ok) throw await failure(response);
    const json = await response.json();
    return opts.withETag ? { json, etag: response.headers.get("ETag") } : json;
  }

  /**
   * GET a JSON resource with the signed-in token, never cached: jobs, which name the uploaded file
   * and quote it, need a token unless the server runs with --public-jobs.
   */
  async function getWithToken(path, params) {
    const response = await fetch(url(path, params), { headers: headers(undefined, true), cache: "no-store" });
    if (!response.ok) throw await failure(response);
    return response.json();
  }

  // Knowledge-base reads are asked for in both languages at once, so switching language needs no
  // new request. The browser revalidates them with their ETags; this cache only saves the
  // round trip within one visit.
  const cache = new Map();
  function cached(path, params) {
    const key = url(path, params);
    if (!cache.has(key)) {
      const pending = get(path, params).catch((error) => { cache.delete(key); throw error; });
      cache.set(key, pending);
    }
    return cache.get(key);
  }
  function forget() { cache.clear(); }

  /**
   * A write with the signed-in token: `method` to `path` with an optional JSON `body` sent as
   * `contentType` (default application/json) and `ifMatch` (an ETag). Resolves with the JSON answer.
   */
  async function send(method, path, options) {
    const opts = options || {};
    const extra = {};
    if (opts.body !== undefined) extra["Content-Type"] = opts.contentType || "application/json";
    if (opts.ifMatch) extra["If-Match"] = opts.ifMatch;
    const response = await fetch(path, {
      method, headers: headers(extra, true), cache: "no-store",
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    if (!response.ok) throw await failure(response);
    return response.status === 204 ? null : response.json();
  }

  /**
   * GET a file with the signed-in token (reads need one under --auth-reads), never cached: its
   * bytes as a Blob and the name `Content-Disposition` gives it (else `fallback`).
   */
  async function download(path, params, fallback) {
    const response = await fetch(url(path, params), { headers: headers(undefined, true), cache: "no-store" });
    if (!response.ok) throw await failure(response);
    const name = ((response.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/) || [])[1] || fallback;
    return { blob: await response.blob(), name };
  }

  /** POST with no body (job cancel). */
  function post(path) { return send("POST", path); }

  /**
   * POST a file or text as the request body, reporting upload progress (fetch cannot), and
   * resolve with the JSON answer.
   */
  function upload(path, params, body, onProgress) {
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open("POST", url(path, params));
      for (const [name, value] of Object.entries(headers({ "Content-Type": "application/octet-stream" }, true))) request.setRequestHeader(name, value);
      request.upload.onprogress = (event) => { if (event.lengthComputable && onProgress) onProgress(event.loaded, event.total); };
      request.onload = () => {
        let json = null;
        try { json = JSON.parse(request.responseText); } catch (e) { /* not JSON */ }
        if (request.status >= 200 && request.status < 300 && json) resolve(json);
        else reject(new APIError(request.status, json));
      };
      request.onerror = () => reject(new APIError(0, { detail: "the server could not be reached" }));
      request.send(body);
    });
  }

  G.api = { APIError, url, get, getWithToken, download, cached, forget, send, post, upload, setToken };
})(window.Guidebook);
