#!/bin/bash
# model_path.sh - a Detector bug's reproduction path is built by the engine
# from shown_at_step (issue 14), with a scripted fake model
# (fake_agent_llm.py) on the simulated notes app: the Explorer adds a note
# titled Groceries (steps 1-3: New note, Title, Save), which the injected
# notes-dup-save lists twice. The Detector names step 3 (the Save whose
# result shows the duplicate): the bug's path is steps 1..3, its evidence
# steps/0004.png, `trident eval` scores it a true positive and `trident
# replay` reproduces it. The same verdict naming step 1 (the page after
# New note shows no bug) gets the path 1..1 and is a false positive.
# The oracles that take side trips are off (speed; side trips: test_minimise).
set -u
SRC=${TRIDENT_SOURCE_DIR:?}
BIN=${TRIDENT_BIN:?}
[ -f "$SRC/configs/apps/notes.json" ] || { echo "SKIP: no sim app notes"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
WORK=$(mktemp -d /tmp/trident-model-path.XXXXXX)
FAKE_PID=
cleanup() { [ -n "$FAKE_PID" ] && kill "$FAKE_PID" 2>/dev/null; [ -n "${KEEP_WORK:-}" ] || rm -rf "$WORK"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

# script SHOWN: the scripted answers, the Detector naming step SHOWN.
script() {
	cat <<JSON
{
 "explorer_monitor": [
  {"action": {"type": "click", "target": "New note"},
   "monitor": {"page_description": "list of notes", "functionality": "Add a note", "status": "partial"}},
  {"action": {"type": "input", "target": "Title", "text": "Groceries"},
   "monitor": {"page_description": "note editor", "functionality": "Add a note", "status": "partial"}},
  {"action": {"type": "click", "target": "Save"},
   "monitor": {"page_description": "note editor with a title", "functionality": "Add a note", "status": "full", "functionality_done": true}},
  {"action": {"type": "click", "target": "Settings"},
   "monitor": {"page_description": "list of notes", "functionality": "Open settings", "status": "partial"}}
 ],
 "explorer_monitor_default": {"action": {"type": "click", "target": "Large text"},
   "monitor": {"page_description": "settings", "functionality": "Open settings", "status": "partial"}},
 "monitor": [{"page_description": "a screen", "functionality": "Open settings", "status": "partial"}],
 "detector": [
  {"functionality": {"name": "Add a note", "description": "write a note and save it"},
   "expected_path": ["tap New note", "type a title", "tap Save", "the note is listed once"],
   "actual_path": ["tapped New note", "typed Groceries", "tapped Save", "Groceries is listed twice"],
   "bugs": [{"title": "Saved note is listed twice",
   "description": "After saving the note 'Groceries', the list shows it twice.",
   "category": "data operation failure", "steps": [1, 2, 3], "shown_at_step": $1}],
   "possible_bug_paths": [], "exception_paths": []},
  {"functionality": {"name": "Open settings"}, "expected_path": ["tap Settings"], "actual_path": ["tapped Settings"],
   "bugs": [], "possible_bug_paths": [], "exception_paths": []}
 ]
}
JSON
}

# run NAME SHOWN: explore with the fake model, then eval; leaves $WORK/NAME and $WORK/NAME.eval
run() {
	local name=$1 port
	script "$2" > "$WORK/$name.json"
	[ -n "$FAKE_PID" ] && kill "$FAKE_PID" 2>/dev/null
	rm -f "$WORK/port"
	python3 "$SRC/tests/integration/fake_agent_llm.py" --script "$WORK/$name.json" > "$WORK/port" &
	FAKE_PID=$!
	for _ in $(seq 50); do [ -s "$WORK/port" ] && break; sleep 0.1; done
	port=$(awk '{print $2}' "$WORK/port")
	[ -n "$port" ] || fail "fake model did not start"
	cat > "$WORK/cfg.json" <<JSON
{"llm": {"provider": "openai", "base_url": "http://127.0.0.1:$port/v1", "api_key_env": "",
         "model": "fake-model", "retries": 0, "structured_output": "json_schema"},
 "oracles": {"rotation": false, "background": false, "display_landscape": false, "loading": false,
             "independent_view": false},
 "log": {"level": "warn"}}
JSON
	"$BIN" explore --device sim:notes --out "$WORK/$name" --brain llm --steps 6 --config "$WORK/cfg.json" \
		--quiet > "$WORK/$name.out" 2>&1 || { cat "$WORK/$name.out"; fail "explore ($name) failed"; }
	"$BIN" eval --app "$SRC/configs/apps/notes.json" --run "$WORK/$name" > "$WORK/$name.eval" \
		|| fail "eval ($name) failed"
}

run right 3
run wrong 1
python3 - "$WORK" <<'PY' || fail "checks"
import json, sys
w = sys.argv[1]
def need(cond, what):
    if not cond:
        print("FAIL:", what); sys.exit(1)
def detector_bug(name):
    bugs = [b for b in json.load(open("%s/%s/bugs.json" % (w, name)))["bugs"] if b["found_by"] == "detector"]
    need(len(bugs) == 1, "%s: one Detector bug: %s" % (name, bugs))
    return bugs[0]
def verdict(name, bug_id):
    e = json.load(open("%s/%s.eval" % (w, name)))
    v = [r for r in e["bugs"] if r["id"] == bug_id]
    need(v, "%s: eval lists %s" % (name, bug_id))
    return e, v[0]
b = detector_bug("right")
# Oracles' side trips after a step (process_death's restart after the Save) are steps of later paths too.
need([s["step"] for s in b["steps"] if not s.get("side_trip")] == [1, 2, 3], "right: the path is steps 1..3: %s" % b["steps"])
need(b["steps"][1]["action"]["text"] == "Groceries", "right: the path types the title")
need(b["extra"]["shown_at_step"] == 3 and b["extra"]["cited_steps"] == [1, 2, 3], "right: extra %s" % b["extra"])
need("steps/0004.png" in b["evidence"], "right: the screen after step 3 is the evidence")
need(any("input text Groceries" in c for c in b.get("adb_commands", [])), "right: adb commands type the title")
e, v = verdict("right", b["id"])
need(v["verdict"] == "true_positive" and v.get("injected_bug") == "notes-dup-save", "right: a true positive: %s" % v)
need(e["false_positives"] == 0, "right: no false positive")
b = detector_bug("wrong")
need([s["step"] for s in b["steps"]] == [1], "wrong: the path is step 1: %s" % b["steps"])
need("steps/0002.png" in b["evidence"], "wrong: the screen after step 1 is the evidence")
e, v = verdict("wrong", b["id"])
need(v["verdict"] == "false_positive", "wrong: a false positive: %s" % v)
PY
[ $? -eq 0 ] || exit 1
# trident replay reproduces the right verdict on a fresh simulator, and not the wrong one.
"$BIN" replay "$WORK/right" "$(python3 -c "import json,sys; print([b['id'] for b in json.load(open(sys.argv[1]))['bugs'] if b['found_by']=='detector'][0])" "$WORK/right/bugs.json")" \
	--device sim:notes --out "$WORK/replay-right" > "$WORK/replay-right.out" 2>&1 \
	|| { cat "$WORK/replay-right.out"; fail "trident replay did not reproduce the right verdict"; }
grep -q "^reproduced" "$WORK/replay-right.out" || fail "replay says reproduced"
[ -s "$WORK/replay-right/0003.png" ] && [ -s "$WORK/replay-right/0003.xml" ] || fail "replay screens written"
grep -q "Groceries" "$WORK/replay-right/0003.xml" || fail "the replayed last screen lists Groceries"
echo "model_path: OK"
