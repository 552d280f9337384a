"use strict";
// Building elements safely: every string becomes a text node, so data from the API is never
// parsed as HTML. The one exception to plain text, search highlights, arrives as private-use
// marker characters that `marked` turns into <mark> elements itself.
(function (G) {
  /** h("a", {href, class, onclick}, "text", child, ...): an element with attributes and children. */
  function h(tag, attributes, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value == null || value === false) continue;
      if (name === "class") element.className = value;
      else if (name === "dataset") Object.assign(element.dataset, value);
      else if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
      else element.setAttribute(name, value === true ? "" : String(value));
    }
    append(element, children);
    return element;
  }

  function append(element, children) {
    for (const child of children.flat(Infinity)) {
      if (child == null || child === false) continue;
      element.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return element;
  }

  /** Markers the search API is asked to put around matched words (`mark_start`, `mark_end`). */
  const MARK_START = "\uE000";
  const MARK_END = "\uE001";

  /** A fragment of text nodes and <mark> elements from a snippet with markers. */
  function marked(text) {
    const fragment = document.createDocumentFragment();
    let inside = false;
    for (const part of String(text).split(/([\uE000\uE001])/)) {
      if (part === MARK_START) inside = true;
      else if (part === MARK_END) inside = false;
      else if (part) fragment.append(inside ? h("mark", null, part) : document.createTextNode(part));
    }
    return fragment;
  }

  /** An inline SVG icon from a path (the paths are ours, never data). */
  function icon(path, className) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    if (className) svg.setAttribute("class", className);
    const shape = document.createElementNS("http://www.w3.org/2000/svg", "path");
    shape.setAttribute("d", path);
    svg.append(shape);
    return svg;
  }

  /**
   * What the main and detail panes show ("topic:…", "search:…", "imports"). A view claims a pane
   * before it loads and draws only if it still owns the pane when its data arrives.
   */
  G.panes = { main: null, detail: null };

  G.dom = { h, append, marked, icon, MARK_START, MARK_END };
})(window.Guidebook);
