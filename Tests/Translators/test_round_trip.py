"""Round trips through tools nobody here wrote: a file exported by a live server, ten units changed
by translate-toolkit (XLIFF 1.2 and PO; XLIFF 2.0, which translate-toolkit does not read, by
Python's ElementTree), imported back with `POST /v1/translations/import`. Exactly those ten units
change, and the file exported again equals the changed one except for its state and revision
markers, as translate-toolkit (or ElementTree) reads both.

scripts/translators-check.sh starts the server and runs this file after test_translation_files.py."""

import json
import os
import time
import unittest
import urllib.request
import xml.etree.ElementTree as ElementTree

import polib
from translate.storage import po, xliff

URL = os.environ["GUIDEBOOK_URL"]
TOKEN = os.environ["GUIDEBOOK_TOKEN"]
XLIFF2 = "urn:oasis:names:tc:xliff:document:2.0"
GB = "urn:guidebook:translation:1"


def export(query):
    with urllib.request.urlopen(URL + "/v1/translations/export?" + query, timeout=60) as response:
        return response.read()


def api(path, method="GET", data=None):
    request = urllib.request.Request(URL + path, method=method, data=data)
    request.add_header("Authorization", "Bearer " + TOKEN)
    if data is not None:
        request.add_header("Content-Type", "application/octet-stream")
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, json.loads(response.read())


def import_file(data, query=""):
    """The translated file through the job API: the finished job."""
    status, job = api("/v1/translations/import?" + query, "POST", data)
    assert status == 202, (status, job)
    deadline = time.time() + 120
    while job["status"] not in ("succeeded", "failed", "canceled") and time.time() < deadline:
        time.sleep(0.1)
        _, job = api("/v1/jobs/" + job["id"])
    return job


def translation(unit_id):
    """A guideline's Korean translation as the API reads it."""
    _, body = api("/v1/guidelines/%s/translations/ko" % unit_id.split(":", 1)[1])
    return body


