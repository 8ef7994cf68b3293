#!/usr/bin/env bash
# audit_script.sh - `trident audit --script`: the notes "add a note" script
# fails on sim:notes (the duplicate-save bug: two rows) and passes on
# sim:notes:fixed; the JUnit XML is parsed to check both verdicts; a bad
# script exits 2 naming the file, the JSON path and the reason.
set -euo pipefail

bin=${TRIDENT_BIN:?}
src=${TRIDENT_SOURCE_DIR:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
script="$src/configs/audits/notes_add.json"

rc=0; "$bin" audit --device sim:notes --script "$script" --out "$tmp/buggy" --junit "$tmp/buggy.xml" \
	--quiet --log-level warn > "$tmp/buggy.out" || rc=$?
cat "$tmp/buggy.out"
[ "$rc" -eq 1 ] || { echo "FAIL: the buggy notes app must fail the audit (exit 1), not $rc"; exit 1; }
"$bin" audit --device sim:notes:fixed --script "$script" --out "$tmp/fixed" --junit "$tmp/fixed.xml" \
	--quiet --log-level warn
python3 - "$tmp" <<'PY'
import json, sys, xml.etree.ElementTree as ET
tmp = sys.argv[1]
def cases(path):
    suite = ET.parse(path).getroot().find("testsuite")
    out = {}
    for tc in suite.findall("testcase"):
        out[tc.get("name")] = "fail" if tc.find("failure") is not None else \
                              "skipped" if tc.find("skipped") is not None else "pass"
    return suite, out
suite, buggy = cases(tmp + "/buggy.xml")
rows = [n for n in buggy if 'rows "Groceries" == 1' in n]
assert rows and buggy[rows[0]] == "fail", buggy
assert int(suite.get("failures")) >= 1, suite.attrib
fail = suite.find("testcase[@name='%s']/failure" % rows[0])
assert "2 rows" in fail.get("message"), fail.get("message")
# the run directory's copy is the same XML
assert open(tmp + "/buggy.xml").read() == open(tmp + "/buggy/audit-junit.xml").read()
suite, fixed = cases(tmp + "/fixed.xml")
assert set(fixed.values()) == {"pass"}, fixed
assert int(suite.get("failures")) == 0 and int(suite.get("tests")) == len(fixed) >= 6, suite.attrib
assert any('rows "Groceries" == 1' in n for n in fixed), fixed
a = json.load(open(tmp + "/buggy/audit.json"))
assert a["verdict"] == "fail" and a["run"]["steps"] == 4, a["run"]
b = json.load(open(tmp + "/fixed/audit.json"))
assert b["verdict"] == "pass" and b["bugs"] == [], b
html = open(tmp + "/buggy/audit.html").read()
assert "FAIL" in html and "2 rows with" in html
print("buggy:", sum(v == "fail" for v in buggy.values()), "failed checks; fixed: all", len(fixed), "pass")
PY

# A widget that is not there: that step fails, the rest is skipped, exit 1.
cat > "$tmp/missing.json" <<'J'
{"name": "missing", "steps": [{"click": "No such button"}, {"assert": "shown", "text": "Notes"}]}
J
rc=0; "$bin" audit --device sim:notes:fixed --script "$tmp/missing.json" --out "$tmp/missing" --quiet \
	--log-level warn > "$tmp/missing.out" || rc=$?
[ "$rc" -eq 1 ] || { echo "FAIL: a missing widget must exit 1, not $rc"; exit 1; }
grep -q 'no widget "No such button"' "$tmp/missing.out"
python3 -c "
import json,sys; a=json.load(open('$tmp/missing/audit.json'))
st=[c['status'] for c in a['checks'] if c['suite']=='script']; assert st==['fail','skipped'], st"

# Bad input: exit 2, naming file, JSON path and reason.
bad() {
	printf '%s' "$1" > "$tmp/bad.json"
	rc=0; "$bin" audit --device sim:notes:fixed --script "$tmp/bad.json" --out "$tmp/bad" 2> "$tmp/err" || rc=$?
	[ "$rc" -eq 2 ] || { echo "FAIL: '$1' must exit 2, not $rc"; cat "$tmp/err"; exit 1; }
	grep -qF "$tmp/bad.json$2" "$tmp/err" || { echo "FAIL: '$1': expected '$2' in:"; cat "$tmp/err"; exit 1; }
}
bad '{"steps": [{"click": "Save"}, {"tap": "x"}]}' ': steps[1]: no action or assertion'
bad '{"steps": [{"type": "x"}]}' ': steps[0]: "type" needs "into"'
bad '{"steps": [{"click": "a"}, {"assert": "rows", "text": "x", "count": -1}]}' ': steps[1].count: expected a whole number'
bad '{"steps": [{"click": {"colour": "red"}}]}' ': steps[0].click.colour: unknown key'
bad '{"steps": [{"click": "a"}, {"assert": "screen", "design": "main"}]}' ': steps[1].design: a "screen" assertion needs --design'
bad '{"steps": [{"assert": "shown", "text": "x"}]}' ': steps: no action'
bad '{"steps": [' ':1: not valid JSON'
echo "audit_script: ok"
