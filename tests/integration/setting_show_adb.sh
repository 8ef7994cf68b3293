#!/usr/bin/env bash
# setting_show_adb.sh - the setting oracle's "Show <things>" switches
# (session 48, issue 18), end to end: an offline run on the simulator of
# the held-out social app turns "Show boosts" off under Settings >
# Timelines and comes back to a Home timeline that still lists rows
# marked "↻ Eliza Okafor boosted" (`setting`; Tusky #5116). The report's
# steps are then replayed through Debian's adb on trident-simd, where the
# oracle finds the bug again on the buggy app and not on its fixed twin.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir setting-show

SHOW=$(find_bug social 1 30 setting) || fail "social: setting did not find boosts listed with Show boosts off"
python3 - "$WORK/social/bugs.json" "$SHOW" <<'PY' || fail "social: the report does not name the switch or blame its tap"
import json, sys
bug = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
assert "Show boosts" in bug["title"], bug["title"]
assert any(s.get("action", {}).get("resource_id", "").endswith("boosts_switch") for s in bug["steps"]), "the switch's tap is not a step"
PY
echo "ok   social seed 1: $SHOW (setting, Show boosts off, boosted rows still listed) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "social $SHOW setting"
echo "setting_show_adb: OK"
