"use strict";
// Every request the page makes goes through here: one place for headers (a sign-in token will be
// added here when editing lands), problem+json errors and the small read cache.
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

  function headers(extra) {
    return Object.assign({ Accept: "application/json" }, extra || {});
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
    const response = await fetch(url(path, params), { headers: headers(), signal: opts.signal, cache: opts.store === false ? "no-store" : "default" });
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

  /** POST with no body (job cancel). */
  async function post(path) {
    const response = await fetch(path, { method: "POST", headers: headers() });
    if (!response.ok) throw await failure(response);
    return response.json();
  }

  /**
   * POST a file or text as the request body, reporting upload progress (fetch cannot), and
   * resolve with the JSON answer.
   */
  function upload(path, params, body, onProgress) {
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open("POST", url(path, params));
      for (const [name, value] of Object.entries(headers({ "Content-Type": "application/octet-stream" }))) request.setRequestHeader(name, value);
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

  G.api = { APIError, url, get, cached, forget, post, upload };
})(window.Guidebook);
