"""The `replication` section of `make bench` (scripts/bench.sh runs it; docs/backup.md shows the results).

    python3 scripts/bench/replication.py --guidebook BIN --litestream BIN --resources ROOT --db BENCH_DB \
        --guideline-paths FILE --queries scripts/bench/queries.tsv --lua scripts/bench/rotate.lua \
        --rows ROWS.tsv --detail DETAIL.md --work DIR [--rpo-seconds 60] [--rate 10] [--duration 10] [--runs 3] \
        [--rto-sizes "100000 1000000"]

On copies of the benchmark database (BENCH_DB, BENCH_GUIDELINES guidelines), with every process on loopback:

- A primary told it is replicated (GUIDEBOOK_REPLICATION=litestream) with `litestream replicate` to a
  file:// replica (monitor and sync interval 1 s, as deploy/litestream.yml), and one read replica:
  `litestream restore -f -follow-interval 500ms` (as the image's guidebook-replica entrypoint) and
  `guidebook serve --replica` on the followed copy.
- RPO: `rate` edits a second for `rpo-seconds` on the primary (PATCH), while a poller reads the edited
  guideline from the replica every 5 ms: the time from the primary's 200 until the replica serves that
  edit or a later one (the follower applies several at once).
- Lag: the replica's /metrics (guidebook_replica_lag_seconds) every 250 ms during those edits, against
  the lag seen from outside (the age of the newest edit the replica serves).
- Read throughput: wrk -c16 on the replica, then on the primary, with the same mix (GET
  /v1/guidelines/{id} and searches alternating) and the search mix alone, response cache off on both
  (so each search runs); medians of `runs` runs. Replicas needed for 10k/100k/1M searches/s from the
  replica's search-only figure.
- Primary cost: a primary with replication (Litestream running) and one without, on copies of the same
  database, measured in turns: 10 PATCH edits/s (their latency, commit included) while wrk -c4 runs
  the search mix (its p99). Medians of `runs` turns; the ratio with/without, target <= 1.2x.
- RTO: for each size in `rto-sizes`, a database of that many guidelines (BENCH_DB itself at its own size;
  others made as bench.sh makes its base: `guidebook generate` then `guidebook import`) replicated by
  `litestream replicate` to a file:// replica; then `guidebook restore` (restore + integrity and schema
  checks + the summary) timed against `litestream restore` alone.

Appends rows (bench.sh's format: area, measure, guidebook, reference, ratio, target, status) to --rows
and a detail table to --detail, and prints one JSON object.
"""
import argparse
import json
import math
import os
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

ADMIN = "gb_bench_replication_" + os.urandom(16).hex()


def log(message):
    sys.stderr.write(f"[bench {time.strftime('%H:%M:%S')}] replication: {message}\n")
    sys.stderr.flush()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


class Processes:
    """Every child started here, stopped (TERM, then KILL) at the end."""

    def __init__(self, work):
        self.work = work
        self.children = []

    def start(self, name, args, env=None):
        log_file = open(os.path.join(self.work, name + ".log"), "wb")
        full_env = dict(os.environ)
        full_env.update(env or {})
        full_env = {k: v for k, v in full_env.items() if v is not None}
        proc = subprocess.Popen(args, stdout=log_file, stderr=subprocess.STDOUT, env=full_env)
        proc.log_name = os.path.join(self.work, name + ".log")
        self.children.append(proc)
        return proc

    def stop(self, proc, sig=signal.SIGTERM):
        if proc.poll() is None:
            proc.send_signal(sig)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def close(self):
        for proc in reversed(self.children):
            self.stop(proc)


