#!/usr/bin/env python3
"""A schema-driven fake model (OpenAI-compatible Chat Completions on
127.0.0.1) for benchmarks and tests that need a model answering any request
sensibly without a script.

It reads what trident sends: the structured-output name and schema, the
text and the images. It answers by kind:
  explorer, explorer_monitor  an action on a widget of the widget list (the
                              least chosen so far on that screen, ties by a
                              seeded random draw; realistic text for input
                              fields), plus the Monitor's note (functionality
                              named after the current activity);
  monitor                     the note alone;
  detector                    no bug (or, with --detector-bugs N, N bugs
                              citing the segment's steps);
  form_values                 a realistic value for every field listed;
  anything else               the smallest answer the schema accepts.

Usage counts are computed, not constant: prompt tokens are the text's bytes
/ 4 plus, per image, OpenAI's high-detail tile formula (85 + 170 per
512-px tile after fitting 2048x2048 and a 768-px short side, read from the
PNG header); completion tokens are the answer's bytes / 4.

Every request is appended to --log as one JSON line {"n", "kind",
"prompt_tokens", "image_tokens", "completion_tokens", "images", "text_len"};
with --dump DIR its text is also written to DIR/NNNNNN-KIND.txt.
Prints "PORT <n>" on stdout.
"""
import argparse
import base64
import json
import math
import os
import random
import re
import struct
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
STATE = {"n": 0, "tried": {}}
ARGS = None

LINE = re.compile(r'^\[(\d+)\]\s+(\S+)\s+\((\w+)\)(.*)$')
FIELD = re.compile(r'\| (text|hint|desc|texts|in row) "((?:[^"\\]|\\.)*)"')
ID = re.compile(r'\| id (\S+)')
SAVE_WORDS = ("save", "submit", "add", "confirm", "ok", "sign in", "log in", "done", "checkout", "send", "create")


def png_size(data_uri):
    try:
        raw = base64.b64decode(data_uri.split(",", 1)[1][:64] + "==")
        if raw[:8] != b"\x89PNG\r\n\x1a\n":
            return None
        return struct.unpack(">II", raw[16:24])
    except Exception:
        return None


def image_tokens(size):
    if not size:
        return 765
    w, h = size
    s = min(1.0, 2048.0 / max(w, h))
    w, h = w * s, h * s
    s = min(1.0, 768.0 / min(w, h))
    w, h = w * s, h * s
    return 85 + 170 * math.ceil(w / 512) * math.ceil(h / 512)


def widgets(text):
    out = []
    for line in text.splitlines():
        m = LINE.match(line.strip())
        if not m:
            continue
        fields = {k: v for k, v in FIELD.findall(m.group(4))}
        ident = ID.search(m.group(4))
        out.append({"n": int(m.group(1)), "actions": m.group(2).split(","), "rest": m.group(4),
                    "fields": fields, "id": ident.group(1) if ident else "",
                    "empty": "| empty" in m.group(4)})
    return out


def label(w):
    f = w["fields"]
    return f.get("text") or f.get("desc") or f.get("hint") or f.get("texts") or w["id"]


def value_for(w, salt):
    key = (w["fields"].get("hint", "") + " " + w["id"] + " " + w["fields"].get("text", "")).lower()
    if "mail" in key:
        return "ada.lovelace@example.com"
    if "pass" in key:
        return "Tr1dent-pass!"
    if "phone" in key:
        return "+44 20 7946 0958"
    if any(k in key for k in ("price", "amount", "qty", "quantity", "number", "count", "age")):
        return str(3 + salt % 7)
    if "name" in key or "user" in key:
        return "Ada Lovelace"
    if "search" in key or "query" in key:
        return "coffee"
    if "date" in key:
        return "2026-03-14"
    return "Groceries for the weekend"


def current_activity(text):
    m = re.search(r"Current activity: (\S+)", text)
    return m.group(1).lstrip(".") if m else "Main"


def note(text, act_label, done):
    screen = ""
    m = re.search(r"Other text on the screen:\n(.*)", text)
    if m:
        screen = m.group(1)[:120]
    return {"page_description": "%s page: %s" % (current_activity(text), screen or "no text"),
            "functionality": "Use " + current_activity(text), "status": "partial",
            "functionality_done": done}


