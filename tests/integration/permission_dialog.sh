#!/usr/bin/env bash
# permission_dialog.sh - runtime permission dialogs (the system permission
# controller's, as on Android 11+) in the simulator and how trident answers
# them (device.permission_dialog). The test app tests/data/apps/permit.json
# needs CAMERA for Take photo and READ_CONTACTS for Contacts.
#   1. In process (sim:PATH): allow reaches the Camera and Contacts pages
#      through the dialog; deny never does and, after two denials per
#      permission, sees no more dialogs (Android's "don't ask again"); explore
#      leaves the dialog's buttons to the brain; the dialog is never taken
#      for leaving the app (no relaunch from it); a bad mode is exit 2.
#   2. Through trident-simd and Debian's adb: the dump shows the dialog as
#      its own package with the real resource-ids, dumpsys names
#      GrantPermissionsActivity, Back dismisses it, `pm grant` skips it, `pm clear`
#      makes the app ask again (granted runtime permissions are reset), and
#      `trident explore --apk permit.apk --grant-permissions` (adb install -g)
#      never sees it while a plain --apk run answers it.
# Part 2 skips without adb, aapt, android-framework-res or trident-simd.
set -u
SRC=${TRIDENT_SOURCE_DIR:?}
T=${TRIDENT_BIN:?}
SPEC="$SRC/tests/data/apps/permit.json"
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
WORK=$(mktemp -d /tmp/trident-permission-XXXXXX)
export HOME="$WORK/home" TMPDIR="$WORK/tmp"
mkdir -p "$HOME" "$TMPDIR"
unset ADB_SERVER_SOCKET ANDROID_ADB_SERVER_PORT OPENAI_API_KEY ANTHROPIC_API_KEY
ADB_PORT=
SIMD_PID=
fails=0
cleanup() {
	[ -n "$ADB_PORT" ] && timeout 10 adb -P "$ADB_PORT" kill-server >/dev/null 2>&1
	[ -n "$SIMD_PID" ] && kill "$SIMD_PID" 2>/dev/null && wait "$SIMD_PID" 2>/dev/null
	[ -n "${KEEP_WORK:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fails=$((fails + 1)); }
check() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

OFF='"oracles": {"rotation": false, "background": false, "display_landscape": false, "loading": false,
             "independent_view": false, "process_death": false}'
# judge TRACE MODE: what the run did with the dialogs
judge() {
	python3 - "$@" <<'PY'
import json, sys
path, mode = sys.argv[1], sys.argv[2]
recs = [json.loads(l) for l in open(path) if l.strip()]
steps = [r for r in recs if r["type"] == "step"]
perm = "permissioncontroller"
dialog = [r for r in steps if perm in r["activity"]]
acts = {r["activity"].split("/")[-1] for r in steps}
assert not [r for r in dialog if r["action"]["type"] == "restart"], "relaunched from the dialog"
if mode == "allow":
    assert dialog, "no permission dialog shown"
    assert all(r.get("override") == "permission_dialog" and
               r["action"].get("widget_text") in ("Allow", "While using the app") for r in dialog), dialog[:1]
    assert ".CameraActivity" in acts and ".ContactsActivity" in acts, acts
    assert len(dialog) == 2, "asked %d times after Allow" % len(dialog)
elif mode == "deny":
    assert dialog and all(r.get("override") == "permission_dialog" and
                          r["action"].get("widget_text") == "Don't allow" for r in dialog), dialog[:1]
    assert len(dialog) <= 4, "%d dialogs: a permission denied twice is not asked again" % len(dialog)
    assert ".CameraActivity" not in acts and ".ContactsActivity" not in acts, acts
elif mode == "explore":
    assert dialog and not [r for r in dialog if r.get("override")], dialog[:1]
elif mode == "none":
    assert not dialog, "a dialog although the permissions were granted at install"
    assert ".CameraActivity" in acts, acts
print("  %s: %d dialog steps, activities %s" % (mode, len(dialog), sorted(acts)))
PY
}

# 1. In process.
for mode in allow deny explore; do
	echo "{\"device\": {\"permission_dialog\": \"$mode\"}, $OFF}" > "$WORK/$mode.json"
	"$T" explore --device "sim:$SPEC" --brain offline --steps 20 --out "$WORK/$mode" --quiet --log-level warn \
		--config "$WORK/$mode.json" > "$WORK/$mode.out" 2>&1 || { cat "$WORK/$mode.out"; bad "explore ($mode)"; continue; }
	check "in process, device.permission_dialog $mode" judge "$WORK/$mode/trace.jsonl" "$mode"
done
echo '{"device": {"permission_dialog": "maybe"}}' > "$WORK/badmode.json"
out=$("$T" explore --device "sim:$SPEC" --steps 2 --out "$WORK/badmode" --config "$WORK/badmode.json" 2>&1); rc=$?
check "a bad mode: exit 2 (rc=$rc)" [ $rc -eq 2 ]
check "naming file, key and the allowed values" grep -q "badmode.json: device.permission_dialog: 'maybe' is not one of allow, deny, explore" <<<"$out"

# 2. Through trident-simd and Debian's adb.
SIMD=${TRIDENT_SIMD:-}
if ! command -v adb >/dev/null 2>&1 || ! command -v aapt >/dev/null 2>&1 ||
   [ ! -f /usr/share/android-framework-res/framework-res.apk ] || [ -z "$SIMD" ] || [ ! -x "$SIMD" ]; then
	echo "skip part 2: needs adb, aapt, android-framework-res and trident-simd"
	echo "$fails failed"
	[ $fails -eq 0 ]
	exit
fi
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_port.sh"
ADB_PORT=$(free_port)
"$SRC/scripts/build-apks" "$WORK/apks" "$SPEC" >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; echo "FAIL build-apks"; exit 1; }
APK="$WORK/apks/permit.apk"
"$SIMD" --app "$SRC/tests/data/device_test_app.json" --port 0 >"$WORK/simd.out" 2>"$WORK/simd.err" &
SIMD_PID=$!
PORT=
for _ in $(seq 100); do
	PORT=$(sed -n 's/^trident-simd: serving .* on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$WORK/simd.out")
	[ -n "$PORT" ] && break
	sleep 0.1
done
[ -n "$PORT" ] || { echo "FAIL trident-simd did not start"; cat "$WORK/simd.err"; exit 1; }
SERIAL=127.0.0.1:$PORT
timeout 30 adb -P "$ADB_PORT" start-server >/dev/null 2>&1 || { echo "FAIL adb start-server"; exit 1; }
timeout 20 adb -P "$ADB_PORT" connect "$SERIAL" >/dev/null 2>&1
timeout 20 adb -P "$ADB_PORT" -s "$SERIAL" wait-for-device
A() { timeout 30 adb -P "$ADB_PORT" -s "$SERIAL" "$@"; }
dump() { A shell uiautomator dump /sdcard/w.xml >/dev/null 2>&1; A shell cat /sdcard/w.xml; }
# centre TEXT: the tap point of the widget showing TEXT in the current dump
centre() {
	dump | python3 -c '
import re, sys
xml, text = sys.stdin.read(), sys.argv[1]
m = re.search(r"text=\"%s\"[^>]*bounds=\"\[(\d+),(\d+)\]\[(\d+),(\d+)\]\"" % re.escape(text), xml)
print((int(m.group(1)) + int(m.group(3))) // 2, (int(m.group(2)) + int(m.group(4))) // 2) if m else print("")' "$1"
}

out=$(A install "$APK" 2>&1)
check "adb install permit.apk (no -g)" grep -q "^Success" <<<"$out"
A shell am start -W -n com.trident.permit/.MainActivity >/dev/null 2>&1
xy=$(centre "Take photo")
check "Take photo on screen" [ -n "$xy" ]
A shell input tap $xy
xml=$(dump)
check "the dump is the permission controller's window" grep -q 'package="com.google.android.permissioncontroller"' <<<"$xml"
check "with the real resource-ids" grep -q 'resource-id="com.android.permissioncontroller:id/permission_deny_button"' <<<"$xml"
check "asking for the camera" grep -q "Allow Permit to take pictures and record video?" <<<"$xml"
check "dumpsys names GrantPermissionsActivity" bash -c "timeout 30 adb -P $ADB_PORT -s $SERIAL shell dumpsys activity activities | grep -q 'mResumedActivity.*GrantPermissionsActivity'"
A shell input keyevent 4
check "Back dismisses it" bash -c "! timeout 30 adb -P $ADB_PORT -s $SERIAL shell dumpsys activity activities | grep -q 'mResumedActivity.*GrantPermissionsActivity'"
out=$(A shell pm grant com.trident.permit android.permission.INTERNET 2>&1)
check "pm grant of a normal permission fails as on Android" grep -q "not a changeable permission type" <<<"$out"
A shell pm grant com.trident.permit android.permission.CAMERA
A shell input tap $(centre "Take photo")
check "after pm grant the camera opens at once" bash -c "timeout 30 adb -P $ADB_PORT -s $SERIAL shell dumpsys activity activities | grep -q 'mResumedActivity.*CameraActivity'"
# Clearing the app's data resets the runtime permissions granted (AOSP bug 22248525): asked again.
A shell pm clear com.trident.permit >/dev/null 2>&1
A shell am start -W -n com.trident.permit/.MainActivity >/dev/null 2>&1
A shell input tap $(centre "Take photo")
check "after pm clear the camera asks again" bash -c "timeout 30 adb -P $ADB_PORT -s $SERIAL shell dumpsys activity activities | grep -q 'mResumedActivity.*GrantPermissionsActivity'"
A shell pm uninstall com.trident.permit >/dev/null 2>&1

S="--adb-server 127.0.0.1:$ADB_PORT"
echo "{$OFF}" > "$WORK/off.json"
"$T" explore --device "$SERIAL" $S --apk "$APK" --brain offline --steps 15 --out "$WORK/adb-allow" --quiet \
	--log-level warn --config "$WORK/off.json" > "$WORK/adb-allow.out" 2>&1 || { cat "$WORK/adb-allow.out"; bad "explore --apk"; }
check "through adb, default allow" judge "$WORK/adb-allow/trace.jsonl" allow
A shell pm uninstall com.trident.permit >/dev/null 2>&1
"$T" explore --device "$SERIAL" $S --apk "$APK" --grant-permissions --brain offline --steps 15 --out "$WORK/adb-g" \
	--quiet --log-level warn --config "$WORK/off.json" > "$WORK/adb-g.out" 2>&1 || { cat "$WORK/adb-g.out"; bad "explore --apk --grant-permissions"; }
check "through adb, --grant-permissions: no dialog" judge "$WORK/adb-g/trace.jsonl" none

kill -0 "$SIMD_PID" 2>/dev/null || bad "trident-simd died"
echo "$fails failed"
[ $fails -eq 0 ]
