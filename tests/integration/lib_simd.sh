# lib_simd.sh - sourced by integration scripts that drive trident-simd through
# Debian's adb: a private adb server on a free port, trident-simd on a port of
# its own choosing, and cleanup of both. Not a test itself (no #!).
#
#   . "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
#   simd_workdir NAME              # WORK, private HOME/TMPDIR, EXIT trap
#   simd_can_run || { echo "skip: $SIMD_WHY"; ...; }
#   simd_start APP_SPEC WORKDIR    # sets SIMD_PID, SERIAL (127.0.0.1:PORT)
#   adb_start                      # sets ADB_PORT; the server connects SERIAL
#   A shell ...                    # adb -P ADB_PORT -s SERIAL ..., 30 s limit
#   simd_cleanup                   # call it from the script's EXIT trap
#
# simd_can_run needs adb, python3 and an executable $TRIDENT_SIMD; with
# SIMD_NEED_AAPT=1 also aapt and android-framework-res (to build APKs).

SIMD_PID=
ADB_PORT=
SERIAL=
SIMD_WHY=

# Whether this machine can run the adb part; else SIMD_WHY says what is missing.
simd_can_run() {
	command -v adb >/dev/null 2>&1 || { SIMD_WHY="adb is not installed"; return 1; }
	command -v python3 >/dev/null 2>&1 || { SIMD_WHY="python3 is not installed"; return 1; }
	[ -n "${TRIDENT_SIMD:-}" ] && [ -x "$TRIDENT_SIMD" ] || { SIMD_WHY="TRIDENT_SIMD (trident-simd) is not built"; return 1; }
	if [ -n "${SIMD_NEED_AAPT:-}" ]; then
		command -v aapt >/dev/null 2>&1 || { SIMD_WHY="aapt is not installed"; return 1; }
		[ -f /usr/share/android-framework-res/framework-res.apk ] || { SIMD_WHY="android-framework-res is not installed"; return 1; }
	fi
	return 0
}

. "$TRIDENT_SOURCE_DIR/tests/integration/lib_port.sh"
simd_free_port() { free_port; }

# simd_start SPEC DIR [SIMD OPTIONS...]: start trident-simd on a free port (its output in DIR/simd.*).
simd_start() {
	local spec=$1 dir=$2 port=
	shift 2
	# A second start in the same DIR must not read the port of the first
	# (the new process truncates simd.out only once it runs): remove it first.
	rm -f "$dir/simd.out" "$dir/simd.err"
	"$TRIDENT_SIMD" --app "$spec" --port 0 "$@" >"$dir/simd.out" 2>"$dir/simd.err" &
	SIMD_PID=$!
	for _ in $(seq 100); do
		port=$(sed -n 's/^trident-simd: serving .* on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$dir/simd.out" 2>/dev/null)
		[ -n "$port" ] && break
		kill -0 "$SIMD_PID" 2>/dev/null || break
		sleep 0.1
	done
	[ -n "$port" ] || { echo "trident-simd did not start:"; cat "$dir/simd.err"; return 1; }
	SERIAL=127.0.0.1:$port
}

# adb_start: a private adb server on a free port, connected to SERIAL.
adb_start() {
	ADB_PORT=$(simd_free_port)
	timeout 30 adb -P "$ADB_PORT" start-server >/dev/null 2>&1 || { echo "adb start-server failed"; return 1; }
	# Generous limits: on a loaded 2-core machine (a sanitizer build, runs
	# alongside) adb's connect and its first transport can take many seconds.
	timeout 60 adb -P "$ADB_PORT" connect "$SERIAL" >/dev/null 2>&1
	timeout 60 adb -P "$ADB_PORT" -s "$SERIAL" wait-for-device || { echo "adb wait-for-device failed"; return 1; }
}

# A ARGS...: adb against the simulated device.
A() { timeout 30 adb -P "$ADB_PORT" -s "$SERIAL" "$@"; }

# simd_dump: the current UIAutomator dump, through adb.
simd_dump() { A shell uiautomator dump /sdcard/trident_w.xml >/dev/null 2>&1; A shell cat /sdcard/trident_w.xml; }

# Stop what simd_start and adb_start started.
simd_cleanup() {
	[ -n "$ADB_PORT" ] && timeout 10 adb -P "$ADB_PORT" kill-server >/dev/null 2>&1
	[ -n "$SIMD_PID" ] && kill "$SIMD_PID" 2>/dev/null && wait "$SIMD_PID" 2>/dev/null
	ADB_PORT=
	SIMD_PID=
}

# simd_workdir NAME: a fresh WORK (/tmp/trident-NAME-XXXXXX) holding a
# private HOME and TMPDIR, with no adb server or API key taken from the
# caller's environment; the EXIT trap stops trident-simd and adb and removes
# WORK (kept when KEEP_WORK is set). fail MSG prints MSG and the end of
# simd.err, and exits 1.
simd_workdir() {
	WORK=$(mktemp -d "/tmp/trident-$1-XXXXXX") || exit 1
	unset ADB_SERVER_SOCKET ANDROID_ADB_SERVER_PORT OPENAI_API_KEY ANTHROPIC_API_KEY
	export HOME="$WORK/home" TMPDIR="$WORK/tmp"
	mkdir -p "$HOME" "$TMPDIR"
	trap simd_workdir_cleanup EXIT
}
simd_workdir_cleanup() {
	simd_cleanup
	[ -n "${KEEP_WORK:-}" ] || rm -rf "$WORK"
}
fail() { echo "FAIL: $*"; tail -5 "$WORK/simd.err" 2>/dev/null; exit 1; }
