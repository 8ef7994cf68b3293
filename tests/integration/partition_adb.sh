#!/usr/bin/env bash
# partition_adb.sh - oracle 42 partition (session 52, issue 18), end to end:
# an offline run on the simulator of the held-out runtracker app deletes a
# November workout; the workout list's summary then counts 5 workouts, but
# Statistics by month still says November 5 + October 1 (enviroCar #534:
# statistics by month keep counting a deleted track). The report's steps
# are then replayed through Debian's adb on trident-simd, where the oracle
# finds the bug again on the buggy app and not on its fixed twin.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir partition

PT=$(find_bug runtracker 2 100 partition) || fail "runtracker: partition did not find the months over the whole"
python3 - "$WORK/runtracker/bugs.json" "$PT" <<'PY' || fail "runtracker: the report is not the months over the whole"
import json, sys
bug = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert bug["actual"] == "November 2026 5 + October 2026 1 = 6", bug["actual"]
assert bug["category"] == "numerical calculation error", bug["category"]
assert bug["extra"]["whole"] == 5 and bug["extra"]["sum"] == 6, bug["extra"]
assert len(bug["steps"]) <= 24, "%d steps" % len(bug["steps"])
PY
echo "ok   runtracker seed 2: $PT (partition, 5 + 1 months against 5 workouts) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "runtracker $PT partition"
echo "partition_adb: OK"
