#!/bin/bash
# ui_screen.sh - `trident screen` on the real screens: one dump is described,
# two dumps are compared (exit 0 = same screen, 3 = different), bad input
# gets exit 1 and bad usage exit 2. Skips when the fixtures are absent.
set -u
F="${TRIDENT_FIXTURES:-}/real-screens"
if [ ! -f "$F/trace_7_0.xml" ]; then
	echo "SKIP: real-screens fixtures not found"
	exit 77
fi
T="$TRIDENT_BIN"
fail=0
check() { # check NAME EXPECTED_RC ACTUAL_RC
	if [ "$2" != "$3" ]; then
		echo "FAIL $1: exit $3, expected $2"
		fail=1
	else
		echo "ok   $1"
	fi
}

out=$("$T" screen "$F/trace_7_2.xml"); rc=$?
check describe 0 $rc
echo "$out" | grep -q "179 nodes" || { echo "FAIL describe: node count missing"; fail=1; }
echo "$out" | grep -q 'click,input .*EditText' || { echo "FAIL describe: EditText input action missing"; fail=1; }

"$T" screen "$F/trace_7_8.xml" "$F/trace_7_9.xml" >/dev/null; check same-dialog 0 $?
"$T" screen "$F/trace_7_7.xml" "$F/trace_7_11.xml" >/dev/null; check same-scrolled 0 $?
"$T" screen "$F/trace_7_0.xml" "$F/trace_7_1.xml" >/dev/null; check different 3 $?

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '<hierarchy><node bounds="[0,0][1,1]">' >"$tmp/trunc.xml"
"$T" screen "$tmp/trunc.xml" 2>"$tmp/err" >/dev/null; check truncated 1 $?
grep -q "trunc.xml:1" "$tmp/err" || { echo "FAIL truncated: message lacks file:line"; cat "$tmp/err"; fail=1; }
"$T" screen "$tmp/missing.xml" 2>/dev/null >/dev/null; check missing-file 1 $?
"$T" screen 2>/dev/null; check no-args 2 $?
"$T" screen --bogus "$F/trace_7_0.xml" 2>/dev/null; check bad-option 2 $?
"$T" screen --help | grep -q "usage: trident screen"; check help 0 $?

printf '{ "ui": { "same_screen_threshold": 0.99 } }' >"$tmp/strict.json"
"$T" screen --config "$tmp/strict.json" "$F/trace_7_7.xml" "$F/trace_7_11.xml" >/dev/null; check strict-threshold 3 $?
printf '{ "ui": { "align_delta": 7 } }' >"$tmp/bad.json"
"$T" screen --config "$tmp/bad.json" "$F/trace_7_0.xml" 2>"$tmp/err" >/dev/null; check bad-config 2 $?
grep -q "ui.align_delta" "$tmp/err" || { echo "FAIL bad-config: message lacks the key"; fail=1; }
exit $fail
