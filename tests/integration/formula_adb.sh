#!/usr/bin/env bash
# formula_adb.sh - oracles formula and grouping (session 62, issue 18), end
# to end: an offline run on the simulator of the held-out calc app finishes
# calculations on its keypad (offline.keypad_finish). "2 % 7 =" shows a
# result a hundred times too small (Simple Calculator #139: the percent
# divided the second number too) and "84366 ÷ 4 =" shows "21091.50" after
# "84,366" (LaunchyQt #126: decimals lose the thousands separator). Both
# reports' steps are then replayed through Debian's adb on trident-simd,
# where the oracles find the bugs again on the buggy app and not on its
# fixed twin.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir formula

BUG=$(find_bug calc 5 300 formula) || fail "calc: formula did not find the percent that divides twice"
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
echo "ok   calc seed 5: $BUG (formula: a percent's result) and $GBUG (grouping) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "calc $BUG formula" "calc $GBUG grouping"
echo "formula_adb: OK"
