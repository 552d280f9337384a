#!/usr/bin/env python3
"""Checks that every text of a bundle reads in the site `mkdocs build` made from its MkDocs layout
exactly as written, and adds no structure: each topic page, in each language, is its title (h1),
its summary (p), and per section a title (h2) and a list (ul) of the guidelines (li), with nothing
else but the layout's own admonition where English stands in; the index pages are a title, a
description and each category's title with its topics' links. Texts are compared as the browser
shows them (entities decoded), so a stray backslash, an entity read as a character or a text
turned into a heading, a list, a quote, code, a table or an admonition is a problem.

    check_mkdocs_text.py SITE_DIR BUNDLE.json LOCALE...   (the default locale first)
"""
import json
import os
import sys
from html.parser import HTMLParser

site, bundle_path, locales = sys.argv[1], sys.argv[2], sys.argv[3:]
bundle = json.load(open(bundle_path, encoding="utf-8"))
source = locales[0]
problems = []


class MainContent(HTMLParser):
    """The elements of the theme's `<div role="main">`: each start tag with its class, and the text
    of the elements whose text is compared."""

    TEXT_TAGS = {"h1", "h2", "h3", "h4", "h5", "h6", "p", "li", "a"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0  # open divs inside the main one (0: outside it)
        self.elements = []  # [tag, class, text]
        self.open_text = []  # indices of elements whose text is being gathered

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if self.depth == 0:
            if tag == "div" and attributes.get("role") == "main":
                self.depth = 1
            return
        if tag == "div":
            self.depth += 1
        self.elements.append([tag, attributes.get("class") or "", ""])
        if tag in self.TEXT_TAGS:
            self.open_text.append(len(self.elements) - 1)

    def handle_endtag(self, tag):
        if self.depth == 0:
            return
        if tag == "div":
            self.depth -= 1
        if tag in self.TEXT_TAGS and self.open_text:
            self.open_text.pop()

    def handle_data(self, data):
        if self.depth and self.open_text:
            for index in self.open_text:
                self.elements[index][2] += data


def read(path):
    parser = MainContent()
    parser.feed(open(path, encoding="utf-8").read())
    return parser.elements


def localized(text, locale):
    """The text a page in `locale` shows (the source's standing in), trimmed as the export trims, or None."""
    value = text.get(locale) or text.get(source)
    return value.strip() if value and value.strip() else None


def compare(page, elements, expected):
    """`expected`: [tag, class or None (any), text or None (not compared)] for every element."""
    for index in range(max(len(elements), len(expected))):
        got = elements[index] if index < len(elements) else None
        want = expected[index] if index < len(expected) else None
        if got is None or want is None or got[0] != want[0] or (want[1] is not None and got[1] != want[1]) \
                or (want[2] is not None and got[2] != want[2]):
            problems.append(f"{page}: element {index} is {got}, expected {want}")
            return False
    return True


def page_path(locale, *parts):
    root = site if locale == source else os.path.join(site, locale)
    return os.path.join(root, *parts, "index.html")


texts = 0
pages = 0
for locale in locales:
    for topic in bundle["topics"]:
        lines = [("h1", topic["title"]), ("p", topic.get("summary", {}))]
        for section in topic["sections"]:
            lines.append(("h2", section.get("title", {})))
            lines.append(("ul", None))
            lines += [("li", guideline["text"]) for guideline in section["guidelines"]]
        expected = []
        fallback = False
        for tag, text in lines:
            if text is None:
                expected.append([tag, "", None])
                continue
            shown = localized(text, locale)
            if shown is None:
                continue
            fallback = fallback or (locale != source and not (text.get(locale) or "").strip())
            expected.append([tag, "", shown])
            texts += 1
        if fallback:
            expected = [["div", "admonition note", None], ["p", "admonition-title", None], ["p", "", None]] + expected
        path = page_path(locale, topic["category"], topic["slug"])
        pages += 1
        compare(path, read(path), expected)

    # The index: its title and description, then each category's title and its topics' links.
    expected = [["h1", "", None], ["p", "", None]]
    for category in bundle["categories"]:
        members = [topic for topic in bundle["topics"] if topic["category"] == category["slug"]]
        if not members:
            continue
        expected += [["h2", "", localized(category["title"], locale)], ["ul", "", None]]
        for topic in members:
            expected += [["li", "", None], ["a", "", localized(topic["title"], locale)]]
            texts += 1
    path = page_path(locale)
    pages += 1
    compare(path, read(path), expected)

if problems:
    for line in problems[:40]:
        print(line, file=sys.stderr)
    print(f"{len(problems)} page(s) whose texts do not read as written", file=sys.stderr)
    sys.exit(1)
print(json.dumps({"pages": pages, "texts": texts, "locales": locales}))
