"use strict";
// Runs before the first paint (a blocking script in <head>, kept tiny): applies the remembered
// appearance and language so the page never flashes the wrong theme or labels.
window.Guidebook = window.Guidebook || {};
(function (G) {
  const store = {
    get(key) { try { return localStorage.getItem("guidebook." + key); } catch (e) { return null; } },
    set(key, value) { try { localStorage.setItem("guidebook." + key, value); } catch (e) { /* private mode: not remembered */ } },
  };
  const LANGS = ["en", "ko", "en,ko"];
  const THEMES = ["auto", "light", "dark"];

  /** Both languages side by side until the reader chooses: the page exists to read them together. */
  const DEFAULT_LANG = "en,ko";

  /** The language: the URL's `lang` wins, then the remembered choice, then the default. */
  function initialLang() {
    const fromURL = new URLSearchParams(location.search).get("lang");
    if (fromURL && LANGS.includes(fromURL)) return fromURL;
    const remembered = store.get("lang");
    if (remembered && LANGS.includes(remembered)) return remembered;
    return DEFAULT_LANG;
  }

  const systemDark = window.matchMedia("(prefers-color-scheme: dark)");
  let choice = "auto";

  /** Shows `theme` ("light", "dark", or "auto": the system's appearance, followed as it changes). */
  function applyTheme(theme) {
    choice = theme;
    const dark = theme === "dark" || (theme !== "light" && systemDark.matches);
    document.documentElement.dataset.theme = dark ? "dark" : "light";
  }
  systemDark.addEventListener("change", () => { if (choice === "auto") applyTheme("auto"); });

  const theme = THEMES.includes(store.get("theme")) ? store.get("theme") : "auto";
  applyTheme(theme);
  const lang = initialLang();
  document.documentElement.lang = lang === "ko" ? "ko" : "en";
  document.documentElement.dataset.lang = lang;

  G.prefs = { store, LANGS, THEMES, DEFAULT_LANG, lang, theme, applyTheme };
})(window.Guidebook);
