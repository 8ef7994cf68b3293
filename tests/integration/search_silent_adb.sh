#!/usr/bin/env bash
# search_silent_adb.sh - session 64's silent search (issue 18), end to end
# on the held-out weather app (Breezy Weather). An offline run on the
# simulator (seed 3, 300 steps) searches a city named "yellow", and the
# page answers with nothing at all: no result, no "No location found"
# (feedback's search_silent; breezy-weather #133). The report's steps are
# replayed through Debian's adb on trident-simd: reproduced on the buggy
# app, not on its fixed twin, which says that no place was found.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir search_silent

FBUG=$(find_bug weather 3 300 feedback) || fail "weather: feedback did not find the silent search"
python3 - "$WORK/weather/bugs.json" "$FBUG" <<'PY' || fail "weather: the feedback report is not the silent search"
import json, re, sys
bug = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert re.fullmatch(r"A search for \"\w+\" on 'Add a location' shows nothing and says nothing", bug["title"]), bug["title"]
assert bug["category"] == "feedback missing", bug["category"]
assert bug["extra"]["check"] == "search_silent", bug["extra"]
PY
echo "ok   weather seed 3: $FBUG (feedback: a search that says nothing) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "weather $FBUG feedback"
echo "search_silent_adb: OK"
