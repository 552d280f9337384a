"""The translators' bench (scripts/bench/translators.sh): makes a PO file with N guideline
translations changed, as a translator's tool would, plus the same N translations as PUTs; and
sends those PUTs over one keep-alive connection, printing the seconds they took.

  translators_edit.py --po ALL.po --changes 10000 --out CHANGED.po --puts PUTS.jsonl
  translators_edit.py --send PUTS.jsonl --port PORT --token TOKEN
"""
import argparse
import http.client
import json
import sys
import time
import urllib.parse


def change(args):
    with open(args.po, encoding="utf-8") as file:
        blocks = file.read().split("\n\n")
    changed = 0
    with open(args.puts, "w", encoding="utf-8") as puts:
        for index, block in enumerate(blocks):
            if changed == args.changes:
                break
            lines = block.split("\n")
            context = next((line for line in lines if line.startswith('msgctxt "guideline:')), None)
            if context is None:
                continue
            guideline = context[len('msgctxt "guideline:'):-1]
            text = "벤치 번역 %d" % changed
            start = next(number for number, line in enumerate(lines) if line.startswith("msgstr "))
            blocks[index] = "\n".join([line for line in lines[:start] if line != "#, fuzzy"] + ['msgstr "%s"' % text])
            puts.write(json.dumps({"id": guideline, "text": text}, ensure_ascii=False) + "\n")
            changed += 1
    if changed != args.changes:
        sys.exit("only %d guideline entries in %s" % (changed, args.po))
    with open(args.out, "w", encoding="utf-8") as file:
        file.write("\n\n".join(blocks))


def send(args):
    with open(args.send, encoding="utf-8") as file:
        writes = [json.loads(line) for line in file]
    connection = http.client.HTTPConnection("127.0.0.1", args.port, timeout=60)
    headers = {"Authorization": "Bearer " + args.token, "Content-Type": "application/json"}
    started = time.monotonic()
    for write in writes:
        path = "/v1/guidelines/%s/translations/ko" % urllib.parse.quote(write["id"])
        connection.request("PUT", path, json.dumps({"text": write["text"]}), headers)
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            sys.exit("PUT %s: %d" % (path, response.status))
    print("%.2f" % (time.monotonic() - started))


parser = argparse.ArgumentParser()
parser.add_argument("--po")
parser.add_argument("--changes", type=int, default=10000)
parser.add_argument("--out")
parser.add_argument("--puts")
parser.add_argument("--send")
parser.add_argument("--port", type=int)
parser.add_argument("--token")
arguments = parser.parse_args()
send(arguments) if arguments.send else change(arguments)
