#!/usr/bin/env bash
# row_pause_send_adb.sh - session 35's three checks (issue 18), end to end: an
# offline run on the simulator taps mail's Archive folder first, which
# opens the Outbox (thunderbird-android #7849), and `navigation` reports it
# though no row was yet seen opening its own page; another taps
# runtracker's Pause, which turns into Resume while the status still reads
# "Recording" (GPSLogger #242), and `control` reports it; a third sends a
# message with no recipient, which empties the message without a word
# (cht-core #634), and `feedback` reports it. Each report's steps are then
# replayed through Debian's adb on trident-simd, where the oracle finds the
# bug again on the buggy app and not on its fixed twin.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir row-pause-send
walks_without_back_probe

ROW=$(find_bug mail 1 60 navigation) || fail "mail: navigation did not find the folder row that opens another folder"
echo "ok   mail seed 1: $ROW (navigation, a row opening another row's page) on the simulator"
PAUSE=$(find_bug runtracker 1 60 control) || fail "runtracker: control did not find Pause turning into Resume while recording"
echo "ok   runtracker seed 1: $PAUSE (control, Pause flipped while the status stays) on the simulator"
SEND=$(find_bug messages 1 205 feedback) || fail "messages: feedback did not find the message Send throws away"
echo "ok   messages seed 1: $SEND (feedback, typed text thrown away by Send with no recipient) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "mail $ROW navigation" "runtracker $PAUSE control" "messages $SEND feedback"
echo "row_pause_send_adb: OK"
