#!/usr/bin/env bash
# keyboard.sh - the soft keyboard (an app spec's "keyboard": true) in the
# simulator and how trident copes with it. The test app
# tests/data/apps/signup.json has three fields and its Create account button
# lies under the keyboard.
#   1. In process (sim:PATH): trident reaches the Welcome page through a
#      button under the keyboard (each such step is marked hide_keyboard and
#      hides it with Back first); no step acts on a key; steps with and
#      without the keyboard have the same screen signature (a keyboard coming
#      up is no new screen); the fixed twin reports no bug, the buggy one its
#      crash; a bad "keyboard" value is a load error naming file and key.
#   2. Through trident-simd and Debian's adb: a tap on a field brings the
#      keyboard up (dumpsys input_method mInputShown=true, its own top-level
#      node with Gboard's package and key_pos ids, grey keyboard pixels in the
#      screenshot), a key types its letter, a tap on a widget under it lands
#      on the keyboard, a swipe started on it scrolls nothing, Back hides it
#      without leaving the activity, and `trident explore --package` through
#      the adb server gets past it.
# Part 2 skips without adb or trident-simd.
set -u
SRC=${TRIDENT_SOURCE_DIR:?}
T=${TRIDENT_BIN:?}
SPEC="$SRC/tests/data/apps/signup.json"
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
. "$SRC/tests/integration/lib_simd.sh"
simd_workdir keyboard
fails=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fails=$((fails + 1)); }
check() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

# Side trips (rotation, Home and back) would hide the keyboard between steps: off, to keep it up.
OFF='{"oracles": {"rotation": false, "background": false, "display_landscape": false, "loading": false,
             "independent_view": false, "process_death": false}}'
echo "$OFF" > "$WORK/off.json"

# judge RUN MODE: what the run did with the keyboard (MODE fixed or buggy)
judge() {
	python3 - "$@" <<'PY'
import json, re, sys
run, mode = sys.argv[1], sys.argv[2]
recs = [json.loads(l) for l in open(run + "/trace.jsonl") if l.strip()]
steps = [r for r in recs if r["type"] == "step"]
ime_pkg = 'package="com.google.android.inputmethod.latin"'
with_kb, hidden, sig_kb, sig_plain = 0, 0, set(), set()
for r in steps:
    a = r["action"]
    assert "inputmethod" not in (a.get("resource_id") or ""), "acted on a key: %s" % a
    xml = open(run + "/" + r["xml"]).read() if r.get("xml") else ""
    m = re.search(r'<node index="0" text="" resource-id="[^"]*" class="[^"]*" %s[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"' % re.escape(ime_pkg), xml)
    main = r["activity"].endswith(".SignupActivity")
    if main:
        (sig_kb if m else sig_plain).add(r["screen"])
    if not m:
        assert not a.get("hide_keyboard"), "hide_keyboard without a keyboard: step %d" % r["step"]
        continue
    with_kb += 1
    x1, y1, x2, y2 = map(int, m.groups())
    under = a.get("x", -1) >= x1 and a.get("y", -1) >= y1 and a.get("x", -1) < x2 and a.get("y", -1) < y2
    if a["type"] in ("click", "long_click", "check", "input") and under:
        assert a.get("hide_keyboard"), "step %d targets a widget under the keyboard without hiding it" % r["step"]
        hidden += 1
assert with_kb, "the keyboard never came up"
assert hidden, "no step reached a widget under the keyboard"
assert sig_kb and sig_kb <= sig_plain, "the keyboard changed the screen's signature: %s vs %s" % (sig_kb, sig_plain)
summary = json.load(open(run + "/summary.json"))
bugs = json.load(open(run + "/bugs.json"))
bugs = bugs.get("bugs", bugs) if isinstance(bugs, dict) else bugs
if mode.startswith("fixed"):
    assert ".WelcomeActivity" in {r["activity"].split("/")[-1] for r in steps}, "never reached Welcome"
    assert mode != "fixed" or summary["activities"]["covered"] == 2, summary["activities"]
    assert len(bugs) == 0, "bugs on the fixed app: %s" % [b.get("title") for b in bugs]
else:
    assert len(bugs) >= 1, "the crash under the keyboard was not found"
print("  %s: %d steps with the keyboard up, %d hid it to reach a widget under it, %d bugs" %
      (mode, with_kb, hidden, len(bugs)))
PY
}

# 1. In process.
for mode in fixed buggy; do
	dev="sim:$SPEC"
	[ $mode = fixed ] && dev="sim:$SPEC:fixed"
	"$T" explore --device "$dev" --brain offline --steps 30 --out "$WORK/$mode" --quiet --log-level warn \
		--config "$WORK/off.json" > "$WORK/$mode.out" 2>&1 || { cat "$WORK/$mode.out"; bad "explore ($mode)"; continue; }
	check "in process, $mode app" judge "$WORK/$mode" "$mode"
