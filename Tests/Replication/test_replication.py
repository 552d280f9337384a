"""Backup, restore and read replicas with the real Litestream binary (make replica-test).

Every test runs real processes on loopback: `guidebook serve` (primary and replicas),
`litestream replicate`, `litestream restore -f` (the follower), `guidebook restore` and
`guidebook backup verify`, and for S3 the moto server. The paths come from scripts/replica-test.sh.
"""
import hashlib
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import tempfile
import time
import unittest
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone

GUIDEBOOK = os.environ["GUIDEBOOK_BIN"]
LITESTREAM = os.environ["LITESTREAM_BIN"]
MOTO = os.environ.get("MOTO_SERVER_BIN")
ADMIN = "replica-test-admin-token-0123456789abcdef"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def bundle(tag, guidelines):
    """An NDJSON bundle of `guidelines` generated guidelines (50 a topic) whose topics and ids all carry `tag`."""
    text = subprocess.run([GUIDEBOOK, "generate", str(guidelines)], check=True, capture_output=True).stdout.decode()
    return text.replace("gen-topic-", f"{tag}-topic-").encode()


class Process:
    """A child process with its output in a log file; killed at the end of the test."""

    def __init__(self, test, name, args, env=None):
        self.log_path = os.path.join(test.dir, name + ".log")
        self.log = open(self.log_path, "wb")
        full_env = dict(os.environ)
        full_env.update(env or {})
        full_env = {k: v for k, v in full_env.items() if v is not None}
        self.proc = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT, env=full_env)
        test.addCleanup(self.kill)

    def kill(self, sig=signal.SIGKILL):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()

    def text(self):
        with open(self.log_path, "rb") as f:
            return f.read().decode(errors="replace")


