#!/usr/bin/env bash
# refresh_scale_count_adb.sh - session 39's checks (issue 18), end to end:
# offline runs on the simulator find, on held-out apps no check was tuned on,
#   converter: "Update rates" on a currency page emptying the amount the run
#              typed (`refresh`, modelled on microsoft/calculator #260);
#   recipes:   "+" that turns "Servings: 2" into 3 while the ingredient
#              amounts stay as they were (`scale`);
#   recorder:  the Player tab titled "Recordings (3)" over no list after a
#              recording was made (`count` "count_without_list", RecordYou #57).
# Each report's steps are then replayed through Debian's adb on trident-simd:
# the oracle finds the bug again on the buggy app and not on its fixed twin.
# The step counts are walks that reach each bug (a walk depends on its
# budget: since session 55 recorder seed 1 finds its bug at 80 steps, not
# at 70; before, at 70 and not at 80).
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir refresh-scale-count
walks_without_back_probe

CLEARED=$(find_bug converter 1 55 refresh) || fail "converter: refresh did not find the amount Update rates empties"
SCALED=$(find_bug recipes 2 30 scale) || fail "recipes: scale did not find the amounts that ignore the servings"
COUNTED=$(find_bug recorder 1 80 count) || fail "recorder: count did not find 'Recordings (3)' over no list"
python3 - "$WORK" "$CLEARED" "$SCALED" "$COUNTED" <<'PY' || fail "the reports are not the expected checks"
import json, sys
work, cleared, scaled, counted = sys.argv[1:]
def bug(app, id):
    return [b for b in json.load(open("%s/%s/bugs.json" % (work, app)))["bugs"] if b["id"] == id][0]
b = bug("converter", cleared)
assert b["title"] == "'Update rates' clears what was typed in 'Amount in USD'", b["title"]
assert b["category"] == "content missing" and b["extra"]["check"] == "refresh", b["extra"]
b = bug("recipes", scaled)
assert b["title"] == "The amounts do not follow 'Servings'", b["title"]
assert b["category"] == "numerical calculation error" and len(b["extra"]["amounts"]) >= 2, b["extra"]
b = bug("recorder", counted)
assert b["extra"]["check"] == "count_without_list" and b["extra"]["label"].startswith("Recordings ("), b["extra"]
for app, id in (("converter", cleared), ("recipes", scaled), ("recorder", counted)):
    assert len(bug(app, id)["steps"]) <= 12, (app, len(bug(app, id)["steps"]))
PY
echo "ok   converter seed 1: $CLEARED (refresh), recipes seed 2: $SCALED (scale), recorder seed 1: $COUNTED (count) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "converter $CLEARED refresh" "recipes $SCALED scale" "recorder $COUNTED count"
echo "refresh_scale_count_adb: OK"
