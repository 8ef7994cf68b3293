#!/usr/bin/env bash
# blank_pick_adb.sh - session 33's two checks (issue 18), end to end: an
# offline run on the simulator finds wiki's AC/DC article that opens empty
# where other articles showed their content (`blank`, blank_sibling) and
# habits' reminder time whose pick resets the reminder's days to every day
# (`kept_edit`, pick_reset); each report's steps are then replayed through
# Debian's adb on trident-simd, where the oracle finds the bug again on the
# buggy app and not on its fixed twin. (Kept apart from form_oracles_adb.sh
# so that neither runs near the test timeout under ThreadSanitizer.)
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"

simd_workdir blank-pick

# find APP SEED STEPS ORACLE: explore APP on the in-process simulator; prints the id of the ORACLE report.
find_bug() {
	local app=$1 seed=$2 steps=$3 oracle=$4 out="$WORK/$1"
	"$TRIDENT_BIN" explore --device "sim:$TRIDENT_SOURCE_DIR/configs/apps/holdout/$app.json" --brain offline \
		--seed "$seed" --steps "$steps" --out "$out" --quiet >"$out.log" 2>&1
	[ $? -le 1 ] || { tail -5 "$out.log"; fail "$app: explore failed"; }
	python3 - "$out/bugs.json" "$oracle" <<'PY'
import json, sys
bugs = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["found_by"] == "oracle:" + sys.argv[2]]
assert bugs and bugs[0].get("confirmed"), "no confirmed %s report" % sys.argv[2]
print(bugs[0]["id"])
PY
}

EMPTY=$(find_bug wiki 1 90 blank) || fail "wiki: blank did not find the article that opens empty"
echo "ok   wiki seed 1: $EMPTY (blank, a page empty where its siblings show content) on the simulator"
RESET=$(find_bug habits 5 130 kept_edit) || fail "habits: kept_edit did not find the days a time pick resets"
echo "ok   habits seed 5: $RESET (kept_edit, a pick that resets another part) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

# replay APP BUG [--fixed]: the report's steps through adb on trident-simd; exit status of trident replay.
replay() {
	local app=$1 bug=$2 rc
	shift 2
	simd_start "$TRIDENT_SOURCE_DIR/configs/apps/holdout/$app.json" "$WORK" "$@" || fail "trident-simd ($app)"
	adb_start || fail "adb ($app)"
	"$TRIDENT_BIN" replay "$WORK/$app" "$bug" --device "$SERIAL" --adb-server "127.0.0.1:$ADB_PORT" \
		--out "$WORK/replay-$app$*" >"$WORK/replay-$app$*.out" 2>&1
	rc=$?
	simd_cleanup
	return $rc
}

for pair in "wiki $EMPTY blank" "habits $RESET kept_edit"; do
	set -- $pair
	replay "$1" "$2" || { cat "$WORK/replay-$1.out"; fail "$1 $2: not reproduced through adb"; }
	grep -q "^reproduced: oracle:$3" "$WORK/replay-$1.out" || fail "$1: the replay names oracle:$3"
	echo "ok   $1 $2 reproduced through adb"
	replay "$1" "$2" --fixed && { cat "$WORK/replay-$1--fixed.out"; fail "$1 $2: reproduced on the fixed twin"; }
	echo "ok   $1 $2 not reproduced on the fixed twin"
done
echo "blank_pick_adb: OK"
