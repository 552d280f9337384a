#!/usr/bin/env python3
"""Checks the site `mkdocs build --strict` made from the MkDocs layout: every page exists in every
language (the default language at the root, the others under /<locale>/, each with its
<html lang>), and every relative link of every page resolves to a file of the site.

    check_mkdocs_site.py SITE_DIR DOCS_DIR LOCALE...   (the default locale first)
"""
import json
import os
import re
import sys
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

site, docs, locales = sys.argv[1], sys.argv[2], sys.argv[3:]
problems = []


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.lang = None
        self.links = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "html":
            self.lang = attributes.get("lang")
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"])


# The source pages (the default language's files, without a locale suffix).
suffix = re.compile(r"\.(" + "|".join(map(re.escape, locales[1:])) + r")\.md$") if len(locales) > 1 else None
pages = []
for folder, _dirs, names in os.walk(docs):
    for name in names:
        path = os.path.relpath(os.path.join(folder, name), docs)
        if name.endswith(".md") and not (suffix and suffix.search(name)):
            pages.append(path[:-3])

checked = links = 0
for locale_index, locale in enumerate(locales):
    root = site if locale_index == 0 else os.path.join(site, locale)
    for page in pages:
        built = os.path.join(root, "index.html" if page == "index" else page + "/index.html")
        if not os.path.exists(built):
            problems.append(f"{locale}: {page} was not built ({built})")
            continue
        parser = Page()
        parser.feed(open(built, encoding="utf-8").read())
        checked += 1
        if parser.lang != locale:
            problems.append(f"{built}: <html lang={parser.lang!r}>, not {locale}")
        for href in parser.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith("#") or href.startswith("mailto:"):
                continue
            links += 1
            target = os.path.normpath(os.path.join(os.path.dirname(built), unquote(parts.path)))
            if os.path.isdir(target):
                target = os.path.join(target, "index.html")
            if not os.path.exists(target):
                problems.append(f"{built}: the link {href} does not resolve")

if problems:
    for line in problems[:40]:
        print(line, file=sys.stderr)
    print(f"{len(problems)} problem(s) in the MkDocs site", file=sys.stderr)
    sys.exit(1)
print(json.dumps({"pages": len(pages), "built": checked, "links": links, "locales": locales}))
