"""What the smoke tests of both generated Python clients share: a live server, and the check that
a model read everything the server sent.

The clients are the ones `scripts/clients.sh` generated into CLIENTS_OUT; the server is the binary
GUIDEBOOK_BINARY, serving the seed of GUIDEBOOK_RESOURCES from a temporary database.
"""

import datetime
import enum
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

CLIENTS_OUT = os.environ["CLIENTS_OUT"]
RESOURCES = os.environ["GUIDEBOOK_RESOURCES"]
FIXTURES = os.path.join(RESOURCES, "Tests", "Fixtures")
# Three locales, texts missing in some, a topic with an untitled section: the answers that have
# null members, fallbacks and `missing_locales`.
EDGE_BUNDLE = os.path.join(FIXTURES, "import", "reference-edges.ndjson")
NOTES = os.path.join(FIXTURES, "notes", "segmented-controls.txt")
sys.path[:0] = [os.path.join(CLIENTS_OUT, "python"), os.path.join(CLIENTS_OUT, "python-openapi-generator")]


class Server:
    """`guidebook serve` on a free loopback port with a temporary database and admin token.

    `spool` names the folder uploads are kept in (a path that cannot be a folder makes every
    import a 503, the server's own refusal to store an upload)."""

    def __init__(self, spool=None):
        self.folder = tempfile.TemporaryDirectory(prefix="guidebook-clients.")
        self.admin_token = "gb_" + secrets.token_urlsafe(32)
        self.log_path = os.path.join(self.folder.name, "server.log")
        arguments = [os.environ["GUIDEBOOK_BINARY"], "serve", "--host", "127.0.0.1", "--port", "0",
                     "--db", os.path.join(self.folder.name, "guidebook.sqlite"), "--resources", RESOURCES,
                     "--threads", "2", "--log-level", "info"]
        if spool:
            arguments += ["--spool", spool(self.folder.name)]
        environment = dict(os.environ, GUIDEBOOK_ADMIN_TOKEN=self.admin_token)
        self.log = open(self.log_path, "w+", encoding="utf-8")
        self.process = subprocess.Popen(arguments, env=environment, stdout=subprocess.DEVNULL, stderr=self.log)
        self.url = self._wait_for_url()

    def _wait_for_url(self):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            for line in self.log_lines():
                if line.get("msg") == "listening":
                    return line["url"]
            if self.process.poll() is not None:
                raise RuntimeError("the server exited: " + open(self.log_path, encoding="utf-8").read())
            time.sleep(0.05)
        raise RuntimeError("the server did not say where it listens")

    def log_lines(self):
        with open(self.log_path, encoding="utf-8", errors="replace") as file:
            return [json.loads(line) for line in file if line.startswith("{")]

    def errors(self):
        """The error lines the server logged (a 500 is one)."""
        return [line for line in self.log_lines() if line.get("level") in ("error", "critical")]

    def request(self, method, path, body=None, content_type=None):
        """A plain HTTP request with the admin token, outside the clients under test."""
        request = urllib.request.Request(self.url + path, data=body, method=method,
                                         headers={"Authorization": "Bearer " + self.admin_token})
        if content_type:
            request.add_header("Content-Type", content_type)
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"null")

    def import_file(self, path, file_format):
        """Imports a file through the API and waits for its job to succeed."""
        with open(path, "rb") as file:
            job = self.request("POST", "/v1/imports?format=" + file_format, file.read(), "application/octet-stream")
        job = wait_for_job(lambda: self.request("GET", "/v1/jobs/" + job["id"]), lambda job: job["status"])
        assert job["status"] == "succeeded", job

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(timeout=15)
        finally:
            if self.process.poll() is None:
                self.process.kill()
            self.log.close()
            self.folder.cleanup()
        return code


def wait_for_job(read, status):
    """Reads a job until it has finished (`status` says its status as a string)."""
    deadline = time.monotonic() + 60
    job = read()
    while status(job) in ("queued", "running"):
        assert time.monotonic() < deadline, "the job did not finish within a minute"
        time.sleep(0.05)
        job = read()
    return job


# --- Read everything ----------------------------------------------------------------------------

DATE_TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")


def comparable(value):
    """A JSON value, or what a model gave back for it, in a form both compare equal in: date-times
    as instants, enums as their values."""
    if isinstance(value, dict):
        return {key: comparable(member) for key, member in value.items()}
    if isinstance(value, (list, tuple)):
        return [comparable(member) for member in value]
    if isinstance(value, enum.Enum):
        return comparable(value.value)
    if isinstance(value, datetime.datetime):
        return ("instant", round(value.timestamp(), 3))
    if isinstance(value, str) and DATE_TIME.match(value):
        return ("instant", round(datetime.datetime.fromisoformat(value).timestamp(), 3))
    return value


def differences(sent, read, absent_is_none, path="$"):
    """Where what a model gave back differs from what the server sent (members missing, added or
    changed). `absent_is_none`: the model has None for a member the server left out (pydantic's
    way with optional members), which is no difference."""
    if isinstance(sent, dict) and isinstance(read, dict):
        found = []
        for key in sorted(set(sent) | set(read), key=str):
            if key not in read:
                found.append(f"{path}.{key}: sent, but the model dropped it")
            elif key not in sent:
                if not (absent_is_none and read[key] is None):
                    found.append(f"{path}.{key}: not sent, but the model has {read[key]!r}")
            else:
                found += differences(sent[key], read[key], absent_is_none, f"{path}.{key}")
        return found
    if isinstance(sent, list) and isinstance(read, list) and len(sent) == len(read):
        return [difference for index, (a, b) in enumerate(zip(sent, read))
                for difference in differences(a, b, absent_is_none, f"{path}[{index}]")]
    return [] if sent == read else [f"{path}: sent {sent!r}, the model has {read!r}"]


def assert_read_everything(raw, dumped, what, absent_is_none=False):
    """Fails unless the model (`dumped`: its members as JSON-like values) holds exactly what the
    server sent (`raw`: the body's bytes)."""
    found = differences(comparable(json.loads(raw)), comparable(dumped), absent_is_none)
    assert not found, f"{what}: the model does not hold what the server sent:\n  " + "\n  ".join(found[:20])


def assert_topic_localized(topic, lang, assert_localized):
    """A topic and every guideline of its sections are in the shape `lang` asked for
    (`assert_localized` checks one item, in the client's own terms)."""
    assert_localized(topic, lang)
    for section in topic.sections:
        for guideline in section.guidelines:
            assert_localized(guideline, lang)


def problem_body(raw):
    """A problem+json body as the server sent it."""
    body = json.loads(raw)
    assert body["type"].startswith("/problems/") and body["title"] and body["detail"] and body["instance"], body
    return body
