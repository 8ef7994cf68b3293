#!/bin/bash
# simd_cli.sh - trident-simd's command line without adb: --help, bad usage
# (exit 2), a bad spec (exit 1 with the loader's file/path/reason), a port
# in use, --render with a custom size, the ready line with --port 0, and a
# clean stop on SIGINT.
set -u
SIMD=${TRIDENT_SIMD:-${TRIDENT_BUILD_DIR:-.}/trident-simd}
if [ ! -x "$SIMD" ]; then
	echo "SKIP: trident-simd not built ($SIMD)"
	exit 77
fi
SRC=${TRIDENT_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
APP=$SRC/tests/data/device_test_app.json
WORK=$(mktemp -d /tmp/trident-simd-cli.XXXXXX)
PID=
cleanup() {
	[ -n "$PID" ] && kill "$PID" 2>/dev/null && wait "$PID" 2>/dev/null
	rm -rf "$WORK"
}
trap cleanup EXIT
fail() {
	echo "FAIL: $*"
	exit 1
}

"$SIMD" --help >"$WORK/help" || fail "--help exited $?"
grep -q -- "--app SPEC" "$WORK/help" || fail "--help does not mention --app"
grep -q -- "--latency" "$WORK/help" || fail "--help does not mention --latency"
echo "ok   --help"

for args in "" "--port" "--port 70000 --app $APP" "--bogus" "--app $APP extra" "--app $APP --width 100" \
	"--app $APP --latency slow" "--app $APP --exec ls"; do
	# shellcheck disable=SC2086
	"$SIMD" $args >/dev/null 2>"$WORK/err"
	rc=$?
	[ $rc -eq 2 ] || fail "'$args' exited $rc, expected 2"
	[ -s "$WORK/err" ] || fail "'$args' printed no message"
done
echo "ok   bad usage exits 2 with a message"

printf '{ "package": "com.example.bad", "screens": { "main": { "widgets": [ { "type": "bogus" } ] } } }' >"$WORK/bad.json"
"$SIMD" --app "$WORK/bad.json" --port 0 >/dev/null 2>"$WORK/err"
rc=$?
[ $rc -eq 1 ] || fail "bad spec exited $rc, expected 1"
grep -q "bad.json" "$WORK/err" || fail "bad spec message does not name the file: $(cat "$WORK/err")"
"$SIMD" --app "$WORK/nonexistent.json" >/dev/null 2>"$WORK/err"
[ $? -eq 1 ] || fail "missing spec did not exit 1"
grep -q "nonexistent.json" "$WORK/err" || fail "missing spec message: $(cat "$WORK/err")"
echo "ok   bad and missing specs: $(head -1 "$WORK/err")"

"$SIMD" --app "$APP" --render "$WORK/small.png" --width 540 --height 1200 \
	--exec 'monkey -p org.trident.devtest -c android.intent.category.LAUNCHER 1' || fail "--render"
python3 - "$WORK/small.png" <<'EOF' || fail "--render wrote a wrong PNG"
import struct, sys
d = open(sys.argv[1], 'rb').read()
assert d[:8] == b'\x89PNG\r\n\x1a\n'
assert struct.unpack('>II', d[16:24]) == (540, 1200), struct.unpack('>II', d[16:24])
EOF
echo "ok   --render --width 540 --height 1200"

"$SIMD" --app "$APP" --port 0 >"$WORK/out" 2>"$WORK/serr" &
PID=$!
PORT=
for _ in $(seq 1 100); do
	PORT=$(sed -n 's/^trident-simd: serving org\.trident\.devtest on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$WORK/out")
	[ -n "$PORT" ] && break
	sleep 0.1
done
[ -n "$PORT" ] || fail "no ready line: $(cat "$WORK/out" "$WORK/serr")"
echo "ok   ready line, port $PORT"

"$SIMD" --app "$APP" --port "$PORT" >/dev/null 2>"$WORK/err2"
rc=$?
[ $rc -eq 1 ] || fail "second server on a used port exited $rc, expected 1"
grep -q "Address already in use" "$WORK/err2" || fail "port in use message: $(cat "$WORK/err2")"
echo "ok   port in use: $(cat "$WORK/err2")"

kill -INT "$PID"
for _ in $(seq 1 50); do
	kill -0 "$PID" 2>/dev/null || break
	sleep 0.1
done
kill -0 "$PID" 2>/dev/null && fail "SIGINT did not stop trident-simd"
wait "$PID"
rc=$?
PID=
[ $rc -eq 0 ] || fail "exit status $rc after SIGINT"
grep -q "Sanitizer" "$WORK/serr" && fail "sanitizer report: $(cat "$WORK/serr")"
echo "ok   SIGINT stops it with status 0"
echo "PASS"
