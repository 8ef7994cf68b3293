#!/bin/bash
# faults_disk.sh - a run whose disk fills up stops at once with a clear
# message and exit code 5, and what is on disk stays consistent: every line
# of trace.jsonl is valid JSON, bugs.json (when a bug was found before the
# disk filled) is whole and valid and every bug in it is traced (a bug
# found as the disk filled may be in the trace only), no .tmp file is left
# behind, and no path
# is printed that was not written. Needs a small tmpfs (we mount one when
# allowed: root; otherwise SKIP).
set -u
SRC=${TRIDENT_SOURCE_DIR:?}
BIN=${TRIDENT_BIN:?}
[ -f "$SRC/configs/apps/notes.json" ] || { echo "SKIP: no sim app notes"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
WORK=$(mktemp -d /tmp/trident-faults-disk.XXXXXX)
MNT=$WORK/mnt
mkdir -p "$MNT"
MOUNTED=
cleanup() { [ -n "$MOUNTED" ] && umount "$MNT"; rm -rf "$WORK"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

# About 150 KB per step with every step's screen saved (run.save_screens
# all; the default writes only new screens and those around bugs, which
# would not fill the disk in 400 steps): 6 MB fills up after some 40 steps,
# after the notes app's first bugs.
if ! mount -t tmpfs -o size=6m tmpfs "$MNT" 2>/dev/null; then
	echo "SKIP: cannot mount a tmpfs here (not root, or no permission)"
	exit 77
fi
MOUNTED=1

echo '{"run": {"save_screens": "all"}}' > "$WORK/cfg.json"
"$BIN" explore --config "$WORK/cfg.json" --device sim:notes --brain offline --out "$MNT/run" --steps 400 --quiet \
	> "$WORK/out" 2> "$WORK/err"
RC=$?
cat "$WORK/out"
grep -E "No space left|cannot write" "$WORK/err" | head -3
[ "$RC" -eq 5 ] || { cat "$WORK/err"; fail "a full disk must exit 5, not $RC"; }
grep -q "No space left on device; stopping the run" "$WORK/err" || fail "no clear message naming the cause"
grep -q "stopped: write" "$WORK/out" || fail "the stop reason must be 'write'"
# Never a path that was not written.
if grep -q "^report: " "$WORK/out"; then
	test -s "$MNT/run/report.html" || fail "printed the path of a report.html that does not exist"
else
	grep -q "^no report: the reports could not be written" "$WORK/out" || fail "must say the reports are missing"
fi
LEFT=$(find "$MNT/run" -name '*.tmp')
[ -z "$LEFT" ] || fail ".tmp files left behind: $LEFT"
NBUGS=$(sed -n 's/.* \([0-9]*\) bugs (stopped.*/\1/p' "$WORK/out")
BUGS_UNWRITTEN=0
grep -q "cannot write .*/bugs.json" "$WORK/err" && BUGS_UNWRITTEN=1
python3 - "$MNT/run" "$NBUGS" "$BUGS_UNWRITTEN" <<'PY' || fail "run directory inconsistent"
import json, os, sys
d = sys.argv[1]
lines = open(d + "/trace.jsonl").read().split("\n")
assert lines[-1] == "", "trace.jsonl must end with a whole line"
recs = [json.loads(l) for l in lines[:-1]]
steps = max((r.get("step", 0) for r in recs), default=0)
assert 0 < steps < 400, steps
bugs = None
if os.path.exists(d + "/bugs.json"):
    bugs = json.load(open(d + "/bugs.json"))["bugs"]
    # Every bug in bugs.json is traced. A bug found when the disk filled
    # cannot be written to bugs.json (the previous one stays whole); the
    # trace still holds it when its line fitted: at most one, and only when
    # writing bugs.json is what failed.
    traced = [r["id"] for r in recs if r["type"] == "bug"]
    listed = [b["id"] for b in bugs]
    assert set(listed) <= set(traced), (listed, traced)
    assert len(traced) - len(listed) <= int(sys.argv[3]), (traced, listed, sys.argv[3])
    assert len(listed) <= int(sys.argv[2]) <= len(traced) + 1, (len(listed), sys.argv[2], len(traced))
print("stopped near step", steps, "with", len(recs), "trace records;",
      "bugs.json holds %d bugs" % len(bugs) if bugs is not None else "no bug found before the disk filled")
PY
echo "PASS"
