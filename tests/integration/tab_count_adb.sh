#!/usr/bin/env bash
# tab_count_adb.sh - session 47's changes (issue 18), end to end: an
# offline run on the simulator finds
#   audiobooks: a book's page that counts "Chapters (3)" over its buttons
#               and lists none (`section`, counted_none; Voice #3661);
#   splitter:   an expense deleted from a group's Expenses tab that the
#               Balances tab's "Total spent" still counts, seen because
#               the run now taps the other tab after a delete (`total`;
#               split-pro #130);
#   taskbox:    Back from a task opened under the Work or Personal tab
#               that lands on the Inbox, reached because the Back probe
#               now takes a list under another selected tab for another
#               list (`navigation`; benchmark app, c:geo #3525);
# each report's steps are then replayed through Debian's adb on
# trident-simd, where the oracle finds the bug again on the buggy app and
# not on its fixed twin.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir tab-count

COUNTED=$(find_bug audiobooks 2 20 section) || fail "audiobooks: section did not find the chapters counted and not listed"
echo "ok   audiobooks seed 2: $COUNTED (section, a count heading with no list under it) on the simulator"
TOTAL=$(find_bug splitter 1 250 total) || fail "splitter: total did not find Balances still counting a deleted expense"
grep -q "look at the other tab" "$WORK/splitter/trace.jsonl" || fail "splitter: no look at the other tab after a delete"
echo "ok   splitter seed 1: $TOTAL (total, the other tab looked at after a delete) on the simulator"
BACK=$(FIND_BUG_SUITE=bench find_bug taskbox 1 170 navigation) || fail "taskbox: navigation did not find Back to the Inbox"
echo "ok   taskbox seed 1: $BACK (navigation, the Back probe under another tab) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "audiobooks $COUNTED section" "splitter $TOTAL total"
FIND_BUG_SUITE=bench replay_pairs "taskbox $BACK navigation"
echo "tab_count_adb: OK"
