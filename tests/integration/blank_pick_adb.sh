#!/usr/bin/env bash
# blank_pick_adb.sh - session 33's two checks (issue 18), end to end: an
# offline run on the simulator finds wiki's AC/DC article that opens empty
# where other articles showed their content (`blank`, blank_sibling) and
# habits' reminder time whose pick resets the reminder's days to every day
# (`kept_edit`, pick_reset); each report's steps are then replayed through
# Debian's adb on trident-simd, where the oracle finds the bug again on the
# buggy app and not on its fixed twin. (Kept apart from form_oracles_adb.sh
# so that neither runs near the test timeout under ThreadSanitizer.)
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir blank-pick
walks_without_back_probe

EMPTY=$(find_bug wiki 1 90 blank) || fail "wiki: blank did not find the article that opens empty"
echo "ok   wiki seed 1: $EMPTY (blank, a page empty where its siblings show content) on the simulator"
RESET=$(find_bug habits 5 130 kept_edit) || fail "habits: kept_edit did not find the days a time pick resets"
echo "ok   habits seed 5: $RESET (kept_edit, a pick that resets another part) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "wiki $EMPTY blank" "habits $RESET kept_edit"
echo "blank_pick_adb: OK"