def spread(units, count=10):
    """`count` units taken evenly across the list (so across topics)."""
    step = max(1, len(units) // count)
    return units[::step][:count]


class RoundTripTests(unittest.TestCase):
    def assert_exactly_these_changed(self, job, chosen_ids, total_units):
        self.assertEqual(job["status"], "succeeded", job.get("error"))
        result = job["result"]
        self.assertEqual(result["units"], total_units)
        self.assertEqual(result["counts"]["written"], 10, result["counts"])
        self.assertEqual(result["counts"]["unchanged"] + result["counts"]["untranslated"], total_units - 10, result["counts"])
        self.assertEqual([change["id"] for change in result["changes"]], chosen_ids)
        self.assertEqual(result["conflicts"], [])

    def test_po_changed_by_translate_toolkit(self):
        store = po.pofile.parsestring(export("locale=ko&format=po"))
        units = [unit for unit in store.units if not unit.isheader()]
        chosen = spread([unit for unit in units if unit.getcontext().startswith("guideline:") and unit.target and not unit.isfuzzy()])
        for index, unit in enumerate(chosen):
            unit.target = "번역 %d: %s" % (index, unit.target[:40])
        changed = bytes(store)
        chosen_ids = [unit.getcontext() for unit in chosen]
        self.assert_exactly_these_changed(import_file(changed), chosen_ids, len(units))
        for unit in chosen:
            self.assertEqual(translation(unit.getcontext())["text"], unit.target)
            self.assertEqual(translation(unit.getcontext())["state"], "translated")

        # Exported again: what polib reads equals the changed file, but for the markers.
        def comparable(data):
            catalog = polib.pofile(data.decode("utf-8"))
            metadata = {key: value for key, value in catalog.metadata.items() if key != "X-Guidebook-Cursor"}
            entries = [(entry.msgctxt, entry.msgid, entry.msgstr, entry.occurrences,
                        [line for line in entry.comment.splitlines() if not line.startswith("English revision ")],
                        sorted(flag for flag in entry.flags if flag != "fuzzy"))
                       for entry in catalog]
            return metadata, entries
        self.assertEqual(comparable(export("locale=ko&format=po")), comparable(changed))

    def test_xliff12_changed_by_translate_toolkit(self):
        store = xliff.xlifffile.parsestring(export("locale=ko&format=xliff12"))
        units = [unit for unit in store.units if not unit.isheader()]

        def unit_id(unit):
            return unit.getid().split("\x04")[-1]
        def state(unit):
            target = unit.xmlelement.find("{urn:oasis:names:tc:xliff:document:1.2}target")
            return None if target is None else target.get("state")
        # Translated (waiting for review): a translator's change of it is written as translated.
        chosen = spread([unit for unit in units if unit_id(unit).startswith("guideline:") and unit.target and state(unit) == "translated"])
        for index, unit in enumerate(chosen):
            unit.target = "번역 %d: %s" % (index, unit.target[:40])
        changed = bytes(store)
        chosen_ids = [unit_id(unit) for unit in chosen]
        self.assert_exactly_these_changed(import_file(changed), chosen_ids, len(units))
        for unit in chosen:
            self.assertEqual(translation(unit_id(unit))["text"], unit.target)
            self.assertEqual(translation(unit_id(unit))["state"], "translated")

        def comparable(data):
            parsed = xliff.xlifffile.parsestring(data)
            return (parsed.getsourcelanguage(), parsed.gettargetlanguage(), parsed.getfilenames(),
                    [(unit_id(unit), unit.source, unit.target, unit.getnotes()) for unit in parsed.units if not unit.isheader()])
        self.assertEqual(comparable(export("locale=ko&format=xliff12")), comparable(changed))

    def test_xliff2_changed_by_elementtree(self):
        """translate-toolkit has no XLIFF 2.0 store (its issue 3369): Python's own XML library
        changes the targets and marks the segments translated, as an XLIFF 2.0 tool would."""
        ElementTree.register_namespace("", XLIFF2)
        ElementTree.register_namespace("gb", GB)
        root = ElementTree.fromstring(export("locale=ko&format=xliff2"))
        units = list(root.iter("{%s}unit" % XLIFF2))

        def target(unit):
            return unit.find("{%s}segment/{%s}target" % (XLIFF2, XLIFF2))
        chosen = spread([unit for unit in units if unit.get("id").startswith("guideline:") and target(unit) is not None
                         and unit.find("{%s}segment" % XLIFF2).get("state") == "translated"])
        for index, unit in enumerate(chosen):
            target(unit).text = "번역 %d: %s" % (index, target(unit).text[:40])
        changed = ElementTree.tostring(root, encoding="utf-8", xml_declaration=True)
        chosen_ids = [unit.get("id") for unit in chosen]
        self.assert_exactly_these_changed(import_file(changed), chosen_ids, len(units))

        def comparable(data):
            parsed = ElementTree.fromstring(data)
            return [(file.get("id"), [(unit.get("id"), "".join(unit.find(".//{%s}source" % XLIFF2).itertext()),
                                       None if target(unit) is None else "".join(target(unit).itertext()),
                                       [note.text for note in unit.iter("{%s}note" % XLIFF2)])
                                      for unit in file.iter("{%s}unit" % XLIFF2)])
                    for file in parsed.iter("{%s}file" % XLIFF2)]
        self.assertEqual(comparable(export("locale=ko&format=xliff2")), comparable(changed))

    def test_a_conflict_is_reported_not_applied(self):
        """The English of one unit changes after the export: the same file imported with
        `on_conflict=skip` leaves that translation alone and names the old and new English."""
        catalog = polib.pofile(export("locale=ko&format=po&topic=sheets").decode("utf-8"))
        entry = next(entry for entry in catalog if entry.msgctxt.startswith("guideline:") and entry.msgstr and not entry.fuzzy)
        guideline = entry.msgctxt.split(":", 1)[1]
        before = translation(entry.msgctxt)["text"]
        new_english = entry.msgid + " (changed after the export)"
        request = urllib.request.Request(URL + "/v1/guidelines/" + guideline, method="PATCH", data=json.dumps({"text": new_english}).encode())
        request.add_header("Authorization", "Bearer " + TOKEN)
        request.add_header("Content-Type", "application/merge-patch+json")
        urllib.request.urlopen(request, timeout=60).read()
        entry.msgstr = "다른 번역"
        job = import_file(str(catalog).encode("utf-8"), "on_conflict=skip")
        self.assertEqual(job["status"], "succeeded", job.get("error"))
        conflict = job["result"]["conflicts"][0]
        self.assertEqual((conflict["id"], conflict["old_source"], conflict["new_source"], conflict["offered"], conflict["outcome"]),
                         (entry.msgctxt, entry.msgid, new_english, "다른 번역", "conflict-skipped"))
        self.assertEqual(translation(entry.msgctxt)["text"], before)


if __name__ == "__main__":
    unittest.main(verbosity=2)
