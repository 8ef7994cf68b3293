#!/usr/bin/env bash
# blank_row_adb.sh - feedback's blank_row check (session 60, issue 18), end
# to end on the held-out passwords app (Passy #103: Save on the new-entry
# form with an empty title closes the form and adds an entry without one,
# with no message). Two walks on the simulator: seed 1 saves with a username
# typed, which the list shows beside the blank title; seed 3 saves with
# nothing the list shows, so the list as seen before the form must have one
# row fewer and no blank one. Each report's steps are then replayed through
# Debian's adb on trident-simd: found again on the buggy app (the replay
# keeps the list before the form among its screens) and not on the fixed
# twin, which refuses the save.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir blank_row

# check_report APP BUG TITLE_END STEPS: the report's title ends so, and it has at most STEPS steps.
check_report() {
	python3 - "$WORK/$1/bugs.json" "$2" "$3" "$4" <<'PY' || fail "$1: the report is not the blank row"
import json, sys
bug = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert bug["title"].startswith("'Save' with an empty 'n_title' is accepted without a word: "), bug["title"]
assert bug["title"].endswith(sys.argv[3]), bug["title"]
assert bug["category"] == "feedback missing", bug["category"]
assert len(bug["steps"]) <= int(sys.argv[4]), "%d steps" % len(bug["steps"])
assert bug["steps"][-1]["action"]["resource_id"].endswith("/save_new"), bug["steps"][-1]
PY
}

TYPED=$(find_bug passwords 1 150 feedback) || fail "passwords seed 1: feedback did not find the untitled entry"
check_report passwords "$TYPED" "the new row has no title" 4
echo "ok   passwords seed 1: $TYPED (a row with the username typed and no title) on the simulator"
mv "$WORK/passwords" "$WORK/passwords-typed"

BLANK=$(find_bug passwords 3 300 feedback) || fail "passwords seed 3: feedback did not find the blank entry"
check_report passwords "$BLANK" "a blank row is added" 3
echo "ok   passwords seed 3: $BLANK (one row more than before the form, blank) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "passwords $BLANK feedback"
rm -rf "$WORK/passwords" && mv "$WORK/passwords-typed" "$WORK/passwords"
replay_pairs "passwords $TYPED feedback"
echo "blank_row_adb: OK"
