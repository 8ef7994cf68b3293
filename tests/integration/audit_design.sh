#!/usr/bin/env bash
# audit_design.sh - `trident audit --design` (GUIPilot) on both demo designs:
# on the buggy app every inconsistency listed in configs/designs/APP/expected.json
# is reported (class, screen or transition, text) and the audit exits 1; on
# APP:fixed nothing is reported and it exits 0. The JUnit XML has a testcase
# per designed screen and transition; audit.html boxes the differences; a bad
# design exits 2 naming file, JSON path and reason.
set -euo pipefail

bin=${TRIDENT_BIN:?}
src=${TRIDENT_SOURCE_DIR:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for app in notes shop; do
	rc=0; "$bin" audit --device "sim:$app" --design "$src/configs/designs/$app" --out "$tmp/$app" \
		--quiet --log-level error > "$tmp/$app.out" || rc=$?
	[ "$rc" -eq 1 ] || { cat "$tmp/$app.out"; echo "FAIL: sim:$app must fail the design audit, not exit $rc"; exit 1; }
	"$bin" audit --device "sim:$app:fixed" --design "$src/configs/designs/$app" --out "$tmp/$app-fixed" \
		--quiet --log-level error > "$tmp/$app-fixed.out" || { cat "$tmp/$app-fixed.out"; echo "FAIL: sim:$app:fixed"; exit 1; }
	python3 - "$tmp" "$app" "$src/configs/designs/$app/expected.json" <<'PY'
import json, sys, xml.etree.ElementTree as ET
tmp, app, exp = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))
a = json.load(open("%s/%s/audit.json" % (tmp, app)))
design = [c for c in a["checks"] if c["suite"] == "design"]
found = 0
for want in exp["inconsistencies"]:
    if want["class"] == "process":
        hits = [c for c in design if c["kind"] == "transition" and c["status"] == "fail"
                and c["name"].startswith("process[%d]:" % want["transition"]) and "process break" in c["message"]
                and want["text"] in c["message"]]
    else:
        hits = [f for c in design if c["kind"] == "screen" and c["design"] == want["screen"]
                for f in c.get("findings", []) if f["class"] == want["class"] and want["text"] in f["message"]]
    assert hits, ("not reported", app, want, json.dumps(design, indent=1)[:3000])
    found += 1
assert a["verdict"] == "fail" and a["inconsistencies"] >= len(exp["inconsistencies"]), a["inconsistencies"]
# every screen check with findings boxes them on both images
for c in design:
    if c["kind"] == "screen" and c["status"] == "fail":
        assert c["boxes"] and c["design_png"].startswith("design/") and c["app_png"].startswith("steps/"), c
html = open("%s/%s/audit.html" % (tmp, app)).read()
assert '<rect' in html and 'class="box"' in html and "design/" in html
f = json.load(open("%s/%s-fixed/audit.json" % (tmp, app)))
bad = [c for c in f["checks"] if c["status"] != "pass"]
assert f["verdict"] == "pass" and f["inconsistencies"] == 0 and not bad, bad
suite = ET.parse("%s/%s-fixed/audit-junit.xml" % (tmp, app)).getroot().find("testsuite")
names = [tc.get("name") for tc in suite.findall("testcase")]
n_process = len(json.load(open(sys.argv[3].replace("expected.json", "design.json")))["process"])
assert sum(n.startswith("process[") for n in names) == n_process, names
assert sum(n.startswith("screen ") for n in names) >= n_process, names
assert suite.get("failures") == "0", suite.attrib
suite = ET.parse("%s/%s/audit-junit.xml" % (tmp, app)).getroot().find("testsuite")
assert int(suite.get("failures")) >= 2, suite.attrib
print("%s: %d of %d injected inconsistencies reported (%d in all); fixed: %d checks, none failed"
      % (app, found, len(exp["inconsistencies"]), a["inconsistencies"], len(f["checks"])))
PY
done

# Bad designs: exit 2 naming the file, the JSON path and the reason.
mkdir -p "$tmp/bad"
bad() {
	printf '%s' "$1" > "$tmp/bad/design.json"
	rc=0; "$bin" audit --device sim:notes:fixed --design "$tmp/bad" --out "$tmp/bad-out" 2> "$tmp/err" || rc=$?
	[ "$rc" -eq 2 ] || { echo "FAIL: '$1' must exit 2, not $rc"; cat "$tmp/err"; exit 1; }
	grep -qF "$tmp/bad/design.json: $2" "$tmp/err" || { echo "FAIL: expected '$2' in:"; cat "$tmp/err"; exit 1; }
}
bad '{"screens": {"a": {"widgets": [{"id": "x", "type": "blob", "bounds": [0,0,10,10]}]}}}' 'screens.a.widgets[0].type: expected'
bad '{"screens": {"a": {"widgets": [{"id": "x", "type": "text", "bounds": [0,0,2000,10]}]}}}' 'screens.a.widgets[0].bounds: expected whole numbers'
bad '{"screens": {"a": {"widgets": [{"id": "x", "type": "text", "bounds": [0,0,9,9]}]}}, "process": [{"from": "a", "action": "click", "widget": "y", "to": "a"}]}' 'process[0].widget: screen "a" has no widget "y"'
bad '{"screens": {"a": {"widgets": [{"id": "x", "type": "text", "bounds": [0,0,9,9]}]}}, "process": [{"from": "a", "action": "click", "widget": "x", "to": "b"}]}' 'process[0].to: no screen "b"'
echo "audit_design: ok"
