#!/usr/bin/env bash
# silent_empty_adb.sh - oracle 39 silent_empty (session 50, issue 18), end to end: an
# offline run on the simulator of the held-out transit app changes the
# means of transport on the Connections page to "Without trains" for a
# route only trains serve; the page then shows the route and the option,
# no connection and no "No connections found" (OneBusAway #1036). The
# report's steps are then replayed through Debian's adb on trident-simd,
# where the oracle finds the bug again on the buggy app and not on its
# fixed twin (which says that no connection is left).
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir silent-empty

EMPTY=$(find_bug transit 3 45 silent_empty) || fail "transit: silent_empty did not find the silent empty Connections page"
python3 - "$WORK/transit/bugs.json" "$EMPTY" <<'PY' || fail "transit: the report is not the silent empty page"
import json, sys
bug = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert bug["title"] == "Choosing 'Without trains (U-Bahn, tram, bus)' empties 'Connections' without a word", bug["title"]
assert bug["category"] == "feedback missing", bug["category"]
assert len(bug["steps"]) <= 5, "%d steps" % len(bug["steps"])
PY
echo "ok   transit seed 3: $EMPTY (silent_empty, Without trains leaves no connection and no message) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "transit $EMPTY silent_empty"
echo "silent_empty_adb: OK"
