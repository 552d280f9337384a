#!/usr/bin/env python3
"""Issue 24's coverage target: GET /v1/translations/coverage (every locale, every topic, every
state) and ?topic=SLUG, timed at the client on one keep-alive connection, side by side with the
reference: the same counts made on demand by one aggregate query over the text tables of the same
database file (Python's sqlite3, read-only, while the server runs), which is what the call would
cost without the counts Guidebook keeps per topic.

Before each round one translation is written through the API (not timed), so every coverage
answer is computed afresh (the server's response cache keeps nothing across a commit) and the
kept counts have just been brought up to date by a write, as they are in use. The calls and the
reference alternate round by round, so both see the same machine.

usage: coverage.py BASE_URL TOKEN DATABASE IDS_FILE ROUNDS
prints, tab-separated: coverage, rounds, full p50 ms, full p90 ms, full bytes, topic p50 ms,
reference p50 ms, reference p90 ms, topics, guidelines counted, non-2xx answers, counts agree (1/0)
"""
import http.client
import json
import sqlite3
import sys
import time
import urllib.parse

# Every guideline's state per topic and locale, from the text tables alone (docs/review.md's states).
REFERENCE = """
SELECT tp.slug, l.code,
       CASE WHEN t.guideline_id IS NULL THEN 'missing' WHEN t.source_revision IS NOT s.source_revision THEN 'outdated'
            ELSE t.review_state END AS state, count(*)
FROM guidelines g JOIN topics tp ON tp.id = g.topic_id
JOIN guideline_texts s ON s.guideline_id = g.id AND s.locale = 'en'
JOIN locales l ON l.is_source = 0
LEFT JOIN guideline_texts t ON t.guideline_id = g.id AND t.locale = l.code
GROUP BY 1, 2, 3
"""
STATES = ("missing", "outdated", "draft", "translated", "approved")


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


def main(base, token, database, ids_file, rounds):
    url = urllib.parse.urlsplit(base)
    with open(ids_file, encoding="utf-8") as lines:
        ids = [line.strip() for line in lines if line.strip()]
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    auth = {"Authorization": "Bearer " + token}
    reference = sqlite3.connect("file:%s?mode=ro" % urllib.parse.quote(database), uri=True)
    reference.execute("PRAGMA busy_timeout = 10000")

    def request(method, path, body=None):
        headers = dict(auth, Accept="application/json")
        if body is not None:
            headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        payload = response.read()
        return response.status, payload, (time.perf_counter() - started) * 1000

    full, single, counted, failures, size, answer, rows = [], [], [], 0, 0, None, []
    for k in range(rounds):
        guideline = ids[k % len(ids)]
        body = json.dumps({"text": "커버리지 측정용 번역 %d" % k}, ensure_ascii=False).encode()
        status, _, _ = request("PUT", "/v1/guidelines/%s/translations/ko" % guideline, body)
        failures += status // 100 != 2
        status, payload, ms = request("GET", "/v1/translations/coverage")
        failures += status != 200
        full.append(ms)
        size, answer = len(payload), payload
        topic = guideline.split(".")[0]
        status, _, ms = request("GET", "/v1/translations/coverage?topic=" + urllib.parse.quote(topic))
        failures += status != 200
        single.append(ms)
        started = time.perf_counter()
        rows = reference.execute(REFERENCE).fetchall()
        counted.append((time.perf_counter() - started) * 1000)
    connection.close()

    # The last answer and the last reference count were made after the same write: they must agree.
    served = {}
    topics = 0
    for locale in json.loads(answer)["items"]:
        topics = len(locale["topics"])
        for item in locale["topics"]:
            for state in STATES:
                if item[state]:
                    served[(item["topic"], locale["locale"], state)] = item[state]
    made = {(slug, locale, state): n for slug, locale, state, n in rows}
    print("\t".join(["coverage", str(rounds), "%.2f" % percentile(full, 0.5), "%.2f" % percentile(full, 0.9), str(size),
                     "%.2f" % percentile(single, 0.5), "%.2f" % percentile(counted, 0.5), "%.2f" % percentile(counted, 0.9),
                     str(topics), str(sum(made.values())), str(failures), "1" if served == made else "0"]))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
