#!/usr/bin/env bash
# music_adb.sh - session 64's checks (issue 18), end to end on the
# held-out music app (Vinyl Music Player). An offline run on the simulator
# (seed 1, 300 steps) long-presses a playlist's song (offline.long_probe),
# selects a second one and removes both, which empties the playlist
# (oracle selection; VinylMusicPlayer #580), and sets Repeat all in the
# player, which the app forgets when its process dies (process_death's
# mode buttons; VinylMusicPlayer #663). Both reports' steps are replayed
# through Debian's adb on trident-simd: reproduced on the buggy app, not
# on its fixed twin.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir music

SBUG=$(FIND_BUG_LONG_PROBE=1 find_bug music 1 300 selection) || fail "music: selection did not find the removal that empties the playlist"
python3 - "$WORK/music/bugs.json" "$SBUG" <<'PY' > "$WORK/pbug" || fail "music: the reports are not the expected ones"
import json, re, sys
bugs = json.load(open(sys.argv[1]))["bugs"]
sel = [b for b in bugs if b["id"] == sys.argv[2]][0]
assert re.fullmatch(r"Removing 2 selected rows also removed '[^']+', '[^']+'", sel["title"]), sel["title"]
assert sel["category"] == "data operation failure", sel["category"]
assert [s for s in sel["steps"] if s["action"]["type"] == "long_click"], "no long press in the steps"
mode = [b for b in bugs if b["found_by"] == "oracle:process_death"]
assert mode and mode[0].get("confirmed"), "no confirmed process_death report"
assert mode[0]["title"] == "Setting 'Repeat all' reverts after force-stop and relaunch", mode[0]["title"]
print(mode[0]["id"])
PY
PBUG=$(cat "$WORK/pbug")
echo "ok   music seed 1: $SBUG (selection), $PBUG (process_death: Repeat all lost) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "music $SBUG selection" "music $PBUG process_death"
echo "music_adb: OK"
