#!/usr/bin/env python3
"""A bounded mixed load against a real `guidebook serve` (the ThreadSanitizer build in
`make tsan-check`), so that every part that runs on its own thread runs at once: reads and searches
in English and Korean (wrk), editors PATCHing with If-Match, translators PUTting Korean texts, an
import that succeeds and one that is cancelled, both followed over server-sent events, webhook
deliveries to a loopback receiver, token creation and revocation, hostile queries, a body that
never ends and a head that never ends; then an import while nobody else asks (its checks made on
threads beside its writer, and its index's tokens on a second thread: the C side of that is
checked apart, by scripts/tsan/ahead.c); at the end a SIGTERM while an event stream is open.

Usage: load.py BINARY WORKDIR SECONDS
Writes the server's stderr to WORKDIR/server.stderr and prints a summary; exits 1 when the load
itself went wrong (a 500, the server not starting or not stopping, an import not finishing), so
that a sanitizer verdict is never drawn from a load that did not run. The caller judges the
sanitizer's output.
"""
import http.client
import http.server
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

BINARY, WORK, SECONDS = sys.argv[1], sys.argv[2], float(sys.argv[3])
ADMIN = "gb_tsan-check-admin-token-0123456789abcdefghijklmnopqrstuvwxyz"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

lock = threading.Lock()
statuses = {}
problems = []
deliveries = []
stop = threading.Event()


def note(kind, status):
    with lock:
        statuses.setdefault(kind, {}).setdefault(status, 0)
        statuses[kind][status] += 1
        if status >= 500 and status != 503:
            problems.append(f"{kind}: status {status}")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


PORT = free_port()


local = threading.local()
began = time.time()


def phase(text):
    print(f"tsan load: {time.time() - began:5.0f}s {text}", flush=True)


def request(method, path, body=None, headers=None, token=ADMIN, kind=None, timeout=60):
    """One request on a new connection (wrk exercises keep-alive). Writes wait while an import
    applies its one transaction, so a write may time out: counted as dropped, not fatal."""
    headers = dict(headers or {})
    if token:
        headers["Authorization"] = "Bearer " + token
    if body is not None and not isinstance(body, (bytes, bytearray)):
        body = json.dumps(body).encode()
        headers.setdefault("Content-Type", "application/json")
    for attempt in range(2):
        connection = getattr(local, "connection", None)
        reused = connection is not None
        if connection is None:
            connection = local.connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
            note(kind or method, response.status)
            connection.close()
            local.connection = None
            return response.status, {k.lower(): v for k, v in response.getheaders()}, data
        except (http.client.HTTPException, ConnectionError, socket.timeout):
            connection.close()
            local.connection = None
            if reused:
                continue
            # Counted, not fatal: an instrumented server is slow, and the hostile clients hold connections.
            note((kind or method) + "-dropped", 0)
            return 0, {}, b""
    note((kind or method) + "-dropped", 0)
    return 0, {}, b""


# --- the webhook receiver ----------------------------------------------------------------------

