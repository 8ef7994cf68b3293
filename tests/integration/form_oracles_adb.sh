#!/usr/bin/env bash
# form_oracles_adb.sh - the form and view oracles of sessions 28-30 (issue
# 18), end to end: an offline run on the simulator finds runtracker's name
# dropped on Resume (`kept_edit`), loyalty's "No card ID entered" beside a
# filled Card ID (`said_empty`), timesheet's shorter duration a Save dropped
# while it kept the note (`kept_edit` after a Save), authenticator's Save
# that stays greyed after an edit (`save_disabled`), readlater's "11 min
# read" for an article of 71 min in the list (`row_measure`) and pantry's
# stock entry whose amount edit OK does not keep (`crud`, number_kept;
# reached once the amount field takes the range the app's error states) and
# maps' bookmark moved to another list that stays in its old one (`crud`,
# choice_kept: the list picked through "List: ..." on Edit bookmark);
# session 33's two checks are in blank_pick_adb.sh;
# each report's steps are then replayed through Debian's adb on
# trident-simd, where the oracle finds the bug again on the buggy app and
# not on its fixed twin.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir form-oracles
walks_without_back_probe

# runtracker's walk with the Back probe on (session 47: the walk without it no longer stops a workout and resumes it)
KEPT=$(FIND_BUG_CONFIG= find_bug runtracker 1 150 kept_edit) || fail "runtracker: kept_edit did not find the name dropped on Resume"
echo "ok   runtracker seed 1: $KEPT (kept_edit) on the simulator"
SAID=$(find_bug loyalty 8 30 said_empty) || fail "loyalty: said_empty did not find 'No card ID entered'"
echo "ok   loyalty seed 8: $SAID (said_empty) on the simulator"
SAVED=$(find_bug timesheet 2 100 kept_edit) || fail "timesheet: kept_edit did not find the shorter duration the Save dropped"
echo "ok   timesheet seed 2: $SAVED (kept_edit after a Save) on the simulator"
GREYED=$(find_bug authenticator 1 20 save_disabled) || fail "authenticator: save_disabled did not find Save greyed after an edit"
echo "ok   authenticator seed 1: $GREYED (save_disabled) on the simulator"
WRAPS=$(find_bug readlater 1 175 row_measure) || fail "readlater: row_measure did not find the reading time its page gives otherwise"
echo "ok   readlater seed 1: $WRAPS (row_measure) on the simulator"
KEPTNUM=$(find_bug pantry 1 40 crud) || fail "pantry: crud did not find the amount edit OK does not keep"
echo "ok   pantry seed 1: $KEPTNUM (crud, a number edit not saved) on the simulator"
MOVED=$(find_bug maps 4 25 crud) || fail "maps: crud did not find the bookmark's list choice not saved"
echo "ok   maps seed 4: $MOVED (crud, a choice not saved) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "runtracker $KEPT kept_edit" "loyalty $SAID said_empty" "timesheet $SAVED kept_edit" \
	"authenticator $GREYED save_disabled" "readlater $WRAPS row_measure" \
	"pantry $KEPTNUM crud" "maps $MOVED crud"
echo "form_oracles_adb: OK"