class Server:
    def __init__(self, processes, name, db, *extra, env=None, resources):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        environment = {"GUIDEBOOK_ADMIN_TOKEN": ADMIN}
        environment.update(env or {})
        self.proc = processes.start(name, [GUIDEBOOK, "serve", "--db", db, "--port", str(self.port), "--no-seed",
                                           "--log-level", "warning", "--resources", resources, *extra], env=environment)
        deadline = time.time() + 120
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"{name} exited: {open(self.proc.log_name).read()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit(f"{name} did not listen within 120 s")

    def request(self, method, path, body=None, token=ADMIN, content_type="application/json", timeout=30):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        if token:
            request.add_header("Authorization", "Bearer " + token)
        if data is not None:
            request.add_header("Content-Type", content_type)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()
        except OSError:
            return 0, b""

    def patch(self, guideline, text):
        return self.request("PATCH", f"/v1/guidelines/{guideline}", {"text": text}, content_type="application/merge-patch+json")[0]

    def metric(self, name):
        text = self.request("GET", "/metrics", token=None)[1].decode()
        return next((float(line.split()[1]) for line in text.splitlines() if line.startswith(name + " ")), None)


def wait_for(condition, seconds, what):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise SystemExit(f"{what}: not within {seconds} s")


def copy_database(source, target):
    """A consistent copy (the benchmark database may have a WAL beside it)."""
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    src.backup(dst)
    dst.close()
    src.close()


def litestream_config(path, db, backup, interval="1s"):
    with open(path, "w") as f:
        f.write(f"dbs:\n  - path: {db}\n    monitor-interval: {interval}\n    replica:\n      url: file://{backup}\n"
                f"      sync-interval: {interval}\n")
    return path


def first_snapshot(backup):
    level0 = os.path.join(backup, "ltx", "0")
    return os.path.isdir(level0) and any(name.endswith(".ltx") for name in os.listdir(level0))


