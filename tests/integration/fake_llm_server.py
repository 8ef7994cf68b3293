#!/usr/bin/env python3
"""Fake model servers for trident's tests: OpenAI Chat Completions (plain and
Azure paths) and Anthropic Messages on one loopback port.

URL layout:  http://127.0.0.1:PORT/<scenario>/<id>/<API path>
  OpenAI:    .../v1/chat/completions
  Azure:     .../openai/deployments/<deployment>/chat/completions?api-version=V
  Anthropic: .../v1/messages
  GET /stats/<id> -> {"count": N, "last_error": "...", "mode": "json_schema|tool|prompt",
                      "connections": TCP connections those requests came on}

<id> keeps per-test counters apart, so "fail first, then succeed" scenarios
are per test. Every request is checked like the real APIs would (model,
messages/system/content parts, image data, response_format/tools, headers
including the key); a failed check answers 400 with "fake server: ..." so the
client's error says what was wrong.

Scenarios: valid, fenced, prose, invalid, schema_invalid (missing field,
then valid only if the retry quotes the validation error), 429 (Retry-After:
1 once), 500 (once), 500always, stall (sleeps 3 s), drop (closes the first
connection without a reply), 401, 404, noimage (400 about images), nousage
(no usage object), big (a 2 MB reply), leak (400 that echoes the key).

Prints "PORT <n>" on stdout, then serves until it is killed (or, with
--watch-stdin, until its stdin closes: a crashed test leaves no server behind).
"""
import argparse
import base64
import json
import os
import re
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse, parse_qs

ARGS = None
LOCK = threading.Lock()
COUNTS = {}
ERRORS = {}
MODES = {}
CONNS = {}
NEXT_CONN = [0]

HINTS = {"left": "red", "right": "blue", "action": None}


def sample(schema, name=""):
    """A minimal instance of a JSON Schema (the subset trident uses)."""
    if not isinstance(schema, dict):
        return {}
    if "enum" in schema and schema["enum"]:
        return schema["enum"][0]
    t = schema.get("type", "object")
    if isinstance(t, list):
        t = [x for x in t if x != "null"][0] if [x for x in t if x != "null"] else "null"
    if t == "object":
        out = {}
        for k, sub in schema.get("properties", {}).items():
            out[k] = sample(sub, k)
        return out
    if t == "array":
        n = schema.get("minItems", 1)
        return [sample(schema.get("items", {}), name) for _ in range(max(1, int(n)))]
    if t == "integer":
        return int(schema.get("minimum", 3))
    if t == "number":
        return float(schema.get("minimum", 0.5))
    if t == "boolean":
        return True
    if t == "null":
        return None
    return HINTS.get(name) or "fake %s" % (name or "text")


class Bad(Exception):
    pass


def need(cond, what):
    if not cond:
        raise Bad(what)


def check_image_b64(data, where):
    need(isinstance(data, str) and data, where + " is empty")
    try:
        raw = base64.b64decode(data, validate=True)
    except Exception:
        raise Bad(where + " is not valid base64")
    need(raw.startswith(b"\x89PNG\r\n\x1a\n"), where + " is not a PNG")


def schema_from_prompt(text):
    m = re.findall(r"```json\n(.*?)\n```", text or "", re.S)
    if m:
        try:
            return json.loads(m[-1])
        except ValueError:
            return None
    return None


def check_openai(body, headers, azure):
    """Validate a Chat Completions body; return (schema, mode, all text)."""
    key = ARGS.key
    if azure:
        need(headers.get("api-key") == key, "api-key header is missing or wrong")
        need(headers.get("Authorization") is None, "Azure must not get Authorization")
    else:
        need(headers.get("Authorization") == "Bearer " + key,
             "Authorization is not 'Bearer <key>'")
    need(isinstance(body.get("model"), str) and body["model"], "model is missing")
    if ARGS.model:
        need(body["model"] == ARGS.model, "model is %r, expected %r" % (body["model"], ARGS.model))
    msgs = body.get("messages")
    need(isinstance(msgs, list) and msgs, "messages is missing")
    need(msgs[0].get("role") == "system" and isinstance(msgs[0].get("content"), str),
         "messages[0] is not the system prompt")
    need(msgs[1].get("role") == "user" and isinstance(msgs[1].get("content"), list),
         "messages[1] is not a user message with content parts")
    texts = [msgs[0]["content"]]
    for i, part in enumerate(msgs[1]["content"]):
        where = "messages[1].content[%d]" % i
        if part.get("type") == "text":
            need(isinstance(part.get("text"), str), where + ".text is not a string")
            texts.append(part["text"])
        elif part.get("type") == "image_url":
            url = part.get("image_url", {}).get("url", "")
            need(url.startswith("data:image/png;base64,"),
                 where + ".image_url.url is not a data:image/png;base64 URI")
            check_image_b64(url[len("data:image/png;base64,"):], where + " image")
            need(part["image_url"].get("detail") in ("auto", "low", "high"),
                 where + ".image_url.detail is not auto/low/high")
        else:
            raise Bad(where + " has unknown type %r" % part.get("type"))
    for m in msgs[2:]:
        need(m.get("role") in ("assistant", "user"), "later messages must alternate")
        texts.append(m.get("content") if isinstance(m.get("content"), str) else "")
    need(isinstance(body.get("max_tokens", body.get("max_completion_tokens")), int),
         "max_tokens / max_completion_tokens is missing")
    rf = body.get("response_format")
    tools = body.get("tools")
    if rf is not None and rf.get("type") == "json_object":
        need("json" in msgs[0]["content"].lower(), "json_object mode needs the word JSON")
        return None, "json_object", texts
    if rf is not None:
        need(rf.get("type") == "json_schema", "response_format.type is not json_schema")
        js = rf.get("json_schema", {})
        need(isinstance(js.get("name"), str) and isinstance(js.get("schema"), dict)
             and isinstance(js.get("strict"), bool), "response_format.json_schema is incomplete")
        return js["schema"], "json_schema", texts
    if tools is not None:
        fn = tools[0].get("function", {})
        need(tools[0].get("type") == "function" and fn.get("name")
             and isinstance(fn.get("parameters"), dict), "tools[0] is not a function tool")
        tc = body.get("tool_choice", {})
        need(tc.get("type") == "function" and tc.get("function", {}).get("name") == fn["name"],
             "tool_choice does not force the tool")
        return fn["parameters"], "tool", texts
    return schema_from_prompt(msgs[0]["content"]), "prompt", texts


