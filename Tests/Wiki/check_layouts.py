#!/usr/bin/env python3
"""Checks an exported wiki layout the way the wiki itself reads it, with tools that share none of
Guidebook's code (PyYAML, zipfile, json). Used by the Swift tests (Tests/GuidebookWikiTests) and by
`make wiki-check` (scripts/wiki-check.sh).

    check_layouts.py wikijs DIR [--source en]
    check_layouts.py mkdocs DIR
    check_layouts.py docusaurus DIR
    check_layouts.py bookstack ZIP

Each prints one JSON line (what it counted) and exits 0, or prints every problem and exits 1.
"""
import datetime
import json
import os
import re
import sys
import zipfile
from pathlib import PurePosixPath, PureWindowsPath

import yaml

problems = []


def problem(message):
    problems.append(message)


def files_under(root):
    found = []
    for folder, _dirs, names in os.walk(root):
        if "/.git" in folder + "/" or folder.endswith("/.git"):
            continue
        for name in names:
            found.append(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
    return sorted(found)


def front_matter(path):
    text = open(path, encoding="utf-8").read()
    if not text.startswith("---\n"):
        problem(f"{path}: no front matter")
        return {}, text
    end = text.index("\n---\n", 4)
    # yaml.BaseLoader would keep every value a string; safe_load gives the types a wiki sees.
    return yaml.safe_load(text[4:end]) or {}, text[end + 5:]


def check_portable_names(paths):
    """Every path can be checked out on Windows and macOS, and no two differ only in case."""
    folded = {}
    for path in paths:
        for part in PurePosixPath(path).parts:
            if PureWindowsPath(part).is_reserved() or re.search(r'[<>:"\\|?*\x00-\x1f]', part) or part.endswith((".", " ")):
                problem(f"{path}: '{part}' is not a valid file name on Windows or macOS")
        key = path.lower()
        if key in folded:
            problem(f"{path} and {folded[key]} differ only in case")
        folded[key] = path


def markdown_links(body):
    # A `]` after an odd number of backslashes is an escaped one in a text (`\[x\](y)`), not a link.
    return re.findall(r"(?<!\\)(?:\\\\)*\]\(([^)\s]+)\)", body)


def check_wikijs(root, source):
    paths = [p for p in files_under(root) if p.endswith(".md")]
    check_portable_names(paths)
    keys = ["title", "description", "published", "date", "tags", "editor", "dateCreated"]
    pages = {}
    fallbacks = 0
    for path in paths:
        front, body = front_matter(os.path.join(root, path))
        if list(front) != keys:
            problem(f"{path}: front matter keys {list(front)}, Wiki.js writes {keys}")
            continue
        for key in ("title", "description", "editor", "tags"):
            if not isinstance(front[key], str):
                problem(f"{path}: {key} is {type(front[key]).__name__}, not a string")
        if front["published"] is not True:
            problem(f"{path}: published is {front['published']!r}")
        for key in ("date", "dateCreated"):
            if not isinstance(front[key], datetime.datetime):
                problem(f"{path}: {key} is not a timestamp: {front[key]!r}")
        if front["editor"] != "markdown":
            problem(f"{path}: editor is {front['editor']!r}")
        # Wiki.js splits tags on ", " (server/modules/storage/disk/common.js).
        tags = front["tags"].split(", ") if isinstance(front["tags"], str) else []
        if not tags or any(not t or "," in t for t in tags):
            problem(f"{path}: tags {front['tags']!r} is not a comma list")
        if "untranslated" in tags:
            fallbacks += 1
            if "{.is-info}" not in body:
                problem(f"{path}: tagged untranslated but has no note")
        # Wiki.js (server/helpers/page.js getPagePath): a first folder of two letters is the locale.
        match = re.match(r"^([a-z]{2}(?:-[a-z]{2})?)/(.*)\.md$", path)
        locale, wiki_path = (match.group(1), match.group(2)) if match else (source, path[:-3])
        pages[(locale, wiki_path)] = body
    locales = sorted({locale for locale, _ in pages})
    for (locale, wiki_path) in pages:
        if locale != source and (source, wiki_path) not in pages:
            problem(f"{locale}/{wiki_path}.md has no English page {wiki_path}.md")
    for (locale, wiki_path) in pages:
        if locale == source:
            for other in locales:
                if (other, wiki_path) not in pages:
                    problem(f"{wiki_path}.md has no {other} page")
    links = 0
    for (locale, wiki_path), body in pages.items():
        for link in markdown_links(body):
            links += 1
            # The renderer (html-core) prefixes an absolute link without a locale with the page's own.
            if not link.startswith("/") or "." in link:
                problem(f"{locale}:{wiki_path} links to {link}, which Wiki.js would not read as a page path")
                continue
            if (locale, link[1:]) not in pages:
                problem(f"{locale}:{wiki_path} links to {link}, which is not a page in {locale}")
    return {"pages": len(pages), "locales": locales, "links": links, "fallbacks": fallbacks}


def check_mkdocs(root):
    config = yaml.safe_load(open(os.path.join(root, "mkdocs.yml"), encoding="utf-8"))
    i18n = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)
    if i18n.get("docs_structure") != "suffix":
        problem("mkdocs.yml: i18n docs_structure is not suffix")
    locales = [language["locale"] for language in i18n["languages"]]
    default = [language["locale"] for language in i18n["languages"] if language.get("default")]
    if len(default) != 1:
        problem(f"mkdocs.yml: default languages {default}")
    docs = os.path.join(root, config.get("docs_dir", "docs"))
    paths = files_under(docs)
    check_portable_names(paths)
    suffixed = re.compile(r"^(.*)\.(" + "|".join(re.escape(l) for l in locales) + r")\.md$")
    base = {p[:-3] for p in paths if p.endswith(".md") and not suffixed.match(p)}
    fallbacks = 0
    for page in base:
        for locale in locales:
            if locale == default[0]:
                continue
            if not os.path.exists(os.path.join(docs, f"{page}.{locale}.md")):
                problem(f"{page}.md has no {locale} page")
            else:
                front, _ = front_matter(os.path.join(docs, f"{page}.{locale}.md"))
                fallbacks += 1 if front.get("fallback") is True else 0
    def nav_files(items):
        for item in items:
            if isinstance(item, str):
                yield item
            else:
                for value in item.values():
                    yield from (nav_files(value) if isinstance(value, list) else [value])
    nav = list(nav_files(config["nav"]))
    for entry in nav:
        if entry[:-3] not in base:
            problem(f"mkdocs.yml nav names {entry}, which is not a page")
    if set(nav) != {p + ".md" for p in base}:
        problem(f"mkdocs.yml nav leaves out {sorted({p + '.md' for p in base} - set(nav))[:5]}")
    return {"pages": len(base), "locales": locales, "fallbacks": fallbacks}


