#!/usr/bin/env bash
# offline_trap.sh - Vet's tarpit recovery on a simulated app with a logout
# trap (tests/data/apps/trap.json): the exploration space partition is
# detected online, the culprit (Logout) is blocked on its screen, the app is
# restarted, and Logout is never clicked again. Loop escape is switched off
# here so that the tarpit detector is what gets the run out.
set -euo pipefail

bin=${TRIDENT_BIN:?}
src=${TRIDENT_SOURCE_DIR:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The default seed (run.seed 1) reaches Logout at step 15, after Page B.
echo '{"loops": {"enabled": false}}' > "$tmp/cfg.json"
"$bin" explore --config "$tmp/cfg.json" --device "sim:$src/tests/data/apps/trap.json" --brain offline \
	--out "$tmp/run" --steps 80 --quiet
python3 - "$tmp/run/trace.jsonl" <<'PY'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
tarpits = [r for r in recs if r["type"] == "intervention" and r.get("kind") == "tarpit"]
assert tarpits, "no tarpit intervention traced"
t = tarpits[0]
assert t["pattern"] == "exploration_space_partition", t
assert t["blocked"] is True, t
assert t["action"]["type"] == "restart", t
steps = {r["step"]: r for r in recs if r["type"] == "step"}
culprit = steps[t["culprit_step"]]["action"]
assert culprit.get("widget_text") == "Logout", culprit
later = [s for n, s in steps.items() if n > t["step"] and s["action"].get("widget_text") == "Logout"]
assert not later, "Logout clicked again after it was blocked: %r" % later[:1]
print("tarpit at step", t["step"], "culprit step", t["culprit_step"], "(Logout), blocked")
PY