done
sed 's/"keyboard": true/"keyboard": "yes"/' "$SPEC" > "$WORK/badkb.json"
out=$("$T" explore --device "sim:$WORK/badkb.json" --steps 2 --out "$WORK/badkb" 2>&1); rc=$?
check "a bad \"keyboard\" value: exit 2 (rc=$rc)" [ $rc -eq 2 ]
check "naming the file and the key" grep -q "badkb.json.*keyboard.*true or false" <<<"$out"

# 2. Through trident-simd and Debian's adb.
if ! simd_can_run; then
	echo "skip part 2: $SIMD_WHY"
	echo "$fails failed"
	[ $fails -eq 0 ]
	exit
fi
simd_start "$SPEC" "$WORK" --fixed || { echo "FAIL trident-simd"; exit 1; }
adb_start || { echo "FAIL adb"; exit 1; }
# centre ATTR VALUE: the tap point of the node whose ATTR is VALUE in the current dump
centre() {
	simd_dump | python3 -c '
import re, sys
xml, attr, val = sys.stdin.read(), sys.argv[1], sys.argv[2]
m = re.search(r"%s=\"%s\"[^>]*bounds=\"\[(\d+),(\d+)\]\[(\d+),(\d+)\]\"" % (attr, re.escape(val)), xml)
print((int(m.group(1)) + int(m.group(3))) // 2, (int(m.group(2)) + int(m.group(4))) // 2) if m else print("")' "$1" "$2"
}
shown() { A shell dumpsys input_method | grep -q "mInputShown=$1"; }
resumed() { A shell dumpsys activity activities | grep -q "mResumedActivity.*$1"; }
# pixel PNG X Y: "R G B" of a pixel of an 8-bit RGB/RGBA PNG (what screencap -p writes)
pixel() {
	python3 - "$@" <<'PY'
import struct, sys, zlib
data, x, y = open(sys.argv[1], "rb").read(), int(sys.argv[2]), int(sys.argv[3])
pos, idat, w = 8, b"", 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        bpp = {2: 3, 6: 4}[ctype]
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
raw, stride, prev = zlib.decompress(idat), w * bpp, None
for row in range(y + 1):
    f, line = raw[row * (stride + 1)], bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i] if prev else 0
        c = prev[i - bpp] if prev and i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    prev = line
print(*prev[x * bpp:x * bpp + 3])
PY
}

A shell am start -W -n com.trident.signup/.SignupActivity >/dev/null 2>&1
create=$(centre text "Create account")
check "Create account on screen ($create)" [ -n "$create" ]
check "no keyboard before a field is tapped" shown false
A exec-out screencap -p > "$WORK/before.png"
A shell input tap $(centre resource-id com.trident.signup:id/name)
check "a tap on the Name field brings the keyboard up (mInputShown=true)" shown true
xml=$(simd_dump)
check "the dump holds the keyboard as its own top-level node" \
	python3 -c 'import sys,re; x=sys.stdin.read(); sys.exit(not re.search(r"</node><node index=\"0\"[^>]*package=\"com.google.android.inputmethod.latin\"", x))' <<<"$xml"
check "with Gboard's key ids" grep -q 'resource-id="com.google.android.inputmethod.latin:id/key_pos_1_5"' <<<"$xml"
A exec-out screencap -p > "$WORK/kb.png"
kb_drawn() { [ "$(pixel "$WORK/before.png" 20 1500)" = "255 255 255" ] && [ "$(pixel "$WORK/kb.png" 20 1500)" != "255 255 255" ]; }
check "the screenshot shows it (white app before, the keyboard's grey after, at 20,1500: its suggestion strip)" kb_drawn
A shell input tap $(centre content-desc h)
A shell input tap $(centre content-desc i)
check "keys type into the focused field" grep -q 'text="hi" resource-id="com.trident.signup:id/name"' <<<"$(simd_dump)"
A shell input tap $create
check "a tap on Create account under the keyboard lands on the keyboard" resumed SignupActivity
A shell input swipe 540 1900 540 700 300
check "a swipe started on the keyboard scrolls nothing" [ "$(centre text "Create account")" = "$create" ]
A shell input keyevent 4
check "Back hides the keyboard" shown false
check "and stays in the activity" resumed SignupActivity
A shell input tap $create
check "then Create account opens Welcome" resumed WelcomeActivity
A shell am force-stop com.trident.signup

"$T" explore --device "$SERIAL" --adb-server "127.0.0.1:$ADB_PORT" --package com.trident.signup --brain offline \
	--steps 20 --out "$WORK/adb" --quiet --log-level warn --config "$WORK/off.json" > "$WORK/adb.out" 2>&1 ||
	{ cat "$WORK/adb.out"; bad "explore --package through adb"; }
check "through adb, the fixed app" judge "$WORK/adb" fixed-adb

kill -0 "$SIMD_PID" 2>/dev/null || bad "trident-simd died"
echo "$fails failed"
[ $fails -eq 0 ]
