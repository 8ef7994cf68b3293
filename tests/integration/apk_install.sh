#!/usr/bin/env bash
# apk_install.sh - real APKs, built here, installed into trident-simd by
# Debian's adb the way a phone gets them:
#   scripts/build-apks (aapt against android-framework-res, apksigner) ->
#   `adb install notes.apk` (adb's streamed install) -> `adb shell pm path` ->
#   `adb pull` of that path gives identical bytes -> the app launches (monkey,
#   am start -n) -> `pm list packages` -> push + `pm install PATH` ->
#   `adb install-multiple` (install sessions) -> `pm uninstall` -> an APK that is not a trident app is refused with
#   Android's own Failure text; `trident app-info` reads the APK's manifest.
# Private HOME, adb server port and simd port; the adb server is killed at
# the end. Skips (77) when adb, aapt, android-framework-res or trident-simd
# is missing.
set -u

command -v adb >/dev/null 2>&1 || { echo "SKIP: adb is not installed"; exit 77; }
command -v aapt >/dev/null 2>&1 || { echo "SKIP: aapt is not installed"; exit 77; }
FRAMEWORK=/usr/share/android-framework-res/framework-res.apk
[ -f "$FRAMEWORK" ] || { echo "SKIP: android-framework-res is not installed"; exit 77; }
SIMD=${TRIDENT_SIMD:-}
[ -n "$SIMD" ] && [ -x "$SIMD" ] || { echo "SKIP: TRIDENT_SIMD (trident-simd) is not built"; exit 77; }
: "${TRIDENT_BIN:?TRIDENT_BIN must point at the trident CLI}"
: "${TRIDENT_SOURCE_DIR:?}"

WORK=$(mktemp -d /tmp/trident-apk-XXXXXX)
export HOME="$WORK/home" TMPDIR="$WORK/tmp"
mkdir -p "$HOME" "$TMPDIR"
unset ADB_SERVER_SOCKET
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_port.sh"
export ANDROID_ADB_SERVER_PORT=$(free_port)
SIMD_PID=""
fails=0
cleanup() {
	timeout 10 adb kill-server >/dev/null 2>&1
	[ -n "$SIMD_PID" ] && kill "$SIMD_PID" 2>/dev/null && wait "$SIMD_PID" 2>/dev/null
	rm -rf "$WORK"
}
trap cleanup EXIT
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fails=$((fails + 1)); }
check() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

# 1. Build the notes APK, and an APK that is not a trident app (no spec asset).
"$TRIDENT_SOURCE_DIR/scripts/build-apks" "$WORK/apks" "$TRIDENT_SOURCE_DIR/configs/apps/notes.json" \
	>"$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; echo "FAIL scripts/build-apks"; exit 1; }
APK="$WORK/apks/notes.apk"
check "build-apks wrote notes.apk" [ -s "$APK" ]
badging=$(aapt dump badging "$APK" 2>&1)
check "aapt reads its package" grep -q "^package: name='com.trident.notes'" <<<"$badging"
check "aapt reads its launcher activity" grep -q "launchable-activity: name='com.trident.notes.MainActivity'" <<<"$badging"
check "the spec is the asset assets/trident-app.json" bash -c "unzip -l '$APK' | grep -q ' assets/trident-app.json$'"
if command -v apksigner >/dev/null 2>&1; then
	check "apksigner verifies it" apksigner verify "$APK"
fi
mkdir -p "$WORK/other"
cat >"$WORK/other/AndroidManifest.xml" <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.example.other">
    <application><activity android:name=".Main" /></application>
</manifest>
XML
aapt package -f -M "$WORK/other/AndroidManifest.xml" -I "$FRAMEWORK" -F "$WORK/other.apk" >/dev/null 2>&1
check "aapt built a non-trident APK" [ -s "$WORK/other.apk" ]

# 2. trident-simd (started with another app) and Debian's adb server.
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
timeout 30 adb start-server >/dev/null 2>&1 || { echo "FAIL adb start-server"; exit 1; }
timeout 20 adb connect "$SERIAL" >/dev/null 2>&1
timeout 20 adb -s "$SERIAL" wait-for-device || { echo "FAIL wait-for-device"; exit 1; }
A() { timeout 30 adb -s "$SERIAL" "$@"; }

