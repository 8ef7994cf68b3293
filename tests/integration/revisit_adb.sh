#!/usr/bin/env bash
# revisit_adb.sh - the revisit walk through Debian's adb: the trips test
# app served by trident-simd; `trident explore` over the adb server sees
# the saved walks in km, switches the units to imperial in Settings, and
# the oracles plugin walks back to the list (steps of the run, not side
# trips), where the setting oracle finds and replay-confirms the list that
# kept km. The fixed twin lists miles: the walk is made, nothing reported.
# Private HOME, adb server port and simd port; 20 steps per run.
set -u

if ! command -v adb >/dev/null 2>&1; then echo "SKIP: adb is not installed"; exit 77; fi
if [ -z "${TRIDENT_SIMD:-}" ] || [ ! -x "${TRIDENT_SIMD}" ]; then
	echo "SKIP: TRIDENT_SIMD (trident-simd) is not built"; exit 77
fi
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
APP="$TRIDENT_SOURCE_DIR/tests/data/apps/trips.json"
PKG=com.trident.trips

WORK=$(mktemp -d /tmp/trident-revisit-XXXXXX)
export HOME="$WORK/home"
export TMPDIR="$WORK/tmp"
mkdir -p "$HOME" "$TMPDIR"
unset ADB_SERVER_SOCKET
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
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

# Only what this test is about: no minimising, no state trips.
cat > "$WORK/cfg.json" <<'JSON'
{"offline": {"minimise_replays": 0}, "oracles": {"display_landscape": false, "rotation": false, "background": false, "process_death": false}}
JSON
explore() { # out-dir
	"$TRIDENT_BIN" explore --config "$WORK/cfg.json" --device "$SERIAL" --package $PKG --brain offline --seed 2 --steps 20 \
		--out "$1" --quiet >"$1.out" 2>&1
	rc=$?
	[ $rc -le 1 ] || { cat "$1.out"; fail "explore exited $rc"; }
}
explore "$WORK/buggy"
echo "     buggy run: ${SECONDS}s"
python3 - "$WORK/buggy/bugs.json" "$WORK/buggy/trace.jsonl" <<'PY' || fail "buggy run"
import json, sys
bugs = json.load(open(sys.argv[1]))["bugs"]
trace = [json.loads(l) for l in open(sys.argv[2])]
walks = [e for e in trace if e["type"] == "intervention" and e.get("kind") == "revisit"]
print("     walk records:", [(e["outcome"], e["step"]) for e in walks])
assert any(e["outcome"] == "start" and e["setting"] == "distance units" for e in walks), "no walk"
steps = [e for e in trace if e["type"] == "step" and e.get("override") == "oracles"]
assert steps and all(e["action"]["reason"].startswith("revisit:") for e in steps), "walk steps"
assert not any(e["type"] == "side_trip" and e.get("by") == "oracles" for e in trace), "a walk is no side trip"
found = [b for b in bugs if b.get("found_by") == "oracle:setting"]
print("     found:", [b["title"] for b in found])
assert found and "distance units" in found[0]["title"] and found[0].get("confirmed"), "the list in km not found"
PY
echo "ok   the walk back to the list finds the units bug through adb"
stop_simd
start_simd --fixed
explore "$WORK/fixed"
python3 - "$WORK/fixed/bugs.json" "$WORK/fixed/trace.jsonl" <<'PY' || fail "fixed twin"
import json, sys
bugs = json.load(open(sys.argv[1]))["bugs"]
trace = [json.loads(l) for l in open(sys.argv[2])]
assert any(e["type"] == "intervention" and e.get("kind") == "revisit" for e in trace), "no walk on the fixed twin"
assert not bugs, "fixed twin: %d reports" % len(bugs)
PY
echo "ok   fixed twin: the walk made, 0 reports (${SECONDS}s in all)"
echo "PASS"
