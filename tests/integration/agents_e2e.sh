#!/bin/bash
# agents_e2e.sh - `trident explore --brain llm` end to end on the simulator
# with a scripted fake model (fake_agent_llm.py):
#   1. the three agents exchange the expected messages, the Detector is
#      triggered at functionality boundaries, and a scripted bug verdict lands
#      in bugs.json and report.html (merged Explorer+Monitor requests);
#   2. answers that do not match the screen are retried, then fall back;
#   3. killing the model server mid-run loses no trace line and the run ends
#      with its reports;
#   4. separate Monitor requests (--separate-monitor, --no-pause);
#   5. SIGINT finishes the current step, writes the reports, exits 130.
set -u
SRC=${TRIDENT_SOURCE_DIR:?}
BIN=${TRIDENT_BIN:?}
[ -f "$SRC/configs/apps/notes.json" ] || { echo "SKIP: no sim app notes"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
WORK=$(mktemp -d /tmp/trident-agents-e2e.XXXXXX)
FAKE_PID=
cleanup() { [ -n "$FAKE_PID" ] && kill "$FAKE_PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

# start_fake SCRIPT LOG [extra args]: starts the fake, sets FAKE_PID and writes $WORK/cfg.json
start_fake() {
	local script=$1 log=$2; shift 2
	[ -n "$FAKE_PID" ] && kill "$FAKE_PID" 2>/dev/null
	rm -f "$WORK/port"
	python3 "$SRC/tests/integration/fake_agent_llm.py" --script "$script" --log "$log" "$@" > "$WORK/port" &
	FAKE_PID=$!
	for _ in $(seq 50); do [ -s "$WORK/port" ] && break; sleep 0.1; done
	local port; port=$(awk '{print $2}' "$WORK/port")
	[ -n "$port" ] || fail "fake model did not start"
	cat > "$WORK/cfg.json" <<JSON
{"llm": {"provider": "openai", "base_url": "http://127.0.0.1:$port/v1", "api_key_env": "",
         "model": "fake-model", "retries": 0, "structured_output": "json_schema",
         "prices": {"fake-model": {"prompt": 1.0, "completion": 2.0}}},
 "log": {"level": "warn"}}
JSON
}

cat > "$WORK/script.json" <<'JSON'
{
 "explorer_monitor": [
  {"thought": "open the editor", "action": {"type": "click", "target": "New note"},
   "monitor": {"page_description": "list of notes", "functionality": "Add a note", "status": "partial"}},
  {"action": {"type": "click", "widget": 99, "widget_text": "Save"},
   "monitor": {"page_description": "note editor", "functionality": "Add a note", "status": "partial"}},
  {"action": {"type": "input", "target": "Title", "text": "Groceries"},
   "monitor": {"page_description": "note editor", "functionality": "Add a note", "status": "partial"}},
  {"action": {"type": "click", "target": "Save"},
   "monitor": {"page_description": "note editor with a title", "functionality": "Add a note", "status": "full", "functionality_done": true}},
  {"action": {"type": "click", "target": "Settings"},
   "monitor": {"page_description": "list of notes", "functionality": "Open settings", "status": "partial"}},
  {"action": {"type": "click", "target": "Ask before deleting"},
   "monitor": {"page_description": "settings", "functionality": "Open settings", "status": "full"}}
 ],
 "explorer_monitor_default": {"action": {"type": "click", "target": "Large text"},
   "monitor": {"page_description": "settings", "functionality": "Change settings", "status": "partial"}},
 "monitor": [{"page_description": "a screen", "functionality": "Change settings", "status": "partial"}],
 "detector": [
  {"functionality": {"name": "Add a note", "description": "write a note and save it"},
   "expected_path": ["tap New note", "type a title", "tap Save", "the note is listed once"],
   "actual_path": ["tapped New note", "typed Groceries", "tapped Save", "Groceries is listed twice"],
   "bugs": [{"title": "Saved note is listed twice",
   "description": "After saving a note that has a title but no text, the list shows it twice.",
   "category": "data operation failure", "steps": [1, 2, 3], "shown_at_step": 4}],
   "possible_bug_paths": ["save a note with an empty body again"], "exception_paths": ["pressed Save with a wrong widget number"]},
  {"functionality": {"name": "Open settings"}, "expected_path": ["tap Settings"], "actual_path": ["tapped Settings"],
   "bugs": [], "possible_bug_paths": [], "exception_paths": []}
 ]
}
JSON

# --- 1. merged requests: messages, boundaries, the scripted bug -----------------
start_fake "$WORK/script.json" "$WORK/req1.log"
"$BIN" explore --device sim:notes --out "$WORK/run1" --brain llm --steps 9 --config "$WORK/cfg.json" --quiet \
	> "$WORK/out1" 2>&1 || { cat "$WORK/out1"; fail "explore (merged) failed"; }
python3 - "$WORK" <<'PY' || fail "run 1 checks"
import json, sys, os
w = sys.argv[1]
run = w + "/run1"
trace = [json.loads(l) for l in open(run + "/trace.jsonl")]
kinds = [json.loads(l) for l in open(w + "/req1.log")]
def need(cond, what):
    if not cond:
        print("FAIL:", what); sys.exit(1)
msgs = {(t["from"], t["to"], t["msg"]) for t in trace if t["type"] == "message"}
for m in [("explorer", "monitor", "step"), ("monitor", "explorer", "pause"), ("monitor", "explorer", "continue"),
          ("monitor", "detector", "segment"), ("detector", "explorer", "hints"),
          ("detector", "explorer", "detected"), ("explorer", "monitor", "stop"), ("monitor", "detector", "stop")]:
    need(m in msgs, "message %s not exchanged" % (m,))
steps = [t for t in trace if t["type"] == "step"]
need(len(steps) == 9, "9 step records, got %d" % len(steps))
mon = [t for t in trace if t["type"] == "monitor"]
need(len(mon) == 9 and all(t["merged"] for t in mon[:4]), "monitor records from the merged request")
# The refused answer at step 2 is followed by the next scripted one, so 'Add a note' is done at step 3.
need([t["boundary"] for t in mon][:4] == [False, False, True, False], "boundary when 'Add a note' is done")
det = [t for t in trace if t["type"] == "detector"]
need(len(det) >= 2 and det[0]["segment"] == "Add a note" and det[0]["first_step"] == 1 and det[0]["last_step"] == 3,
     "the Detector judged the 'Add a note' segment 1..3: %s" % det[:1])
need(det[0]["bug"] is True, "first verdict is a bug")
need(sum(1 for k in kinds if k["kind"] == "explorer_monitor") >= 9, "one merged request per step")
need(not any(k["kind"] == "monitor" for k in kinds[:5]), "no separate monitor request while merged")
dk = [k for k in kinds if k["kind"] == "detector"]
need(dk and all(k["has_examples"] and k["images"] == 1 for k in dk), "detector requests carry examples and the strip")
need(all(k["images"] == 1 for k in kinds if k["kind"] == "explorer_monitor"), "explorer requests carry the screenshot")
need(any(k["feedback"] for k in kinds), "a mismatch was fed back to the model")
need(any(s.get("mismatches") for s in steps), "the step record lists the mismatch")
bugs = json.load(open(run + "/bugs.json"))["bugs"]
b = [b for b in bugs if b["found_by"] == "detector"]
need(len(b) == 1 and b[0]["title"] == "Saved note is listed twice", "scripted bug in bugs.json: %s" % bugs)
b = b[0]
need(b["category"] == "data operation failure" and b["functionality"] == "Add a note", "bug fields")
need([s["step"] for s in b["steps"] if not s.get("side_trip")] == [1, 2, 3], "bug steps (side trips aside)")
need(b["steps"][1]["action"]["text"] == "Groceries" and b["steps"][1]["action"]["widget_text"] == "Title", "steps carry widget text")
need(all("x" in s["action"] for s in b["steps"] if not s.get("side_trip")), "steps carry coordinates")
need("steps/0004.png" in b["evidence"], "the screen after the last step is evidence")
html = open(run + "/report.html").read()
need("Saved note is listed twice" in html and "data:image/png;base64," in html and "Add a note" in html, "report.html")
need("sk-" not in html, "no key in the report")
s = json.load(open(run + "/summary.json"))
need(s["steps"] == 9 and s["activities"]["total"] == 4 and s["activities"]["covered"] >= 3, "summary coverage %s" % s["activities"])
need(s["tokens"] == 1050 * len(kinds) and s["cost_usd"] > 0, "summary tokens and cost")
need(s["functionalities"] >= 3, "functionalities counted")
need(len(os.listdir(run + "/llm")) > 0, "llm/ records")
need(os.path.exists(run + "/steps/0001.xml") and os.path.exists(run + "/steps/0001.annotated.png"), "step files")
PY
grep -q "report: $WORK/run1/report.html" "$WORK/out1" || fail "explore does not print the report path"

# --- 2. mismatches are retried 3 times, then the least-tried action ----------------
cat > "$WORK/wrong.json" <<'JSON'
{"explorer_monitor": [{"action": {"type": "click", "widget": 99, "widget_text": "Nothing"},
   "monitor": {"page_description": "p", "functionality": "F", "status": "partial"}}],
 "detector": [{"functionality": {"name": "F"}, "expected_path": [], "actual_path": [], "bugs": [],
   "possible_bug_paths": [], "exception_paths": []}]}
JSON
start_fake "$WORK/wrong.json" "$WORK/req2.log"
"$BIN" explore --device sim:notes --out "$WORK/run2" --brain llm --steps 3 --config "$WORK/cfg.json" --quiet \
	> "$WORK/out2" 2>&1 || { cat "$WORK/out2"; fail "explore (mismatch) failed"; }
python3 - "$WORK" <<'PY' || fail "run 2 checks"
import json, sys
w = sys.argv[1]
steps = [json.loads(l) for l in open(w + "/run2/trace.jsonl")]
steps = [t for t in steps if t["type"] == "step"]
ok = len(steps) == 3 and all(t["fallback"] and t["attempts"] == 4 and len(t["mismatches"]) == 4 for t in steps)
ok = ok and all(t["action"]["type"] != "none" and "fallback" in t["action"].get("reason", "") for t in steps)
reqs = [json.loads(l) for l in open(w + "/req2.log")]
ok = ok and sum(1 for r in reqs if r["kind"] == "explorer_monitor") == 12
ok = ok and sum(1 for r in reqs if r["feedback"]) == 9
if not ok:
    print("steps:", json.dumps(steps)[:2000]); sys.exit(1)
PY

# --- 3. the model dies mid-run: the trace stays whole -----------------------------
start_fake "$WORK/script.json" "$WORK/req3.log" --exit-after 5
"$BIN" explore --device sim:notes --out "$WORK/run3" --brain llm --steps 8 --config "$WORK/cfg.json" --quiet \
	> "$WORK/out3" 2>&1 || { cat "$WORK/out3"; fail "explore (dead model) failed"; }
python3 - "$WORK" <<'PY' || fail "run 3 checks"
import json, sys
w = sys.argv[1]
lines = open(w + "/run3/trace.jsonl").read().splitlines()
recs = [json.loads(l) for l in lines]          # every line is whole JSON
steps = [r for r in recs if r["type"] == "step"]
if len(steps) != 8 or recs[-1]["type"] != "run_end":
    print("steps", len(steps), "last", recs[-1]); sys.exit(1)
if not any(s["fallback"] for s in steps[4:]):
    print("no fallback after the model died"); sys.exit(1)
json.load(open(w + "/run3/summary.json")); json.load(open(w + "/run3/bugs.json"))
PY

# --- 4. separate Monitor requests, Explorer not paused ---------------------------
start_fake "$WORK/script.json" "$WORK/req4.log"
"$BIN" explore --device sim:notes --out "$WORK/run4" --brain llm --steps 5 --config "$WORK/cfg.json" --quiet \
	--separate-monitor --no-pause > "$WORK/out4" 2>&1 || { cat "$WORK/out4"; fail "explore (separate) failed"; }
python3 - "$WORK" <<'PY' || fail "run 4 checks"
import json, sys
w = sys.argv[1]
reqs = [json.loads(l) for l in open(w + "/req4.log")]
kinds = [r["kind"] for r in reqs]
trace = [json.loads(l) for l in open(w + "/run4/trace.jsonl")]
ok = "explorer" in kinds and "monitor" in kinds and "explorer_monitor" not in kinds
ok = ok and all(r["images"] == 2 for r in reqs if r["kind"] == "monitor" and r["n"] > 2)
ok = ok and not any(t["type"] == "message" and t["msg"] == "pause" for t in trace)
if not ok:
    print(kinds); sys.exit(1)
PY

# --- 5. SIGINT finishes the current step and writes everything ---------------------
start_fake "$WORK/script.json" "$WORK/req5.log" --delay 0.1
"$BIN" explore --device sim:notes --out "$WORK/run5" --brain llm --steps 500 --config "$WORK/cfg.json" --quiet \
	> "$WORK/out5" 2>&1 &
EXPLORE_PID=$!
# Sanitizer builds on a loaded machine take seconds per step: wait up to 2 minutes.
for _ in $(seq 1200); do
	n=$(grep -c '"type":"step"' "$WORK/run5/trace.jsonl" 2>/dev/null)
	[ "${n:-0}" -ge 3 ] && break
	sleep 0.1
done
kill -INT "$EXPLORE_PID"
wait "$EXPLORE_PID"; RC=$?
[ "$RC" -eq 130 ] || { cat "$WORK/out5"; fail "interrupted explore must exit 130, not $RC"; }
python3 - "$WORK" <<'PY' || fail "run 5 checks"
import json, sys
w = sys.argv[1]
recs = [json.loads(l) for l in open(w + "/run5/trace.jsonl")]
s = json.load(open(w + "/run5/summary.json"))
steps = [r for r in recs if r["type"] == "step"]
ok = s["stop_reason"] == "interrupted" and 3 <= s["steps"] < 500 and len(steps) == s["steps"]
ok = ok and recs[-1]["type"] == "run_end" and "trident report" in open(w + "/run5/report.html").read()
if not ok:
    print(s["stop_reason"], s["steps"], len(steps)); sys.exit(1)
PY

# --- usage errors ---------------------------------------------------------------
"$BIN" explore --device sim:notes > /dev/null 2>&1; [ $? -eq 2 ] || fail "missing --out must exit 2"
"$BIN" explore --device sim:notes --out "$WORK/x" --brain telepathy --config "$WORK/cfg.json" > "$WORK/out6" 2>&1
[ $? -eq 2 ] && grep -q 'unknown brain "telepathy"' "$WORK/out6" || fail "unknown brain must exit 2 with a message"
"$BIN" explore --help | grep -q -- "--brain NAME" || fail "--help"
echo "agents_e2e: ok"
