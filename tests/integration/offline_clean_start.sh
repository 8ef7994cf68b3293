#!/usr/bin/env bash
# offline_clean_start.sh - a second tarpit restarts the app with its data
# cleared. On
# sim:groceries (benchmark app), offline seed 1 (seed 3 until session 46's
# Back after a delete changed the walks), the list's resume bug adds
# a copy of its first item at every Home and return, until the list hides
# its Rename and Settings buttons: a plain restart keeps that list, and the
# run saw 10 screens in 300 steps. With the second tarpit's clean start it
# sees more than twice as many. (That paths begin after a clean start is
# test_agents_data's history_clean_start_after_clearing_restart: this
# run reports nothing after it.)
set -euo pipefail

bin=${TRIDENT_BIN:?}
src=${TRIDENT_SOURCE_DIR:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
spec=$src/configs/apps/bench/groceries.json
[ -f "$spec" ] || { echo "SKIP: no groceries app"; exit 77; }

# Without offline.repeat_damping (on by default since session 27): the
# damped Home-and-return widgets leave the first tarpit on their own (44
# screens, one escape), so this walk is the way to reach the second one.
echo '{"offline": {"repeat_damping": false}}' > "$tmp/cfg.json"
"$bin" explore --config "$tmp/cfg.json" --device "sim:$spec" --brain offline --seed 1 --steps 300 --out "$tmp/run" --quiet > /dev/null 2>&1
"$bin" eval --app "$spec" --run "$tmp/run" > "$tmp/eval.json"
python3 - "$tmp/run" "$tmp/eval.json" <<'PY'
import json, sys
run, ev = sys.argv[1], json.load(open(sys.argv[2]))
assert ev["false_positives"] == 0, ev
trace = [json.loads(l) for l in open(run + "/trace.jsonl") if l.strip()]
tarpits = [r for r in trace if r.get("type") == "intervention" and r.get("kind") == "tarpit"]
assert len(tarpits) >= 2, "expected two tarpit escapes, got %d" % len(tarpits)
assert not tarpits[0]["action"].get("clear_data"), tarpits[0]
assert tarpits[1]["action"].get("clear_data") is True, tarpits[1]
steps = [r for r in trace if r.get("type") == "step"]
clean = [r["step"] for r in steps if r["action"]["type"] == "restart" and r["action"].get("clear_data")]
assert clean, "no restart with the app's data cleared among the steps"
summary = json.load(open(run + "/summary.json"))
assert summary["screens"] >= 20, "only %d screens" % summary["screens"]
print("ok: clean start at step(s) %s, %d screens" % (clean, summary["screens"]))
PY
