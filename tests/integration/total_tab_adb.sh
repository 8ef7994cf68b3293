#!/usr/bin/env bash
# total_tab_adb.sh - session 41's check (issue 18), end to end: an offline
# run on the simulator finds, on a held-out app no check was tuned on,
#   splitter: "Total spent" on a group's Balances tab that still counts an
#             expense deleted from its Expenses tab (`total`, a total of
#             another tab's rows: one the walk saw equal to those rows on
#             an earlier switch between the two tabs, or that is those
#             rows plus the amount the delete's dialog named; SplitPro
#             #130).
# The report's steps are then replayed through Debian's adb on
# trident-simd: the oracle finds the bug again on the buggy app and not on
# its fixed twin. Seed 1 at 100 steps is a walk that reaches it (a walk
# depends on its budget; seed 4 did until session 46's Back after a
# delete changed the walks).
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir total-tab
walks_without_back_probe

TOTAL=$(find_bug splitter 1 100 total) || fail "splitter: total did not find the total that keeps a deleted expense"
python3 - "$WORK" "$TOTAL" <<'PY' || fail "the report is not the expected check"
import json, sys
work, id = sys.argv[1:]
b = [b for b in json.load(open("%s/splitter/bugs.json" % work))["bugs"] if b["id"] == id][0]
assert b["title"] == "'Total spent' does not equal the sum of the rows on the 'Expenses' tab", b["title"]
assert b["category"] == "numerical calculation error" and b["extra"]["check"] == "total_other_tab", b["extra"]
# A total above its rows still counts a row deleted: the report blames a delete.
assert "delete" in b["extra"]["blamed"]["resource_id"], b["extra"]["blamed"]
assert len(b["steps"]) <= 12, len(b["steps"])
PY
echo "ok   splitter seed 1: $TOTAL (a total of another tab's rows) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "splitter $TOTAL total"
echo "total_tab_adb: OK"
