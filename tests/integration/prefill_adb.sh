#!/usr/bin/env bash
# prefill_adb.sh - oracle 43 prefill (session 59, issue 18), end to end: an
# offline run on the simulator of the held-out splitter app opens an
# expense split between Ana and Ben (its page lists "Ana: £15.00" and
# "Ben: £15.00") and taps Edit; the form ticks You as well (spliit #2: the
# edit form ticks every member, so a Save splits it between everyone). The
# report's steps are then replayed through Debian's adb on trident-simd,
# where the oracle finds the bug again on the buggy app and not on its
# fixed twin (its form ticks Ana and Ben only).
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir prefill

BUG=$(find_bug splitter 4 150 prefill) || fail "splitter: prefill did not find the form ticking You"
python3 - "$WORK/splitter/bugs.json" "$BUG" <<'PY' || fail "splitter: the report is not the form ticking You"
import json, sys
bug = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert bug["title"] == "The edit form ticks 'You', which the item's page does not list", bug["title"]
assert "'Ana', 'Ben'" in bug["expected"], bug["expected"]
assert bug["category"] == "data operation failure", bug["category"]
assert len(bug["steps"]) <= 4, "%d steps" % len(bug["steps"])
assert bug["steps"][-1]["action"]["widget_text"] == "Edit", bug["steps"][-1]["action"]
PY
echo "ok   splitter seed 4: $BUG (prefill, You ticked on an expense split between Ana and Ben) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "splitter $BUG prefill"
echo "prefill_adb: OK"
