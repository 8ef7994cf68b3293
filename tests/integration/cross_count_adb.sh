#!/usr/bin/env bash
# cross_count_adb.sh - oracle 37 cross_count (session 50, issue 18), end to
# end: an offline run on the simulator of the held-out pantry app taps from
# the stock overview ("14 products · 5 not fresh") to the Due soon page,
# which says "4 products are not fresh" (grocy-android #898: the overview
# counts each expired product twice). The report's one step is then
# replayed through Debian's adb on trident-simd, where the oracle finds the
# bug again on the buggy app and not on its fixed twin (both pages say 4).
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir cross-count

COUNT=$(find_bug pantry 5 30 cross_count) || fail "pantry: cross_count did not find the two 'not fresh' counts"
python3 - "$WORK/pantry/bugs.json" "$COUNT" <<'PY' || fail "pantry: the report is not the 'not fresh' counts"
import json, sys
bug = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert bug["title"] == "'Stock overview' and 'Due soon' count 'not fresh' differently", bug["title"]
assert "5 not fresh" in bug["actual"] and "4 products are not fresh" in bug["actual"], bug["actual"]
assert bug["category"] == "numerical calculation error", bug["category"]
assert len(bug["steps"]) <= 3, "%d steps" % len(bug["steps"])
PY
echo "ok   pantry seed 5: $COUNT (cross_count, 5 not fresh on the overview, 4 on Due soon) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "pantry $COUNT cross_count"
echo "cross_count_adb: OK"
