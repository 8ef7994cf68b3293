#!/usr/bin/env bash
# explore_apk.sh - the whole real-device path, with nothing simulated but
# the phone: scripts/build-apks builds notes.apk with Debian's aapt ->
# Debian's `adb install` puts it into trident-simd (which starts with
# another app) -> `trident explore --device 127.0.0.1:PORT --apk notes.apk
# --adb-server ...` through Debian's adb server finds the notes bugs, and
# coverage is "N of M activities" from the APK's real manifest (M = 4). Then
# --package (the installed APK is pulled and its manifest read), the usage
# errors (launcher in front and nothing named; --package of the launcher;
# a package that is not installed), an explicit --adb-server where no
# server runs (an error, no server started), and "activities unknown" when
# no manifest can be read. Last, the keep/uninstall policy: the --apk app
# stays installed by default, `--uninstall-after` removes it (`pm list
# packages` through Debian's adb) and needs --apk.
# Private HOME and ports; the adb server is killed at the end. Skips (77)
# without adb, aapt, android-framework-res or trident-simd.
set -u

command -v adb >/dev/null 2>&1 || { echo "SKIP: adb is not installed"; exit 77; }
command -v aapt >/dev/null 2>&1 || { echo "SKIP: aapt is not installed"; exit 77; }
[ -f /usr/share/android-framework-res/framework-res.apk ] || { echo "SKIP: android-framework-res is not installed"; exit 77; }
SIMD=${TRIDENT_SIMD:-}
[ -n "$SIMD" ] && [ -x "$SIMD" ] || { echo "SKIP: TRIDENT_SIMD (trident-simd) is not built"; exit 77; }
: "${TRIDENT_BIN:?TRIDENT_BIN must point at the trident CLI}"
: "${TRIDENT_SOURCE_DIR:?}"
T=$TRIDENT_BIN

WORK=$(mktemp -d /tmp/trident-explore-apk-XXXXXX)
export HOME="$WORK/home" TMPDIR="$WORK/tmp"
mkdir -p "$HOME" "$TMPDIR"
unset ADB_SERVER_SOCKET ANDROID_ADB_SERVER_PORT OPENAI_API_KEY ANTHROPIC_API_KEY
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_port.sh"
ADB_PORT=$(free_port)
SIMD_PID=""
fails=0
cleanup() {
	timeout 10 adb -P "$ADB_PORT" kill-server >/dev/null 2>&1
	[ -n "$SIMD_PID" ] && kill "$SIMD_PID" 2>/dev/null && wait "$SIMD_PID" 2>/dev/null
	rm -rf "$WORK"
}
trap cleanup EXIT
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fails=$((fails + 1)); }
check() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

"$TRIDENT_SOURCE_DIR/scripts/build-apks" "$WORK/apks" "$TRIDENT_SOURCE_DIR/configs/apps/notes.json" \
	>"$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; echo "FAIL scripts/build-apks"; exit 1; }
APK="$WORK/apks/notes.apk"