def wrk(url, paths_file, connections, seconds, offset=0):
    env = dict(os.environ, BENCH_PATHS=paths_file, BENCH_OFFSET=str(offset))
    done = subprocess.run(["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "--latency", "-s", LUA, url],
                          capture_output=True, env=env, timeout=seconds + 60)
    line = next((l for l in done.stdout.decode().splitlines() if l.startswith("BENCH ")), None)
    if line is None:
        raise SystemExit(f"wrk printed no summary: {done.stdout.decode()[-500:]} {done.stderr.decode()[-500:]}")
    fields = dict(part.split("=") for part in line.split()[1:])
    result = {k: float(v) for k, v in fields.items()}
    if result["non2xx"] or result["socket_errors"]:
        log(f"WARNING: {url} {os.path.basename(paths_file)}: {int(result['non2xx'])} non-2xx, {int(result['socket_errors'])} socket errors")
    return result


def main():
    global GUIDEBOOK, LITESTREAM, LUA
    parser = argparse.ArgumentParser()
    parser.add_argument("--guidebook", required=True)
    parser.add_argument("--litestream", required=True)
    parser.add_argument("--resources", required=True)
    parser.add_argument("--db", required=True, help="the benchmark database (copied, never changed)")
    parser.add_argument("--guidelines", type=int, required=True, help="how many generated guidelines --db holds")
    parser.add_argument("--guideline-paths", required=True)
    parser.add_argument("--queries", required=True)
    parser.add_argument("--lua", required=True)
    parser.add_argument("--rows", required=True)
    parser.add_argument("--detail", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--rpo-seconds", type=float, default=60)
    parser.add_argument("--rate", type=float, default=10)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--follow-interval", default="500ms")
    parser.add_argument("--parts", default="rpo throughput cost rto", help="which measurements to make (all by default)")
    parser.add_argument("--rto-sizes", default="100000 1000000")
    args = parser.parse_args()
    GUIDEBOOK, LITESTREAM, LUA = args.guidebook, args.litestream, args.lua
    os.makedirs(args.work, exist_ok=True)
    processes = Processes(args.work)
    rows = []
    result = {}
    try:
        run(args, processes, rows, result)
    finally:
        processes.close()
    with open(args.rows, "a") as f:
        for row in rows:
            f.write("\t".join(str(c) for c in row) + "\n")
    print(json.dumps(result, indent=2))


def verdict(value, op, limit):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    ok = {"<": value < limit, "<=": value <= limit, ">=": value >= limit}[op]
    return "met" if ok else "**missed**"


def run(args, processes, rows, result):
    work = args.work
    wanted = args.parts.split()
    no_cache = ["--response-cache", "0"]
    replicated = {"GUIDEBOOK_REPLICATION": "litestream"}

    # --- the primary with Litestream, and one replica following it ------------------------------
    log("copying the benchmark database for the replicated primary and starting Litestream")
    primary_db = os.path.join(work, "primary.sqlite")
    copy_database(args.db, primary_db)
    backup = os.path.join(work, "backup")
    primary = Server(processes, "primary", primary_db, *no_cache, env=replicated, resources=args.resources)
    replicate = processes.start("litestream", [LITESTREAM, "replicate", "-config", litestream_config(os.path.join(work, "litestream.yml"), primary_db, backup)])
    wait_for(lambda: first_snapshot(backup), 300, "Litestream's first snapshot")
    copy = os.path.join(work, "replica", "guidebook.sqlite")
    os.makedirs(os.path.dirname(copy))
    replica = Server(processes, "replica", copy, "--replica", "--primary-url", primary.url, *no_cache, resources=args.resources)
    follow_started = time.time()
    follower = processes.start("follower", [LITESTREAM, "restore", "-f", "-follow-interval", args.follow_interval, "-o", copy, "file://" + backup])
    wait_for(lambda: replica.request("GET", "/readyz")[0] == 200, 600, "replica ready")
    log(f"replica ready {time.time() - follow_started:.1f} s after its follower started")
    result["replica_first_ready_s"] = round(time.time() - follow_started, 2)

    # --- what the parts share: the edited guideline, the request mixes ---------------------------
    with open(args.guideline_paths) as f:
        guideline = f.readline().strip().rsplit("/", 1)[-1]
    searches = []
    with open(args.queries) as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 2 and fields[0] and not fields[0].startswith("#"):
                searches.append("/v1/search?q=" + urllib.parse.quote(fields[1], safe="") + "&limit=10")
    with open(args.guideline_paths) as f:
        gets = [line.strip() for line in f if line.strip()]
    search_file = os.path.join(work, "search.paths")
    mix_file = os.path.join(work, "mix.paths")
    with open(search_file, "w") as f:
        f.write("\n".join(searches) + "\n")
    with open(mix_file, "w") as f:
        for i in range(max(len(searches), 100)):
            f.write(gets[(i * 7) % len(gets)] + "\n" + searches[i % len(searches)] + "\n")

    # --- RPO and lag ------------------------------------------------------------------------------
    if "rpo" in wanted:
        edits, seen = {}, {}
        newest_shown = [None]
        lags = []
        stop = threading.Event()
        editing = threading.Event()  # lag is sampled while the edits go on (after them, the outside age only grows)

        def poll():
            while not stop.is_set():
                status, body = replica.request("GET", f"/v1/guidelines/{guideline}", token=None)
                now = time.time()
                if status == 200:
                    text = json.loads(body).get("text", "")
                    marker = text.split()[-1].rstrip(".") if text else ""
                    if marker in edits and marker not in seen:
                        seen[marker] = now
                        newest_shown[0] = edits[marker]
                time.sleep(0.005)

        def sample_metrics():
            while not stop.is_set():
                reported = replica.metric("guidebook_replica_lag_seconds")
                outside = time.time() - newest_shown[0] if newest_shown[0] else None
                if editing.is_set() and reported is not None and not math.isnan(reported) and outside is not None:
                    lags.append((reported, outside))
                time.sleep(0.25)

        log(f"RPO: {args.rate:g} edits/s for {args.rpo_seconds:g} s on the primary, the replica polled every 5 ms")
        threads = [threading.Thread(target=poll), threading.Thread(target=sample_metrics)]
        for thread in threads:
            thread.start()
        started = time.time()
        n = 0
        editing.set()
        while time.time() - started < args.rpo_seconds:
            marker = f"m{n:06d}"
            if primary.patch(guideline, f"Replication benchmark edit {marker}.") == 200:
                edits[marker] = time.time()
            n += 1
            time.sleep(max(0, started + n / args.rate - time.time()))
        editing.clear()
        time.sleep(5)
        stop.set()
        for thread in threads:
            thread.join()
        rpo = []
        for marker, committed in sorted(edits.items()):
            later = [at for m, at in seen.items() if m >= marker]
            if later:
                rpo.append(max(0.0, min(later) - committed))
        lost = len(edits) - len(rpo)
        result.update({"edits": len(edits), "edits_never_seen": lost, "rpo_p50_s": percentile(rpo, 50), "rpo_p99_s": percentile(rpo, 99),
                       "rpo_max_s": max(rpo) if rpo else None, "lag_samples": len(lags),
                       "lag_metrics_median_s": statistics.median(r for r, _ in lags) if lags else None,
                       "lag_outside_median_s": statistics.median(o for _, o in lags) if lags else None,
                       "lag_metrics_p99_s": percentile([r for r, _ in lags], 99), "lag_outside_p99_s": percentile([o for _, o in lags], 99)})
        rows.append(("Replication", f"RPO: primary's 200 for an edit → the replica serves it, {len(edits)} edits at {args.rate:g}/s for {args.rpo_seconds:g} s "
                     f"(Litestream monitor + sync 1 s, follow {args.follow_interval}; {lost} edits never seen); p50 / p99 (max)",
                     f"{result['rpo_p50_s']:.2f} / {result['rpo_p99_s']:.2f} s ({result['rpo_max_s']:.2f} s)", "", "", "p99 < 2 s",
                     verdict(result["rpo_p99_s"], "<", 2)))
        if lags:
            rows.append(("Replication", f"replica lag: /metrics guidebook_replica_lag_seconds vs measured from outside (age of the newest edit served), "
                         f"median (p99) of {len(lags)} samples 250 ms apart during the edits",
                         f"{result['lag_metrics_median_s']:.2f} s ({result['lag_metrics_p99_s']:.2f} s)",
                         f"{result['lag_outside_median_s']:.2f} s ({result['lag_outside_p99_s']:.2f} s) outside",
                         f"{result['lag_metrics_median_s'] - result['lag_outside_median_s']:+.2f} s", "", ""))

    # --- read throughput: one replica vs the primary ------------------------------------------------
    if "throughput" in wanted:
        for server in (primary, replica):
            wrk(server.url, mix_file, 4, 2)
        throughput = {}
        for run_index in range(args.runs):
            for kind, paths in (("mix", mix_file), ("search", search_file)):
                for who, server in (("replica", replica), ("primary", primary)):
                    log(f"read throughput run {run_index + 1}/{args.runs}: {kind} on the {who} (c16, {args.duration} s)")
                    throughput.setdefault((who, kind), []).append(wrk(server.url, paths, 16, args.duration, run_index * 13))
        med = {key: {m: statistics.median(r[m] for r in runs) for m in ("rps", "p50_us", "p99_us")} for key, runs in throughput.items()}
        for kind, label in (("mix", f"GET /v1/guidelines/{{id}} and /v1/search alternating ({len(gets)} ids, {len(searches)} queries)"),
                            ("search", f"the search mix alone ({len(searches)} queries)")):
            r, p = med[("replica", kind)], med[("primary", kind)]
            rows.append(("Replication", f"read throughput, one replica vs the primary: {label}, wrk c16, response cache off, median of {args.runs}: req/s; p50 / p99 ms",
                         f"{r['rps']:.0f}; {r['p50_us'] / 1000:.2f} / {r['p99_us'] / 1000:.2f} (replica)",
                         f"{p['rps']:.0f}; {p['p50_us'] / 1000:.2f} / {p['p99_us'] / 1000:.2f} (primary)",
                         f"{r['rps'] / p['rps']:.2f}x", "", ""))
            result[f"throughput_{kind}_replica_rps"] = round(r["rps"])
            result[f"throughput_{kind}_primary_rps"] = round(p["rps"])
        per_replica = med[("replica", "search")]["rps"]
        needed = {target: math.ceil(target / per_replica) for target in (10_000, 100_000, 1_000_000)}
        result["replicas_needed"] = needed
        rows.append(("Replication", f"replicas needed (on paper: target ÷ one replica's search-only req/s, {per_replica:.0f}/s on this 2-core machine shared with wrk) "
                     "for 10k / 100k / 1M searches/s", " / ".join(f"{needed[t]:,}" for t in (10_000, 100_000, 1_000_000)), "", "", "", ""))

    # --- the primary's cost: replication on vs off ---------------------------------------------------
    plain_db = os.path.join(work, "plain.sqlite")
    if "cost" in wanted:
        log("primary with replication off: a copy of the same database, no Litestream")
        copy_database(args.db, plain_db)
        plain = Server(processes, "plain", plain_db, *no_cache, resources=args.resources)
        for server in (plain, primary):
            wrk(server.url, search_file, 4, 2)
        # A replica runs on another machine: here it would only take the primaries' cores, in both turns.
        processes.stop(follower)
        processes.stop(replica.proc)
        cost = {"on": {"edit": [], "search": [], "search50": []}, "off": {"edit": [], "search": [], "search50": []}}
        seconds = args.duration
        for run_index in range(args.runs):
            for who, server in (("off", plain), ("on", primary)):
                log(f"primary cost run {run_index + 1}/{args.runs}: replication {who}: {args.rate:g} edits/s and wrk -c4 searches for {seconds} s")
                latencies = []
                done = threading.Event()

                def edit_loop():
                    k = 0
                    began = time.time()
                    while not done.is_set():
                        t0 = time.perf_counter()
                        if server.patch(guideline, f"Cost run edit {who} {run_index} {k}.") == 200:
                            latencies.append(time.perf_counter() - t0)
                        k += 1
                        time.sleep(max(0, began + k / args.rate - time.time()))
                editor = threading.Thread(target=edit_loop)
                editor.start()
                searched = wrk(server.url, search_file, 4, seconds, run_index * 5)
                done.set()
                editor.join()
                cost[who]["edit"].append(statistics.median(latencies) * 1000)
                cost[who]["search"].append(searched["p99_us"] / 1000)
                cost[who]["search50"].append(searched["p50_us"] / 1000)
        med_cost = {who: {k: statistics.median(v) for k, v in parts.items()} for who, parts in cost.items()}
        edit_ratio = med_cost["on"]["edit"] / med_cost["off"]["edit"]
        search_ratio = med_cost["on"]["search"] / med_cost["off"]["search"]
        result.update({"edit_p50_ms_on": round(med_cost["on"]["edit"], 2), "edit_p50_ms_off": round(med_cost["off"]["edit"], 2),
                       "search_p99_ms_on": round(med_cost["on"]["search"], 2), "search_p99_ms_off": round(med_cost["off"]["search"], 2),
                       "edit_ratio": round(edit_ratio, 2), "search_ratio": round(search_ratio, 2)})
        runs_text = lambda who, k: " ".join(f"{v:.2f}" for v in cost[who][k])
        rows.append(("Replication", f"primary's edit p50 (PATCH, commit included) with replication on (Litestream replicating, heartbeat) vs off, "
                     f"{args.rate:g} edits/s during wrk -c4 searches, median of {args.runs} turns (on: {runs_text('on', 'edit')}; off: {runs_text('off', 'edit')} ms)",
                     f"{med_cost['on']['edit']:.2f} ms", f"{med_cost['off']['edit']:.2f} ms off", f"{edit_ratio:.2f}x", "<= 1.2x", verdict(edit_ratio, "<=", 1.2)))
        rows.append(("Replication", f"primary's search p99 (search mix, wrk -c4, response cache off) during those edits, on vs off "
                     f"(on: {runs_text('on', 'search')}; off: {runs_text('off', 'search')} ms; search p50 on "
                     f"{med_cost['on']['search50']:.2f} vs off {med_cost['off']['search50']:.2f} ms)",
                     f"{med_cost['on']['search']:.2f} ms", f"{med_cost['off']['search']:.2f} ms off", f"{search_ratio:.2f}x", "<= 1.2x", verdict(search_ratio, "<=", 1.2)))
    for proc in list(processes.children):
        processes.stop(proc)
    processes.children.clear()
    for path in (primary_db, plain_db, copy):
        for leftover in (path, path + "-wal", path + "-shm", path + "-txid"):
            if os.path.exists(leftover):
                os.remove(leftover)
    shutil.rmtree(backup, True)

    # --- RTO ----------------------------------------------------------------------------------------
    for size in [int(s) for s in args.rto_sizes.split()] if "rto" in wanted else []:
        base = os.path.join(work, f"rto-{size}.sqlite")
        if size == args.guidelines:
            log(f"RTO at {size:,}: a copy of the benchmark database")
            copy_database(args.db, base)
        else:
            log(f"RTO at {size:,}: generating and importing {size:,} guidelines (guidebook generate, guidebook import)")
            ndjson = os.path.join(work, f"kb-{size}.ndjson")
            subprocess.run([GUIDEBOOK, "generate", str(size), ndjson], check=True, capture_output=True)
            began = time.time()
            subprocess.run([GUIDEBOOK, "import", ndjson, "--db", base, "--resources", args.resources], check=True, capture_output=True)
            log(f"imported in {time.time() - began:.0f} s")
            os.remove(ndjson)
        rto_backup = os.path.join(work, f"rto-{size}-backup")
        began = time.time()
        ls = processes.start(f"rto-{size}-litestream", [LITESTREAM, "replicate", "-config",
                                                        litestream_config(os.path.join(work, f"rto-{size}.yml"), base, rto_backup)])
        wait_for(lambda: first_snapshot(rto_backup), 1800, f"the first snapshot of the {size} database")
        processes.stop(ls)   # SIGTERM: Litestream finishes shipping, then exits
        shipped = time.time() - began
        backup_mb = sum(os.path.getsize(os.path.join(d, n)) for d, _, names in os.walk(rto_backup) for n in names) / 1e6
        out = os.path.join(work, f"rto-{size}-restored.sqlite")
        began = time.time()
        done = subprocess.run([GUIDEBOOK, "restore", "--from", "file://" + rto_backup, "--db", out],
                              capture_output=True, env=dict(os.environ, GUIDEBOOK_LITESTREAM=LITESTREAM))
        rto = time.time() - began
        if done.returncode != 0:
            raise SystemExit(f"guidebook restore failed at {size}: {done.stderr.decode()}")
        restored_mb = os.path.getsize(out) / 1e6
        os.remove(out)
        bare = os.path.join(work, f"rto-{size}-bare.sqlite")
        began = time.time()
        subprocess.run([LITESTREAM, "restore", "-o", bare, "file://" + rto_backup], check=True, capture_output=True)
        bare_s = time.time() - began
        os.remove(bare)
        result[f"rto_{size}_s"] = round(rto, 2)
        result[f"rto_{size}_litestream_s"] = round(bare_s, 2)
        rows.append(("Replication", f"RTO at {size:,} guidelines: `guidebook restore` from a file:// replica ({backup_mb:.0f} MB of LTX files, "
                     f"first shipped in {shipped:.0f} s) into a {restored_mb:.0f} MB file, integrity and schema checks included, "
                     "vs `litestream restore` alone",
                     f"{rto:.1f} s", f"{bare_s:.1f} s (litestream restore)", f"{rto / bare_s:.2f}x", "", ""))
        for leftover in (base, base + "-wal", base + "-shm"):
            if os.path.exists(leftover):
                os.remove(leftover)
        shutil.rmtree(rto_backup, True)

    with open(args.detail, "a") as f:
        f.write("\nReplication (scripts/bench/replication.py): " + json.dumps(result, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
