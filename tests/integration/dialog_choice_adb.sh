#!/usr/bin/env bash
# dialog_choice_adb.sh - process_death's dialog choice (session 49, issue
# 18), end to end: an offline run on the simulator of the held-out
# bookshelf app picks Recently added in the library's "Sort by" dialog (its
# id, sort_added, counted as a save until session 56; Author before), the
# row then reads "Sorted by: Recently added"; after force-stop, relaunch and the walk
# back to the library it reads "Sorted by: Title" again (chimahon #133).
# The report's steps are then replayed through Debian's adb on
# trident-simd, where the oracle finds the bug again on the buggy app and
# not on its fixed twin (whose sort survives the restart).
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir dialog-choice

SORT=$(find_bug bookshelf 1 140 process_death) || fail "bookshelf: process_death did not find the sort back at Title"
python3 - "$WORK/bookshelf/bugs.json" "$SORT" <<'PY' || fail "bookshelf: the report is not the sort row's choice"
import json, sys
bug = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert "Sorted by: Recently added" in bug["title"], bug["title"]
assert "Sorted by: Title" in bug["actual"], bug["actual"]
assert len(bug["steps"]) <= 8, "%d steps" % len(bug["steps"])
PY
echo "ok   bookshelf seed 1: $SORT (process_death, a sort chosen in a dialog, back at Title after a restart) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "bookshelf $SORT process_death"
echo "dialog_choice_adb: OK"
