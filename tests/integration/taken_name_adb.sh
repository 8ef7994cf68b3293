#!/usr/bin/env bash
# taken_name_adb.sh - session 37's probe and check (issue 18), end to end: an
# offline run on the simulator with offline.probe_taken and
# offline.probe_submit switched on (both off by default) types, as a name
# field's second probe, the name of a folder files' list already shows into
# Create new folder, submits it at once, and the dialog closes without creating
# anything or saying why (Azure Storage Explorer #2757): `feedback` reports
# it ("taken_silent"). The report's steps are then replayed through Debian's
# adb on trident-simd, where the oracle finds the bug again on the buggy app
# and not on its fixed twin, which says the name is taken.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir taken-name
FIND_BUG_CONFIG="$WORK/probes.json"
printf '{"offline": {"probe_taken": true, "probe_submit": true}}\n' >"$FIND_BUG_CONFIG"

TAKEN=$(find_bug files 6 100 feedback) || fail "files: feedback did not find the folder name already taken"
python3 - "$WORK/files/bugs.json" "$TAKEN" <<'PY' || fail "files: the feedback report is not the taken name"
import json, sys
b = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert b["extra"]["check"] == "taken_silent", b["extra"]["check"]
typed = [s["action"].get("text") for s in b["steps"] if s["action"]["type"] == "input"]
assert typed and typed[-1] == b["extra"]["field"]["text"], (typed, b["extra"]["field"])
PY
echo "ok   files seed 6: $TAKEN (feedback taken_silent: Create with an existing folder's name) on the simulator"
grep -q 'probing the field with taken input' "$WORK/files/trace.jsonl" || fail "files: no 'taken' probe in the trace"
grep -q 'submitting the probe just typed' "$WORK/files/trace.jsonl" || fail "files: no probe submitted in the trace"
echo "ok   the trace shows the taken probe and its submission"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "files $TAKEN feedback"
echo "taken_name_adb: OK"
