#!/usr/bin/env bash
# excluded_adb.sh - session 37's checks on gallery (issue 18), end to end:
# an offline run on the simulator (seed 1, 300 steps) switches gallery's
# folders to excluded in Manage excluded folders, and the Folders list still
# shows them (Simple-Gallery #1160): `excluded` reports it; the same run taps
# Unmute on a video that Autoplay started muted, and nothing changes (Aves
# #846): `control` reports it ("sound_ignored"). Each report's steps are
# then replayed through Debian's adb on trident-simd, where the oracle finds
# the bug again on the buggy app and not on its fixed twin.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir excluded

EXCL=$(find_bug gallery 1 300 excluded) || fail "gallery: excluded did not find the folder still listed after it was excluded"
echo "ok   gallery seed 1: $EXCL (excluded, a folder switched to excluded still listed) on the simulator"
python3 - "$WORK/gallery/bugs.json" "$EXCL" <<'PY' || fail "gallery: the report does not blame the switch"
import json, sys
b = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["id"] == sys.argv[2]][0]
blamed = b["extra"]["blamed"]
assert blamed["type"] == "check" and blamed["resource_id"].endswith("/excl_switch"), blamed
assert any(s["action"].get("resource_id") == blamed["resource_id"] for s in b["steps"]), "the blamed switch is not in the steps"
PY
echo "ok   the report blames the exclusion switch, and its steps tap it"
SOUND=$(python3 - "$WORK/gallery/bugs.json" <<'PY'
import json, sys
bugs = [b for b in json.load(open(sys.argv[1]))["bugs"]
        if b["found_by"] == "oracle:control" and b["extra"].get("check") == "sound_ignored" and b.get("confirmed")]
assert bugs, "no confirmed sound_ignored report"
print(bugs[0]["id"])
PY
) || fail "gallery: control did not find the Unmute that changes nothing"
echo "ok   gallery seed 1: $SOUND (control sound_ignored, Unmute beside 'Sound muted') on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "gallery $EXCL excluded" "gallery $SOUND control"
echo "excluded_adb: OK"
