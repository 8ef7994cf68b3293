#!/usr/bin/env bash
# device_adb.sh - the device CLI through Debian's real adb server to
# trident-simd: `trident devices` (which starts a private adb server itself
# only without an explicit address, and stops it again), the three ways to
# name the server (--adb-server, ANDROID_ADB_SERVER_PORT, ADB_SERVER_SOCKET),
# `trident capture` (files and contents), dump-failure retries set with the real `adb shell setprop`, device loss (trident-simd
# killed, restarted while a capture waits), `trident app-info`, and usage
# errors. Every other operation and the shell-injection fuzz through the
# real adb run in tests/unit/test_device_adb.c.
# Skips (77) when adb or trident-simd is missing. Private HOME and ports.
set -u

if ! command -v adb >/dev/null 2>&1; then echo "SKIP: adb is not installed"; exit 77; fi
if [ -z "${TRIDENT_SIMD:-}" ] || [ ! -x "${TRIDENT_SIMD}" ]; then
	echo "SKIP: TRIDENT_SIMD (trident-simd) is not built"; exit 77
fi
: "${TRIDENT_BIN:?TRIDENT_BIN must point at the trident CLI}"
: "${TRIDENT_SOURCE_DIR:?}"

APP="$TRIDENT_SOURCE_DIR/tests/data/device_test_app.json"
WORK=$(mktemp -d /tmp/trident-devadb-XXXXXX)
export HOME="$WORK/home"
mkdir -p "$HOME"
unset ADB_SERVER_SOCKET ANDROID_ADB_SERVER_PORT

. "$TRIDENT_SOURCE_DIR/tests/integration/lib_port.sh"
ADB_PORT=$(free_port)
SIM_PORT=$(free_port)
SERIAL="127.0.0.1:$SIM_PORT"
SIMD_PID=""
fails=0

start_simd() {
	"$TRIDENT_SIMD" --app "$APP" --port "$SIM_PORT" >"$WORK/simd.log" 2>&1 &
	SIMD_PID=$!
	for _ in $(seq 100); do
		python3 -c "import socket; socket.create_connection(('127.0.0.1',$SIM_PORT),0.2)" 2>/dev/null && return 0
		sleep 0.05
	done
	echo "trident-simd did not start"; cat "$WORK/simd.log"; return 1
}
stop_simd() { [ -n "$SIMD_PID" ] && kill -9 "$SIMD_PID" 2>/dev/null; wait "$SIMD_PID" 2>/dev/null; SIMD_PID=""; }
cleanup() {
	stop_simd
	adb -P "$ADB_PORT" kill-server >/dev/null 2>&1
	rm -rf "$WORK"
}
trap cleanup EXIT
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fails=$((fails + 1)); }
check() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

start_simd || exit 1
T="$TRIDENT_BIN"
S="--adb-server 127.0.0.1:$ADB_PORT"

listening() { python3 -c "import socket; socket.create_connection(('127.0.0.1',$1),0.5)" 2>/dev/null; }
# 1. An address given with --adb-server is never started by trident: a clear
#    error instead. Without one (ANDROID_ADB_SERVER_PORT / 5037) trident runs
#    `adb start-server` itself and stops that server again when it is done.
out=$("$T" devices $S 2>&1); rc=$?
check "devices with --adb-server and no server fails (rc=$rc)" [ $rc -eq 1 ]
grep -q "adb -P $ADB_PORT start-server" <<<"$out" || bad "error says how to start it: $out"
listening "$ADB_PORT" && bad "trident started a server on the given address"
out=$(ANDROID_ADB_SERVER_PORT=$ADB_PORT "$T" devices 2>&1); rc=$?
check "devices starts a server on ANDROID_ADB_SERVER_PORT (rc=$rc)" [ $rc -eq 0 ]
sleep 0.3
check "the server trident started does not outlive it" bash -c "! python3 -c \"import socket; socket.create_connection(('127.0.0.1',$ADB_PORT),0.5)\" 2>/dev/null"
adb -P "$ADB_PORT" start-server >/dev/null 2>&1
adb -P "$ADB_PORT" connect "$SERIAL" >/dev/null 2>&1
for _ in $(seq 50); do adb -P "$ADB_PORT" devices | grep -q "^$SERIAL[[:space:]]*device" && break; sleep 0.1; done
out=$("$T" devices $S 2>&1)
check "devices lists $SERIAL" grep -Eq "^$SERIAL +device " <<<"$out"
out=$(ANDROID_ADB_SERVER_PORT=$ADB_PORT "$T" devices 2>&1)
check "ANDROID_ADB_SERVER_PORT is honoured" grep -q "^$SERIAL" <<<"$out"
out=$(ADB_SERVER_SOCKET=tcp:127.0.0.1:$ADB_PORT "$T" devices 2>&1)
check "ADB_SERVER_SOCKET is honoured" grep -q "^$SERIAL" <<<"$out"
out=$(ADB_SERVER_SOCKET=localfilesystem:/x "$T" devices 2>&1); rc=$?
check "a bad ADB_SERVER_SOCKET is a clear error" [ $rc -eq 1 ]
grep -q "ADB_SERVER_SOCKET" <<<"$out" || bad "error names ADB_SERVER_SOCKET: $out"