def check_anthropic(body, headers):
    need(headers.get("x-api-key") == ARGS.key, "x-api-key header is missing or wrong")
    need(headers.get("anthropic-version"), "anthropic-version header is missing")
    need(headers.get("Authorization") is None, "Anthropic must not get Authorization")
    need(isinstance(body.get("model"), str) and body["model"], "model is missing")
    if ARGS.model:
        need(body["model"] == ARGS.model, "model is %r, expected %r" % (body["model"], ARGS.model))
    need(isinstance(body.get("max_tokens"), int), "max_tokens is required")
    need(isinstance(body.get("system"), str), "system is not a string")
    msgs = body.get("messages")
    need(isinstance(msgs, list) and msgs and msgs[0].get("role") == "user",
         "messages[0] is not a user turn")
    texts = [body["system"]]
    for i, m in enumerate(msgs):
        need(m.get("role") == ("user" if i % 2 == 0 else "assistant"), "roles must alternate")
        need(isinstance(m.get("content"), list), "messages[%d].content is not a block list" % i)
        for j, b in enumerate(m["content"]):
            where = "messages[%d].content[%d]" % (i, j)
            if b.get("type") == "text":
                texts.append(b.get("text", ""))
            elif b.get("type") == "image":
                src = b.get("source", {})
                need(src.get("type") == "base64" and src.get("media_type") == "image/png",
                     where + ".source is not base64 image/png")
                check_image_b64(src.get("data"), where + ".source.data")
            else:
                raise Bad(where + " has unknown type %r" % b.get("type"))
    tools = body.get("tools")
    if tools is not None:
        t = tools[0]
        need(t.get("name") and isinstance(t.get("description"), str)
             and isinstance(t.get("input_schema"), dict), "tools[0] lacks name/description/input_schema")
        tc = body.get("tool_choice", {})
        need(tc == {"type": "tool", "name": t["name"]}, "tool_choice does not force the tool")
        return t["input_schema"], "tool", texts
    if body.get("output_format") is not None:
        return body["output_format"].get("schema"), "json_schema", texts
    return schema_from_prompt(body["system"]), "prompt", texts


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        # Headers and body go out in separate writes: without this, Nagle
        # and delayed ACKs add 40 ms to every answer.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with LOCK:
            NEXT_CONN[0] += 1
            self.conn_no = NEXT_CONN[0]

    def log_message(self, *a):
        pass

    def send_json(self, status, obj, extra=None):
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        parts = urlparse(self.path).path.strip("/").split("/")
        if len(parts) == 2 and parts[0] == "stats":
            with LOCK:
                self.send_json(200, {"count": COUNTS.get(parts[1], 0),
                                     "last_error": ERRORS.get(parts[1], ""),
                                     "mode": MODES.get(parts[1], ""),
                                     "connections": len(CONNS.get(parts[1], ()))})
            return
        self.send_json(404, {"error": {"message": "no such page"}})

    def do_POST(self):
        url = urlparse(self.path)
        parts = url.path.strip("/").split("/")
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        if len(parts) < 3:
            self.send_json(404, {"error": {"message": "no such route"}})
            return
        scenario, tid = parts[0], parts[1]
        rest = "/".join(parts[2:])
        with LOCK:
            COUNTS[tid] = COUNTS.get(tid, 0) + 1
            n = COUNTS[tid]
            CONNS.setdefault(tid, set()).add(self.conn_no)
        anthropic = rest == "v1/messages"
        azure = rest.startswith("openai/deployments/") and rest.endswith("/chat/completions")
        if not anthropic and not azure and rest != "v1/chat/completions":
            self.send_json(404, {"error": {"message": "fake server: unknown path /" + rest}})
            return
        if azure:
            if not parse_qs(url.query).get("api-version"):
                self.fail(tid, "fake server: api-version query parameter is missing")
                return
        if scenario == "401":
            self.send_json(401, {"error": {"message": "Incorrect API key provided",
                                           "type": "invalid_request_error"}})
            return
        if scenario == "404":
            self.send_json(404, {"error": {"message": "The model does not exist"}})
            return
        if scenario == "noimage":
            self.send_json(400, {"error": {"message": "Invalid content type. image_url is only "
                                                      "supported by certain models."}})
            return
        if scenario == "leak":
            key = self.headers.get("Authorization") or self.headers.get("x-api-key") or ""
            self.send_json(400, {"error": {"message": "bad request from " + key}})
            return
        if self.headers.get("Content-Type") != "application/json":
            self.fail(tid, "fake server: Content-Type is not application/json")
            return
        try:
            body = json.loads(raw)
            if anthropic:
                schema, mode, texts = check_anthropic(body, self.headers)
            else:
                schema, mode, texts = check_openai(body, self.headers, azure)
            if ARGS.mode:
                need(mode == ARGS.mode, "structured output mode is %s, expected %s" % (mode, ARGS.mode))
            with LOCK:
                MODES[tid] = mode
        except Bad as e:
            self.fail(tid, "fake server: " + str(e))
            return
        except ValueError:
            self.fail(tid, "fake server: body is not JSON")
            return

        if scenario == "429" and n == 1:
            self.send_json(429, {"error": {"message": "Rate limit reached"}}, {"Retry-After": "1"})
            return
        if (scenario == "500" and n == 1) or scenario == "500always":
            self.send_json(500, {"error": {"message": "The server had an error"}})
            return
        if scenario == "stall":
            time.sleep(3)
        if scenario == "drop" and n == 1:
            self.close_connection = True
            try:
                self.connection.shutdown(2)
            except OSError:
                pass
            return

        answer = sample(schema or {"type": "object", "properties": {"left": {}, "right": {}}})
        text = json.dumps(answer)
        as_text = mode != "tool"
        if scenario == "schema_invalid":
            if n == 1:
                req = (schema or {}).get("required") or []
                if req:
                    answer.pop(req[0], None)
                text = json.dumps(answer)
            else:
                joined = "\n".join(t for t in texts if t)
                if "rejected" not in joined or "missing required field" not in joined:
                    self.fail(tid, "fake server: the retry does not quote the validation error")
                    return
        elif scenario == "fenced":
            text = "Here is my answer:\n```json\n" + json.dumps(answer, indent=2) + "\n```\n"
            as_text = True
        elif scenario == "prose":
            text = "Sure! Looking at the screen, " + text + " is what I would do. Hope it helps."
            as_text = True
        elif scenario == "invalid":
            text = '{"left": "red", "right": '
            as_text = True
        elif scenario == "big":
            text = json.dumps({"left": "x" * (2 << 20), "right": "blue"})
            as_text = True
        usage = scenario != "nousage"
        if anthropic:
            block = ({"type": "text", "text": text} if as_text else
                     {"type": "tool_use", "id": "toolu_1", "name": "answer",
                      "input": json.loads(text)})
            out = {"id": "msg_1", "type": "message", "role": "assistant", "model": body["model"],
                   "content": [block], "stop_reason": "end_turn" if as_text else "tool_use"}
            if usage:
                out["usage"] = {"input_tokens": 120, "output_tokens": 15}
        else:
            msg = {"role": "assistant", "content": text if as_text else None}
            if not as_text:
                msg["tool_calls"] = [{"id": "call_1", "type": "function",
                                      "function": {"name": "answer", "arguments": text}}]
            out = {"id": "chatcmpl-1", "object": "chat.completion", "model": body["model"],
                   "choices": [{"index": 0, "message": msg,
                                "finish_reason": "stop" if as_text else "tool_calls"}]}
            if usage:
                out["usage"] = {"prompt_tokens": 100, "completion_tokens": 10,
                                "total_tokens": 110}
        self.send_json(200, out)

    def fail(self, tid, why):
        with LOCK:
            ERRORS[tid] = why
        self.send_json(400, {"error": {"message": why}})


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # Clients that hang up (timeouts, size caps) are part of the tests.
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--key", default="sk-test-SECRET-0123456789")
    ap.add_argument("--model", default="")
    ap.add_argument("--mode", default="", help="expected structured output mode")
    ap.add_argument("--watch-stdin", action="store_true", help="exit when stdin closes")
    ARGS = ap.parse_args()
    srv = Server(("127.0.0.1", ARGS.port), Handler)
    print("PORT %d" % srv.server_address[1], flush=True)

    def watch_stdin():
        try:
            while sys.stdin.buffer.read(4096):
                pass
        except OSError:
            pass
        os._exit(0)

    if ARGS.watch_stdin:
        threading.Thread(target=watch_stdin, daemon=True).start()
    srv.serve_forever()


if __name__ == "__main__":
    main()
