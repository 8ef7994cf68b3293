#!/usr/bin/env bash
# offline_run_state.sh - after a bug's confirming replays the run goes on
# from its own state. The replays start with pm clear and end wherever
# their (shortened) path leads; the Explorer must not go on from there, or
# every later path describes an app the device no longer has. Regression
# from sim:notes, offline seed 4, 300 steps: the background bug at step
# 27, confirmed from near its step, left the note renamed at step 4 with
# its old name, and the crash on deleting the last note was rejected by
# its replays 15 times from step 136 on. With the run's path replayed
# after each confirmation the crash is reported (step 117), confirmed,
# and `trident replay` reproduces it on a fresh simulator.
set -euo pipefail

bin=${TRIDENT_BIN:?}
src=${TRIDENT_SOURCE_DIR:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -f "$src/configs/apps/notes.json" ] || { echo "SKIP: no notes app"; exit 77; }

"$bin" explore --device "sim:$src/configs/apps/notes.json" --brain offline --seed 4 --steps 300 \
	--out "$tmp/run" --quiet > /dev/null
"$bin" eval --app "$src/configs/apps/notes.json" --run "$tmp/run" > "$tmp/eval.json"
id=$(python3 - "$tmp/run" "$tmp/eval.json" <<'PY'
import json, sys
run, ev = sys.argv[1], json.load(open(sys.argv[2]))
assert ev["false_positives"] == 0, ev
assert "notes-crash-last" in ev["found"], "the crash on the last note was not reported: %s" % ev["found"]
trace = [json.loads(l) for l in open(run + "/trace.jsonl") if l.strip()]
rejected = [r for r in trace if r.get("type") == "bug_rejected" and r.get("found_by") == "oracle:crash"]
assert not rejected, "%d crash candidates rejected by their replays" % len(rejected)
crash = [b for b in json.load(open(run + "/bugs.json"))["bugs"] if b["found_by"] == "oracle:crash"]
assert len(crash) == 1 and crash[0]["confirmed"], crash
print(crash[0]["id"])
PY
)
"$bin" replay "$tmp/run" "$id" --device "sim:$src/configs/apps/notes.json" > "$tmp/replay.txt" ||
	{ cat "$tmp/replay.txt"; echo "FAIL: $id did not replay"; exit 1; }
echo "ok: crash $id confirmed and replayed"
