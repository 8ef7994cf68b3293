#!/usr/bin/env bash
# back_probe_adb.sh - session 42's Back probe (issue 18), end to end: the
# offline policy presses Back right after a list's row opened a page, and
# the navigation oracle judges where it lands. On a held-out app no check
# was tuned on,
#   gallery: Back from a photo opened in a folder shows the list of
#            folders instead of the folder (Simple Gallery's report, held
#            out as gallery-back-to-folders),
# a run of 80 steps finds it with a three-step report (the folder, the
# photo, the Back the probe chose). The report's steps are then replayed
# through Debian's adb on trident-simd: found again on the buggy app, not
# on its fixed twin.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir back-probe

NAV=$(find_bug gallery 1 80 navigation) || fail "gallery: no navigation report for Back from a photo of a folder"
python3 - "$WORK" "$NAV" <<'PY' || fail "the report is not the expected check"
import json, sys
work, id = sys.argv[1:]
b = [b for b in json.load(open("%s/gallery/bugs.json" % work))["bugs"] if b["id"] == id][0]
assert b["title"].startswith("Back from .ViewPagerActivity lands on 'Gallery' instead of"), b["title"]
steps = [s["action"] for s in b["steps"]]
assert len(steps) <= 5, len(steps)
assert steps[-1]["type"] == "back" and "row's page just opened" in steps[-1].get("reason", ""), steps[-1]
assert steps[-2].get("resource_id", "").endswith("media_row"), steps[-2]
PY
echo "ok   gallery seed 1: $NAV (Back from a photo of a folder, chosen by the Back probe) on the simulator"

# With the probe switched off the same budget does not press Back there.
printf '{"offline": {"back_probe": false}}\n' >"$WORK/no-probe.json"
"$TRIDENT_BIN" explore --config "$WORK/no-probe.json" \
	--device "sim:$TRIDENT_SOURCE_DIR/configs/apps/holdout/gallery.json" --brain offline \
	--seed 1 --steps 80 --out "$WORK/gallery-off" --quiet >"$WORK/gallery-off.log" 2>&1
python3 - "$WORK/gallery-off/bugs.json" <<'PY' || fail "offline.back_probe false still probes"
import json, sys
assert not [b for b in json.load(open(sys.argv[1]))["bugs"] if b["found_by"] == "oracle:navigation"]
PY
echo "ok   offline.back_probe false: no such report in the same 80 steps"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "gallery $NAV navigation"
echo "back_probe_adb: OK"
