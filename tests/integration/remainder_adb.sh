#!/usr/bin/env bash
# remainder_adb.sh - oracle 46 remainder (session 59, issue 18), end to
# end: an offline run on the simulator of the held-out smarthome app opens
# Energy, where "Devices total: 12.80 kWh" and "Untracked consumption:
# 2.90 kWh" come to more than "Grid consumption: 14.60 kWh" (Home
# Assistant frontend #26353: a device plugged into a tracked plug is
# counted twice). The report's steps are then replayed through Debian's
# adb on trident-simd, where the oracle finds the bug again on the buggy
# app and not on its fixed twin (11.70 kWh).
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir remainder

BUG=$(find_bug smarthome 1 30 remainder) || fail "smarthome: remainder did not find the energy figures"
python3 - "$WORK/smarthome/bugs.json" "$BUG" <<'PY' || fail "smarthome: the report is not the energy figures"
import json, sys
bug = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert bug["title"] == ("'Devices total: 12.80 kWh' and 'Untracked consumption: 2.90 kWh' do not add up to "
                        "'Grid consumption: 14.60 kWh'"), bug["title"]
assert bug["category"] == "numerical calculation error", bug["category"]
assert bug["actual"].startswith("15.70 kWh"), bug["actual"]
assert len(bug["steps"]) <= 5, "%d steps" % len(bug["steps"])
PY
echo "ok   smarthome seed 1: $BUG (remainder: 12.80 + 2.90 kWh against 14.60 kWh) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "smarthome $BUG remainder"
echo "remainder_adb: OK"