# 2. capture: three files with the right contents.
CAP="$WORK/cap"
out=$("$T" capture $S --device "$SERIAL" --launch org.trident.devtest --out "$CAP" 2>&1); rc=$?
check "capture (rc=$rc: $out)" [ $rc -eq 0 ]
check "screen.png is a PNG" python3 -c "import sys; d=open('$CAP/screen.png','rb').read(); sys.exit(0 if d[:8]==b'\x89PNG\r\n\x1a\n' and int.from_bytes(d[16:20],'big')==1080 else 1)"
check "screen.xml is a UIAutomator dump" grep -q '<hierarchy rotation="0"' "$CAP/screen.xml"
check "screen.xml shows the app" grep -q 'package="org.trident.devtest"' "$CAP/screen.xml"
check "activity.txt" [ "$(cat "$CAP/activity.txt")" = "org.trident.devtest/.MainActivity" ]

# 3. dump failures set with the real adb are retried away.
adb -P "$ADB_PORT" -s "$SERIAL" shell setprop trident.sim.dump_failures 2
rm -rf "$CAP"
out=$("$T" capture $S --device "$SERIAL" --out "$CAP" 2>&1); rc=$?
check "capture retries two failed dumps (rc=$rc: $out)" [ $rc -eq 0 ]
adb -P "$ADB_PORT" -s "$SERIAL" shell setprop trident.sim.dump_failures 40
out=$("$T" capture $S --device "$SERIAL" --out "$CAP" 2>&1); rc=$?
check "capture gives up with a clear error (rc=$rc)" [ $rc -eq 1 ]
grep -q "uiautomator dump failed" <<<"$out" || bad "error says why: $out"
adb -P "$ADB_PORT" -s "$SERIAL" shell setprop trident.sim.dump_failures 0

# 4. device loss: kill the device, capture waits, the device comes back.
stop_simd
rm -rf "$CAP"
( sleep 1.5; "$TRIDENT_SIMD" --app "$APP" --port "$SIM_PORT" >"$WORK/simd2.log" 2>&1 & echo $! >"$WORK/simd2.pid"; wait ) &
RESTARTER=$!
out=$("$T" capture $S --device "$SERIAL" --out "$CAP" 2>&1); rc=$?
sleep 0.1
SIMD_PID=$(cat "$WORK/simd2.pid" 2>/dev/null || true)
check "capture survives device loss (rc=$rc: $(tail -n 3 <<<"$out"))" [ $rc -eq 0 ]
check "the loss was reported" grep -Eq "waiting up to|lost" <<<"$out"
check "capture after reconnect wrote screen.png" [ -s "$CAP/screen.png" ]
stop_simd
kill "$RESTARTER" 2>/dev/null; wait "$RESTARTER" 2>/dev/null

# 5. app-info and usage errors.
out=$("$T" app-info "sim:$APP" 2>&1); rc=$?
check "app-info sim: (rc=$rc)" [ $rc -eq 0 ]
check "app-info names the package" grep -q '"package": "org.trident.devtest"' <<<"$out"
out=$("$T" app-info /etc/hostname 2>&1); rc=$?
check "app-info on a non-APK fails cleanly (rc=$rc)" [ $rc -eq 1 ]
grep -q "aapt dump badging failed" <<<"$out" || bad "error carries aapt's words: $out"
"$T" capture --out "$WORK/x" >/dev/null 2>&1; rc=$?
check "capture without --device is a usage error" [ $rc -eq 2 ]
"$T" devices --bogus >/dev/null 2>&1; rc=$?
check "unknown option is a usage error" [ $rc -eq 2 ]
"$T" capture --help | grep -q "screen.png" && ok "capture --help" || bad "capture --help"

echo "$fails failed"
[ $fails -eq 0 ]
