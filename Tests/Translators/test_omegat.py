"""One round trip through OmegaT (Debian's omegat 3.6), headless in console mode: an OmegaT project
whose source is our export of the texts to translate and whose memory is our TMX (in `tm/auto`,
which OmegaT applies by itself), `--mode=console-translate`, and its output imported back.

What OmegaT 3.6 does with each format decides the test:
- **PO**: its PO filter takes each `msgid` as a segment and writes the translation into `msgstr`,
  so our PO goes in as exported; the units the TMX has an exact match for come back translated
  and finished, and are written as current translations.
- **XLIFF 1.2**: its built-in XLIFF filter translates the content of `<target>`, as files prepared
  by Okapi Rainbow have it (the English copied into the target); a unit without a target is no
  segment at all, so our XLIFF as exported gives OmegaT nothing to translate. The test prepares the
  file as Rainbow would (each target the English, `state="new"`); OmegaT replaces the targets and
  leaves the states, so the units come back marked unfinished and are written as drafts.

scripts/translators-check.sh runs this file last, with OMEGAT_JAR set."""

import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest
import urllib.request

URL = os.environ["GUIDEBOOK_URL"]
TOKEN = os.environ["GUIDEBOOK_TOKEN"]
OMEGAT_JAR = os.environ.get("OMEGAT_JAR", "/usr/share/omegat/OmegaT.jar")

PROJECT = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<omegat>
    <project version="1.0">
        <source_dir>__DEFAULT__</source_dir>
        <target_dir>__DEFAULT__</target_dir>
        <tm_dir>__DEFAULT__</tm_dir>
        <glossary_dir>__DEFAULT__</glossary_dir>
        <glossary_file>__DEFAULT__</glossary_file>
        <dictionary_dir>__DEFAULT__</dictionary_dir>
        <source_lang>EN</source_lang>
        <target_lang>KO</target_lang>
        <source_tok>org.omegat.tokenizer.LuceneEnglishTokenizer</source_tok>
        <target_tok>org.omegat.tokenizer.DefaultTokenizer</target_tok>
        <sentence_seg>false</sentence_seg>
        <support_default_translations>true</support_default_translations>
        <remove_tags>false</remove_tags>
    </project>