def check_docusaurus(root):
    docs = os.path.join(root, "docs")
    english = [p for p in files_under(docs)]
    i18n = os.path.join(root, "i18n")
    locales = sorted(os.listdir(i18n)) if os.path.isdir(i18n) else []
    check_portable_names(["docs/" + p for p in english])
    pages = [p for p in english if p.endswith(".md")]
    for path in pages:
        front, _ = front_matter(os.path.join(docs, path))
        for key, kind in (("title", str), ("description", str), ("sidebar_position", int)):
            if not isinstance(front.get(key), kind):
                problem(f"docs/{path}: {key} is {front.get(key)!r}")
        if "custom_edit_url" not in front or front["custom_edit_url"] is not None:
            problem(f"docs/{path}: custom_edit_url is not null")
    # Each folder below docs/guidebook is a category with its _category_.json (label, position).
    for folder in {os.path.dirname(p) for p in pages if p.count("/") >= 2}:
        meta = os.path.join(docs, folder, "_category_.json")
        if not os.path.exists(meta):
            problem(f"docs/{folder} has no _category_.json")
            continue
        category = json.load(open(meta, encoding="utf-8"))
        if not isinstance(category.get("label"), str) or not isinstance(category.get("position"), int):
            problem(f"docs/{folder}/_category_.json: {category}")
    fallbacks = 0
    labels = {json.load(open(os.path.join(docs, f, "_category_.json")))["label"]
              for f in {os.path.dirname(p) for p in pages if p.count("/") >= 2} if os.path.exists(os.path.join(docs, f, "_category_.json"))}
    for locale in locales:
        plugin = os.path.join(i18n, locale, "docusaurus-plugin-content-docs")
        current = os.path.join(plugin, "current")
        translated = [p for p in files_under(current) if p.endswith(".md")]
        check_portable_names([f"i18n/{locale}/docusaurus-plugin-content-docs/current/{p}" for p in translated])
        if sorted(translated) != sorted(pages):
            problem(f"i18n/{locale}: pages {len(translated)} do not mirror docs/ ({len(pages)})")
        for path in translated:
            front, _ = front_matter(os.path.join(current, path))
            fallbacks += 1 if front.get("fallback") is True else 0
        keys = json.load(open(os.path.join(plugin, "current.json"), encoding="utf-8"))
        for label in labels:
            key = f"sidebar.guidebook.category.{label}"
            if key not in keys or not isinstance(keys[key].get("message"), str):
                problem(f"i18n/{locale}/docusaurus-plugin-content-docs/current.json has no {key}")
    # Relative links resolve to files of the same locale's tree.
    links = 0
    for base, paths in [(docs, pages)] + [(os.path.join(i18n, l, "docusaurus-plugin-content-docs", "current"), pages) for l in locales]:
        for path in paths:
            _, body = front_matter(os.path.join(base, path))
            for link in markdown_links(body):
                links += 1
                target = os.path.normpath(os.path.join(base, os.path.dirname(path), link))
                if not os.path.exists(target):
                    problem(f"{base}/{path} links to {link}, which does not resolve")
    return {"pages": len(pages), "locales": ["en"] + locales, "links": links, "fallbacks": fallbacks}


