#!/usr/bin/env bash
# weather_adb.sh - session 63's checks (issue 18), end to end on the
# held-out weather app (Breezy Weather). An offline run on the simulator
# (seed 4, 300 steps) finds a day of the daily forecast opening the day
# before (breezy-weather #533: the details page is titled "Thu 10 Dec ·
# London", the row's name one part of the title), and a location deleted
# on Locations whose page the main page's pager still shows (oracle
# gone_page; WeatherMaster #302). The walk deletes the location it came
# from, and Back then rightly shows another: no navigation report says
# Back landed wrong. Both reports' steps are replayed through Debian's adb
# on trident-simd: reproduced on the buggy app, not on its fixed twin.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir weather

NBUG=$(find_bug weather 4 300 navigation) || fail "weather: navigation did not find the day that opens the day before"
python3 - "$WORK/weather/bugs.json" "$NBUG" <<'PY' > "$WORK/gbug" || fail "weather: the reports are not the two expected"
import json, re, sys
bugs = json.load(open(sys.argv[1]))["bugs"]
nav = [b for b in bugs if b["id"] == sys.argv[2]][0]
assert re.fullmatch(r"The row '\w{3} \d+ Dec' opens the '\w{3} \d+ Dec' page", nav["title"]), nav["title"]
assert not [b["title"] for b in bugs if b["title"].startswith("Back from")], "a Back judged after a delete"
gone = [b for b in bugs if b["found_by"] == "oracle:gone_page"]
assert gone and gone[0].get("confirmed"), "no confirmed gone_page report"
assert re.fullmatch(r"'\w+', deleted on 'Locations', still opens as a page", gone[0]["title"]), gone[0]["title"]
assert gone[0]["category"] == "data operation failure", gone[0]["category"]
assert gone[0]["extra"]["blamed"]["widget_text"] == "Delete", gone[0]["extra"]
print(gone[0]["id"])
PY
GBUG=$(cat "$WORK/gbug")
echo "ok   weather seed 4: $NBUG (navigation: a day opens the day before), $GBUG (gone_page) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "weather $NBUG navigation" "weather $GBUG gone_page"
echo "weather_adb: OK"
