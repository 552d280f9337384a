#!/usr/bin/env python3
"""Translation writes one after another on one keep-alive connection, as an editor's client sends
them: PUT /v1/guidelines/{id}/translations/ko with a Korean text that changes every time (so each
write is a real write), timed at the client from the request to the end of the answer.

usage: translation-writes.py BASE_URL TOKEN IDS_FILE COUNT [OFFSET]
prints, tab-separated: translation-writes, count, p50 ms, p90 ms, p99 ms, non-2xx answers
"""
import http.client
import json
import sys
import time
import urllib.parse

# Korean shaped like a real translation: glossary terms with particles, a number and a placeholder
# (so every check has something to look at), one word changing per write.
TEXTS = [
    "시트를 사용해 사용자가 현재 맥락을 떠나지 않고도 {n}번째 작업을 끝낼 수 있게 하세요.",
    "진행률 표시줄은 작업이 {n}% 진행될 때마다 트랙을 채우며, 활동 표시기와 함께 쓰지 마세요.",
    "메뉴에서 항목을 고르면 팝오버가 닫히고, 툴바의 {n}번째 버튼이 강조됩니다.",
]


def main(base, token, ids_file, count, offset):
    url = urllib.parse.urlsplit(base)
    with open(ids_file, encoding="utf-8") as lines:
        ids = [line.strip() for line in lines if line.strip()]
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    headers = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}
    times, failures = [], 0
    for k in range(count):
        guideline = ids[(offset + k) % len(ids)]
        body = json.dumps({"text": TEXTS[k % len(TEXTS)].replace("{n}", str(offset + k))}, ensure_ascii=False).encode()
        started = time.perf_counter()
        connection.request("PUT", "/v1/guidelines/%s/translations/ko" % guideline, body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        times.append(time.perf_counter() - started)
        if response.status // 100 != 2:
            failures += 1
    connection.close()
    times.sort()

    def percentile(p):
        return times[min(len(times) - 1, int(p * len(times)))] * 1000

    print("\t".join(["translation-writes", str(count), "%.3f" % percentile(0.5), "%.3f" % percentile(0.9), "%.3f" % percentile(0.99), str(failures)]))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]) if len(sys.argv) > 5 else 0)