def check_bookstack(path):
    """The Portable ZIP field by field against BookStack's dev/docs/portable-zip-file-format.md."""
    archive = zipfile.ZipFile(path)
    names = archive.namelist()
    for name in names:
        if name != "data.json" and not name.startswith("files/"):
            problem(f"{path}: unexpected entry {name}")
    data = json.loads(archive.read("data.json"))
    allowed_top = {"instance", "exported_at", "book", "chapter", "page"}
    if set(data) - allowed_top:
        problem(f"data.json: unknown keys {set(data) - allowed_top}")
    if not isinstance(data.get("exported_at"), str):
        problem("data.json: exported_at is not a string")
    else:
        datetime.datetime.fromisoformat(data["exported_at"].replace("Z", "+00:00"))
    book = data.get("book")
    if not isinstance(book, dict):
        problem("data.json: no book")
        return {}

    def check_object(where, value, fields, required):
        if not isinstance(value, dict):
            problem(f"{where} is not an object")
            return
        for key in value:
            if key not in fields:
                problem(f"{where}: {key} is not a documented field")
        for key in required:
            if key not in value:
                problem(f"{where}: required {key} is missing")
        for key, kind in fields.items():
            if key in value and not isinstance(value[key], kind):
                problem(f"{where}.{key} is {type(value[key]).__name__}, not {kind}")

    tag_fields = {"name": str, "value": str}
    page_fields = {"id": int, "name": str, "html": str, "markdown": str, "priority": int, "attachments": list, "images": list, "tags": list}
    chapter_fields = {"id": int, "name": str, "description_html": str, "priority": int, "pages": list, "tags": list}
    book_fields = {"id": int, "name": str, "description_html": str, "cover": str, "chapters": list, "pages": list, "tags": list}
    check_object("book", book, book_fields, ["name"])
    all_pages = []
    for tag in book.get("tags", []):
        check_object("book.tags[]", tag, tag_fields, ["name"])
    for page in book.get("pages", []):
        check_object("book.pages[]", page, page_fields, ["name"])
        all_pages.append(page)
    for chapter in book.get("chapters", []):
        check_object("chapter", chapter, chapter_fields, ["name"])
        for tag in chapter.get("tags", []):
            check_object("chapter.tags[]", tag, tag_fields, ["name"])
        for page in chapter.get("pages", []):
            check_object("page", page, page_fields, ["name"])
            for tag in page.get("tags", []):
                check_object("page.tags[]", tag, tag_fields, ["name"])
            if not page.get("markdown"):
                problem(f"page {page.get('name')!r}: no markdown")
            all_pages.append(page)
    ids = [p["id"] for p in all_pages if "id" in p]
    if len(ids) != len(set(ids)):
        problem("page ids repeat")
    references = 0
    for page in all_pages:
        for kind, ref in re.findall(r"\[\[bsexport:(\w+):(\w+)\]\]", page.get("markdown", "")):
            references += 1
            if kind != "page" or int(ref) not in ids:
                problem(f"page {page['name']!r} references {kind}:{ref}, which is not in the export")
    priorities = [c.get("priority") for c in book.get("chapters", [])]
    if priorities != sorted(priorities):
        problem("chapters are not in priority order")
    fallbacks = sum(1 for p in all_pages if {"name": "fallback", "value": "true"} in p.get("tags", []))
    return {"book": book["name"], "chapters": len(book.get("chapters", [])), "pages": len(all_pages), "references": references, "fallbacks": fallbacks}


def main():
    kind, target = sys.argv[1], sys.argv[2]
    source = sys.argv[sys.argv.index("--source") + 1] if "--source" in sys.argv else "en"
    summary = {"wikijs": lambda: check_wikijs(target, source), "mkdocs": lambda: check_mkdocs(target),
               "docusaurus": lambda: check_docusaurus(target), "bookstack": lambda: check_bookstack(target)}[kind]()
    if problems:
        for line in problems[:50]:
            print(line, file=sys.stderr)
        print(f"{len(problems)} problem(s) in the {kind} layout at {target}", file=sys.stderr)
        sys.exit(1)
    print(json.dumps(summary, ensure_ascii=False))


if __name__ == "__main__":
    main()
