#!/usr/bin/env bash
# delete_plays_adb.sh - oracle 44 delete_plays (session 59, issue 18), end to
# end: an offline run on the simulator of the held-out recorder app plays a
# recording, deletes it from its page ("Now playing") and confirms; the
# list it lands on shows the next recording playing (Simple-Voice-Recorder
# #37: deleting the recording that plays starts the next one). The
# report's steps are then replayed through Debian's adb on trident-simd,
# where the oracle finds the bug again on the buggy app and not on its
# fixed twin (playback stops).
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir delete-plays

BUG=$(find_bug recorder 1 70 delete_plays) || fail "recorder: delete_plays did not find the next recording playing"
python3 - "$WORK/recorder/bugs.json" "$BUG" <<'PY' || fail "recorder: the report is not the delete that plays the next"
import json, sys
bug = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert bug["title"].startswith("Deleting '") and "which was playing, starts '" in bug["title"], bug["title"]
assert bug["category"] == "media control", bug["category"]
assert "Playing" in bug["actual"], bug["actual"]
assert len(bug["steps"]) <= 10, "%d steps" % len(bug["steps"])
PY
echo "ok   recorder seed 1: $BUG (delete_plays: the recording playing deleted, the next one plays) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "recorder $BUG delete_plays"
echo "delete_plays_adb: OK"
