#!/usr/bin/env bash
# process_death_adb.sh - the process-death oracle through Debian's adb: the
# pantry test app served by trident-simd, its process killed with
# `adb shell am force-stop` and `am kill` (a real shell command line the
# simulated shell parses), then `trident explore` over the same adb server
# finds and replay-confirms the two bugs that only process death shows (a
# setting never written to disk, an item kept in memory), and reports
# nothing on the fixed twin. Private HOME, adb server port and simd port;
# 15 steps per run.
set -u

if ! command -v adb >/dev/null 2>&1; then echo "SKIP: adb is not installed"; exit 77; fi
if [ -z "${TRIDENT_SIMD:-}" ] || [ ! -x "${TRIDENT_SIMD}" ]; then
	echo "SKIP: TRIDENT_SIMD (trident-simd) is not built"; exit 77
fi
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
APP="$TRIDENT_SOURCE_DIR/tests/data/apps/pantry.json"
PKG=com.trident.pantry

WORK=$(mktemp -d /tmp/trident-death-XXXXXX)
export HOME="$WORK/home"
export TMPDIR="$WORK/tmp"
mkdir -p "$HOME" "$TMPDIR"
unset ADB_SERVER_SOCKET
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_port.sh"
export ANDROID_ADB_SERVER_PORT=$(free_port)
SIMD_PID=""

start_simd() {
	SIM_PORT=$(free_port)
	SERIAL="127.0.0.1:$SIM_PORT"
	"$TRIDENT_SIMD" --app "$APP" "$@" --port "$SIM_PORT" --log-level warn >>"$WORK/simd.log" 2>&1 &
	SIMD_PID=$!
	for _ in $(seq 100); do
		python3 -c "import socket; socket.create_connection(('127.0.0.1',$SIM_PORT),0.2)" 2>/dev/null && break
		sleep 0.05
	done
	timeout 20 adb connect "$SERIAL" >/dev/null 2>&1
	timeout 20 adb -s "$SERIAL" wait-for-device || fail "wait-for-device"
}
stop_simd() {
	[ -n "$SIMD_PID" ] || return 0
	timeout 10 adb disconnect "$SERIAL" >/dev/null 2>&1
	kill "$SIMD_PID" 2>/dev/null
	wait "$SIMD_PID" 2>/dev/null
	SIMD_PID=""
}
cleanup() {
	stop_simd
	timeout 10 adb kill-server >/dev/null 2>&1
	rm -rf "$WORK"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; tail -5 "$WORK/simd.log" 2>/dev/null; exit 1; }
A() { timeout 20 adb -s "$SERIAL" "$@"; }

SECONDS=0
timeout 30 adb start-server >/dev/null 2>&1 || fail "adb start-server"
start_simd

# The shell side: am kill spares the app in front, kills it in the background; force-stop kills it.
A shell monkey -p $PKG -c android.intent.category.LAUNCHER 1 >/dev/null || fail "monkey"
pid=$(A shell pidof $PKG | tr -d '\r')
[ -n "$pid" ] || fail "no pid after launch"
A shell am kill $PKG || fail "am kill"
[ "$(A shell pidof $PKG | tr -d '\r')" = "$pid" ] || fail "am kill killed the app in front"
A shell input keyevent 3 && A shell am kill $PKG || fail "Home, am kill"
[ -z "$(A shell pidof $PKG | tr -d '\r')" ] || fail "am kill left the background app running"
A shell "am start -n '$PKG/.MainActivity' >/dev/null && am force-stop '$PKG' && pidof '$PKG' || echo gone" \
	| tr -d '\r' | grep -qx gone || fail "am force-stop (quoted) left the app running"
echo "ok   am kill / am force-stop over adb (${SECONDS}s)"

# Only what this test is about: no minimising, no landscape display checks.
cat > "$WORK/cfg.json" <<'JSON'
{"offline": {"minimise_replays": 0}, "oracles": {"display_landscape": false, "rotation": false, "background": false}}
JSON
explore() { # out-dir
	"$TRIDENT_BIN" explore --config "$WORK/cfg.json" --device "$SERIAL" --package $PKG --brain offline --seed 1 --steps 15 \
		--out "$1" --quiet >"$1.out" 2>&1 || { cat "$1.out"; fail "explore exited $?"; }
}
SECONDS=0
explore "$WORK/buggy"
echo "     buggy run: ${SECONDS}s"
python3 - "$WORK/buggy/bugs.json" <<'PY' || fail "buggy run"
import json, sys
bugs = json.load(open(sys.argv[1]))["bugs"]
pd = [b for b in bugs if b.get("found_by") == "oracle:process_death"]
titles = sorted(b["title"] for b in pd)
print("     found:", titles)
assert any("Setting 'compact_switch' reverts" in t for t in titles), "setting not found"
assert any(t.startswith("Saved entry") for t in titles), "entry not found"
assert all(b.get("confirmed") for b in pd), "unconfirmed"
assert all(any(s["action"]["type"] == "restart" for s in b["steps"]) for b in pd), "no restart step"
PY
echo "ok   process_death finds both bugs through adb"
# The trips are part of the run's path (later replays repeat them): each is
# a side trip; a death trip starts with the restart, and the reopen trip made
# before it for a setting (leave by Back, walk back: oracle 23) with the Back.
python3 - "$WORK/buggy/trace.jsonl" <<'PY' || fail "process_death trips not recorded as side trips"
import json, sys
trace = [json.loads(l) for l in open(sys.argv[1])]
trips = [e for e in trace if e["type"] == "side_trip" and e.get("by") == "oracle:process_death"]
pd = [e for e in trace if e["type"] == "oracle_check" and e.get("oracle") == "process_death"]
checks = [e for e in pd if e.get("why") != "reopen" and e.get("outcome") != "moved"]
reopens = [e for e in pd if e.get("why") == "reopen"]
deaths = [t for t in trips if t["actions"][0]["type"] == "restart"]
backs = [t for t in trips if t["actions"][0]["type"] == "back"]
print("     %d trip(s) and %d reopen trip(s), %d recorded as side trips" % (len(checks), len(reopens), len(trips)))
assert checks and len(deaths) == len(checks), "every trip is a side trip"
assert reopens and len(backs) == len(reopens), "every reopen trip is a side trip"
assert len(deaths) + len(backs) == len(trips), "a trip starts with the restart or, reopening, with Back"
PY
echo "ok   process_death trips recorded as side trips"
stop_simd
start_simd --fixed
explore "$WORK/fixed"
n=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['bugs']))" "$WORK/fixed/bugs.json")
[ "$n" = 0 ] || fail "fixed twin: $n reports"
echo "ok   fixed twin: 0 reports (${SECONDS}s in all)"
echo "PASS"
