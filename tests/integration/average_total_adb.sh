#!/usr/bin/env bash
# average_total_adb.sh - session 65's two calculation checks (issue 18), end
# to end on two held-out apps. An offline run of scale (openScale, seed 1,
# 300 steps) opens Statistics' weekly average, which shows the last
# measurement's weight instead of the mean of the week's values the
# overview listed (average; openScale #422). An offline run of feeds
# (Feeder, seed 1) reads an article and comes back to "All feeds (7)"
# above feeds whose unread counts add up to 6 (sum_count; Feeder #712).
# Each report's steps are replayed through Debian's adb on trident-simd:
# reproduced on the buggy app, not on its fixed twin.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir average_total

ABUG=$(find_bug scale 1 300 average) || fail "scale: average did not find the weekly average"
TBUG=$(find_bug feeds 1 300 sum_count) || fail "feeds: sum_count did not find the stale total"
python3 - "$WORK/scale/bugs.json" "$ABUG" "$WORK/feeds/bugs.json" "$TBUG" <<'PY' || fail "the reports are not the expected ones"
import json, sys
a = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert a["title"] == "'Weekly average (24 \u2013 30 Nov)' is not the mean of the values the list shows in its range", a["title"]
assert a["category"] == "numerical calculation error", a["category"]
t = [b for b in json.load(open(sys.argv[3]))["bugs"] if b["id"] == sys.argv[4]][0]
assert t["title"] == "'All feeds' stops adding up the counts of its list", t["title"]
assert t["category"] == "numerical calculation error", t["category"]
PY
echo "ok   scale seed 1: $ABUG (average), feeds seed 1: $TBUG (sum_count) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "scale $ABUG average" "feeds $TBUG sum_count"
echo "average_total_adb: OK"
