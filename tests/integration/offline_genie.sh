#!/usr/bin/env bash
# offline_genie.sh - Genie's independent-view oracle end to end on a small
# simulated app built to trigger it (tests/data/apps/picker.json: once a
# colour is chosen, choosing another keeps the old one) and on its fixed
# twin: the offline brain's run must report the bug, `trident eval` must
# judge the report a true positive of that injected bug, and the fixed
# twin's run must report nothing.
set -euo pipefail

bin=${TRIDENT_BIN:?}
src=${TRIDENT_SOURCE_DIR:?}
app=$src/tests/data/apps/picker.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bin" explore --device "sim:$app" --brain offline --out "$tmp/buggy" --steps 40 --seed 1 --quiet
"$bin" eval --app "$app" --run "$tmp/buggy" > "$tmp/buggy.eval"
"$bin" explore --device "sim:$app:fixed" --brain offline --out "$tmp/fixed" --steps 40 --seed 1 --quiet
python3 - "$tmp" <<'PY'
import json, sys
tmp = sys.argv[1]
bugs = json.load(open(tmp + "/buggy/bugs.json"))["bugs"]
genie = [b for b in bugs if b["found_by"] == "oracle:independent_view"]
assert genie, "no independent-view report: %r" % [b["title"] for b in bugs]
ev = json.load(open(tmp + "/buggy.eval"))
assert ev["found"] == ["picker-keeps-old-choice"], ev
assert ev["false_positives"] == 0, ev
recs = [json.loads(l) for l in open(tmp + "/buggy/trace.jsonl")]
mutants = [r for r in recs if r["type"] == "mutant"]
assert mutants and mutants[-1]["outcome"] == "reported", mutants
fixed = json.load(open(tmp + "/fixed/bugs.json"))["bugs"]
assert not fixed, "fixed twin reported: %r" % [b["title"] for b in fixed]
tried = [r for r in (json.loads(l) for l in open(tmp + "/fixed/trace.jsonl")) if r["type"] == "mutant"]
assert tried, "no mutant tried on the fixed twin"
print("genie: reported on the buggy app (true positive), %d mutants clean on the fixed twin" % len(tried))
PY

# A picker row that selects and closes (tests/data/apps/station_picker.json,
# no injected bug): the detour's Back lands one page further, on a list of
# the same station names. That is not the pivot screen, so the mutant must
# be dropped rather than reported.
picker=$src/tests/data/apps/station_picker.json
"$bin" explore --device "sim:$picker" --brain offline --out "$tmp/closes" --steps 60 --seed 1 --quiet
python3 - "$tmp" <<'PY'
import json, sys
tmp = sys.argv[1]
bugs = json.load(open(tmp + "/closes/bugs.json"))["bugs"]
assert not bugs, "reports on an app without bugs: %r" % [b["title"] for b in bugs]
recs = [json.loads(l) for l in open(tmp + "/closes/trace.jsonl")]
dropped = [r for r in recs if r["type"] == "mutant" and r["outcome"] == "detour did not return"]
assert dropped, "no mutant whose detour left the picker: %r" % [r.get("outcome") for r in recs if r["type"] == "mutant"]
print("genie: %d mutants dropped on the closing picker, no report" % len(dropped))
PY
