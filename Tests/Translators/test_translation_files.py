"""The translators' files of `GET /v1/translations/export`, read by tools nobody here wrote:
translate-toolkit's `xliff`, `poxliff` and `po` stores, polib, gettext's `msgfmt --check` and
libxml2's `xmllint`, against a live server on the seed (scripts/translators-check.sh starts it).

The XLIFF 2.0 schema cannot be fetched here, so `check_xliff2_structure` checks what the
specification requires of the core elements (their nesting, order and required attributes, unique
ids) on the tree xmllint has parsed."""

import json
import os
import subprocess
import tempfile
import unittest
import urllib.request
import xml.etree.ElementTree as ElementTree

import polib
from translate.storage import factory, po, poxliff, xliff

URL = os.environ["GUIDEBOOK_URL"]
XLIFF2 = "urn:oasis:names:tc:xliff:document:2.0"
XLIFF12 = "urn:oasis:names:tc:xliff:document:1.2"


def fetch(query):
    with urllib.request.urlopen(URL + "/v1/translations/export?" + query, timeout=60) as response:
        return response.status, response.headers, response.read()


def fetch_json(path, method="GET", body=None):
    request = urllib.request.Request(URL + path, method=method, data=None if body is None else json.dumps(body).encode())
    if body is not None:
        request.add_header("Content-Type", "application/json")
        request.add_header("Authorization", "Bearer " + os.environ["GUIDEBOOK_TOKEN"])
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


# Markup, entity references, a CDATA end, a DOCTYPE with an external entity, quotes, a backslash:
# each must reach every file as text.
HOSTILE_ID = "progress-indicators.hostile-text-for-translators"
HOSTILE = ("]]> <script>alert(1)</script> &amp; &xxe; \"double\" 'single' "
           "<!DOCTYPE x [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]> back\\slash\tand a tab")


# The files the tests hand to other tools, in one folder removed when the module's tests end.
SAVED = tempfile.TemporaryDirectory(prefix="guidebook-translator-files-")


def tearDownModule():
    SAVED.cleanup()


def saved(data, suffix):
    handle, path = tempfile.mkstemp(suffix=suffix, dir=SAVED.name)
    with os.fdopen(handle, "wb") as file:
        file.write(data)
    return path


def xmllint(path):
    """xmllint parses the file without the network and without entity substitution (--noent is
    not given; --nonet refuses fetching anything) and prints it back as XML."""
    result = subprocess.run(["xmllint", "--nonet", "--noout", path], capture_output=True, text=True)
    return result.returncode, result.stderr


def tag(namespace, name):
    return "{%s}%s" % (namespace, name)


def check_xliff2_structure(test, root):
    """What XLIFF 2.0 core requires: `<xliff version="2.0" srcLang trgLang>` holding one or more
    `<file id>`; a file holds an optional `<notes>` before one or more `<unit id>` (or `<group>`);
    a unit holds optional `<notes>` before one or more `<segment>` (or `<ignorable>`); a segment
    holds one `<source>` and an optional `<target>` after it; `state` is one of the four values
    and `subState` only with `state`; file ids are unique in the document, unit ids in their file."""
    test.assertEqual(root.tag, tag(XLIFF2, "xliff"))
    test.assertEqual(root.get("version"), "2.0")
    test.assertEqual(root.get("srcLang"), "en")
    test.assertEqual(root.get("trgLang"), "ko")
    files = list(root)
    test.assertTrue(files, "an <xliff> needs at least one <file>")
    file_ids = set()
    for file in files:
        test.assertEqual(file.tag, tag(XLIFF2, "file"))
        test.assertTrue(file.get("id"))
        test.assertNotIn(file.get("id"), file_ids)
        file_ids.add(file.get("id"))
        children = [child.tag for child in file]
        units = [child for child in file if child.tag == tag(XLIFF2, "unit")]
        test.assertTrue(units, "a <file> needs at least one <unit>")
        if tag(XLIFF2, "notes") in children:
            test.assertEqual(children.index(tag(XLIFF2, "notes")), 0, "a file's <notes> come before its units")
            test.assertEqual(children.count(tag(XLIFF2, "notes")), 1)
        unit_ids = set()
        for unit in units:
            test.assertTrue(unit.get("id"))
            test.assertNotIn(unit.get("id"), unit_ids)
            unit_ids.add(unit.get("id"))
            parts = [child.tag for child in unit]
            segments = [child for child in unit if child.tag == tag(XLIFF2, "segment")]
            test.assertTrue(segments, "a <unit> needs at least one <segment>")
            if tag(XLIFF2, "notes") in parts:
                test.assertEqual(parts.index(tag(XLIFF2, "notes")), 0, "a unit's <notes> come first")
                for note in unit.find(tag(XLIFF2, "notes")):
                    test.assertEqual(note.tag, tag(XLIFF2, "note"))
            for segment in segments:
                inner = [child.tag for child in segment]
                test.assertEqual(inner[0], tag(XLIFF2, "source"))
                test.assertEqual(inner.count(tag(XLIFF2, "source")), 1)
                test.assertLessEqual(inner.count(tag(XLIFF2, "target")), 1)
                test.assertLessEqual(len(inner), 2)
                test.assertIn(segment.get("state", "initial"), ("initial", "translated", "reviewed", "final"))
                if segment.get("subState") is not None:
                    test.assertIsNotNone(segment.get("state"), "subState needs state")
                    test.assertIn(":", segment.get("subState"))
                if segment.get("state") in ("translated", "reviewed", "final"):
                    test.assertIn(tag(XLIFF2, "target"), inner, "a translated segment has a target")


