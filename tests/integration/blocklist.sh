#!/bin/bash
# blocklist.sh - the user's blocklist (run.block, --block; core/blocklist.h)
# on the trap test app (tests/data/apps/trap.json), whose Logout button
# (id logout) leads to a LoginActivity. Without a blocklist the offline brain
# clicks Logout; with --block it never does, whichever brain proposes it
# (offline, random, a scripted model that names Logout first), and the trace
# records each refusal as a "blocked" record; an activity pattern keeps every
# widget of LoginActivity untouched; bad patterns are refused with exit 2
# naming the flag, or the file and key path.
set -u
SRC=${TRIDENT_SOURCE_DIR:?}
BIN=${TRIDENT_BIN:?}
APP="sim:$SRC/tests/data/apps/trap.json"
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
WORK=$(mktemp -d /tmp/trident-blocklist.XXXXXX)
FAKE_PID=
cleanup() { [ -n "$FAKE_PID" ] && kill "$FAKE_PID" 2>/dev/null; [ -n "${KEEP_WORK:-}" ] || rm -rf "$WORK"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

# check TRACE MODE PATTERN: MODE clicked = Logout was clicked; blocked = never, and refusals traced
check() {
	python3 - "$@" <<'PY'
import json, sys
path, mode, pattern = sys.argv[1], sys.argv[2], sys.argv[3]
recs = [json.loads(l) for l in open(path) if l.strip()]
steps = [r for r in recs if r["type"] == "step"]
logout = [r["step"] for r in steps if r["action"].get("widget_text") == "Logout"
          or r["action"].get("resource_id", "").endswith("logout")]
blocked = [r for r in recs if r["type"] == "blocked"]
start = next(r for r in recs if r["type"] == "run_start")
if mode == "clicked":
    assert logout, "Logout was never clicked without a blocklist"
    assert not blocked, blocked[:1]
    print("without a blocklist: Logout clicked at steps", logout[:5])
elif mode == "blocked":
    assert not logout, "Logout clicked at steps %r despite --block" % logout
    assert blocked, "no blocked record: the brain never proposed Logout"
    assert all(b["pattern"] == pattern for b in blocked), blocked[:1]
    assert all(b["action"].get("widget_text") == "Logout" for b in blocked), blocked[:1]
    assert pattern in start.get("block", []), start.get("block")
    print("with %s: %d refusals (by %s), Logout never clicked in %d steps"
          % (pattern, len(blocked), sorted({b["by"] for b in blocked}), len(steps)))
elif mode == "activity":
    login = [r for r in steps if r["activity"].endswith(".LoginActivity")]
    assert login, "the run never reached LoginActivity"
    acted = [r["step"] for r in login if r["action"]["type"] not in ("back", "home", "restart", "rotate", "wait")]
    assert not acted, "acted on LoginActivity's widgets at steps %r" % acted
    print("with %s: %d steps on LoginActivity, none on its widgets" % (pattern, len(login)))
PY
}

# The oracles' confirmation replays are not under test here: off, for speed.
OFF='"oracles": {"rotation": false, "background": false, "display_landscape": false, "loading": false,
             "independent_view": false, "process_death": false}'
echo "{$OFF}" > "$WORK/base.json"

# 1. Without a blocklist the offline brain clicks Logout (seed 1: step 15).
"$BIN" explore --device "$APP" --brain offline --out "$WORK/plain" --steps 20 --quiet --log-level warn \
	--config "$WORK/base.json" > "$WORK/plain.out" 2>&1 || { cat "$WORK/plain.out"; fail "explore without --block"; }
check "$WORK/plain/trace.jsonl" clicked - || fail "plain run"

# 2. --block on text (case-insensitive) and on the resource-id, offline and random brains.
"$BIN" explore --device "$APP" --brain offline --out "$WORK/text" --steps 40 --quiet --log-level warn \
	--block 'text:log*' --config "$WORK/base.json" > "$WORK/text.out" 2>&1 || { cat "$WORK/text.out"; fail "explore --block text"; }
check "$WORK/text/trace.jsonl" blocked 'text:log*' || fail "offline --block text"
"$BIN" explore --device "$APP" --brain random --out "$WORK/id" --steps 40 --quiet --log-level warn \
	--block 'id:logout' --config "$WORK/base.json" > "$WORK/id.out" 2>&1 || { cat "$WORK/id.out"; fail "explore --block id"; }
check "$WORK/id/trace.jsonl" blocked 'id:logout' || fail "random --block id"

# 3. From the configuration file (run.block), with the activity kind: Logout
#    may be clicked (it is on MainActivity) but nothing on LoginActivity is.
echo "{\"run\": {\"block\": [\"activity:.LoginActivity\"]}, \"loops\": {\"enabled\": false}, $OFF}" > "$WORK/act.json"
"$BIN" explore --device "$APP" --brain offline --out "$WORK/act" --steps 25 --quiet --log-level warn \
	--config "$WORK/act.json" > "$WORK/act.out" 2>&1 || { cat "$WORK/act.out"; fail "explore run.block activity"; }
check "$WORK/act/trace.jsonl" activity 'activity:.LoginActivity' || fail "activity pattern"

