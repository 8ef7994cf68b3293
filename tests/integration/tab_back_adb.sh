#!/usr/bin/env bash
# tab_back_adb.sh - session 40's navigation rule (issue 18), end to end: an
# offline run on the simulator finds, on held-out radio (no check was tuned
# on it), Back from a country's stations - opened on the Countries tab of
# the "Stations" page - showing the Local tab instead (`navigation` Back
# check; modelled on RadioDroid). A strip of tabs selects pages, so the same
# title with another tab selected is another page; a filter chip reset on
# the way back is still the same page (unit test in test_oracle_navcrud.c).
# The report's steps are then replayed through Debian's adb on trident-simd:
# the oracle finds the bug again on the buggy app and not on its fixed twin.
# Seed 1 reaches that Back within 185 steps (a walk depends on its budget;
# seed 3 reaches it at 150 steps, but its report keeps 128 steps: the
# minimiser found no shorter replay within its budget).
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir tab-back

BACK=$(find_bug radio 1 185 navigation) || fail "radio: navigation did not find Back landing on another tab"
python3 - "$WORK" "$BACK" <<'PY' || fail "the report is not the expected check"
import json, sys
work, back = sys.argv[1:]
b = [b for b in json.load(open("%s/radio/bugs.json" % work))["bugs"] if b["id"] == back][0]
assert b["title"].endswith("lands on 'Stations: Local' instead of 'Stations: Countries'"), b["title"]
assert b["category"] == "navigation/link error" and b["extra"]["check"] == "back", b["extra"]
assert len(b["steps"]) <= 12, len(b["steps"])
PY
echo "ok   radio seed 1: $BACK (navigation, Back to another tab) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "radio $BACK navigation"
echo "tab_back_adb: OK"
