#!/usr/bin/env bash
# under_keyboard_adb.sh - oracle 41 under_keyboard (session 51, issue 18),
# end to end: an offline run on the simulator of the held-out authenticator
# app opens the new-entry form, whose Save is pinned to the window's bottom
# edge, and types into a field: the soft keyboard comes up over Save
# (KeePassDX #1770). The report's steps are then replayed through Debian's
# adb on trident-simd, where the oracle finds the bug again on the buggy
# app and not on its fixed twin (Save in the form's flow, above the
# keyboard).
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir under_keyboard

UK=$(find_bug authenticator 1 100 under_keyboard) || fail "authenticator: under_keyboard did not find Save under the keyboard"
python3 - "$WORK/authenticator/bugs.json" "$UK" <<'PY' || fail "authenticator: the report is not Save under the keyboard"
import json, sys
bug = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert bug["actual"].startswith("'Save' at [42,2184][540,2310], under the keyboard at [0,"), bug["actual"]
assert bug["category"] == "occlusion/overlap", bug["category"]
assert len(bug["steps"]) <= 8, "%d steps" % len(bug["steps"])
PY
echo "ok   authenticator seed 1: $UK (under_keyboard, Save under the soft keyboard) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "authenticator $UK under_keyboard"
echo "under_keyboard_adb: OK"