</omegat>
"""


def request(path, method="GET", data=None, content_type="application/octet-stream"):
    call = urllib.request.Request(URL + path, method=method, data=data)
    call.add_header("Authorization", "Bearer " + TOKEN)
    if data is not None:
        call.add_header("Content-Type", content_type)
    with urllib.request.urlopen(call, timeout=60) as response:
        return response.read()


def import_file(data):
    job = json.loads(request("/v1/translations/import", "POST", data))
    deadline = time.time() + 120
    while job["status"] not in ("succeeded", "failed", "canceled") and time.time() < deadline:
        time.sleep(0.1)
        job = json.loads(request("/v1/jobs/" + job["id"]))
    return job


def translation(guideline):
    return json.loads(request("/v1/guidelines/%s/translations/ko" % guideline))


def copy_guidelines(originals, suffix):
    """New guidelines in the Sheets topic with the English of `originals` (translated ones): the
    TMX has an exact match for each. Returns {new id: the original's Korean}."""
    expected = {}
    for original in originals:
        english = json.loads(request("/v1/guidelines/" + original))["text"]
        copy = "sheets.%s-%s" % (original.split(".", 1)[1], suffix)
        body = json.dumps({"id": copy, "topic": "sheets", "section": "overview", "text": english}).encode()
        request("/v1/guidelines", "POST", body, "application/json")
        expected[copy] = translation(original)["text"]
    return expected


def run_omegat(source_name, source_data):
    """A new OmegaT project: `source_data` as its one source file, our TMX in tm/auto; console
    translation; the translated file."""
    folder = tempfile.mkdtemp(prefix="omegat-")
    try:
        for part in ("source", "target", "tm/auto", "omegat", "glossary", "dictionary", "home"):
            os.makedirs(os.path.join(folder, part))
        with open(os.path.join(folder, "omegat.project"), "w") as file:
            file.write(PROJECT)
        with open(os.path.join(folder, "source", source_name), "wb") as file:
            file.write(source_data)
        with open(os.path.join(folder, "tm", "auto", "guidebook-ko.tmx"), "wb") as file:
            file.write(request("/v1/memory/export?format=tmx&locale=ko"))
        # OmegaT keeps its settings under user.home: a folder of the project's, not the real home.
        run = subprocess.run(["java", "-Djava.awt.headless=true", "-Duser.home=" + os.path.join(folder, "home"), "-jar", OMEGAT_JAR,
                              folder, "--mode=console-translate"], capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
        assert "Reading of TMX file complete" in run.stdout + run.stderr, "OmegaT did not read our TMX"
        with open(os.path.join(folder, "target", source_name), "rb") as file:
            return file.read()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


class OmegaTRoundTripTests(unittest.TestCase):
    def test_po_through_omegat_with_our_tmx(self):
        expected = copy_guidelines(["progress-indicators.avoid-static-screens", "progress-indicators.prefer-progress-bars",
                                    "modality.focus-on-a-task"], "po-copy")
        exported = request("/v1/translations/export?locale=ko&format=po&topic=sheets&state=missing")
        translated = run_omegat("sheets-ko.po", exported)
        job = import_file(translated)
        self.assertEqual(job["status"], "succeeded", job.get("error"))
        written = {change["id"].split(":", 1)[1] for change in job["result"]["changes"] if change["outcome"] == "written"}
        self.assertEqual(written, set(expected), job["result"]["counts"])
        self.assertEqual(job["result"]["counts"]["written"], len(expected))
        for guideline, korean in expected.items():
            self.assertEqual((translation(guideline)["text"], translation(guideline)["state"]), (korean, "translated"))

    def test_xliff12_prepared_as_omegat_reads_it(self):
        expected = copy_guidelines(["progress-indicators.avoid-static-screens", "modality.explicit-action-to-exit"], "xlf-copy")
        exported = request("/v1/translations/export?locale=ko&format=xliff12&topic=sheets&state=missing").decode("utf-8")
        units = [unit for unit in re.findall(r'<trans-unit id="guideline:sheets\.([^"]+)"', exported) if unit.endswith("xlf-copy")]
        self.assertEqual(len(units), len(expected))
        # Our export as OmegaT receives it gives it no segment: its filter reads <target>.
        self.assertNotIn("<target", exported)
        # Rainbow's preparation, for the copies only: each target the English, state="new". (Other
        # units keep no target: OmegaT leaves them alone, and they come back untranslated.)
        def prepare(match):
            unit = match.group(0)
            if not re.search(r'id="guideline:sheets\.[^"]+xlf-copy"', unit):
                return unit
            return re.sub(r"(<source>(.*?)</source>)", lambda source: source.group(1) + '<target xml:lang="ko" state="new">' + source.group(2) + "</target>",
                          unit, flags=re.S)
        prepared = re.sub(r"<trans-unit .*?</trans-unit>", prepare, exported, flags=re.S)
        translated = run_omegat("sheets-ko.xlf", prepared.encode("utf-8"))
        job = import_file(translated)
        self.assertEqual(job["status"], "succeeded", job.get("error"))
        drafts = {change["id"].split(":", 1)[1] for change in job["result"]["changes"] if change["outcome"] == "draft"}
        # OmegaT kept state="new": the translations it found are written as drafts.
        self.assertEqual(drafts, set(expected), job["result"]["counts"])
        self.assertEqual(job["result"]["counts"]["written"], 0)
        for guideline, korean in expected.items():
            self.assertEqual((translation(guideline)["text"], translation(guideline)["state"]), (korean, "draft"))


if __name__ == "__main__":
    unittest.main(verbosity=2)