# 3. adb install, pm path, pull: the very bytes.
out=$(A install "$APK" 2>&1); rc=$?
check "adb install notes.apk (rc=$rc: $out)" [ $rc -eq 0 ]
check "adb says Success" grep -q "^Success" <<<"$out"
path=$(A shell pm path com.trident.notes | tr -d '\r')
check "pm path answers package:/data/app/.../base.apk ($path)" grep -Eq '^package:/data/app/[^ ]+/base\.apk$' <<<"$path"
A pull "${path#package:}" "$WORK/pulled.apk" >/dev/null 2>&1
check "adb pull of that path gives identical bytes" cmp -s "$APK" "$WORK/pulled.apk"
list=$(A shell pm list packages | tr -d '\r')
check "pm list packages lists it" grep -qx "package:com.trident.notes" <<<"$list"
check "and the app the device started with" grep -qx "package:org.trident.devtest" <<<"$list"

# 4. It launches.
A shell monkey -p com.trident.notes -c android.intent.category.LAUNCHER 1 >/dev/null 2>&1
check "monkey launches it" bash -c "adb -s '$SERIAL' shell dumpsys window | grep -q 'mCurrentFocus=.*com.trident.notes/com.trident.notes.MainActivity'"
out=$(A shell am start -W -n com.trident.notes/.SettingsActivity 2>&1 | tr -d '\r')
check "am start -n opens another activity" grep -q "^Status: ok" <<<"$out"
check "the dump shows the installed app" bash -c "adb -s '$SERIAL' shell uiautomator dump /dev/tty | grep -q 'package=\"com.trident.notes\"'"

# 5. The non-streamed path: push, then pm install PATH (as trident does).
A push "$APK" /data/local/tmp/notes.apk >/dev/null 2>&1
out=$(A shell pm install -r -t -g /data/local/tmp/notes.apk | tr -d '\r')
check "push + pm install -r -t -g PATH ($out)" [ "$out" = Success ]
out=$(A shell pm install /data/local/tmp/missing.apk 2>&1 | tr -d '\r')
check "pm install of a missing file says so" grep -q "Unable to open file: /data/local/tmp/missing.apk" <<<"$out"

# 6. A non-trident APK: Android's own words, exit 1 from adb.
out=$(A install "$WORK/other.apk" 2>&1); rc=$?
check "adb install of a non-trident APK fails (rc=$rc)" [ $rc -ne 0 ]
check "with Failure [INSTALL_FAILED_INVALID_APK: ...] ($out)" grep -q "Failure \[INSTALL_FAILED_INVALID_APK: .*assets/trident-app.json" <<<"$out"
printf 'not a zip' >"$WORK/junk.apk"
out=$(A install "$WORK/junk.apk" 2>&1); rc=$?
check "a file that is not a zip: INSTALL_PARSE_FAILED_NOT_APK ($out)" grep -q "Failure \[INSTALL_PARSE_FAILED_NOT_APK" <<<"$out"
list=$(A shell pm list packages | tr -d '\r')
check "neither got installed" bash -c "! grep -q 'org.example.other' <<<'$list'"

# 6b. adb install-multiple: pm install-create / install-write / install-commit.
out=$(A install-multiple -r "$APK" 2>&1); rc=$?
check "adb install-multiple (rc=$rc: $out)" [ $rc -eq 0 ]
path2=$(A shell pm path com.trident.notes | tr -d '\r')
A pull "${path2#package:}" "$WORK/pulled2.apk" >/dev/null 2>&1
check "the session's APK is installed byte for byte" cmp -s "$APK" "$WORK/pulled2.apk"

# 7. Uninstall.
out=$(A uninstall com.trident.notes 2>&1 | tr -d '\r')
check "adb uninstall ($out)" [ "$out" = Success ]
out=$(A shell pm path com.trident.notes); rc=$?
check "pm path after uninstall: nothing, exit 1 (rc=$rc)" [ $rc -eq 1 ] && [ -z "$out" ]
out=$(A shell am start -W -n com.trident.notes/.MainActivity 2>&1 | tr -d '\r')
check "am start after uninstall: does not exist" grep -q "does not exist" <<<"$out"

# 8. trident app-info reads the real manifest (aapt).
out=$("$TRIDENT_BIN" app-info "$APK" 2>&1); rc=$?
check "trident app-info notes.apk (rc=$rc)" [ $rc -eq 0 ]
check "four activities" [ "$(grep -c '"name": "com.trident.notes\.' <<<"$out")" -eq 4 ]
check "deep links" grep -q '"uri": "notes://new"' <<<"$out"
check "dangerous permissions" grep -q '"name": "android.permission.READ_CONTACTS", "dangerous": true' <<<"$out"

kill -0 "$SIMD_PID" 2>/dev/null || bad "trident-simd died"
grep -q "Sanitizer" "$WORK/simd.err" && bad "trident-simd: sanitizer report"
echo "$fails failed"
[ $fails -eq 0 ]
