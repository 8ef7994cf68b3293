#!/usr/bin/env bash
# countdown_adb.sh - oracle 40 countdown (session 51, issue 18), end to end:
# an offline run on the simulator of the held-out flashcards app studies a
# deck whose reviewer still says "2 cards left" on its last card, so the
# next answer brings "Congratulations!" (AnkiDroid #3430: the first card
# answered in a session is not taken off the count). The report's steps
# are then replayed through Debian's adb on trident-simd, where the oracle
# finds the bug again on the buggy app and not on its fixed twin (1 left).
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir countdown

CD=$(find_bug flashcards 4 100 countdown) || fail "flashcards: countdown did not find the count left one too high"
python3 - "$WORK/flashcards/bugs.json" "$CD" <<'PY' || fail "flashcards: the report is not the count left one too high"
import json, sys
bug = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert bug["actual"].startswith("\"2 cards left\", then \"Congratulations!\""), bug["actual"]
assert bug["category"] == "numerical calculation error", bug["category"]
assert len(bug["steps"]) <= 8, "%d steps" % len(bug["steps"])
PY
echo "ok   flashcards seed 4: $CD (countdown, 2 cards left on the last card) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "flashcards $CD countdown"
echo "countdown_adb: OK"
