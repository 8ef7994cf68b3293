# lib_holdout_bug.sh - sourced by integration scripts that find a held-out
# app's bug offline and replay its report through Debian's adb. Needs
# lib_simd.sh sourced and simd_workdir run first (WORK). Not a test itself.
#
#   ID=$(find_bug APP SEED STEPS ORACLE)   # explore on the in-process simulator
#                                          # (with --config "$FIND_BUG_CONFIG" when set;
#                                          # FIND_BUG_SUITE=bench for configs/apps/bench)
#   walks_without_back_probe               # find_bug's walks as before session 42
#   FIND_BUG_LONG_PROBE=1                  # find_bug with offline.long_probe on (off unless a
#                                          # config is given: the walks before session 64)
#                                          # offline.edit_finish is off in all of them (the
#                                          # walks before session 66)
#   replay APP ID [--fixed]                # the report's steps through adb on trident-simd

# walks_without_back_probe: find_bug explores with offline.back_probe off.
# The seeds and budgets of the scripts that call it were picked (sessions
# 28-41) as walks that reach their bug before the Back probe (session 42)
# changed the offline walks; they test the oracles, not the policy. The
# long-press probe (session 64) and the edit motif (session 66) are off too.
walks_without_back_probe() {
	FIND_BUG_CONFIG="$WORK/no-back-probe.json"
	printf '{"offline": {"back_probe": false, "long_probe": false, "edit_finish": false}}\n' >"$FIND_BUG_CONFIG"
}

# The same for the long-press probe (session 64): without a config of its
# own, find_bug explores with offline.long_probe off, the walks the seeds of
# the earlier scripts were picked on; FIND_BUG_LONG_PROBE=1 keeps it on
# (music_adb, whose bug needs a selection).
no_long_probe_config() {
	printf '{"offline": {"long_probe": false, "edit_finish": false}}\n' >"$WORK/no-long-probe.json"
	echo "$WORK/no-long-probe.json"
}

# The same for the edit motif (session 66): the walks the seeds of the
# scripts written before it were picked on, the long-press probe kept on.
no_edit_finish_config() {
	printf '{"offline": {"edit_finish": false}}\n' >"$WORK/no-edit-finish.json"
	echo "$WORK/no-edit-finish.json"
}

# find APP SEED STEPS ORACLE: explore APP on the in-process simulator; prints the id of the ORACLE report.
find_bug() {
	local app=$1 seed=$2 steps=$3 oracle=$4 out="$WORK/$1" config=${FIND_BUG_CONFIG:-}
	if [ -z "$config" ]; then
		if [ "${FIND_BUG_LONG_PROBE:-0}" = 1 ]; then config=$(no_edit_finish_config); else config=$(no_long_probe_config); fi
	fi
	"$TRIDENT_BIN" explore ${config:+--config "$config"} \
		--device "sim:$TRIDENT_SOURCE_DIR/configs/apps/${FIND_BUG_SUITE:-holdout}/$app.json" --brain offline \
		--seed "$seed" --steps "$steps" --out "$out" --quiet >"$out.log" 2>&1
	[ $? -le 1 ] || { tail -5 "$out.log"; fail "$app: explore failed"; }
	python3 - "$out/bugs.json" "$oracle" <<'PY'
import json, sys
bugs = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["found_by"] == "oracle:" + sys.argv[2]]
assert bugs and bugs[0].get("confirmed"), "no confirmed %s report" % sys.argv[2]
print(bugs[0]["id"])
PY
}

# replay APP BUG [--fixed]: the report's steps through adb on trident-simd; exit status of trident replay.
replay() {
	local app=$1 bug=$2 rc
	shift 2
	simd_start "$TRIDENT_SOURCE_DIR/configs/apps/${FIND_BUG_SUITE:-holdout}/$app.json" "$WORK" "$@" || fail "trident-simd ($app)"
	adb_start || fail "adb ($app)"
	"$TRIDENT_BIN" replay "$WORK/$app" "$bug" --device "$SERIAL" --adb-server "127.0.0.1:$ADB_PORT" \
		--out "$WORK/replay-$app$*" >"$WORK/replay-$app$*.out" 2>&1
	rc=$?
	simd_cleanup
	return $rc
}

# replay_pairs "APP BUG ORACLE"...: each report reproduced through adb naming ORACLE, and not on the fixed twin.
replay_pairs() {
	local pair
	for pair in "$@"; do
		set -- $pair
		replay "$1" "$2" || { cat "$WORK/replay-$1.out"; fail "$1 $2: not reproduced through adb"; }
		grep -q "^reproduced: oracle:$3" "$WORK/replay-$1.out" || fail "$1: the replay names oracle:$3"
		echo "ok   $1 $2 reproduced through adb"
		replay "$1" "$2" --fixed && { cat "$WORK/replay-$1--fixed.out"; fail "$1 $2: reproduced on the fixed twin"; }
		echo "ok   $1 $2 not reproduced on the fixed twin"
	done
}
