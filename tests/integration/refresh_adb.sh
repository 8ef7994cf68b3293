#!/usr/bin/env bash
# refresh_adb.sh - session 39's `refresh` check (issue 18), end to end: an
# offline run on the simulator finds, on the held-out converter app no
# check was tuned on, "Update rates" on a currency page emptying the
# amount the run typed (converter `converter-update-rates-clears-amount`,
# modelled on microsoft/calculator #260). The report's steps are then
# replayed through Debian's adb on trident-simd: the oracle finds the bug
# again on the buggy app and not on its fixed twin. 55 steps is about the
# shortest walk that still types an amount and taps Update rates.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir refresh

CLEARED=$(find_bug converter 1 55 refresh) || fail "converter: refresh did not find the amount Update rates empties"
python3 - "$WORK/converter/bugs.json" "$CLEARED" <<'PY' || fail "the report is not the expected one"
import json, sys
b = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert b["title"] == "'Update rates' clears what was typed in 'Amount in USD'", b["title"]
assert b["category"] == "content missing", b["category"]
assert b["extra"]["check"] == "refresh" and b["extra"]["typed"], b["extra"]
assert len(b["steps"]) <= 8, len(b["steps"])
PY
echo "ok   converter seed 1: $CLEARED (refresh) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "converter $CLEARED refresh"
echo "refresh_adb: OK"