# 4. A model that names Logout is refused and asked again; the second request
#    lists the blocked widget. Scripted with fake_agent_llm.py.
cat > "$WORK/script.json" <<'JSON'
{
 "explorer_monitor": [
  {"action": {"type": "click", "target": "Logout"},
   "monitor": {"page_description": "home", "functionality": "Log out", "status": "partial"}},
  {"action": {"type": "click", "target": "Page A"},
   "monitor": {"page_description": "home", "functionality": "Open page A", "status": "partial"}}
 ],
 "explorer_monitor_default": {"action": {"type": "back"},
   "monitor": {"page_description": "a page", "functionality": "Open page A", "status": "partial"}},
 "monitor": [{"page_description": "a screen", "functionality": "Open page A", "status": "partial"}],
 "detector": [{"functionality": {"name": "Open page A"}, "expected_path": [], "actual_path": [],
   "bugs": [], "possible_bug_paths": [], "exception_paths": []}]
}
JSON
mkdir -p "$WORK/dump"
python3 "$SRC/tests/integration/fake_agent_llm.py" --script "$WORK/script.json" --dump "$WORK/dump" > "$WORK/port" &
FAKE_PID=$!
for _ in $(seq 50); do [ -s "$WORK/port" ] && break; sleep 0.1; done
port=$(awk '{print $2}' "$WORK/port")
[ -n "$port" ] || fail "fake model did not start"
cat > "$WORK/llm.json" <<JSON
{"llm": {"provider": "openai", "base_url": "http://127.0.0.1:$port/v1", "api_key_env": "",
         "model": "fake-model", "retries": 0, "structured_output": "json_schema"},
 "oracles": {"rotation": false, "background": false, "display_landscape": false, "loading": false,
             "independent_view": false, "process_death": false},
 "log": {"level": "warn"}}
JSON
"$BIN" explore --device "$APP" --brain llm --out "$WORK/llm" --steps 3 --quiet --config "$WORK/llm.json" \
	--block 'Logout' > "$WORK/llm.out" 2>&1 || { cat "$WORK/llm.out"; fail "explore --brain llm --block"; }
check "$WORK/llm/trace.jsonl" blocked 'Logout' || fail "llm --block"
python3 - "$WORK/llm/trace.jsonl" <<'PY' || fail "llm step 1"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
s1 = next(r for r in recs if r["type"] == "step" and r["step"] == 1)
assert s1["action"].get("widget_text") == "Page A", s1["action"]
assert any("blocklist" in m for m in s1.get("mismatches", [])), s1
print("model: Logout refused at step 1, asked again, took", s1["action"]["widget_text"])
PY
grep -l "Never act on (the user's blocklist): #" "$WORK"/dump/*explorer* > /dev/null \
	|| fail "the model's widget list does not name the blocked widget"

# 5. Bad patterns: exit 2 naming the flag, or the file, key path and reason.
"$BIN" explore --device "$APP" --out "$WORK/bad1" --block 'txt:Log out' > "$WORK/bad1.out" 2>&1
rc=$?
[ $rc -eq 2 ] || fail "--block txt:... exited $rc, not 2"
grep -q "\-\-block 'txt:Log out': unknown kind 'txt'" "$WORK/bad1.out" || { cat "$WORK/bad1.out"; fail "--block message"; }
echo '{"run": {"block": ["id:ok", "id:"]}}' > "$WORK/bad.json"
"$BIN" explore --device "$APP" --out "$WORK/bad2" --config "$WORK/bad.json" > "$WORK/bad2.out" 2>&1
rc=$?
[ $rc -eq 2 ] || fail "run.block with an empty glob exited $rc, not 2"
grep -q "bad.json: run.block\[1\]: 'id:': nothing to match" "$WORK/bad2.out" || { cat "$WORK/bad2.out"; fail "run.block message"; }
echo '{"run": {"block": [3]}}' > "$WORK/bad3.json"
"$BIN" explore --device "$APP" --out "$WORK/bad3" --config "$WORK/bad3.json" > "$WORK/bad3.out" 2>&1
rc=$?
[ $rc -eq 2 ] || fail "run.block with a number exited $rc, not 2"
grep -q "run.block\[0\]: expected a string, got number" "$WORK/bad3.out" || { cat "$WORK/bad3.out"; fail "run.block type message"; }
[ ! -e "$WORK/bad1/trace.jsonl" ] || fail "a refused start left a run behind"
# 6. --resume of a killed run keeps its blocklist: cut the text run after
#    step 10 (what kill -9 leaves), resume it without --block.
mkdir -p "$WORK/cut"
python3 - "$WORK/text/trace.jsonl" "$WORK/cut/trace.jsonl" <<'PY'
import json, sys
out = open(sys.argv[2], "w")
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r["type"] == "run_end" or r.get("step", 0) > 10:
        break
    out.write(line)
PY
cp -r "$WORK/text/steps" "$WORK/cut/"
"$BIN" explore --resume "$WORK/cut" --quiet --log-level warn --config "$WORK/base.json" > "$WORK/resume.out" 2>&1 \
	|| { cat "$WORK/resume.out"; fail "explore --resume"; }
part=$(ls -d "$WORK"/cut/resume-* | head -1)
check "$part/trace.jsonl" blocked 'text:log*' || fail "the resumed part lost the blocklist"

echo "PASS"
