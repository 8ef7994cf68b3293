#!/usr/bin/env bash
# audit_functionality.sh - `trident audit --functionality TEXT --brain llm`
# (and hybrid) with the scripted fake model: the goal text reaches every
# Explorer request, the Monitor ends the functionality, the Detector's
# verdict reaches audit.json and the JUnit XML: fail with the scripted bug,
# pass without one, not reached when the Monitor never ends it.
set -euo pipefail
SRC=${TRIDENT_SOURCE_DIR:?}
BIN=${TRIDENT_BIN:?}
WORK=$(mktemp -d)
FAKE_PID=
cleanup() { [ -n "$FAKE_PID" ] && kill "$FAKE_PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
GOAL="add a note titled Groceries and check it is listed once"

# start_fake SCRIPT DUMPDIR: a fake model on a free port; writes $WORK/cfg.json
start_fake() {
	[ -n "$FAKE_PID" ] && kill "$FAKE_PID" 2>/dev/null
	rm -f "$WORK/port"
	mkdir -p "$2"
	python3 "$SRC/tests/integration/fake_agent_llm.py" --script "$1" --log "$2/log" --dump "$2" > "$WORK/port" &
	FAKE_PID=$!
	for _ in $(seq 50); do [ -s "$WORK/port" ] && break; sleep 0.1; done
	local port; port=$(awk '{print $2}' "$WORK/port")
	[ -n "$port" ] || { echo "FAIL: fake model did not start"; exit 1; }
	cat > "$WORK/cfg.json" <<JSON
{"llm": {"provider": "openai", "base_url": "http://127.0.0.1:$port/v1", "api_key_env": "",
         "model": "fake-model", "retries": 0, "structured_output": "json_schema"},
 "agents": {"wait_ms": 50}, "log": {"level": "error"}}
JSON
}

# script DONE BUGS: the Explorer adds the note; the Monitor ends "Add a note" when DONE is true.
script() {
	cat > "$WORK/script.json" <<JSON
{"explorer_monitor": [
  {"action": {"type": "click", "target": "New note"},
   "monitor": {"page_description": "list", "functionality": "Add a note", "status": "partial"}},
  {"action": {"type": "input", "target": "Title", "text": "Groceries"},
   "monitor": {"page_description": "editor", "functionality": "Add a note", "status": "partial"}},
  {"action": {"type": "click", "target": "Save"},
   "monitor": {"page_description": "editor", "functionality": "Add a note", "status": "full", "functionality_done": $1}}],
 "explorer_monitor_default": {"action": {"type": "wait"},
   "monitor": {"page_description": "list", "functionality": "Add a note", "status": "partial"}},
 "explorer": [{"action": {"type": "click", "target": "New note"}},
  {"action": {"type": "input", "target": "Title", "text": "Groceries"}}, {"action": {"type": "click", "target": "Save"}}],
 "explorer_default": {"action": {"type": "wait"}},
 "monitor": [{"page_description": "list", "functionality": "Add a note", "status": "partial"},
  {"page_description": "editor", "functionality": "Add a note", "status": "partial"},
  {"page_description": "editor", "functionality": "Add a note", "status": "full", "functionality_done": $1}],
 "monitor_default": {"page_description": "list", "functionality": "Add a note", "status": "partial"},
 "detector": [{"functionality": {"name": "Add a note"}, "expected_path": ["tap New note", "type a title", "tap Save"],
   "actual_path": ["tapped New note", "typed Groceries", "tapped Save"], "bugs": $2,
   "possible_bug_paths": [], "exception_paths": []}]}
JSON
}
BUG='[{"title": "Saved note is listed twice", "description": "After saving, Groceries is listed twice.", "category": "data operation failure", "steps": [1, 2, 3], "shown_at_step": 4}]'

# check CASE DUMPDIR VERDICT: the goal in every Explorer request, the verdict in audit.json and JUnit
check() {
	python3 - "$WORK/$1" "$2" "$3" "$GOAL" <<'PY'
import glob, json, os, sys, xml.etree.ElementTree as ET
run, dump, verdict, goal = sys.argv[1:]
reqs = [p for p in glob.glob(dump + "/*.txt") if "explorer" in os.path.basename(p)]
assert reqs, "no Explorer request"
for p in reqs:
    assert goal in open(p).read(), "the goal is not in " + p
a = json.load(open(run + "/audit.json"))
assert a["verdict"] == verdict and a["functionality"] == goal, (a["verdict"], verdict)
f = [c for c in a["checks"] if c["suite"] == "functionality"]
assert len(f) == 1 and f[0]["status"] == verdict and f[0]["name"] == goal, f
suite = ET.parse(run + "/audit-junit.xml").getroot().find("testsuite")
tc = [t for t in suite.findall("testcase") if t.get("classname") == "audit.functionality"]
assert len(tc) == 1 and tc[0].get("name") == goal, [t.attrib for t in tc]
failure = tc[0].find("failure")
assert (failure is None) == (verdict == "pass"), verdict
if verdict == "not reached":
    assert failure.get("type") == "not reached", failure.attrib
if verdict == "fail":
    assert any(b["title"] == "Saved note is listed twice" for b in a["bugs"]), a["bugs"]
print(os.path.basename(run), verdict, "-", len(reqs), "Explorer requests, all with the goal")
PY
}

# 1. llm, the Detector reports the bug: fail, exit 1
script true "$BUG"; start_fake "$WORK/script.json" "$WORK/d1"
rc=0; "$BIN" audit --device sim:notes --functionality "$GOAL" --brain llm --steps 4 --config "$WORK/cfg.json" \
	--out "$WORK/r1" --quiet > "$WORK/o1" 2>&1 || rc=$?
[ "$rc" -eq 1 ] || { cat "$WORK/o1"; echo "FAIL: a bug must exit 1, not $rc"; exit 1; }
check r1 "$WORK/d1" fail
# 2. llm, judged without a bug: pass, exit 0
script true '[]'; start_fake "$WORK/script.json" "$WORK/d2"
"$BIN" audit --device sim:notes:fixed --functionality "$GOAL" --steps 4 --config "$WORK/cfg.json" \
	--out "$WORK/r2" --quiet > "$WORK/o2" 2>&1 || { cat "$WORK/o2"; echo "FAIL: pass must exit 0"; exit 1; }
check r2 "$WORK/d2" pass
# 3. the Monitor never ends it: not reached, exit 1
script false '[]'; start_fake "$WORK/script.json" "$WORK/d3"
rc=0; "$BIN" audit --device sim:notes:fixed --functionality "$GOAL" --brain llm --steps 2 --config "$WORK/cfg.json" \
	--out "$WORK/r3" --quiet > "$WORK/o3" 2>&1 || rc=$?
[ "$rc" -eq 1 ] || { cat "$WORK/o3"; echo "FAIL: not reached must exit 1, not $rc"; exit 1; }
check r3 "$WORK/d3" "not reached"
# 4. hybrid: the goal reaches its model Explorer's requests too
script true '[]'; start_fake "$WORK/script.json" "$WORK/d4"
rc=0; "$BIN" audit --device sim:notes:fixed --functionality "$GOAL" --brain hybrid --steps 4 --config "$WORK/cfg.json" \
	--out "$WORK/r4" --quiet > "$WORK/o4" 2>&1 || rc=$?
[ "$rc" -le 1 ] || { cat "$WORK/o4"; echo "FAIL: hybrid exit $rc"; exit 1; }
python3 -c "import json; a=json.load(open('$WORK/r4/audit.json')); assert a['verdict'] in ('pass','not reached') and a['brain'] == 'hybrid', a['verdict']; print('hybrid', a['verdict'])"
if ls "$WORK/d4"/*explorer*.txt >/dev/null 2>&1; then
	for f in "$WORK/d4"/*explorer*.txt; do grep -qF "$GOAL" "$f" || { echo "FAIL: hybrid request $f lacks the goal"; exit 1; }; done
fi
# 5. usage: an offline brain cannot audit a functionality in words
rc=0; "$BIN" audit --device sim:notes --functionality "$GOAL" --brain offline --out "$WORK/r5" 2> "$WORK/e5" || rc=$?
[ "$rc" -eq 2 ] && grep -q "needs a model brain" "$WORK/e5" || { cat "$WORK/e5"; echo "FAIL: offline must exit 2"; exit 1; }
echo "audit_functionality: ok"
