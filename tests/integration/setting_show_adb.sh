#!/usr/bin/env bash
# setting_show_adb.sh - two checks of the setting oracle (session 48,
# issue 18), end to end: offline runs on the simulator of held-out apps
#   social:        "Show boosts" turned off under Settings > Timelines,
#                  and the Home timeline still lists rows marked
#                  "↻ Eliza Okafor boosted" (Tusky #5116);
#   authenticator: with Tap to reveal on, each entry masks its code
#                  ("●●● ●●●") and shows its next code in clear (Aegis
#                  #1507).
# Each report's steps are then replayed through Debian's adb on
# trident-simd, where the oracle finds the bug again on the buggy app and
# not on its fixed twin.
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
MASK=$(find_bug authenticator 1 20 setting) || fail "authenticator: setting did not find the next code in clear"
grep -q "shows its 'Next' code in clear" "$WORK/authenticator/bugs.json" || fail "authenticator: the report is not the half-masked row"
echo "ok   authenticator seed 1: $MASK (setting, a row's code masked and its next code in clear) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "social $SHOW setting" "authenticator $MASK setting"
echo "setting_show_adb: OK"