class Receiver(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        self.rfile.read(length)
        with lock:
            deliveries.append(self.headers.get("webhook-id", ""))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


receiver = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
threading.Thread(target=receiver.serve_forever, daemon=True).start()


# --- the server ---------------------------------------------------------------------------------

# A fresh folder every time: a job database left behind would resume its jobs.
if os.path.exists(WORK):
    shutil.rmtree(WORK)
os.makedirs(WORK)
db = os.path.join(WORK, "kb.sqlite")
token_file = os.path.join(WORK, "admin-token")
with open(token_file, "w") as f:
    f.write(ADMIN)
stderr = open(os.path.join(WORK, "server.stderr"), "wb")
server = subprocess.Popen([BINARY, "serve", "--port", str(PORT), "--db", db, "--resources", ROOT, "--admin-token-file", token_file,
                           "--webhook-allow-private", "--webhook-retry-base", "1", "--log-level", "warning",
                           "--threads", "12"],
                          stdout=subprocess.DEVNULL, stderr=stderr, cwd=WORK)


children = [server]


def stopped_from_outside(signum, frame):
    # Killed (a CI timeout, Ctrl-C): take the server and wrk along rather than leave them running.
    for child in children:
        if child.poll() is None:
            child.kill()
    sys.exit(1)


signal.signal(signal.SIGTERM, stopped_from_outside)
signal.signal(signal.SIGINT, stopped_from_outside)


def fail(message):
    print("tsan load: " + message, file=sys.stderr)
    if server.poll() is None:
        server.kill()
    sys.exit(1)


deadline = time.time() + 300
while True:
    try:
        if request("GET", "/readyz", token=None, kind="ready")[0] == 200:
            break
    except OSError:
        pass
    if server.poll() is not None or time.time() > deadline:
        fail("the server did not become ready (see server.stderr)")
    time.sleep(0.2)

phase("server ready")
# Import bundles: generated by the binary itself (deterministic ids, merged into the seed).
small = os.path.join(WORK, "import-small.ndjson")
large = os.path.join(WORK, "import-large.ndjson")
subprocess.run([BINARY, "generate", "1000", small], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
subprocess.run([BINARY, "generate", "3000", large], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
quiet = os.path.join(WORK, "import-quiet.ndjson")
subprocess.run([BINARY, "generate", "2000", quiet, "--text", "realistic"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

_, _, listed = request("GET", "/v1/guidelines?limit=100", kind="read")
guideline_ids = [item["id"] for item in json.loads(listed)["items"]]
if not guideline_ids:
    fail("the seed holds no guidelines")

# Paths for wrk: reads and searches in both languages.
paths = ["/v1/guidelines/" + urllib.parse.quote(i) for i in guideline_ids[:30]] + ["/v1/topics", "/v1/categories", "/v1/changes?limit=20"]
for q in ["sheet", "popover", "content", "people app", "sheet OR popover", "prog*", "\"dark mode\"", "시트", "앱", "시트를", "진행률 표시기",
          "사용자 앱", "sheet -modal", "spinner OR gauge", "blur", "블러"]:
    # Many distinct addresses: the response cache keeps an answer until the next commit, and a
    # search it answers never reaches the engine.
    for limit in range(5, 45, 3):
        paths.append(f"/v1/search?limit={limit}&q=" + urllib.parse.quote(q))
    paths.append("/v1/search?limit=10&topic=sheets&q=" + urllib.parse.quote(q))
paths_file = os.path.join(WORK, "paths.txt")
random.Random(7).shuffle(paths)
with open(paths_file, "w") as f:
    f.write("\n".join(paths) + "\n")


def run(name, body):
    def loop():
        try:
            body()
        except Exception as error:  # a load thread that dies is a load that did not run
            with lock:
                problems.append(f"{name}: {error!r}")
    thread = threading.Thread(target=loop, name=name, daemon=True)
    thread.start()
    return thread


def editor(seed):
    rng = random.Random(seed)
    while not stop.is_set():
        gid = rng.choice(guideline_ids)
        # Short timeouts: while an import applies its one transaction, writes wait for it.
        status, headers, _ = request("GET", "/v1/guidelines/" + urllib.parse.quote(gid), kind="read", timeout=10)
        etag = headers.get("etag")
        if status != 200 or not etag:
            continue
        words = rng.choice(["A sheet over a popover", "Content of people app menus", "Progress 시트 edited"])
        request("PATCH", "/v1/guidelines/" + urllib.parse.quote(gid), json.dumps({"text": f"{words} {rng.randrange(10**6)}."}).encode(),
                headers={"If-Match": etag, "Content-Type": "application/merge-patch+json"}, kind="edit", timeout=10)


def translator(seed):
    rng = random.Random(seed)
    while not stop.is_set():
        gid = rng.choice(guideline_ids)
        request("PUT", f"/v1/guidelines/{urllib.parse.quote(gid)}/translations/ko",
                {"text": f"시트와 팝오버의 콘텐츠를 짧게 유지하세요 {rng.randrange(10**6)}."}, kind="translate", timeout=10)
        time.sleep(0.1)


def follow(job_id, kind):
    """Reads a job's event stream until it ends; the number of events. A connection dropped before
    the answer began is counted and opened again (as `request` counts its drops); the job's own
    end is checked by the caller."""
    for attempt in range(3):
        connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=300)
        try:
            connection.request("GET", f"/v1/jobs/{job_id}/events", headers={"Authorization": "Bearer " + ADMIN})
            response = connection.getresponse()
            break
        except (http.client.HTTPException, ConnectionError, socket.timeout):
            connection.close()
            note(kind + "-dropped", 0)
            if attempt == 2:
                raise
            time.sleep(1)
    note(kind, response.status)
    events = 0
    for line in response:
        if line.startswith(b"event:"):
            events += 1
    connection.close()
    return events


def import_and_follow(path, name):
    """Imports the NDJSON file at `path` through the job API, follows the job's event stream to
    its end and checks that the job succeeded (`name` says which import in an error)."""
    with open(path, "rb") as f:
        status, _, body = request("POST", "/v1/imports?format=ndjson", f.read(), kind="import")
    if status != 202:
        raise RuntimeError(f"{name} refused: {status} {body[:200]!r}")
    job = json.loads(body)["id"]
    follow(job, "events")
    _, _, shown = request("GET", f"/v1/jobs/{job}", kind="job")
    state = json.loads(shown).get("status")
    if state != "succeeded":
        raise RuntimeError(f"{name} ended {state}: {shown[:300]!r}")
    phase(f"{name} ended")


def importer():
    import_and_follow(small, "the first import")
    # The second one is cancelled while it runs, its stream open.
    with open(large, "rb") as f:
        status, _, body = request("POST", "/v1/imports?format=ndjson", f.read(), kind="import")
    if status != 202:
        raise RuntimeError(f"import refused: {status}")
    job = json.loads(body)["id"]
    watcher = threading.Thread(target=follow, args=(job, "events"), daemon=True)
    watcher.start()
    time.sleep(1)
    request("POST", f"/v1/jobs/{job}/cancel", kind="cancel")
    watcher.join(120)
    # A cancel takes effect between batches; an instrumented build on a busy machine can take a
    # while to reach the next one, so the job is read until it ends rather than once.
    asked = time.time()
    while True:
        status, _, shown = request("GET", f"/v1/jobs/{job}", kind="job", timeout=10)
        state = json.loads(shown).get("status") if status == 200 else None
        if state in ("canceled", "succeeded", "failed") or time.time() - asked > 240:
            break
        time.sleep(1)
    phase(f"the cancelled import ended {state} {time.time() - asked:.0f}s after the stream")
    if state not in ("canceled", "succeeded"):
        raise RuntimeError(f"the cancelled import ended {state}: {shown[:300]!r}")


def tokens():
    n = 0
    while not stop.is_set():
        n += 1
        status, _, body = request("POST", "/v1/tokens", {"name": f"tsan-{n}", "role": "reader"}, kind="token")
        if status == 201:
            secret = json.loads(body)["token"]
            request("GET", "/v1/me", token=secret, kind="token-use")
            request("DELETE", f"/v1/tokens/tsan-{n}", kind="token")
            request("GET", "/v1/search?q=sheet", token=secret, kind="token-revoked")
        time.sleep(0.2)


def hostile():
    queries = ["\"" * 300, "*" * 200, " OR ".join(["sheet"] * 300), "NEAR(sheet popover)", "sheet\u00a0\u200b시트", "a" * 5000,
               "-" * 100, "(((((sheet", "시" * 2000, "{title} : sheet", "^sheet", "sheet OR -popover OR \"", "\ud7a3" * 50]
    while not stop.is_set():
        for q in queries:
            try:
                request("GET", "/v1/search?q=" + urllib.parse.quote(q, safe=""), kind="hostile")
            except (UnicodeEncodeError, OSError):
                pass
        # A body that never ends: the head promises more than ever comes.
        try:
            with socket.create_connection(("127.0.0.1", PORT), timeout=10) as s:
                s.sendall(("PATCH /v1/guidelines/%s HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"
                           "Content-Type: application/json\r\nContent-Length: 60000\r\n\r\n{\"text\": \"" % (guideline_ids[0], ADMIN)).encode())
                for _ in range(20):
                    if stop.is_set():
                        break
                    s.sendall(b"a" * 10)
                    time.sleep(0.1)
        except OSError:
            pass
        # A head that never ends.
        try:
            with socket.create_connection(("127.0.0.1", PORT), timeout=10) as s:
                s.sendall(b"GET /v1/search?q=sheet HTTP/1.1\r\nHost: x\r\n")
                for _ in range(10):
                    s.sendall(b"X-Slow: 1\r\n")
                    time.sleep(0.2)
        except OSError:
            pass


def webhooks():
    status, _, body = request("POST", "/v1/webhooks", {"url": f"http://127.0.0.1:{receiver.server_address[1]}/hook",
                                                       "events": ["content.changed"]}, kind="webhook")
    if status != 201:
        raise RuntimeError(f"webhook refused: {status} {body[:200]!r}")
    hook = json.loads(body)["id"]
    while not stop.is_set():
        request("POST", f"/v1/webhooks/{hook}/test", kind="webhook")
        request("GET", f"/v1/webhooks/{hook}/deliveries", kind="webhook")
        time.sleep(1)


phase("ready; load starts")
start = time.time()
wrk = subprocess.Popen(["wrk", "-t2", "-c24", f"-d{int(SECONDS)}s", "-s", os.path.join(ROOT, "scripts/bench/rotate.lua"),
                        f"http://127.0.0.1:{PORT}"], env=dict(os.environ, BENCH_PATHS=paths_file),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
children.append(wrk)
threads = [run("importer", importer), run("webhooks", webhooks), run("tokens", tokens), run("hostile", hostile)]
threads += [run(f"editor-{i}", lambda i=i: editor(i)) for i in range(4)]
threads += [run(f"translator-{i}", lambda i=i: translator(100 + i)) for i in range(2)]
wrk_output, _ = wrk.communicate(timeout=SECONDS + 120)
phase("wrk done")
stop.set()
for thread in threads:
    thread.join(180)
    if thread.is_alive():
        problems.append(f"{thread.name} did not finish")

phase("load threads done")
# An import nobody reads during: with no request for 250 ms (its one event stream is open), the
# server makes its checks on threads beside the writer and decodes its lines apart; while the
# load ran, it kept them to the writer (ForegroundActivity). Realistic text, so every text changes.
try:
    import_and_follow(quiet, "the quiet import")
except Exception as error:
    problems.append(f"quiet import: {error!r}")
# SIGTERM while a stream is open: one more import, followed, and the server told to stop.
with open(small, "rb") as f:
    status, _, body = request("POST", "/v1/imports?format=ndjson", f.read(), kind="import")
stream_events = []
if status == 202:
    job = json.loads(body)["id"]
    streamer = threading.Thread(target=lambda: stream_events.append(follow(job, "events")), daemon=True)
    streamer.start()
    time.sleep(0.5)
    server.send_signal(signal.SIGTERM)
    streamer.join(60)
else:
    problems.append(f"the last import was refused: {status}")
    server.send_signal(signal.SIGTERM)
try:
    code = server.wait(90)
except subprocess.TimeoutExpired:
    server.kill()
    code = None
    problems.append("the server did not stop within 90 s of SIGTERM")
stderr.close()
receiver.shutdown()
phase("server stopped")

summary = wrk_output.strip().splitlines()[-1] if wrk_output.strip() else "wrk printed nothing"
print(f"tsan load: {time.time() - start:.0f}s; wrk: {summary}")
print("tsan load: statuses " + json.dumps(statuses, sort_keys=True))
print(f"tsan load: webhook deliveries received {len(deliveries)}; events on the stream open at SIGTERM {stream_events}; exit code {code}")
if code not in (0, None) and code != 66:
    problems.append(f"the server exited {code} after SIGTERM")
if not deliveries:
    problems.append("no webhook delivery arrived")
if problems:
    print("tsan load: the load went wrong:\n  " + "\n  ".join(problems[:20]), file=sys.stderr)
    sys.exit(1)
