#!/usr/bin/env bash
# replay_cli.sh - `trident replay RUN BUG --device SPEC` (issue 14): every
# confirmed bug of an offline run on sim:notes (like `make demo`, shorter)
# is reproduced on a fresh sim:notes from a clean start (exit 0, the
# screens written), a bug the fixed app does not have is not (exit 1), bad
# arguments exit 2; bugs.json carries each path as adb shell commands. Then
# one bug again through trident-simd and Debian's adb (own adb server port
# and simd port, both stopped at the end), when adb is installed.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
WORK=$(mktemp -d /tmp/trident-replay-cli-XXXXXX)
SIMD_PID=""
ADB_STARTED=""
cleanup() {
	[ -n "$SIMD_PID" ] && kill -9 "$SIMD_PID" 2>/dev/null && wait "$SIMD_PID" 2>/dev/null
	[ -n "$ADB_STARTED" ] && timeout 10 adb kill-server >/dev/null 2>&1
	rm -rf "$WORK"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$TRIDENT_BIN" explore --device sim:notes --brain offline --seed 1 --steps 80 --out "$WORK/run" --quiet \
	>"$WORK/explore.out" 2>&1 || { cat "$WORK/explore.out"; fail "explore"; }
ids=$(python3 - "$WORK/run/bugs.json" <<'PY'
import json, sys
bugs = json.load(open(sys.argv[1]))["bugs"]
for b in bugs:
    cmds = b.get("adb_commands", [])
    assert cmds and cmds[0] == "adb shell am force-stop com.trident.notes", ("adb_commands start", cmds[:2])
    assert any(c.startswith("adb shell am start -W -n com.trident.notes/") for c in cmds), "launch by am start -n"
    for s in b["steps"]:
        a = s["action"]
        if a["type"] == "rotate":
            assert "adb shell settings put system user_rotation %d" % a.get("rotation", 0) in cmds, "rotation"
        if a["type"] == "input" and " " in a.get("text", ""):
            assert any("input text" in c and a["text"].replace(" ", "%s") in c for c in cmds), "typed text with %s"
    if b["confirmed"] and b["found_by"] != "oracle:independent_view":
        print(b["id"])
PY
) || fail "bugs.json adb_commands"
n=$(echo "$ids" | grep -c . || true)
[ "$n" -ge 2 ] || { cat "$WORK/run/bugs.json"; fail "at least two confirmed bugs to replay, got $n"; }
for id in $ids; do
	"$TRIDENT_BIN" replay "$WORK/run" "$id" --device sim:notes >"$WORK/$id.out" 2>&1 ||
		{ cat "$WORK/$id.out"; fail "trident replay did not reproduce $id"; }
	grep -q "^reproduced" "$WORK/$id.out" || fail "$id: says reproduced"
	last=$(python3 -c "import json,sys; print(len([b for b in json.load(open(sys.argv[1]))['bugs'] if b['id']==sys.argv[2]][0]['steps']))" "$WORK/run/bugs.json" "$id")
	[ -s "$WORK/run/replay-$id/0000.png" ] && [ -s "$WORK/run/replay-$id/$(printf %04d "$last").xml" ] ||
		fail "$id: the screens of the replay are in replay-$id"
	echo "ok   $id reproduced on sim:notes"
done
first=$(echo "$ids" | head -1)
# The fixed app has none of the bugs.
"$TRIDENT_BIN" replay "$WORK/run" "$first" --device sim:notes:fixed --out "$WORK/fixed" >"$WORK/fixed.out" 2>&1
rc=$?
[ "$rc" -eq 1 ] || { cat "$WORK/fixed.out"; fail "a bug the fixed app does not have: exit 1, not $rc"; }
grep -q "^not reproduced" "$WORK/fixed.out" || fail "says not reproduced"
"$TRIDENT_BIN" replay "$WORK/run" B999 --device sim:notes >/dev/null 2>&1; rc=$?
[ "$rc" -eq 1 ] || fail "an unknown bug: exit 1, not $rc"
"$TRIDENT_BIN" replay "$WORK/run" >/dev/null 2>&1; rc=$?
[ "$rc" -eq 2 ] || fail "missing arguments: exit 2, not $rc"
"$TRIDENT_BIN" replay "$WORK/run" "$first" --device sim:notes --bogus >/dev/null 2>&1; rc=$?
[ "$rc" -eq 2 ] || fail "an unknown option: exit 2, not $rc"
echo "ok   not reproduced (1), unknown bug (1), usage (2)"

if ! command -v adb >/dev/null 2>&1 || [ -z "${TRIDENT_SIMD:-}" ] || [ ! -x "${TRIDENT_SIMD}" ]; then
	echo "replay_cli: OK (adb part skipped: adb or trident-simd missing)"
	exit 0
fi
export HOME="$WORK/home"
mkdir -p "$HOME"
unset ADB_SERVER_SOCKET
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_port.sh"
export ANDROID_ADB_SERVER_PORT=$(free_port)
SIM_PORT=$(free_port)
SERIAL="127.0.0.1:$SIM_PORT"
"$TRIDENT_SIMD" --app notes --port "$SIM_PORT" --log-level warn >"$WORK/simd.log" 2>&1 &
SIMD_PID=$!
for _ in $(seq 100); do
	python3 -c "import socket; socket.create_connection(('127.0.0.1',$SIM_PORT),0.2)" 2>/dev/null && break
	sleep 0.05
done
ADB_STARTED=1
timeout 30 adb start-server >/dev/null 2>&1 || fail "adb start-server"
timeout 20 adb connect "$SERIAL" >/dev/null 2>&1
timeout 20 adb -s "$SERIAL" wait-for-device || fail "wait-for-device"
"$TRIDENT_BIN" replay "$WORK/run" "$first" --device "$SERIAL" --out "$WORK/adb" >"$WORK/adb.out" 2>&1 ||
	{ cat "$WORK/adb.out"; tail "$WORK/simd.log"; fail "trident replay through adb did not reproduce $first"; }
grep -q "^reproduced" "$WORK/adb.out" || fail "adb: says reproduced"
[ -s "$WORK/adb/0000.png" ] || fail "adb: screens written"
echo "ok   $first reproduced on trident-simd through adb"
echo "replay_cli: OK"
