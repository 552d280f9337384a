"""The translation memory's TMX, exchanged with translate-toolkit's `tmx` store: our export read by
it (and by xmllint), a memory written by it (with its `<!DOCTYPE tmx SYSTEM "tmx14.dtd">`)
imported, kept apart from the base's translations and offered by the memory lookup.

scripts/translators-check.sh starts the server and runs this file after the round trips."""

import json
import os
import subprocess
import tempfile
import time
import unittest
import urllib.request

import polib
from translate.storage import tmx

URL = os.environ["GUIDEBOOK_URL"]
TOKEN = os.environ["GUIDEBOOK_TOKEN"]


def get(path):
    with urllib.request.urlopen(URL + path, timeout=60) as response:
        return response.status, response.headers, response.read()


def post_job(path, data):
    request = urllib.request.Request(URL + path, method="POST", data=data)
    request.add_header("Authorization", "Bearer " + TOKEN)
    request.add_header("Content-Type", "application/octet-stream")
    with urllib.request.urlopen(request, timeout=60) as response:
        job = json.loads(response.read())
    deadline = time.time() + 120
    while job["status"] not in ("succeeded", "failed", "canceled") and time.time() < deadline:
        time.sleep(0.1)
        request = urllib.request.Request(URL + "/v1/jobs/" + job["id"])
        request.add_header("Authorization", "Bearer " + TOKEN)
        with urllib.request.urlopen(request, timeout=60) as response:
            job = json.loads(response.read())
    return job


class MemoryTests(unittest.TestCase):
    def test_our_tmx_is_read_by_translate_toolkit_and_xmllint(self):
        status, headers, data = get("/v1/memory/export?format=tmx&locale=ko")
        self.assertEqual(status, 200)
        self.assertTrue(headers["Content-Type"].startswith("application/x-tmx+xml"))
        handle, path = tempfile.mkstemp(suffix=".tmx")
        self.addCleanup(os.remove, path)
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        lint = subprocess.run(["xmllint", "--nonet", "--noout", path], capture_output=True, text=True)
        self.assertEqual(lint.returncode, 0, lint.stderr)
        store = tmx.tmxfile.parsestring(data)
        pairs = {(unit.source, unit.target) for unit in store.units}
        # The same pairs as the PO export's current entries (translated, not fuzzy).
        _, _, po_data = get("/v1/translations/export?locale=ko&format=po")
        current = {(entry.msgid, entry.msgstr) for entry in polib.pofile(po_data.decode("utf-8")) if entry.msgstr and not entry.fuzzy}
        self.assertEqual(pairs, current)
        self.assertEqual(len(store.units), len(current), "one <tu> per current translation")

    def test_a_memory_written_by_translate_toolkit_is_imported_apart_and_offered(self):
        _, _, po_data = get("/v1/translations/export?locale=ko&format=po&topic=modality")
        entry = next(entry for entry in polib.pofile(po_data.decode("utf-8")) if entry.msgctxt.startswith("guideline:") and entry.msgstr)
        guideline = entry.msgctxt.split(":", 1)[1]
        memory = tmx.tmxfile(sourcelanguage="en", targetlanguage="ko")
        memory.addtranslation(entry.msgid, "en", "메모리의 번역", "ko")
        memory.addtranslation("A sentence nobody wrote here.", "en", "아무도 쓰지 않은 문장.", "ko")
        data = bytes(memory)
        self.assertIn(b"<!DOCTYPE tmx SYSTEM", data, "translate-toolkit names the TMX DTD, which is let through and never read")
        job = post_job("/v1/memory/import?name=toolkit.tmx", data)
        self.assertEqual(job["status"], "succeeded", job.get("error"))
        self.assertEqual((job["result"]["units"], job["result"]["kept"]), (2, 2))
        self.assertEqual(job["result"]["memory"]["creation_tool"], "Translate Toolkit 3.20.4")
        _, _, after = get("/v1/translations/export?locale=ko&format=po&topic=modality")
        self.assertEqual(after, po_data, "the base's translations are untouched")
        _, _, answer = get("/v1/guidelines/%s/translations/ko/memory" % guideline)
        items = json.loads(answer)["items"]
        imported = [item for item in items if item["origin"]["kind"] == "imported"]
        self.assertEqual([(item["similarity"], item["translation"], item["origin"]["name"]) for item in imported],
                         [(100, "메모리의 번역", "toolkit.tmx")])


if __name__ == "__main__":
    unittest.main(verbosity=2)
