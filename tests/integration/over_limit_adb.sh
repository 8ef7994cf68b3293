#!/usr/bin/env bash
# over_limit_adb.sh - oracle 47 over_limit (session 59, issue 18), end to
# end: an offline run on the simulator of the held-out flashcards app
# lowers a deck's New cards/day in its options and saves; the deck's page
# then says "Limit: N new cards a day" and a larger "New today" (AnkiDroid
# #16098: the lowered limit is stored but not applied). The report's steps
# are then replayed through Debian's adb on trident-simd, where the oracle
# finds the bug again on the buggy app and not on its fixed twin (New
# today follows the limit).
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir over-limit

BUG=$(find_bug flashcards 2 180 over_limit) || fail "flashcards: over_limit did not find New today above the limit"
python3 - "$WORK/flashcards/bugs.json" "$BUG" <<'PY' || fail "flashcards: the report is not New today above the limit"
import json, re, sys
bug = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
m = re.fullmatch(r"'New today: (\d+)' is above the limit the page states \('Limit: (\d+) new cards a day'\)", bug["title"])
assert m and int(m.group(1)) > int(m.group(2)), bug["title"]
assert bug["category"] == "settings/configuration", bug["category"]
assert len(bug["steps"]) <= 12, "%d steps" % len(bug["steps"])
PY
echo "ok   flashcards seed 2: $BUG (over_limit: New today above the deck's daily limit) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "flashcards $BUG over_limit"
echo "over_limit_adb: OK"
