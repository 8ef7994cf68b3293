#!/usr/bin/env bash
# calc_adb.sh - oracles formula and grouping and process_death's cleared
# list (session 62, issue 18), end to end on the held-out calc app. An
# offline run on the simulator finishes calculations on its keypad
# (offline.keypad_finish): "X % Y =" shows a result a hundred times too
# small (Simple Calculator #139: the percent divided the second number
# too), a result of five digits or more shows no separator after one that
# had it (LaunchyQt #126: decimals lose the thousands separator), and the
# history is cleared, and after a force-stop and relaunch the last calculation is listed again
# (AlexCalc #26). The reports' steps are then replayed through Debian's adb
# on trident-simd, where the oracles find the bugs again on the buggy app
# and not on its fixed twin.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir calc

BUG=$(find_bug calc 7 300 formula) || fail "calc: formula did not find the percent that divides twice"
python3 - "$WORK/calc/bugs.json" "$BUG" <<'PY' || fail "calc: the report is not a percent's wrong result"
import json, re, sys
bugs = json.load(open(sys.argv[1]))["bugs"]
bug = [b for b in bugs if b["id"] == sys.argv[2]][0]
assert re.fullmatch(r"'[0-9.]+% [0-9]' shows the result '[0-9.]+', not [0-9.]+", bug["title"]), bug["title"]
assert bug["category"] == "numerical calculation error", bug["category"]
assert bug["extra"]["blamed"]["widget_text"] == "%", bug["extra"]
assert len(bug["steps"]) <= 8, "%d steps" % len(bug["steps"])
g = [b for b in bugs if b["found_by"] == "oracle:grouping"]
assert g and g[0].get("confirmed"), "no confirmed grouping report"
assert g[0]["category"] == "settings/configuration", g[0]["category"]
assert re.fullmatch(r"The result '\d{5,}\.\d+' has no thousands separator, though results show one \('.*,\d{3}'\)",
                    g[0]["title"]), g[0]["title"]
print(g[0]["id"], file=open(sys.argv[1] + ".grouping", "w"))
PY
GBUG=$(cat "$WORK/calc/bugs.json.grouping")
python3 - "$WORK/calc/bugs.json" <<'PY' > "$WORK/pbug" || fail "calc: no confirmed report of the cleared history back"
import json, re, sys
bugs = [b for b in json.load(open(sys.argv[1]))["bugs"] if b["found_by"] == "oracle:process_death"]
assert bugs and bugs[0].get("confirmed"), "no confirmed process_death report"
bug = bugs[0]
print(bug["id"])
assert re.fullmatch(r"'.+' is back on the cleared 'History' after force-stop and relaunch", bug["title"]), bug["title"]
assert bug["category"] == "data operation failure", bug["category"]
assert any(s["action"].get("widget_text") == "Clear" for s in bug["steps"]), "no Clear among the steps"
PY
PBUG=$(cat "$WORK/pbug")
echo "ok   calc seed 7: $BUG (formula: a percent's result), $GBUG (grouping), $PBUG (process_death: the cleared history back after a force-stop) on the simulator"

# A cleared list is judged only one tap from the start: radio's walk back
# to its History went through a station's row, which plays it and adds it
# to the history the trip then found "back" (seed 3, session 62).
"$TRIDENT_BIN" explore --config "$(no_long_probe_config)" --device "sim:$TRIDENT_SOURCE_DIR/configs/apps/holdout/radio.json" --brain offline \
	--seed 3 --steps 300 --out "$WORK/radio" --quiet >"$WORK/radio.log" 2>&1
[ $? -le 1 ] || fail "radio: explore failed"
python3 - "$WORK/radio/bugs.json" <<'PY' || fail "radio: a cleared history reported back after a walk through a station"
import json, sys
bad = [b["title"] for b in json.load(open(sys.argv[1]))["bugs"] if "on the cleared" in b["title"]]
assert not bad, bad
PY
grep -q '"why":"cleared","outcome":"too far"' "$WORK/radio/trace.jsonl" || fail "radio: no cleared-list trip judged too far"
echo "ok   radio seed 3: its cleared history is not judged after a walk of 3 taps"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "calc $BUG formula" "calc $GBUG grouping" "calc $PBUG process_death"
echo "calc_adb: OK"
