#!/usr/bin/env bash
# rate_section_jump_adb.sh - session 38's three checks (issue 18), end to end:
# offline runs on the simulator find, on held-out apps no check was tuned on,
#   timesheet: an entry's earnings that are not its duration times its hourly
#              rate (`rate`, olpeh/wht #60: 2 h 5 min at £60.00/h is £124.80);
#   smarthome: the History heading of an entity's page followed at once by
#              Show more, no history between (`section`, home-assistant/frontend #25417);
#   confsched: an event's speakers cut off with an ellipsis, the rest nowhere
#              (`section` "cut_list", Giggity #478);
#   transit:   a favourite trip's row that switches to Directions with From and
#              To empty (`navigation` "row_jump", Transportr #555).
# Each report's steps are then replayed through Debian's adb on trident-simd:
# the oracle finds the bug again on the buggy app and not on its fixed twin.
# The step counts are the shortest that keep each walk finding its bug.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir rate-section-jump
walks_without_back_probe

RATE=$(find_bug timesheet 1 50 rate) || fail "timesheet: rate did not find the earnings"
SECTION=$(find_bug smarthome 1 20 section) || fail "smarthome: section did not find the empty History"
CUT=$(find_bug confsched 1 30 section) || fail "confsched: section did not find the speakers cut off"
JUMP=$(find_bug transit 1 100 navigation) || fail "transit: navigation did not find the favourite's jump"
python3 - "$WORK" "$RATE" "$SECTION" "$JUMP" "$CUT" <<'PY' || fail "the reports are not the expected checks"
import json, sys
work, rate, section, jump, cut = sys.argv[1:]
def bug(app, id):
    return [b for b in json.load(open("%s/%s/bugs.json" % (work, app)))["bugs"] if b["id"] == id][0]
b = bug("timesheet", rate)
assert b["title"] == "'Earnings' is not the duration times the hourly rate", b["title"]
shown = float("".join(c for c in b["extra"]["amount"]["text"] if c.isdigit() or c == "."))
assert b["extra"]["amount"]["text"].startswith("Earnings") and abs(shown - b["extra"]["expected"]) > 0.011, b["extra"]
b = bug("smarthome", section)
assert b["extra"]["check"] == "section" and b["extra"]["heading"]["text"] == "History", b["extra"]
b = bug("confsched", cut)
assert b["extra"]["check"] == "cut_list" and b["extra"]["text"]["text"].startswith("Speakers: "), b["extra"]
b = bug("transit", jump)
assert b["extra"]["check"] == "row_jump" and b["extra"]["selected_after"] == "Directions", b["extra"]
assert "\u2192" in b["extra"]["row"], b["extra"]["row"]
PY
echo "ok   timesheet $RATE (rate), smarthome $SECTION (section), confsched $CUT (cut_list), transit $JUMP (row_jump) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "timesheet $RATE rate" "smarthome $SECTION section" "confsched $CUT section" "transit $JUMP navigation"
echo "rate_section_jump_adb: OK"
