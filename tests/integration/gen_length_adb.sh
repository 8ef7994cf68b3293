#!/usr/bin/env bash
# gen_length_adb.sh - oracle 45 gen_length (session 59, issue 18), end to
# end: an offline run on the simulator of the held-out passwords app sets
# the generator's default length in Settings (the page then says "Default
# length: 12") and later taps Generate password on the new-entry form,
# which makes a 16-character password (Passy: the new-entry form ignores
# the default length). The report's steps are then replayed through
# Debian's adb on trident-simd, where the oracle finds the bug again on
# the buggy app and not on its fixed twin (12 characters, as set).
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir gen-length

BUG=$(find_bug passwords 1 160 gen_length) || fail "passwords: gen_length did not find the 16-character password"
python3 - "$WORK/passwords/bugs.json" "$BUG" <<'PY' || fail "passwords: the report is not the generated length"
import json, sys
bug = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert bug["title"] == "A password generated on 'New entry' has 16 characters, not the 12 the generator is set to", bug["title"]
assert bug["category"] == "settings/configuration", bug["category"]
assert "Default length: 12" in bug["expected"], bug["expected"]
assert len(bug["steps"]) <= 12, "%d steps" % len(bug["steps"])
PY
echo "ok   passwords seed 1: $BUG (gen_length: 16 characters generated with the length set to 12) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "passwords $BUG gen_length"
echo "gen_length_adb: OK"
