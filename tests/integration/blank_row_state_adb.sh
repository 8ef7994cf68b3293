#!/usr/bin/env bash
# blank_row_state_adb.sh - session 36's two checks (issue 18), end to end: an
# offline run on the simulator saves passwords' new entry with an empty
# title, which closes the form on a group whose new row has no title
# (Passy #103), and `feedback` reports it ("blank_row"); another marks a
# read-later article as read from its page, and the Unread list the app
# returns to still lists it (wallabag android-app #55): `state_kept`
# reports it. Each report's steps are then replayed through Debian's adb
# on trident-simd, where the oracle finds the bug again on the buggy app
# and not on its fixed twin.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir blank-row-state
walks_without_back_probe

BLANK=$(find_bug passwords 1 300 feedback) || fail "passwords: feedback did not find the entry saved without a title"
echo "ok   passwords seed 1: $BLANK (feedback, a row saved without its title) on the simulator"
KEPT=$(find_bug readlater 1 80 state_kept) || fail "readlater: state_kept did not find the article Mark as read leaves in Unread"
echo "ok   readlater seed 1: $KEPT (state_kept, marked read and still listed under Unread) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "passwords $BLANK feedback" "readlater $KEPT state_kept"
echo "blank_row_state_adb: OK"
