#!/usr/bin/env bash
# leave_app.sh - other apps the app under test hands over to, and how
# trident leaves them. The test app tests/data/apps/sharer.json has Share
# (the system share sheet, com.android.intentresolver, whose Messages target
# opens com.google.android.apps.messaging) and Help (the browser,
# com.android.chrome, whose page has a link that stays in the browser).
#   1. In process (sim:PATH): trident notices each time it left the app
#      (the foreground package differs), never acts in the other app but to
#      come back, comes back with Back (the app's state kept) and relaunches
#      only when Back does not bring it back (or from the home screen), and
#      reports no bug on this bug-free app.
#   2. Through trident-simd and Debian's adb: Share shows the chooser as the
#      foreground activity and in the dump, Messages opens the Messages app,
#      Help the browser, its link stays in it, Back walks back to the app;
#      `trident explore --package` through the adb server behaves as in 1.
# Part 2 skips without adb or trident-simd.
set -u
SRC=${TRIDENT_SOURCE_DIR:?}
T=${TRIDENT_BIN:?}
SPEC="$SRC/tests/data/apps/sharer.json"
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
. "$SRC/tests/integration/lib_simd.sh"
simd_workdir leave
fails=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fails=$((fails + 1)); }
check() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

echo '{"oracles": {"rotation": false, "background": false, "display_landscape": false, "loading": false,
             "independent_view": false, "process_death": false}}' > "$WORK/off.json"

# judge RUN: what the run did outside the app
judge() {
	python3 - "$@" <<'PY'
import json, sys
run = sys.argv[1]
app = "com.trident.sharer"
recs = [json.loads(l) for l in open(run + "/trace.jsonl") if l.strip()]
steps = [r for r in recs if r["type"] == "step"]
pkg = lambda r: r["activity"].split("/")[0]
others = {pkg(r) for r in steps if pkg(r) != app}
assert "com.android.intentresolver" in others or "com.android.chrome" in others, "never left the app: %s" % others
back_home = 0
for i, r in enumerate(steps):
    if pkg(r) == app:
        continue
    a = r["action"]
    assert r.get("override") == "explorer" and a["type"] in ("back", "restart"), \
        "step %d acted in %s: %s" % (r["step"], pkg(r), a)
    if a["type"] == "back" and i + 1 < len(steps) and pkg(steps[i + 1]) == app:
        back_home += 1
assert back_home, "Back never brought the app back"
bugs = json.load(open(run + "/bugs.json"))
bugs = bugs.get("bugs", bugs) if isinstance(bugs, dict) else bugs
assert not bugs, "bugs on a bug-free app: %s" % [b.get("title") for b in bugs]
print("  left for %s; %d Backs came back; %d steps outside, all the Explorer's" %
      (sorted(others), back_home, len([r for r in steps if pkg(r) != app])))
PY
}

# 1. In process.
"$T" explore --device "sim:$SPEC" --brain offline --steps 25 --out "$WORK/inproc" --quiet --log-level warn \
	--config "$WORK/off.json" > "$WORK/inproc.out" 2>&1 || { cat "$WORK/inproc.out"; bad "explore in process"; }
check "in process" judge "$WORK/inproc"
sed 's/"share": "I saved {saved} notes"/"share": 3/' "$SPEC" > "$WORK/badshare.json"
out=$("$T" explore --device "sim:$WORK/badshare.json" --steps 2 --out "$WORK/bad" 2>&1); rc=$?
check "a share effect that is no string: exit 2 (rc=$rc)" [ $rc -eq 2 ]
check "naming the file and the effect" grep -q "badshare.json.*share.*must be a string" <<<"$out"

# 2. Through trident-simd and Debian's adb.
if ! simd_can_run; then
	echo "skip part 2: $SIMD_WHY"
	echo "$fails failed"
	[ $fails -eq 0 ]
	exit
fi
simd_start "$SPEC" "$WORK" || { echo "FAIL trident-simd"; exit 1; }
adb_start || { echo "FAIL adb"; exit 1; }
centre() {
	simd_dump | python3 -c '
import re, sys
xml, text = sys.stdin.read(), sys.argv[1]
m = re.search(r"text=\"%s\"[^>]*bounds=\"\[(\d+),(\d+)\]\[(\d+),(\d+)\]\"" % re.escape(text), xml)
print((int(m.group(1)) + int(m.group(3))) // 2, (int(m.group(2)) + int(m.group(4))) // 2) if m else print("")' "$1"
}
resumed() { A shell dumpsys activity activities | grep -q "mResumedActivity.*$1"; }
A shell am start -W -n com.trident.sharer/.MainActivity >/dev/null 2>&1
A shell input tap $(centre Share)
check "Share: the chooser is the foreground activity" resumed "com.android.intentresolver/com.android.intentresolver.ChooserActivity"
xml=$(simd_dump)
check "its dump is the chooser's window alone" bash -c '! grep -q "package=\"com.trident.sharer\"" <<<"$1" && grep -q "package=\"com.android.intentresolver\"" <<<"$1"' _ "$xml"
check "with the shared text" grep -q 'text="I saved 0 notes"' <<<"$xml"
A shell input keyevent 4
check "Back: the app again" resumed "com.trident.sharer/.MainActivity"
A shell input tap $(centre Share)
A shell input tap $(centre Messages)
check "the Messages target opens Messages" resumed "com.google.android.apps.messaging/"
A shell input keyevent 4
check "Back from Messages: the app" resumed "com.trident.sharer/.MainActivity"
A shell input tap $(centre Help)
check "Help: the browser" resumed "com.android.chrome/com.google.android.apps.chrome.Main"
check "at the help URL" grep -q 'text="https://example.com/help"' <<<"$(simd_dump)"
A shell input tap $(centre "More information...")
check "its link stays in the browser" bash -c 'grep -q "text=\"https://example.com/help/more/1\"" <<<"$1"' _ "$(simd_dump)"
A shell input keyevent 4
check "Back: the browser's previous page" resumed "com.android.chrome/"
A shell input keyevent 4
check "Back again: the app" resumed "com.trident.sharer/.MainActivity"
A shell am force-stop com.trident.sharer

"$T" explore --device "$SERIAL" --adb-server "127.0.0.1:$ADB_PORT" --package com.trident.sharer --brain offline \
	--steps 15 --out "$WORK/adb" --quiet --log-level warn --config "$WORK/off.json" > "$WORK/adb.out" 2>&1 ||
	{ cat "$WORK/adb.out"; bad "explore --package through adb"; }
check "through adb" judge "$WORK/adb"

kill -0 "$SIMD_PID" 2>/dev/null || bad "trident-simd died"
echo "$fails failed"
[ $fails -eq 0 ]