class Server(Process):
    def __init__(self, test, name, db, *extra, env=None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        environment = {"GUIDEBOOK_ADMIN_TOKEN": ADMIN, "GUIDEBOOK_LOG_LEVEL": "info"}
        environment.update(env or {})
        super().__init__(test, name, [GUIDEBOOK, "serve", "--db", db, "--port", str(self.port), "--no-seed", "--threads", "2", *extra],
                         env=environment)
        deadline = time.time() + 20
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"{name} exited {self.proc.returncode}: {self.text()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.02)
        raise AssertionError(f"{name} did not listen: {self.text()}")

    def request(self, method, path, body=None, token=ADMIN, headers=None, content_type="application/json"):
        data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        if token:
            request.add_header("Authorization", "Bearer " + token)
        if data is not None:
            request.add_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()
        except (urllib.error.URLError, OSError):
            # Not listening (a replica between its stand-in and its real server, or one that exited).
            return 0, {}, b""

    def json(self, method, path, body=None, token=ADMIN, **kw):
        status, headers, raw = self.request(method, path, body, token, **kw)
        return status, headers, (json.loads(raw) if raw else None)

    def import_bundle(self, data, wait=True):
        status, _, job = self.json("POST", "/v1/imports?mode=merge", data, content_type="application/x-ndjson")
        assert status == 202, (status, job)
        if not wait:
            return job["id"]
        deadline = time.time() + 120
        while time.time() < deadline:
            _, _, state = self.json("GET", f"/v1/jobs/{job['id']}")
            if state["status"] in ("succeeded", "failed", "canceled"):
                assert state["status"] == "succeeded", state
                return job["id"]
            time.sleep(0.02)
        raise AssertionError("import did not finish")


def litestream_config(test, db, replica_url, extra=""):
    path = os.path.join(test.dir, "litestream.yml")
    with open(path, "w") as f:
        f.write(f"dbs:\n  - path: {db}\n    monitor-interval: 100ms\n    replica:\n      url: {replica_url}\n      sync-interval: 100ms\n{extra}")
    return path


def topics(path, prefix):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return db.execute("SELECT count(*) FROM topics WHERE slug LIKE ?", (prefix + "%",)).fetchone()[0]
    finally:
        db.close()


def integrity(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [row[0] for row in db.execute("PRAGMA integrity_check")]
    finally:
        db.close()


def guidebook(*args, env=None):
    full_env = dict(os.environ)
    full_env.update({"GUIDEBOOK_LITESTREAM": LITESTREAM})
    full_env.update(env or {})
    full_env = {k: v for k, v in full_env.items() if v is not None}
    return subprocess.run([GUIDEBOOK, *args], capture_output=True, env=full_env, timeout=120)


def sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def wait_for(condition, seconds=15, what="condition"):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"{what} not met within {seconds} s")


class ReplicationTestCase(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="guidebook-replica-test-")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def primary(self, name="primary"):
        """A primary told it is replicated, with `litestream replicate` on its file to a file:// replica."""
        db = os.path.join(self.dir, name + ".sqlite")
        server = Server(self, name, db, env={"GUIDEBOOK_REPLICATION": "litestream"})
        replica_dir = os.path.join(self.dir, name + "-backup")
        config = litestream_config(self, db, "file://" + replica_dir)
        replicate = Process(self, name + "-litestream", [LITESTREAM, "replicate", "-config", config])
        # Litestream's first snapshot (transaction 1) is taken before anything is imported.
        level0 = os.path.join(replica_dir, "ltx", "0")
        wait_for(lambda: os.path.isdir(level0) and os.listdir(level0), 20, "Litestream's first snapshot")
        return server, replicate, db, "file://" + replica_dir

    def wait_backed_up(self, url, prefix, count):
        """Until a restore of `url` holds `count` topics whose slug starts with `prefix`."""
        out = os.path.join(self.dir, "probe.sqlite")

        def restored():
            for leftover in (out, out + "-wal", out + "-shm"):
                if os.path.exists(leftover):
                    os.remove(leftover)
            done = subprocess.run([LITESTREAM, "restore", "-o", out, url], capture_output=True)
            return done.returncode == 0 and topics(out, prefix) == count
        wait_for(restored, 20, f"{count} {prefix} topics in the backup")


class RestoreTests(ReplicationTestCase):
    def test_round_trip_with_at(self):
        server, _, _, url = self.primary()
        server.import_bundle(bundle("a", 200))
        self.wait_backed_up(url, "a-topic-", 4)
        time.sleep(1.1)
        moment = datetime.now(timezone.utc)
        time.sleep(1.1)
        server.import_bundle(bundle("b", 200))
        self.wait_backed_up(url, "b-topic-", 4)

        at = os.path.join(self.dir, "at", "guidebook.sqlite")
        done = guidebook("restore", "--from", url, "--at", moment.isoformat().replace("+00:00", "Z"), "--db", at)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("integrity ok", done.stdout.decode())
        self.assertIn("topics 4,", done.stdout.decode())
        self.assertEqual(integrity(at), ["ok"])
        self.assertEqual(topics(at, "a-topic-"), 4)
        self.assertEqual(topics(at, "b-topic-"), 0)

        latest = os.path.join(self.dir, "latest.sqlite")
        done = guidebook("restore", "--from", url, "--db", latest)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(integrity(latest), ["ok"])
        self.assertEqual((topics(latest, "a-topic-"), topics(latest, "b-topic-")), (4, 4))
        self.assertIn("last change", done.stdout.decode())

        # The restored file serves (the primary would migrate an older schema; this one is current).
        verify = guidebook("backup", "verify", "--from", url)
        self.assertEqual(verify.returncode, 0, verify.stderr)
        self.assertIn("is good", verify.stdout.decode())

        # Bad input: a clear message, a non-zero exit, nothing written.
        before = sha(latest)
        cases = {
            "existing target": (["restore", "--from", url, "--db", latest], "--force"),
            "missing replica": (["restore", "--from", "file://" + self.dir + "/nowhere", "--db", self.dir + "/n1.sqlite"], "no replica"),
            "at in the future": (["restore", "--from", url, "--at", (datetime.now(timezone.utc) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                                  "--db", self.dir + "/n2.sqlite"], "future"),
            "at before the first backup": (["restore", "--from", url, "--at", "2001-01-01T00:00:00Z", "--db", self.dir + "/n3.sqlite"], "litestream could not restore"),
            "at not a time": (["restore", "--from", url, "--at", "yesterday", "--db", self.dir + "/n4.sqlite"], "RFC 3339"),
            "at and txid": (["restore", "--from", url, "--at", "2001-01-01T00:00:00Z", "--txid", "3", "--db", self.dir + "/n5.sqlite"], "--at and --txid"),
            "verify of a missing replica": (["backup", "verify", "--from", "file://" + self.dir + "/nowhere"], "no replica"),
        }
        for name, (args, message) in cases.items():
            with self.subTest(name):
                done = guidebook(*args)
                self.assertNotEqual(done.returncode, 0, name)
                self.assertIn(message, done.stderr.decode(), name)
        self.assertEqual(sha(latest), before)
        for n in range(1, 6):
            self.assertFalse(os.path.exists(f"{self.dir}/n{n}.sqlite"))

        forced = guidebook("restore", "--from", url, "--db", latest, "--force")
        self.assertEqual(forced.returncode, 0, forced.stderr)

        # --force replaces a database file and nothing else: not a folder (it was removed with all
        # it held), not a symbolic link, and not a database a server has open (the server went on
        # writing to the removed file, and every write it answered was lost).
        folder = os.path.join(self.dir, "a-folder")
        os.makedirs(folder)
        with open(os.path.join(folder, "keep.txt"), "w") as f:
            f.write("kept")
        link = os.path.join(self.dir, "link.sqlite")
        os.symlink(latest, link)
        live = os.path.join(self.dir, "live.sqlite")
        shutil.copy(latest, live)
        serving = Server(self, "live", live)
        self.assertEqual(serving.request("GET", "/v1/topics")[0], 200)
        live_before = sha(live)
        for name, target, message in [("a folder", folder, "is a folder"), ("a symbolic link", link, "is a symbolic link"),
                                      ("a served database", live, "is open in process")]:
            with self.subTest(name):
                done = guidebook("restore", "--from", url, "--db", target, "--force")
                self.assertEqual(done.returncode, 1, done.stderr)
                self.assertIn(message, done.stderr.decode(), name)
        with open(os.path.join(folder, "keep.txt")) as f:
            self.assertEqual(f.read(), "kept")
        self.assertTrue(os.path.islink(link))
        self.assertEqual(sha(live), live_before)
        self.assertEqual(serving.request("GET", "/v1/topics")[0], 200)

        # --txid: the first transaction holds the empty schema only.
        first = os.path.join(self.dir, "first.sqlite")
        done = guidebook("restore", "--from", url, "--txid", "1", "--db", first)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(topics(first, "a-topic-"), 0)

    def test_restore_refuses_a_damaged_replica_and_a_newer_schema(self):
        server, _, db, url = self.primary()
        server.import_bundle(bundle("a", 100))
        self.wait_backed_up(url, "a-topic-", 2)
        backup = url[len("file://"):]

        def refused(args, message):
            done = guidebook(*args)
            said = done.stderr.decode()
            self.assertNotEqual(done.returncode, 0, said)
            self.assertIn(message, said)
            self.assertEqual(len(said.strip().splitlines()), 1, said)

        # The replica's files truncated, or overwritten with bytes that are no LTX file: litestream
        # refuses them, restore says so and writes nothing.
        for damage in ("truncated", "garbage"):
            with self.subTest(damage):
                copy = os.path.join(self.dir, damage + "-backup")
                shutil.copytree(backup, copy)
                ltx = [os.path.join(folder, name) for folder, _, names in os.walk(copy) for name in names if name.endswith(".ltx")]
                self.assertTrue(ltx)
                for path in ltx:
                    size = os.path.getsize(path)
                    with open(path, "r+b") as f:
                        if damage == "truncated":
                            f.truncate(size // 2)
                        else:
                            f.write(b"\x00not an ltx file" * (size // 17 + 1))
                target = os.path.join(self.dir, damage + ".sqlite")
                refused(["restore", "--from", "file://" + copy, "--db", target], "litestream could not restore")
                refused(["backup", "verify", "--from", "file://" + copy], "litestream could not restore")
                self.assertFalse(os.path.exists(target))

        # The primary's schema moves past this binary's migrations (a newer Guidebook wrote it).
        writer = sqlite3.connect(db, timeout=10)
        writer.execute("INSERT INTO schema_migrations VALUES (999, 'future', '2030-01-01')")
        writer.commit()
        writer.close()
        probe = os.path.join(self.dir, "probe-newer.sqlite")

        def shipped():
            _remove(probe)
            if subprocess.run([LITESTREAM, "restore", "-o", probe, url], capture_output=True).returncode != 0:
                return False
            check = sqlite3.connect(f"file:{probe}?mode=ro", uri=True)
            try:
                return check.execute("SELECT count(*) FROM schema_migrations WHERE version = 999").fetchone()[0] == 1
            finally:
                check.close()
        wait_for(shipped, 20, "the newer schema in the backup")
        target = os.path.join(self.dir, "newer.sqlite")
        refused(["restore", "--from", url, "--db", target], "newer than this binary supports")
        refused(["backup", "verify", "--from", url], "newer than this binary supports")
        self.assertFalse(os.path.exists(target))
        # An older point in time is still restorable: the refusal is about the schema alone.
        done = guidebook("restore", "--from", url, "--txid", "1", "--db", target)
        self.assertEqual(done.returncode, 0, done.stderr)

    def test_disaster_sigkill_mid_import(self):
        for round in range(10):
            with self.subTest(round=round):
                name = f"r{round}"
                server, replicate, db, url = self.primary(name)
                server.import_bundle(bundle(f"a{round}", 100))
                server.import_bundle(bundle(f"b{round}", 100))
                # Both succeeded; give Litestream its sync interval (100 ms) several times over to ship them.
                time.sleep(0.6)
                job = server.import_bundle(bundle(f"c{round}", 5000), wait=False)
                wait_for(lambda: server.json("GET", f"/v1/jobs/{job}")[2]["status"] == "running", 20, "import C running")
                time.sleep(0.05 * (round % 4))
                server.kill(signal.SIGKILL)
                replicate.kill(signal.SIGKILL)
                out = os.path.join(self.dir, f"{name}-restored", "guidebook.sqlite")
                done = guidebook("restore", "--from", url, "--db", out)
                self.assertEqual(done.returncode, 0, done.stderr)
                self.assertEqual(integrity(out), ["ok"])
                self.assertEqual(topics(out, f"a{round}-topic-"), 2)
                self.assertEqual(topics(out, f"b{round}-topic-"), 2)
                self.assertEqual(topics(out, f"c{round}-topic-"), 0)


class ReplicaTests(ReplicationTestCase):
    def follower(self, url, path, name="follower"):
        return Process(self, name, [LITESTREAM, "restore", "-f", "-follow-interval", "100ms", "-o", path, url])

    def test_replica_follows_refuses_writes_and_never_writes_its_file(self):
        server, _, _, url = self.primary()
        server.import_bundle(bundle("a", 100))
        status, _, token = server.json("POST", "/v1/tokens", {"name": "reader-one", "role": "reader"})
        self.assertEqual(status, 201, token)
        secret = token["token"]
        self.wait_backed_up(url, "a-topic-", 2)

        copy = os.path.join(self.dir, "replica", "guidebook.sqlite")
        os.makedirs(os.path.dirname(copy))
        # Started before the first restore: it waits and says so.
        replica = Server(self, "replica", copy, "--replica", "--auth-reads", "--primary-url", server.url, "--max-lag", "10")
        status, _, body = replica.request("GET", "/readyz")
        self.assertEqual(status, 503)
        self.assertIn(b"waiting for the first restore", body)
        # Waiting writes nothing: no database, no -wal, -shm or jobs file beside it.
        self.assertEqual(os.listdir(os.path.dirname(copy)), [])
        follower = self.follower(url, copy)
        try:
            wait_for(lambda: replica.request("GET", "/readyz")[0] == 200, 20, "replica ready")
        except AssertionError:
            raise AssertionError(replica.text() + follower.text())
        self.assertIn("replica waiting for the first restore", replica.text())

        guideline = "a-topic-00000.g-000"
        status, _, _ = replica.json("GET", f"/v1/guidelines/{guideline}", token=secret)
        self.assertEqual(status, 200)

        # An edit on the primary shows on the replica, in a read and in a search.
        edited = time.time()
        status, _, body = server.json("PATCH", f"/v1/guidelines/{guideline}", {"text": "Zanzibarish wording for the replica test."}, content_type="application/merge-patch+json")
        self.assertEqual(status, 200, body)
        try:
            wait_for(lambda: b"Zanzibarish" in replica.request("GET", f"/v1/guidelines/{guideline}", token=secret)[2], 10, "edit on the replica")
        except AssertionError:
            raise AssertionError(follower.text() + replica.text()[-3000:])
        seen = time.time() - edited
        self.assertLess(seen, 5)
        status, _, found = replica.json("GET", "/v1/search?q=zanzibarish", token=secret)
        self.assertEqual(status, 200)
        self.assertEqual(found["total"], 1, found)

        # Writes are refused with 503 naming the primary.
        status, headers, problem = replica.json("PATCH", f"/v1/guidelines/{guideline}", {"text": "no"})
        self.assertEqual(status, 503)
        self.assertTrue(headers.get("Content-Type", "").startswith("application/problem+json"), headers)
        self.assertIn(server.url, problem["detail"])
        self.assertEqual(problem["primary"], server.url)
        self.assertEqual(headers.get("Link"), f'<{server.url}/v1/guidelines/{guideline}>; rel="primary"')
        for method, path in [("POST", "/v1/tokens"), ("POST", "/v1/imports"), ("DELETE", "/v1/tokens/reader-one"), ("POST", "/v1/webhooks")]:
            self.assertEqual(replica.request(method, path, b"{}")[0], 503, path)

        # The page is read-only and says where to edit.
        status, _, page = replica.request("GET", "/", token=None, headers={"Accept": "text/html"})
        self.assertEqual(status, 200)
        self.assertIn(b'data-replica="true"', page)
        self.assertIn(server.url.encode(), page)

        # /metrics: the lag and the last transaction applied.
        metrics = replica.request("GET", "/metrics", token=None)[2].decode()
        lag = float(next(line.split()[1] for line in metrics.splitlines() if line.startswith("guidebook_replica_lag_seconds ")))
        txid = int(next(line.split()[1] for line in metrics.splitlines() if line.startswith("guidebook_replica_last_txid ")))
        self.assertLess(lag, 10)
        self.assertGreater(txid, 1)

        # A token revoked on the primary stops working on the replica.
        self.assertEqual(server.request("DELETE", "/v1/tokens/reader-one")[0], 204)
        wait_for(lambda: replica.request("GET", f"/v1/guidelines/{guideline}", token=secret)[0] == 401, 10, "revoked token refused")

        # The replica never writes its file: with the follower paused (SIGSTOP; a follower that is
        # restarted cannot resume in Litestream 0.5.17), reads, searches and token use leave its
        # bytes as they are; once it runs again, its updates change them.
        follower.proc.send_signal(signal.SIGSTOP)
        time.sleep(0.3)
        before = sha(copy)
        status, _, token = server.json("POST", "/v1/tokens", {"name": "reader-two", "role": "reader"})
        self.assertEqual(status, 201, token)
        for _ in range(50):
            replica.request("GET", f"/v1/guidelines/{guideline}", token=ADMIN)
            replica.request("GET", "/v1/search?q=wording", token=ADMIN)
        time.sleep(0.5)
        self.assertEqual(sha(copy), before, "the replica wrote its file")
        follower.proc.send_signal(signal.SIGCONT)
        wait_for(lambda: replica.request("GET", "/v1/me", token=token["token"])[0] == 200, 15, "new token on the replica")
        self.assertNotEqual(sha(copy), before)

    def test_replica_refuses_files_it_cannot_serve(self):
        garbage = os.path.join(self.dir, "garbage.sqlite")
        with open(garbage, "wb") as f:
            f.write(b"not a database " * 1000)
        truncated = os.path.join(self.dir, "truncated.sqlite")
        source = os.path.join(self.dir, "source.sqlite")
        self.assertEqual(guidebook("migrate", "--db", source).returncode, 0)
        db = sqlite3.connect(source)
        # As a follower leaves a file: rollback-journal mode.
        db.execute("PRAGMA journal_mode = DELETE")
        db.close()
        with open(source, "rb") as f:
            head = f.read(4096 * 3)
        with open(truncated, "wb") as f:
            f.write(head)
        newer = os.path.join(self.dir, "newer.sqlite")
        shutil.copy(source, newer)
        db = sqlite3.connect(newer)
        db.execute("INSERT INTO schema_migrations VALUES (999, 'future', '2030-01-01')")
        db.commit()
        db.close()
        for path, message in [(garbage, "not a readable database"), (truncated, "not a readable database"), (newer, "newer than this binary")]:
            with self.subTest(path=path):
                before = sha(path)
                done = subprocess.run([GUIDEBOOK, "serve", "--replica", "--db", path, "--port", "0", "--no-seed"],
                                      capture_output=True, timeout=30)
                self.assertNotEqual(done.returncode, 0)
                self.assertIn(message, done.stderr.decode())
                self.assertEqual(sha(path), before)


@unittest.skipUnless(MOTO, "MOTO_SERVER_BIN not set (run through make replica-test)")
class S3Tests(ReplicationTestCase):
    def test_s3_replica_round_trip_and_a_missing_bucket(self):
        port = free_port()
        Process(self, "moto", [MOTO, "-H", "127.0.0.1", "-p", str(port)])
        endpoint = f"http://127.0.0.1:{port}"
        wait_for(lambda: _reachable(endpoint), 20, "moto up")
        # moto is plain HTTP on loopback: a CA bundle from the machine's environment would make the AWS SDK fail.
        good = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing", "AWS_REGION": "us-east-1", "AWS_CA_BUNDLE": None}
        urllib.request.urlopen(urllib.request.Request(endpoint + "/guidebook", method="PUT")).read()
        db = os.path.join(self.dir, "primary.sqlite")
        server = Server(self, "primary", db, env={"GUIDEBOOK_REPLICATION": "litestream"})
        url = f"s3://guidebook/primary?endpoint={endpoint}&forcePathStyle=true"
        config = os.path.join(self.dir, "s3.yml")
        with open(config, "w") as f:
            f.write(f"dbs:\n  - path: {db}\n    replica:\n      type: s3\n      bucket: guidebook\n      path: primary\n"
                    f"      endpoint: {endpoint}\n      region: us-east-1\n      force-path-style: true\n      sync-interval: 100ms\n")
        replicate = Process(self, "litestream", [LITESTREAM, "replicate", "-config", config], env=good)
        server.import_bundle(bundle("s", 100))
        out = os.path.join(self.dir, "from-s3.sqlite")
        try:
            done = wait_for(lambda: (lambda d: d if d.returncode == 0 and topics(out, "s-topic-") == 2 else _remove(out))(
                guidebook("restore", "--from", url, "--db", out, "--force", env=good)), 20, "restore from S3")
        except AssertionError:
            raise AssertionError(replicate.text() + guidebook("restore", "--from", url, "--db", out, "--force", env=good).stderr.decode())
        self.assertIn(b"integrity ok", done.stdout)
        missing = guidebook("restore", "--from", f"s3://no-such-bucket/primary?endpoint={endpoint}&forcePathStyle=true",
                            "--db", self.dir + "/none.sqlite", env=good)
        self.assertNotEqual(missing.returncode, 0)
        self.assertIn(b"litestream could not restore", missing.stderr)
        self.assertFalse(os.path.exists(self.dir + "/none.sqlite"))

    def test_wrong_s3_credentials(self):
        # moto checks credentials once its first INITIAL_NO_AUTH_ACTION_COUNT requests are spent:
        # these three make an IAM user with a key that may do anything in S3.
        import boto3  # moto[server] brings it (the replica venv)
        port = free_port()
        Process(self, "moto-auth", [MOTO, "-H", "127.0.0.1", "-p", str(port)], env={"INITIAL_NO_AUTH_ACTION_COUNT": "3"})
        endpoint = f"http://127.0.0.1:{port}"
        wait_for(lambda: _reachable(endpoint + "/moto-api/"), 20, "moto up")
        iam = boto3.client("iam", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="setup", aws_secret_access_key="setup")
        iam.create_user(UserName="backup")
        key = iam.create_access_key(UserName="backup")["AccessKey"]
        iam.put_user_policy(UserName="backup", PolicyName="s3", PolicyDocument=json.dumps(
            {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}))
        s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1",
                          aws_access_key_id=key["AccessKeyId"], aws_secret_access_key=key["SecretAccessKey"])
        s3.create_bucket(Bucket="guidebook")
        s3.put_object(Bucket="guidebook", Key="primary/README", Body=b"the right key works here")
        self.assertEqual(s3.get_object(Bucket="guidebook", Key="primary/README")["Body"].read(), b"the right key works here")

        url = f"s3://guidebook/primary?endpoint={endpoint}&forcePathStyle=true"
        cases = {
            "unknown access key": ({"AWS_ACCESS_KEY_ID": "AKIANOSUCHKEY0000000", "AWS_SECRET_ACCESS_KEY": key["SecretAccessKey"]}, "InvalidAccessKeyId"),
            "wrong secret": ({"AWS_ACCESS_KEY_ID": key["AccessKeyId"], "AWS_SECRET_ACCESS_KEY": "not-the-secret"}, "SignatureDoesNotMatch"),
        }
        for name, (credentials, code) in cases.items():
            env = {"AWS_REGION": "us-east-1", "AWS_CA_BUNDLE": None, **credentials}
            for command in (["restore", "--from", url, "--db", self.dir + "/wrong.sqlite"], ["backup", "verify", "--from", url]):
                with self.subTest(name, command=command[0]):
                    began = time.time()
                    done = guidebook(*command, env=env)
                    said = done.stderr.decode()
                    self.assertNotEqual(done.returncode, 0, said)
                    self.assertIn(f"the S3 credentials are wrong ({code})", said)
                    self.assertIn("AWS_ACCESS_KEY_ID", said)
                    self.assertEqual(len(said.strip().splitlines()), 1, said)
                    self.assertNotIn(credentials["AWS_SECRET_ACCESS_KEY"], said)
                    self.assertLess(time.time() - began, 30)
                    self.assertFalse(os.path.exists(self.dir + "/wrong.sqlite"))
                    self.assertEqual([n for n in os.listdir(self.dir) if n.startswith("wrong")], [])


def _reachable(url):
    try:
        urllib.request.urlopen(url, timeout=0.5).read()
        return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def _remove(path):
    for leftover in (path, path + "-wal", path + "-shm"):
        if os.path.exists(leftover):
            os.remove(leftover)
    return None


if __name__ == "__main__":
    unittest.main()
