#!/bin/bash
# audit_adb.sh - `trident audit --script` through Debian's adb and
# trident-simd serving the buggy notes app: the "add a note" script fails on
# the duplicate save exactly as on the in-process sim:notes. Private HOME,
# adb server port and simd port; both are stopped at the end. Skips (77)
# without adb or trident-simd.
set -u
command -v adb >/dev/null 2>&1 || { echo "SKIP: adb is not installed"; exit 77; }
SIMD=${TRIDENT_SIMD:-${TRIDENT_BUILD_DIR:-.}/trident-simd}
[ -x "$SIMD" ] || { echo "SKIP: trident-simd not built ($SIMD)"; exit 77; }
SRC=${TRIDENT_SOURCE_DIR:?}
BIN=${TRIDENT_BIN:?}
WORK=$(mktemp -d /tmp/trident-audit-adb.XXXXXX)
export HOME=$WORK/home TMPDIR=$WORK/tmp
mkdir -p "$HOME" "$TMPDIR"
ANDROID_ADB_SERVER_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export ANDROID_ADB_SERVER_PORT
SIMD_PID=
cleanup() {
	timeout 10 adb kill-server >/dev/null 2>&1
	[ -n "$SIMD_PID" ] && kill "$SIMD_PID" 2>/dev/null && wait "$SIMD_PID" 2>/dev/null
	rm -rf "$WORK"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; tail -5 "$WORK/simd.err" 2>/dev/null; exit 1; }

"$SIMD" --app "$SRC/configs/apps/notes.json" --port 0 >"$WORK/simd.out" 2>"$WORK/simd.err" &
SIMD_PID=$!
PORT=
for _ in $(seq 1 100); do
	PORT=$(sed -n 's/^trident-simd: serving .* on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$WORK/simd.out")
	[ -n "$PORT" ] && break
	kill -0 "$SIMD_PID" 2>/dev/null || fail "trident-simd exited early"
	sleep 0.1
done
[ -n "$PORT" ] || fail "trident-simd did not print its ready line"
SERIAL=127.0.0.1:$PORT
timeout 30 adb start-server >/dev/null 2>&1 || fail "adb start-server"
timeout 20 adb connect "$SERIAL" >/dev/null 2>&1 || fail "adb connect"
timeout 20 adb -s "$SERIAL" wait-for-device || fail "wait-for-device"

rc=0; "$BIN" audit --device "$SERIAL" --adb-server "127.0.0.1:$ANDROID_ADB_SERVER_PORT" --package com.trident.notes \
	--script "$SRC/configs/audits/notes_add.json" --out "$WORK/run" --junit "$WORK/junit.xml" --quiet \
	--log-level error > "$WORK/out" 2>&1 || rc=$?
cat "$WORK/out"
[ "$rc" -eq 1 ] || fail "the audit through adb must fail on the duplicate save (exit 1), not $rc"
python3 - "$WORK/junit.xml" <<'PY' || fail "JUnit"
import sys, xml.etree.ElementTree as ET
suite = ET.parse(sys.argv[1]).getroot().find("testsuite")
tcs = {t.get("name"): t for t in suite.findall("testcase")}
rows = [t for n, t in tcs.items() if 'rows "Groceries" == 1' in n]
assert rows and rows[0].find("failure") is not None and "2 rows" in rows[0].find("failure").get("message"), tcs.keys()
assert tcs['steps[0]: shown "Notes: 2"'].find("failure") is None
print("adb: the duplicate save fails the audit;", suite.get("failures"), "failed of", suite.get("tests"))
PY
echo "audit_adb: ok"
