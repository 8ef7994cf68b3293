#!/bin/bash
# adb_simd.sh - Debian's real `adb` against trident-simd (the simulated
# device served over the ADB wire protocol).
#
# Everything is private: its own HOME (adb keys), its own adb server port
# (ANDROID_ADB_SERVER_PORT) and a simd port picked by the kernel, so no other
# adb server or device is touched. Checks: adb connect; uiautomator dump to
# /dev/tty; exec-out screencap -p is a PNG of the screen's size; input tap
# changes the dump; shell exit codes (false -> 1, unknown -> 127); push/pull
# round trips, including 3 MB both ways; two adb commands at once.
# Skips (77) when adb or trident-simd is missing.
set -u

if ! command -v adb >/dev/null 2>&1; then
	echo "SKIP: adb is not installed (apt-get install adb)"
	exit 77
fi
SIMD=${TRIDENT_SIMD:-${TRIDENT_BUILD_DIR:-.}/trident-simd}
if [ ! -x "$SIMD" ]; then
	echo "SKIP: trident-simd not built ($SIMD)"
	exit 77
fi
SRC=${TRIDENT_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
APP=$SRC/tests/data/device_test_app.json
PKG=org.trident.devtest

WORK=$(mktemp -d /tmp/trident-adb-simd.XXXXXX)
export HOME=$WORK/home
# the adb server writes its log under TMPDIR: keep that private too
export TMPDIR=$WORK/tmp
mkdir -p "$HOME" "$TMPDIR"
# a private adb server port: a free one from the kernel, else derived from our pid
ANDROID_ADB_SERVER_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null)
export ANDROID_ADB_SERVER_PORT=${ANDROID_ADB_SERVER_PORT:-$((20000 + ($$ % 20000)))}
SIMD_PID=

cleanup() {
	timeout 10 adb kill-server >/dev/null 2>&1
	if [ -n "$SIMD_PID" ]; then
		kill "$SIMD_PID" 2>/dev/null
		wait "$SIMD_PID" 2>/dev/null
	fi
	rm -rf "$WORK"
}
trap cleanup EXIT

fail() {
	echo "FAIL: $*"
	if [ -f "$WORK/simd.err" ]; then
		echo "--- trident-simd stderr (tail) ---"
		tail -20 "$WORK/simd.err"
	fi
	exit 1
}

"$SIMD" --app "$APP" --port 0 >"$WORK/simd.out" 2>"$WORK/simd.err" &
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
echo "simd on $SERIAL, adb server on port $ANDROID_ADB_SERVER_PORT"

timeout 30 adb start-server >/dev/null 2>&1 || fail "adb start-server"
out=$(timeout 20 adb connect "$SERIAL" 2>&1) || fail "adb connect: $out"
case "$out" in
*"connected to $SERIAL"*) ;;
*) fail "adb connect said: $out" ;;
esac
timeout 20 adb -s "$SERIAL" wait-for-device || fail "wait-for-device"
state=$(timeout 20 adb -s "$SERIAL" get-state 2>&1)
[ "$state" = device ] || fail "get-state: $state"
echo "ok   adb connect ($state)"

A() { timeout 20 adb -s "$SERIAL" "$@"; }

A shell monkey -p "$PKG" -c android.intent.category.LAUNCHER 1 >/dev/null || fail "monkey launch"

dump1=$(A shell uiautomator dump /dev/tty) || fail "uiautomator dump"
case "$dump1" in
*"<hierarchy"*"package=\"$PKG\""*"</hierarchy>"*) ;;
*) fail "dump has no hierarchy of $PKG: ${dump1:0:300}" ;;
esac
echo "ok   shell uiautomator dump /dev/tty"

size=$(A shell wm size | tr -d '\r') || fail "wm size"
W=$(echo "$size" | sed -n 's/^Physical size: \([0-9]*\)x\([0-9]*\)$/\1/p')
H=$(echo "$size" | sed -n 's/^Physical size: \([0-9]*\)x\([0-9]*\)$/\2/p')
[ -n "$W" ] && [ -n "$H" ] || fail "wm size said: $size"
A exec-out screencap -p >"$WORK/screen.png" || fail "exec-out screencap -p"
python3 - "$WORK/screen.png" "$W" "$H" <<'EOF' || fail "screencap PNG is wrong"
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG signature'
assert data[12:16] == b'IHDR', 'no IHDR'
w, h = struct.unpack('>II', data[16:24])
assert (w, h) == (int(sys.argv[2]), int(sys.argv[3])), 'size %dx%d' % (w, h)
# every chunk's CRC is right and the image data inflates to the full size
pos, idat = 8, b''
while pos < len(data):
    n, = struct.unpack('>I', data[pos:pos + 4])
    kind = data[pos + 4:pos + 8]
    body = data[pos + 8:pos + 8 + n]
    crc, = struct.unpack('>I', data[pos + 8 + n:pos + 12 + n])
    assert zlib.crc32(kind + body) & 0xffffffff == crc, 'bad CRC in %r' % kind
    if kind == b'IDAT':
        idat += body
    pos += 12 + n