"$SIMD" --app "$TRIDENT_SOURCE_DIR/tests/data/device_test_app.json" --port 0 >"$WORK/simd.out" 2>"$WORK/simd.err" &
SIMD_PID=$!
PORT=
for _ in $(seq 100); do
	PORT=$(sed -n 's/^trident-simd: serving .* on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$WORK/simd.out")
	[ -n "$PORT" ] && break
	sleep 0.1
done
[ -n "$PORT" ] || { echo "FAIL trident-simd did not start"; cat "$WORK/simd.err"; exit 1; }
SERIAL=127.0.0.1:$PORT
S="--adb-server 127.0.0.1:$ADB_PORT"

# An explicit --adb-server where nothing listens: an error, and no server.
out=$("$T" explore --device "$SERIAL" $S --out "$WORK/none" --steps 5 --quiet 2>&1); rc=$?
check "explore with --adb-server and no server fails with exit 3, device unreachable (rc=$rc)" [ $rc -eq 3 ]
check "naming how to start one" grep -q "adb -P $ADB_PORT start-server" <<<"$out"
check "and trident did not start one" bash -c "! python3 -c \"import socket; socket.create_connection(('127.0.0.1',$ADB_PORT),0.5)\" 2>/dev/null"

timeout 30 adb -P "$ADB_PORT" start-server >/dev/null 2>&1 || { echo "FAIL adb start-server"; exit 1; }
timeout 20 adb -P "$ADB_PORT" connect "$SERIAL" >/dev/null 2>&1
timeout 20 adb -P "$ADB_PORT" -s "$SERIAL" wait-for-device
A() { timeout 30 adb -P "$ADB_PORT" -s "$SERIAL" "$@"; }

# Usage errors: the launcher in front and no app named.
out=$("$T" explore --device "$SERIAL" $S --out "$WORK/home-run" --steps 5 --quiet 2>&1); rc=$?
check "launcher in front, no --package/--apk: exit 2 (rc=$rc)" [ $rc -eq 2 ]
check "the message names --package and --apk ($out)" bash -c "grep -q -- '--package' <<<'$out' && grep -q -- '--apk' <<<'$out'"
out=$("$T" explore --device "$SERIAL" $S --package com.google.android.apps.nexuslauncher --out "$WORK/l" --steps 5 --quiet 2>&1); rc=$?
check "--package of the launcher: exit 2 (rc=$rc)" [ $rc -eq 2 ]
check "saying it is the home screen" grep -q "home screen" <<<"$out"
out=$("$T" explore --device "$SERIAL" $S --package com.not.installed --out "$WORK/n" --steps 5 --quiet 2>&1); rc=$?
check "--package not installed: fails (rc=$rc)" [ $rc -ne 0 ]
check "saying so" grep -q "not installed" <<<"$out"

# adb install by Debian's adb, then explore --apk through the real adb server.
out=$(A install "$APK" 2>&1)
check "adb install notes.apk" grep -q "^Success" <<<"$out"
out=$("$T" explore --device "$SERIAL" $S --apk "$APK" --brain offline --steps 90 --out "$WORK/run" --quiet 2>&1); rc=$?
echo "$out" | tail -3
check "explore --apk through the adb server (rc=$rc)" [ $rc -eq 0 ]
check "coverage is N of 4 activities from the manifest" grep -Eq "[1-4]/4 activities" <<<"$out"
python3 - "$WORK/run" <<'PY' && ok "summary.json and bugs.json" || bad "summary.json and bugs.json"
import json, sys
run = sys.argv[1]
s = json.load(open(run + "/summary.json"))
a = s["activities"]
assert a["total"] == 4, a
assert 1 <= a["covered"] <= 4, a
bugs = json.load(open(run + "/bugs.json"))
items = bugs if isinstance(bugs, list) else bugs.get("bugs", [])
assert len(items) >= 1, "no bugs found"
print("  %d of %d activities, %d bugs" % (a["covered"], a["total"], len(items)))
PY
check "report.html says N of 4" grep -Eq "<td>[1-4] of 4</td>" "$WORK/run/report.html"

# --package: the installed APK is pulled and its manifest read.
out=$("$T" explore --device "$SERIAL" $S --package com.trident.notes --brain offline --steps 10 --out "$WORK/pkg" --quiet 2>&1); rc=$?
check "explore --package (rc=$rc)" [ $rc -eq 0 ]
check "coverage from the pulled manifest" grep -Eq "[0-4]/4 activities" <<<"$out"

# No manifest to read (the device's own app has no APK file): "activities
# unknown", never "N of 0".
out=$("$T" explore --device "$SERIAL" $S --package org.trident.devtest --brain offline --steps 5 --out "$WORK/unknown" --quiet 2>&1); rc=$?
check "explore --package without a readable APK (rc=$rc)" [ $rc -eq 0 ]
check "says activities unknown" grep -q "activities unknown" <<<"$out"
check "never N/0" bash -c "! grep -q '/0 activities' <<<'$out'"
python3 - "$WORK/unknown/summary.json" <<'PY' && ok "summary.json: total null, known false" || bad "summary.json: total null, known false"
import json, sys
a = json.load(open(sys.argv[1]))["activities"]
assert a["total"] is None and a["known"] is False and a["coverage"] is None, a
PY
check "report.html: activities unknown" grep -q "activities unknown" "$WORK/unknown/report.html"

# Keep or uninstall (--uninstall-after): the default keeps the --apk app.
check "after explore --apk the app stays installed (default --keep)" bash -c "timeout 30 adb -P $ADB_PORT -s $SERIAL shell pm list packages | grep -qx 'package:com.trident.notes'"
out=$("$T" explore --device "$SERIAL" $S --package com.trident.notes --uninstall-after --steps 2 --out "$WORK/u0" --quiet 2>&1); rc=$?
check "--uninstall-after without --apk: exit 2 (rc=$rc)" [ $rc -eq 2 ]
check "saying it needs --apk" grep -q -- "--apk" <<<"$out"
out=$("$T" explore --device "$SERIAL" $S --apk "$APK" --uninstall-after --brain offline --steps 5 --out "$WORK/u1" --quiet 2>&1); rc=$?
check "explore --apk --uninstall-after (rc=$rc)" [ $rc -eq 0 ]
check "prints the uninstall" grep -q "uninstalled com.trident.notes" <<<"$out"
check "pm list packages no longer lists it" bash -c "! timeout 30 adb -P $ADB_PORT -s $SERIAL shell pm list packages | grep -q 'package:com.trident.notes'"
check "the run's reports were written first" test -s "$WORK/u1/report.html"

kill -0 "$SIMD_PID" 2>/dev/null || bad "trident-simd died"
echo "$fails failed"
[ $fails -eq 0 ]
