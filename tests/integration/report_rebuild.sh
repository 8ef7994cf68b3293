#!/usr/bin/env bash
# report_rebuild.sh - a run killed with kill -9 half-way keeps what it
# recorded: `trident report RUN` rebuilds bugs.json, summary.json,
# report.html and JUnit from trace.jsonl and steps/, with every recorded
# step in the report; a cut-short last trace line is skipped, a bad line in
# the middle is an error naming file and line; --junit on explore writes
# valid JUnit; a start that failed before step 1 leaves a directory that a
# retry with the same --out may reuse; --resume continues a killed run's
# budget.
set -euo pipefail

bin=${TRIDENT_BIN:?}
src=${TRIDENT_SOURCE_DIR:?}
tmp=$(mktemp -d)
pid=
cleanup() {
	[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT
[ -f "$src/configs/apps/notes.json" ] || { echo "SKIP: no notes app"; exit 77; }

# A 60-step run, killed once 30 steps are in the trace.
run=$tmp/killed
"$bin" explore --device sim:notes --brain offline --out "$run" --steps 60 --quiet --log-level silent &
pid=$!
for _ in $(seq 1 6000); do
	n=$(grep -c '"type":"step"' "$run/trace.jsonl" 2>/dev/null || true)
	[ "${n:-0}" -ge 30 ] && break
	kill -0 "$pid" 2>/dev/null || { echo "explore ended before 30 steps"; exit 1; }
	sleep 0.1
done
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
pid=
! grep -q '"type":"run_end"' "$run/trace.jsonl" || { echo "the run finished before the kill"; exit 1; }
[ ! -f "$run/report.html" ] && [ ! -f "$run/summary.json" ] || { echo "reports written before the kill?"; exit 1; }
# A kill can cut the last line short: simulate it.
printf '{"type":"step","t_ms":1,"step":9999,"activ' >> "$run/trace.jsonl"

"$bin" report "$run" --junit "$tmp/killed.xml" > "$tmp/out"
cat "$tmp/out"
grep -q 'run did not finish' "$tmp/out"
python3 - "$run" "$tmp/killed.xml" <<'PY'
import json, re, sys, xml.etree.ElementTree as ET
run = sys.argv[1]
recs = []
for line in open(run + "/trace.jsonl"):
    try:
        recs.append(json.loads(line))
    except ValueError:
        pass
steps = sorted({r["step"] for r in recs if r["type"] == "step"})
assert len(steps) >= 30 and steps == list(range(1, len(steps) + 1)), steps
s = json.load(open(run + "/summary.json"))
assert s["steps"] == len(steps), (s["steps"], len(steps))
assert s["complete"] is False and s["stop_reason"] == "killed", s
assert s["activities"]["total"] == 4, s["activities"]
assert s["screens"] == len({r["screen"] for r in recs if r["type"] == "step"}), s["screens"]
bugs = json.load(open(run + "/bugs.json"))["bugs"]
traced = [r["id"] for r in recs if r["type"] == "bug"]
assert [b["id"] for b in bugs] == traced, (bugs, traced)
html = open(run + "/report.html").read()
shown = [int(x) for x in re.findall(r'<tr class="step" data-step="(\d+)"', html)]
assert shown == steps, (shown, steps)
assert html.count('class="filmstrip"') == len(bugs), "one filmstrip per bug"
assert "stopped before it finished" in html
funcs = {f["name"] for f in s["functionality_list"]}
t = ET.parse(sys.argv[2]).getroot()
suite = t.find("testsuite")
cases = suite.findall("testcase")
assert int(suite.get("tests")) == len(cases) >= len(funcs) > 0, (suite.attrib, len(funcs))
assert {c.get("name") for c in cases} >= funcs
assert len(suite.findall(".//failure")) == len(bugs)
print("rebuilt:", len(steps), "steps,", s["screens"], "screens,", len(bugs), "bugs,", len(cases), "testcases")
PY

# --resume continues the remaining budget on a fresh start, in RUN/resume-1/;
# RUN's reports then cover all 60 steps.
killed_steps=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["steps"])' "$run/summary.json")
cp -r "$run" "$tmp/bad"
"$bin" explore --resume "$run" --quiet --log-level silent --junit "$tmp/resumed.xml" > "$tmp/out"
grep -q 'whole run: 60 of 60 steps' "$tmp/out" || { cat "$tmp/out"; exit 1; }
python3 - "$run" "$killed_steps" "$tmp/resumed.xml" <<'PY'
import json, re, sys, xml.etree.ElementTree as ET
run, before = sys.argv[1], int(sys.argv[2])
s = json.load(open(run + "/summary.json"))
assert s["steps"] == 60 and s["complete"] is True and s["stop_reason"] == "steps", s
part = [json.loads(l) for l in open(run + "/resume-1/trace.jsonl")]
assert part[0]["type"] == "run_start" and part[0]["step_budget"] == 60 - before, part[0]
html = open(run + "/report.html").read()
shown = [int(x) for x in re.findall(r'<tr class="step" data-step="(\d+)"', html)]
assert shown == list(range(1, 61)), shown
assert 'href="resume-1/steps/%04d.png"' % 1 in html, "resumed steps link their own screens"
bugs = json.load(open(run + "/bugs.json"))["bugs"]
assert [b["id"] for b in bugs] == ["B%03d" % (i + 1) for i in range(len(bugs))], bugs
for b in bugs:
    for e in b["evidence"]:
        assert __import__("os").path.exists(run + "/" + e), e
ET.parse(sys.argv[3])
print("resumed: %d + %d steps, %d bugs" % (before, 60 - before, len(bugs)))
PY
set +e
"$bin" explore --resume "$run" --quiet 2> "$tmp/err"; rc=$?
set -e
[ "$rc" -eq 2 ] && grep -q 'only a killed run can be resumed' "$tmp/err" || { echo "resume of a finished run: rc $rc"; exit 1; }

# A bad line that is not the last one is an error naming the file and line.
sed -i '3s/.*/{not json/' "$tmp/bad/trace.jsonl"
set +e
"$bin" report "$tmp/bad" 2> "$tmp/err"; rc=$?
set -e
[ "$rc" -eq 1 ] && grep -q 'trace.jsonl:3: not a trace record' "$tmp/err" || { echo "bad line: rc $rc"; cat "$tmp/err"; exit 1; }
set +e
"$bin" report "$tmp/nothing" 2> "$tmp/err"; rc=$?
"$bin" report 2> /dev/null; rc2=$?
set -e
[ "$rc" -eq 1 ] && grep -q 'nothing/trace.jsonl' "$tmp/err" && [ "$rc2" -eq 2 ] || { echo "missing run: rc $rc/$rc2"; exit 1; }

# A finished run with --junit: valid JUnit; `trident report` on it gives the same bugs.
"$bin" explore --device sim:notes --brain offline --out "$tmp/done" --steps 8 --quiet --junit "$tmp/done.xml"
cp "$tmp/done/bugs.json" "$tmp/done.bugs.json"
"$bin" report "$tmp/done" > /dev/null
python3 - "$tmp/done" "$tmp/done.xml" "$tmp/done.bugs.json" <<'PY'
import json, sys, xml.etree.ElementTree as ET
run = sys.argv[1]
ET.parse(sys.argv[2])
s = json.load(open(run + "/summary.json"))
assert s["complete"] is True and s["stop_reason"] == "steps" and s["steps"] == 8, s
assert json.load(open(run + "/bugs.json")) == json.load(open(sys.argv[3]))
PY

# A start that fails before step 1 leaves a directory the retry may reuse.
set +e
"$bin" explore --device sim:no-such-app --out "$tmp/retry" --steps 3 --quiet 2> "$tmp/err"; rc=$?
set -e
[ "$rc" -ne 0 ] || { echo "sim:no-such-app started"; exit 1; }
"$bin" explore --device sim:notes --brain offline --out "$tmp/retry" --steps 3 --quiet
grep -q '"type":"run_end"' "$tmp/retry/trace.jsonl"
# ... but a directory that holds a run is still refused.
set +e
"$bin" explore --device sim:notes --brain offline --out "$tmp/retry" --steps 3 --quiet 2> "$tmp/err"; rc=$?
set -e
[ "$rc" -ne 0 ] && grep -q 'already holds a run' "$tmp/err" || { echo "second run into the same dir: rc $rc"; exit 1; }
echo "report_rebuild: ok"