bpp = {2: 3, 6: 4}[data[25]]
assert len(zlib.decompress(idat)) == h * (w * bpp + 1), 'pixel data size'
EOF
echo "ok   exec-out screencap -p (${W}x${H} PNG)"

# tap the "Tapped N" button (its centre from the dump) and see the screen change
center=$(printf '%s' "$dump1" | python3 -c '
import re, sys
xml = sys.stdin.read()
m = re.search(r"resource-id=\"[^\"]*:id/count\"[^>]*bounds=\"\[(\d+),(\d+)\]\[(\d+),(\d+)\]\"", xml)
x1, y1, x2, y2 = map(int, m.groups())
print((x1 + x2) // 2, (y1 + y2) // 2)') || fail "no count button in the dump"
A shell input tap $center || fail "input tap"
dump2=$(A shell uiautomator dump /dev/tty) || fail "second dump"
[ "$dump1" != "$dump2" ] || fail "the dump did not change after input tap $center"
case "$dump2" in
*"Tapped 1"*) ;;
*) fail "tap did not reach the button" ;;
esac
A exec-out screencap -p >"$WORK/screen2.png" || fail "second screencap"
cmp -s "$WORK/screen.png" "$WORK/screen2.png" && fail "the screenshot did not change after the tap"
echo "ok   shell input tap $center changes the screen"

A shell false
rc=$?
[ $rc -eq 1 ] || fail "shell false exited $rc, expected 1"
A shell true || fail "shell true failed"
A shell no_such_command_xyz >/dev/null 2>"$WORK/err.txt"
rc=$?
[ $rc -eq 127 ] || fail "unknown command exited $rc, expected 127"
grep -q "not found" "$WORK/err.txt" || fail "unknown command: no 'not found' on stderr"
out=$(A shell echo hello world | tr -d '\r')
[ "$out" = "hello world" ] || fail "shell echo said '$out'"
# no command, stdin piped: lines run like a script, status of the last one
printf 'echo piped one\necho piped two\nfalse\n' | A shell >"$WORK/piped.txt"
rc=$?
[ $rc -eq 1 ] || fail "piped shell exited $rc, expected 1 (from false)"
out=$(tr -d '\r' <"$WORK/piped.txt")
[ "$out" = "$(printf 'piped one\npiped two')" ] || fail "piped shell said '$out'"
echo "ok   shell exit codes and output"

printf 'line one\nline two\n' >"$WORK/small.txt"
A push "$WORK/small.txt" /sdcard/small.txt >/dev/null 2>&1 || fail "push small"
A pull /sdcard/small.txt "$WORK/small.back" >/dev/null 2>&1 || fail "pull small"
cmp "$WORK/small.txt" "$WORK/small.back" || fail "small push/pull differ"
out=$(A shell cat /sdcard/small.txt)
[ "$out" = "$(cat "$WORK/small.txt")" ] || fail "cat after push said '$out'"
echo "ok   push and pull"

head -c 3000000 /dev/urandom >"$WORK/big.bin"
A push "$WORK/big.bin" /sdcard/big.bin >/dev/null 2>&1 || fail "push 3 MB"
A pull /sdcard/big.bin "$WORK/big.back" >/dev/null 2>&1 || fail "pull 3 MB"
cmp "$WORK/big.bin" "$WORK/big.back" || fail "3 MB push/pull differ"
A exec-out cat /sdcard/big.bin >"$WORK/big.cat" || fail "exec-out cat 3 MB"
cmp "$WORK/big.bin" "$WORK/big.cat" || fail "3 MB exec-out cat differs"
echo "ok   3 MB push, pull and exec-out cat"

# two commands at once share the transport
A exec-out screencap -p >"$WORK/p1.png" &
p1=$!
out=$(A shell echo concurrent | tr -d '\r')
wait $p1 || fail "concurrent screencap"
[ "$out" = concurrent ] || fail "concurrent echo said '$out'"
cmp -s "$WORK/p1.png" "$WORK/screen2.png" || fail "concurrent screencap differs"
echo "ok   concurrent commands"

timeout 20 adb disconnect "$SERIAL" >/dev/null 2>&1
kill -0 "$SIMD_PID" 2>/dev/null || fail "trident-simd died"
kill -TERM "$SIMD_PID"
for _ in $(seq 1 50); do
	kill -0 "$SIMD_PID" 2>/dev/null || break
	sleep 0.1
done
kill -0 "$SIMD_PID" 2>/dev/null && fail "trident-simd ignored SIGTERM"
wait "$SIMD_PID"
rc=$?
SIMD_PID=
[ $rc -eq 0 ] || fail "trident-simd exited $rc after SIGTERM"
grep -q "Sanitizer" "$WORK/simd.err" && fail "trident-simd: sanitizer report"
echo "ok   SIGTERM stops trident-simd cleanly"
echo "PASS"
