"""The replication section of the benchmarks: RPO, replica lag (/metrics against outside), RTO.

    GUIDEBOOK_BIN=… LITESTREAM_BIN=… GUIDEBOOK_RESOURCES=. python3 scripts/bench/replication.py \
        [--seconds 20] [--rate 10] [--sync-interval 1s] [--follow-interval 1s] [--rto-guidelines 10000]

A primary told it is replicated, `litestream replicate` to a file:// replica, `litestream restore -f`
and `guidebook serve --replica` on the followed copy. `rate` edits a second go to the primary for
`seconds`; a thread polls the replica for each edit and records how long after the primary's 200
it was served (RPO as a reader sees it). /metrics' lag is sampled against the age of the newest
edit the replica shows. RTO: `guidebook restore` of a database of `rto-guidelines` guidelines.
Prints one JSON object. Reuses the helpers of Tests/Replication/test_replication.py.
"""
import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "Replication"))
import test_replication as t  # noqa: E402


class Run:
    """What the test helpers need of a test case: a folder and cleanups."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="guidebook-replication-bench-")
        self.cleanups = []

    def addCleanup(self, fn, *args):
        self.cleanups.append((fn, args))

    def close(self):
        for fn, args in reversed(self.cleanups):
            try:
                fn(*args)
            except Exception:
                pass
        shutil.rmtree(self.dir, True)


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rate", type=float, default=10)
    parser.add_argument("--sync-interval", default="1s")
    parser.add_argument("--follow-interval", default="1s")
    parser.add_argument("--rto-guidelines", type=int, default=10000)
    args = parser.parse_args()
    run = Run()
    try:
        db = os.path.join(run.dir, "primary.sqlite")
        primary = t.Server(run, "primary", db, env={"GUIDEBOOK_REPLICATION": "litestream"})
        backup = os.path.join(run.dir, "backup")
        config = os.path.join(run.dir, "litestream.yml")
        with open(config, "w") as f:
            # monitor-interval: how often Litestream looks at the WAL (default 1 s); sync-interval: how often it ships.
            f.write(f"dbs:\n  - path: {db}\n    monitor-interval: {args.sync_interval}\n    replica:\n      url: file://{backup}\n"
                    f"      sync-interval: {args.sync_interval}\n")
        t.Process(run, "litestream", [t.LITESTREAM, "replicate", "-config", config])
        t.wait_for(lambda: os.path.isdir(backup + "/ltx/0") and os.listdir(backup + "/ltx/0"), 30, "first snapshot")
        primary.import_bundle(t.bundle("bench", 1000))
        copy = os.path.join(run.dir, "replica", "guidebook.sqlite")
        os.makedirs(os.path.dirname(copy))
        replica = t.Server(run, "replica", copy, "--replica", "--primary-url", primary.url)
        t.Process(run, "follower", [t.LITESTREAM, "restore", "-f", "-follow-interval", args.follow_interval, "-o", copy, "file://" + backup])
        t.wait_for(lambda: replica.request("GET", "/readyz")[0] == 200, 60, "replica ready")

        guideline = "bench-topic-00000.g-000"
        edits = {}  # marker -> time the primary answered 200
        seen = {}
        newest_shown = [None]
        stop = threading.Event()

        def poll():
            while not stop.is_set():
                status, _, body = replica.request("GET", f"/v1/guidelines/{guideline}", token=None)
                now = time.time()
                if status == 200:
                    text = json.loads(body).get("text", "")
                    marker = text.split()[-1].rstrip(".") if text else ""
                    if marker in edits and marker not in seen:
                        seen[marker] = now
                        newest_shown[0] = edits[marker]
                time.sleep(0.005)

        lags = []

        def sample_metrics():
            while not stop.is_set():
                metrics = replica.request("GET", "/metrics", token=None)[2].decode()
                reported = next((float(line.split()[1]) for line in metrics.splitlines() if line.startswith("guidebook_replica_lag_seconds ")), None)
                # Outside: the age of the newest edit the replica shows, while edits keep coming.
                outside = time.time() - newest_shown[0] if newest_shown[0] else None
                if reported is not None and outside is not None:
                    lags.append((reported, outside))
                time.sleep(0.25)

        threads = [threading.Thread(target=poll), threading.Thread(target=sample_metrics)]
        for thread in threads:
            thread.start()
        started = time.time()
        n = 0
        while time.time() - started < args.seconds:
            marker = f"m{n:06d}"
            status, _, _ = primary.json("PATCH", f"/v1/guidelines/{guideline}", {"text": f"Replication benchmark edit {marker}."},
                                        content_type="application/merge-patch+json")
            if status == 200:
                edits[marker] = time.time()
            n += 1
            time.sleep(max(0, started + n / args.rate - time.time()))
        time.sleep(5)
        stop.set()
        for thread in threads:
            thread.join()
        # An edit is on the replica once it, or a later edit (the follower applies several at
        # once, so the replica may never show an edit by itself), is served there.
        shown = sorted((marker, at) for marker, at in seen.items())
        rpo = []
        for marker, committed in sorted(edits.items()):
            later = next((at for m, at in shown if m >= marker), None)
            if later is not None:
                rpo.append(later - committed)

        # RTO: restore a database of rto-guidelines guidelines from its file:// replica.
        rto_db = os.path.join(run.dir, "rto.sqlite")
        rto_primary = t.Server(run, "rto-primary", rto_db, env={"GUIDEBOOK_REPLICATION": "litestream"})
        rto_backup = os.path.join(run.dir, "rto-backup")
        rto_config = os.path.join(run.dir, "rto.yml")
        with open(rto_config, "w") as f:
            f.write(f"dbs:\n  - path: {rto_db}\n    replica:\n      url: file://{rto_backup}\n      sync-interval: 100ms\n")
        rto_ls = t.Process(run, "rto-litestream", [t.LITESTREAM, "replicate", "-config", rto_config])
        rto_primary.import_bundle(t.bundle("rto", args.rto_guidelines))
        time.sleep(2)
        rto_primary.kill(t.signal.SIGTERM)
        rto_ls.kill(t.signal.SIGTERM)
        out = os.path.join(run.dir, "rto-restored.sqlite")
        began = time.time()
        done = t.guidebook("restore", "--from", "file://" + rto_backup, "--db", out)
        rto = time.time() - began
        assert done.returncode == 0, done.stderr

        result = {
            "monitor_and_sync_interval": args.sync_interval, "follow_interval": args.follow_interval,
            "edits": len(edits), "edits_seen_on_replica": len(seen),
            "rpo_p50_s": percentile(rpo, 50), "rpo_p99_s": percentile(rpo, 99), "rpo_max_s": max(rpo) if rpo else None,
            "lag_metrics_median_s": statistics.median(r for r, _ in lags) if lags else None,
            "lag_outside_median_s": statistics.median(o for _, o in lags) if lags else None,
            "lag_samples": len(lags),
            "rto_guidelines": args.rto_guidelines, "rto_restore_s": round(rto, 3),
            "rto_file_mb": round(os.path.getsize(out) / 1e6, 1),
        }
        print(json.dumps(result, indent=2))
    finally:
        run.close()


if __name__ == "__main__":
    main()
