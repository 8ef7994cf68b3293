#!/usr/bin/env python3
"""A scripted fake model for the agents' end-to-end tests (OpenAI-compatible
Chat Completions on 127.0.0.1).

The request's kind is the structured-output name trident sends
(response_format.json_schema.name: explorer_monitor, explorer, monitor,
detector). A JSON script gives, per kind, the answers in order; once a list
is used up its last answer repeats (or "<kind>_default" when given).

An explorer answer may name its target instead of a number:
  {"action": {"type": "click", "target": "New note"}, ...}
"target" is looked up in the widget list of the prompt (a line holding it as
text, desc or id) and replaced by that line's number; "widget_text" defaults
to the target. A literal "widget" is sent as is (to script mismatches).

Every request is appended to --log as one JSON line {"n", "kind", "images",
"text_len", "has_examples"}; with --dump DIR each request's text goes to
DIR/NNNNNN-KIND.txt. --exit-after N makes the server exit (without
answering) when request N+1 arrives: a model that dies mid-run. --delay S
(and --detector-factor F) simulate model latency. --stall accepts every
request and never answers (a model server that hangs).
Prints "PORT <n>" on stdout.
"""
import argparse
import copy
import json
import os
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
STATE = {"n": 0, "cursor": {}}
ARGS = None
SCRIPT = {}

LINE = re.compile(r'^\[(\d+)\]\s+(.*)$')


def widget_lines(text):
    out = []
    for line in text.splitlines():
        m = LINE.match(line.strip())
        if m:
            out.append((int(m.group(1)), m.group(2)))
    return out


def resolve_target(answer, text):
    act = answer.get("action")
    if not isinstance(act, dict) or "target" not in act:
        return answer
    target = act.pop("target")
    for num, rest in widget_lines(text):
        if ('"%s"' % target) in rest or ("id %s " % target) in rest + " ":
            act["widget"] = num
            act.setdefault("widget_text", target)
            return answer
    # Not on this screen: go back instead.
    answer["action"] = {"type": "back"}
    return answer


def next_answer(kind, text):
    with LOCK:
        seq = SCRIPT.get(kind) or []
        i = STATE["cursor"].get(kind, 0)
        STATE["cursor"][kind] = i + 1
        if i < len(seq):
            ans = seq[i]
        elif kind + "_default" in SCRIPT:
            ans = SCRIPT[kind + "_default"]
        elif seq:
            ans = seq[-1]
        else:
            ans = {}
    return resolve_target(copy.deepcopy(ans), text)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def reply(self, status, obj):
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"{}")
        with LOCK:
            STATE["n"] += 1
            n = STATE["n"]
        if ARGS.exit_after and n > ARGS.exit_after:
            os._exit(0)
        if ARGS.stall:
            while True:
                time.sleep(3600)
        rf = body.get("response_format") or {}
        kind = (rf.get("json_schema") or {}).get("name")
        if not kind:
            tools = body.get("tools") or []
            kind = tools[0]["function"]["name"] if tools else "unknown"
        texts, images = [], 0
        for m in body.get("messages", []):
            c = m.get("content")
            if isinstance(c, str):
                texts.append(c)
            elif isinstance(c, list):
                for p in c:
                    if p.get("type") == "text":
                        texts.append(p.get("text", ""))
                    elif p.get("type") == "image_url":
                        images += 1
        text = "\n".join(texts)
        answer = next_answer(kind, text)
        if ARGS.delay:
            time.sleep(ARGS.delay * (ARGS.detector_factor if kind == "detector" else 1))
        if ARGS.dump:
            with open(os.path.join(ARGS.dump, "%06d-%s.txt" % (n, kind)), "w") as f:
                f.write(text)
        if ARGS.log:
            with LOCK, open(ARGS.log, "a") as f:
                f.write(json.dumps({"n": n, "kind": kind, "images": images, "text_len": len(text),
                                    "has_examples": "Example 1 [" in text,
                                    "feedback": "did not match the screen" in text}) + "\n")
        self.reply(200, {
            "id": "fake-%d" % n, "object": "chat.completion", "model": body.get("model", "fake"),
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": json.dumps(answer)}}],
            "usage": {"prompt_tokens": 1000, "completion_tokens": 50, "total_tokens": 1050},
        })


def main():
    global ARGS, SCRIPT
    ap = argparse.ArgumentParser()
    ap.add_argument("--script", required=True)
    ap.add_argument("--log", default="")
    ap.add_argument("--exit-after", type=int, default=0)
    ap.add_argument("--dump", default="", help="write each request's text to DIR/NNNNNN-KIND.txt")
    ap.add_argument("--delay", type=float, default=0.0, help="seconds before each answer (model latency)")
    ap.add_argument("--stall", action="store_true", help="accept requests and never answer")
    ap.add_argument("--detector-factor", type=float, default=1.0, help="detector answers take this many times longer")
    ARGS = ap.parse_args()
    with open(ARGS.script) as f:
        SCRIPT = json.load(f)
    srv = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print("PORT %d" % srv.server_address[1], flush=True)
    srv.serve_forever()


if __name__ == "__main__":
    main()