def _state_of(segment):
    """The Guidebook state an XLIFF 2.0 segment's state and subState stand for."""
    if segment.get("state") == "final":
        return "approved"
    if segment.get("state") == "translated":
        return "translated"
    if segment.get("subState") in ("gb:draft", "gb:outdated"):
        return segment.get("subState")[3:]
    return "missing"


class TranslationFileTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        fetch_json("/v1/guidelines", "POST", {"id": HOSTILE_ID, "topic": "progress-indicators", "section": "progress-bars", "text": HOSTILE})
        # Every review state in the files: one approved translation and one draft beside the seed's translated ones.
        fetch_json("/v1/guidelines/sheets.mail-compose/translations/ko/approve", "POST", {})
        draft = fetch_json("/v1/guidelines/sheets.distinct-related-task/translations/ko")
        fetch_json("/v1/guidelines/sheets.distinct-related-task/translations/ko", "PUT", {"text": draft["text"], "state": "draft"})
        cls.coverage = fetch_json("/v1/translations/coverage")

    def guideline_counts(self):
        ko = next(item for item in self.coverage["items"] if item["locale"] == "ko")
        return ko["total"], ko["current"], ko["outdated"], ko["missing"]

    def review_counts(self):
        ko = next(item for item in self.coverage["items"] if item["locale"] == "ko")
        return ko["draft"], ko["translated"], ko["approved"]

    def test_xliff2_is_well_formed_and_has_the_required_structure(self):
        status, headers, data = fetch("locale=ko&format=xliff2")
        self.assertEqual(status, 200)
        self.assertTrue(headers["Content-Type"].startswith("application/xliff+xml"))
        self.assertNotIn(b"<!DOCTYPE", data)
        self.assertNotIn(b"<!ENTITY", data)
        path = saved(data, ".xlf")
        code, errors = xmllint(path)
        self.assertEqual(code, 0, errors)
        root = ElementTree.fromstring(data)
        check_xliff2_structure(self, root)
        # One <file> per topic with units, one unit per guideline (and per topic title, summary
        # and section title): every guideline of the seed is there.
        total = self.guideline_counts()[0]
        units = root.iter(tag(XLIFF2, "unit"))
        guideline_units = [unit for unit in units if unit.get("id").startswith("guideline:")]
        self.assertEqual(len(guideline_units), total)
        topics = fetch_json("/v1/topics?limit=100")["items"]
        self.assertEqual({file.get("id") for file in root}, {topic["slug"] for topic in topics})

    def test_xliff2_states_match_the_coverage(self):
        _, _, data = fetch("locale=ko&format=xliff2")
        root = ElementTree.fromstring(data)
        total, current, outdated, missing = self.guideline_counts()
        draft, translated, approved = self.review_counts()
        self.assertEqual((draft, approved), (1, 1))
        states = {"approved": 0, "translated": 0, "draft": 0, "outdated": 0, "missing": 0}
        for unit in root.iter(tag(XLIFF2, "unit")):
            if not unit.get("id").startswith("guideline:"):
                continue
            segment = unit.find(tag(XLIFF2, "segment"))
            self.assertIsNotNone(segment.get("{urn:guidebook:translation:1}revision") or unit.get("{urn:guidebook:translation:1}revision"))
            if segment.get("state") == "final":
                states["approved"] += 1
            elif segment.get("state") == "translated":
                states["translated"] += 1
            elif segment.get("subState") == "gb:draft":
                states["draft"] += 1
                self.assertIsNotNone(segment.find(tag(XLIFF2, "target")))
            elif segment.get("subState") == "gb:outdated":
                states["outdated"] += 1
                self.assertIsNotNone(segment.find(tag(XLIFF2, "target")))
            else:
                states["missing"] += 1
                self.assertIsNone(segment.find(tag(XLIFF2, "target")))
            self.assertEqual(unit.get("{urn:guidebook:translation:1}state"), _state_of(segment))
        self.assertEqual(states, {"approved": approved, "translated": translated, "draft": draft, "outdated": outdated, "missing": missing})
        self.assertEqual(approved + translated + draft, current)

    def test_xliff12_through_translate_toolkit(self):
        _, _, data = fetch("locale=ko&format=xliff12")
        self.assertEqual(xmllint(saved(data, ".xlf"))[0], 0)
        store = xliff.xlifffile.parsestring(data)
        units = [unit for unit in store.units if not unit.isheader()]
        self.assertTrue(units)
        total, current, outdated, missing = self.guideline_counts()
        guideline_units = [unit for unit in units if unit.getid().split("\x04")[-1].startswith("guideline:")]
        self.assertEqual(len(guideline_units), total)
        draft, translated, approved = self.review_counts()
        self.assertEqual(sum(1 for unit in guideline_units if unit.gettarget()), current + outdated)
        # Only an approved translation is approved="yes" (translate-toolkit's isapproved reads it).
        self.assertEqual(sum(1 for unit in guideline_units if unit.isapproved()), approved)
        self.assertEqual(store.gettargetlanguage(), "ko")
        self.assertEqual(store.getsourcelanguage(), "en")
        for unit in units:
            self.assertTrue(unit.source)
        # Every file of the export names a topic the API has.
        self.assertTrue(all(name.startswith("/v1/topics/") for name in store.getfilenames()))

    def test_po_through_polib_msgfmt_and_translate_toolkit(self):
        status, headers, data = fetch("locale=ko&format=po")
        self.assertEqual(status, 200)
        self.assertTrue(headers["Content-Type"].startswith("text/x-gettext-translation"))
        path = saved(data, ".po")
        result = subprocess.run(["msgfmt", "--check", "--statistics", "-o", os.devnull, path], capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)
        catalog = polib.pofile(data.decode("utf-8"))
        self.assertEqual(catalog.metadata["Language"], "ko")
        self.assertIn("X-Guidebook-Cursor", catalog.metadata)
        total, current, outdated, missing = self.guideline_counts()
        guidelines = [entry for entry in catalog if entry.msgctxt.startswith("guideline:")]
        self.assertEqual(len(guidelines), total)
        draft, translated, approved = self.review_counts()
        # A draft and an outdated translation are fuzzy: not used as they stand.
        self.assertEqual(len([entry for entry in guidelines if entry.fuzzy]), outdated + draft)
        self.assertEqual(len([entry for entry in guidelines if "state: approved" in entry.comment]), approved)
        self.assertEqual(len([entry for entry in guidelines if not entry.msgstr]), missing)
        self.assertEqual(len({entry.msgctxt for entry in catalog}), len(catalog), "msgctxt is unique")
        for entry in guidelines:
            self.assertTrue(any(line.startswith("English revision ") for line in entry.comment.splitlines()))
        # translate-toolkit's own PO reader agrees on the units and their states.
        store = po.pofile.parsestring(data)
        units = [unit for unit in store.units if not unit.isheader()]
        self.assertEqual(len(units), len(catalog))
        self.assertEqual(sum(1 for unit in units if unit.isfuzzy()), len(catalog.fuzzy_entries()))
        # msgfmt's statistics count the same: translated = non-empty and not fuzzy.
        translated = len([entry for entry in catalog if entry.msgstr and not entry.fuzzy])
        self.assertIn("%d translated message" % translated, result.stderr)

    def test_po_round_trips_through_xliff_with_translate_toolkit(self):
        """translate-toolkit converts our PO into its PO-flavoured XLIFF (`poxliff`) and back; the
        units and their contexts survive."""
        _, _, data = fetch("locale=ko&format=po")
        store = po.pofile.parsestring(data)
        converted = poxliff.PoXliffFile()
        for unit in store.units:
            if unit.isheader():
                continue
            added = converted.addsourceunit(unit.source)
            added.target = unit.target
            added.setid(unit.getcontext())
        reparsed = poxliff.PoXliffFile.parsestring(bytes(converted))
        # poxliff names a unit `FILE\x04ID` (no file name here: NoName).
        self.assertEqual([unit.getid().split("\x04")[-1] for unit in reparsed.units], [unit.getcontext() for unit in store.units if not unit.isheader()])
        self.assertEqual(len(reparsed.units), len([unit for unit in store.units if not unit.isheader()]))

    def test_the_factory_recognises_each_format(self):
        for format_name, suffix, kind in (("xliff12", ".xlf", xliff.xlifffile), ("po", ".po", po.pofile)):
            _, _, data = fetch("locale=ko&format=" + format_name)
            path = saved(data, suffix)
            with open(path, "rb") as file:
                self.assertIsInstance(factory.getobject(file), kind)

    def test_state_and_topic_filters(self):
        _, _, data = fetch("locale=ko&format=po&state=missing,outdated&topic=progress-indicators")
        catalog = polib.pofile(data.decode("utf-8"))
        self.assertTrue(len(catalog) > 0)
        for entry in catalog:
            self.assertTrue(entry.fuzzy or not entry.msgstr, entry.msgctxt)
            self.assertTrue(entry.msgctxt.startswith(("guideline:progress-indicators.", "topic:progress-indicators:", "section:progress-indicators:")),
                            entry.msgctxt)

    def test_bad_parameters_are_400(self):
        for query in ("format=po", "locale=ko&format=docx", "locale=en&format=po", "locale=ko&state=done", "locale=ko&topic=no-such-topic"):
            with self.assertRaises(urllib.error.HTTPError) as raised:
                fetch(query)
            self.assertEqual(raised.exception.code, 400, query)
            self.assertTrue(raised.exception.headers["Content-Type"].startswith("application/problem+json"))

    def test_hostile_text_is_escaped_in_every_format(self):
        """A guideline whose English holds markup, an entity reference, a CDATA end, quotes and a
        control character reaches each file as text: xmllint parses the XLIFF, the parsed source
        equals the stored text, and the PO passes msgfmt with the text intact."""
        hostile = HOSTILE_ID
        text = fetch_json("/v1/guidelines/" + hostile)["text"]
        text = text["en"] if isinstance(text, dict) else text
        self.assertEqual(text, HOSTILE)
        for format_name in ("xliff2", "xliff12"):
            _, _, data = fetch("locale=ko&format=" + format_name)
            self.assertNotIn(b"<script>", data)
            self.assertEqual(xmllint(saved(data, ".xlf"))[0], 0)
            root = ElementTree.fromstring(data)
            namespace = XLIFF2 if format_name == "xliff2" else XLIFF12
            unit = next(unit for unit in root.iter(tag(namespace, "unit" if format_name == "xliff2" else "trans-unit"))
                        if unit.get("id") == "guideline:" + hostile)
            source = unit.find(".//" + tag(namespace, "source"))
            self.assertEqual("".join(source.itertext()), text)
        _, _, data = fetch("locale=ko&format=po")
        self.assertEqual(subprocess.run(["msgfmt", "--check", "-o", os.devnull, saved(data, ".po")]).returncode, 0)
        entry = next(entry for entry in polib.pofile(data.decode("utf-8")) if entry.msgctxt == "guideline:" + hostile)
        self.assertEqual(entry.msgid, text)


if __name__ == "__main__":
    unittest.main(verbosity=2)