def explorer_answer(kind, text):
    ws = widgets(text)
    act = current_activity(text)
    sig = act + "|" + "|".join(sorted(label(w) for w in ws))
    with LOCK:
        n = STATE["n"]
        tried = STATE["tried"].setdefault(sig, {})
    rng = random.Random(ARGS.seed * 7919 + n)
    cands = []
    for w in ws:
        for a in w["actions"]:
            t = {"click": "click", "input": "input", "check": "check", "long-click": "long_click",
                 "scroll": "scroll"}.get(a)
            if not t or (t == "click" and ("input" in w["actions"] or "check" in w["actions"])):
                continue
            cands.append((tried.get((w["n"], t), 0) + (0.5 if t in ("long_click", "scroll") else 0),
                          rng.random(), w, t))
    if not cands or rng.random() < 0.05:
        action = {"type": "back"}
        done = False
    else:
        cands.sort(key=lambda c: (c[0], c[1]))
        _, _, w, t = cands[0]
        with LOCK:
            tried[(w["n"], t)] = tried.get((w["n"], t), 0) + 1
        action = {"type": t, "widget": w["n"], "widget_text": label(w)}
        if t == "input":
            action["text"] = value_for(w, n)
        if t == "scroll":
            action["direction"] = "down"
        done = t == "click" and any(s in label(w).lower() for s in SAVE_WORDS)
    ans = {"thought": "try what was tried least on this screen", "action": action}
    if kind == "explorer_monitor":
        ans["monitor"] = note(text, action.get("widget_text", ""), done)
    return ans


def detector_answer(text):
    steps = [int(s) for s in re.findall(r"^#(\d+) \[", text, re.M)]
    bugs = []
    for i in range(ARGS.detector_bugs):
        bugs.append({"title": "Fake bug %d" % (i + 1), "description": "The fake model reports it.",
                     "category": "data operation failure", "steps": steps[:2],
                     "shown_at_step": steps[0] if steps else 1})
    m = re.search(r"# The functionality just tested: (.*?) \(steps", text)
    return {"functionality": {"name": (m.group(1) if m else "F")[:120]}, "expected_path": ["as expected"],
            "actual_path": ["as seen"], "bugs": bugs, "possible_bug_paths": [], "exception_paths": []}


def form_answer(text):
    vals = []
    for w in widgets(text):
        if "input" in w["actions"]:
            vals.append({"widget": w["n"], "text": value_for(w, w["n"])})
    return {"values": vals}


def minimal(schema):
    t = schema.get("type")
    if isinstance(t, list):
        t = [x for x in t if x != "null"][0]
    if "enum" in schema:
        return schema["enum"][0]
    if t == "object":
        props = schema.get("properties", {})
        return {k: minimal(props[k]) for k in schema.get("required", []) if k in props}
    if t == "array":
        return []
    if t == "integer" or t == "number":
        return schema.get("minimum", 0)
    if t == "boolean":
        return False
    return "x"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"{}")
        with LOCK:
            STATE["n"] += 1
            n = STATE["n"]
        rf = body.get("response_format") or {}
        js = rf.get("json_schema") or {}
        kind = js.get("name") or "unknown"
        schema = js.get("schema") or {}
        texts, imgs = [], []
        for m in body.get("messages", []):
            c = m.get("content")
            if isinstance(c, str):
                texts.append(c)
            elif isinstance(c, list):
                for p in c:
                    if p.get("type") == "text":
                        texts.append(p.get("text", ""))
                    elif p.get("type") == "image_url":
                        imgs.append(png_size(p["image_url"]["url"]))
        text = "\n".join(texts)
        if kind in ("explorer", "explorer_monitor"):
            answer = explorer_answer(kind, text)
        elif kind == "monitor":
            answer = note(text, "", False)
        elif kind == "detector":
            answer = detector_answer(text)
        elif kind == "form_values":
            answer = form_answer(text)
        else:
            answer = minimal(schema)
        content = json.dumps(answer)
        itok = sum(image_tokens(s) for s in imgs)
        ptok = (len(text.encode()) + 3) // 4 + itok
        ctok = (len(content) + 3) // 4
        if ARGS.log:
            with LOCK, open(ARGS.log, "a") as f:
                f.write(json.dumps({"n": n, "kind": kind, "prompt_tokens": ptok, "image_tokens": itok,
                                    "completion_tokens": ctok, "images": len(imgs),
                                    "text_len": len(text)}) + "\n")
        if ARGS.dump:
            with open(os.path.join(ARGS.dump, "%06d-%s.txt" % (n, kind)), "w") as f:
                f.write(text)
        data = json.dumps({
            "id": "fake-%d" % n, "object": "chat.completion", "model": body.get("model", "fake"),
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": ptok, "completion_tokens": ctok, "total_tokens": ptok + ctok},
        }).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument("--log", default="")
    ap.add_argument("--dump", default="")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--detector-bugs", type=int, default=0)
    ARGS = ap.parse_args()
    srv = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print("PORT %d" % srv.server_address[1], flush=True)
    srv.serve_forever()


if __name__ == "__main__":
    main()
