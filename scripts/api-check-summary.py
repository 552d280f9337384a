#!/usr/bin/env python3
"""What an api-check run asked, per operation of the OpenAPI document, from the server's own log.

Usage: api-check-summary.py OPENAPI_JSON SERVER_LOG [TAG...]

Reads the server's `"msg":"request"` lines (method, route pattern, status) and prints, for every
operation of the document, how many requests reached it and their statuses by class, with the
operation's role (`x-guidebook-role`). Exits 1 when a write operation (POST, PUT, PATCH, DELETE)
received no request, or when one of them was only ever answered 401 or 403: then the token did
not reach it, and the run proved nothing about it past authentication. Operations tagged with one
of the TAGs that never got a 2xx are named in a note (their success answers went unchecked this
run: generated data mostly misses real resources, so that depends on the run's seed).
"""

import collections
import json
import sys

METHODS = ("get", "put", "post", "patch", "delete")
WRITES = ("POST", "PUT", "PATCH", "DELETE")


def main():
    document_path, log_path = sys.argv[1:3]
    success_tags = set(sys.argv[3:])
    with open(document_path, encoding="utf-8") as file:
        document = json.load(file)
    statuses = collections.defaultdict(collections.Counter)
    with open(log_path, encoding="utf-8", errors="replace") as file:
        for line in file:
            if '"msg":"request"' not in line:
                continue
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            method = "GET" if entry.get("method") == "HEAD" else entry.get("method")
            statuses[(method, entry.get("route"))][int(entry.get("status", 0))] += 1

    rows, problems, unanswered = [], [], []
    for path, item in document["paths"].items():
        for method in METHODS:
            operation = item.get(method)
            if not operation:
                continue
            counts = statuses.pop((method.upper(), path), collections.Counter())
            classes = collections.Counter()
            for status, n in counts.items():
                classes[status // 100] += n
            total = sum(counts.values())
            refused = counts[401] + counts[403]
            rows.append((method.upper(), path, operation.get("operationId", "?"), operation.get("x-guidebook-role", "?"),
                         total, classes, refused, counts[503]))
            if success_tags & set(operation.get("tags", [])) and not classes[2]:
                unanswered.append(f"{method.upper()} {path}")
            if method.upper() in WRITES:
                if total == 0:
                    problems.append(f"{method.upper()} {path}: no request")
                elif refused == total:
                    problems.append(f"{method.upper()} {path}: every request was refused (401/403)")

    print(f"{'operation':<68} {'role':<7} {'requests':>8} {'2xx':>6} {'3xx':>5} {'4xx':>6} {'401/403':>8} {'503':>5} {'5xx':>5}")
    for method, path, operation_id, role, total, classes, refused, busy in rows:
        name = f"{method:<6} {path} ({operation_id})"
        print(f"{name:<68} {role:<7} {total:>8} {classes[2]:>6} {classes[3]:>5} {classes[4]:>6} {refused:>8} {busy:>5} {classes[5] - busy:>5}")
    writes = [row for row in rows if row[0] in WRITES]
    print(f"write operations: {len(writes)}, {sum(row[4] for row in writes)} requests, "
          f"{sum(1 for row in writes if row[5][2])} of them answered 2xx at least once; "
          f"all operations: {len(rows)}, {sum(row[4] for row in rows)} requests")
    others = sum(sum(counts.values()) for counts in statuses.values())
    if others:
        print(f"requests to no documented operation (unknown paths and methods, OPTIONS): {others}")
    if unanswered:
        print(f"note: no 2xx this run (success answer unchecked) for {', '.join(sorted(success_tags))} operations: "
              + "; ".join(unanswered))
    for problem in problems:
        print(f"FAIL: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
