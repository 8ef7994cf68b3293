#!/usr/bin/env bash
# campaign_adb.sh - `trident campaign` over real ADB: 2 apps (com.trident.notes
# installed on the device, todo.apk installed by each run) x 2 seeds on 2
# trident-simd devices through Debian's adb server.
#  A. (6 runs) One device is killed (SIGKILL) mid-run and restarted on its port once
#     the campaign has taken the loss (longer than device.reconnect_ms): its
#     run ends with exit 3, is requeued, the probe sees the device back while
#     other runs remain, and the campaign completes: every run done or
#     failed with a reason; index.html, junit.xml and the merged bugs.json
#     list every bug of every run directory.
#  B. (4 runs) The campaign itself is killed with SIGKILL mid-run (its workers die with
#     it); `--resume` finishes the rest without redoing completed runs (their
#     traces are untouched) and continues the killed run (explore --resume).
# A runs each app three times (seeds 1-3: the other device must still be
# busy when the lost one comes back), B twice (seeds 1 and 2).
# TRIDENT_CAMPAIGN_STEPS sets the step budget (default 15; 12 in sanitizer builds).
# Private HOME, adb server port and simd ports; everything is killed at the end.
set -u

command -v adb >/dev/null 2>&1 || { echo "SKIP: adb is not installed"; exit 77; }
command -v aapt >/dev/null 2>&1 || { echo "SKIP: aapt is not installed"; exit 77; }
[ -f /usr/share/android-framework-res/framework-res.apk ] || { echo "SKIP: android-framework-res is not installed"; exit 77; }
SIMD=${TRIDENT_SIMD:-}
[ -n "$SIMD" ] && [ -x "$SIMD" ] || { echo "SKIP: TRIDENT_SIMD (trident-simd) is not built"; exit 77; }
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
T=$TRIDENT_BIN
# Sanitizer builds (build/sanitize-*) are 3-5x slower: a shorter budget there.
case "${TRIDENT_BUILD_DIR:-}" in *sanitize-*) DEFAULT_STEPS=12 ;; *) DEFAULT_STEPS=15 ;; esac
STEPS=${TRIDENT_CAMPAIGN_STEPS:-$DEFAULT_STEPS}

WORK=$(mktemp -d /tmp/trident-campaign-adb-XXXXXX)
export HOME="$WORK/home" TMPDIR="$WORK/tmp"
mkdir -p "$HOME" "$TMPDIR"
unset ADB_SERVER_SOCKET OPENAI_API_KEY ANTHROPIC_API_KEY AZURE_OPENAI_API_KEY OPENROUTER_API_KEY
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_port.sh"
export ANDROID_ADB_SERVER_PORT=$(free_port)
P1=$(free_port); P2=$(free_port)
S1=127.0.0.1:$P1; S2=127.0.0.1:$P2
SIMD1=""; SIMD2=""; CAMPAIGN_PID=""
fails=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fails=$((fails + 1)); }
check() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

start_simd() { # port -> pid in $STARTED
	"$SIMD" --app notes --port "$1" --log-level warn >>"$WORK/simd-$1.log" 2>&1 &
	STARTED=$!
	for _ in $(seq 100); do
		python3 -c "import socket; socket.create_connection(('127.0.0.1',$1),0.2)" 2>/dev/null && return 0
		sleep 0.05
	done
	echo "trident-simd did not start on $1"; return 1
}
cleanup() {
	[ -n "$CAMPAIGN_PID" ] && kill -9 "$CAMPAIGN_PID" 2>/dev/null
	for p in $SIMD1 $SIMD2; do kill -9 "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
	timeout 10 adb kill-server >/dev/null 2>&1
	rm -rf "$WORK"
}
trap cleanup EXIT
cd "$WORK" || exit 1

"$TRIDENT_SOURCE_DIR/scripts/build-apks" "$WORK/apks" "$TRIDENT_SOURCE_DIR/configs/apps/todo.json" \
	>"$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; echo "FAIL scripts/build-apks"; exit 1; }
start_simd "$P1" || exit 1; SIMD1=$STARTED
start_simd "$P2" || exit 1; SIMD2=$STARTED
timeout 30 adb start-server >/dev/null 2>&1 || { echo "FAIL adb start-server"; exit 1; }
for s in "$S1" "$S2"; do
	timeout 20 adb connect "$s" >/dev/null 2>&1
	timeout 20 adb -s "$s" wait-for-device || { echo "FAIL wait-for-device $s"; exit 1; }
done

cat > c.json <<JSON
{"adb_server": "127.0.0.1:$ANDROID_ADB_SERVER_PORT", "retries": 2, "device_wait_s": 60,
 "defaults": {"brain": "offline", "steps": $STEPS, "seeds": [1, 2],
              "config": {"device": {"reconnect_ms": 1000}, "log": {"level": "warn"}}},
 "apps": [{"name": "notes", "package": "com.trident.notes"}, {"apk": "apks/todo.apk"}],
 "devices": ["$S1", "$S2"]}
JSON
# A: three seeds, so that the other device still has runs to do when the
# lost one comes back (with one seed, the retry could finish on it before
# the probe saw the device back, and nothing would say "is back").
sed 's/"seeds": \[1, 2\]/"seeds": [1, 2, 3]/' c.json > a.json

# Wait until a run on device $2 of campaign dir $1 has taken 3 steps and has 3 or more left; its id in $RUN.
wait_running_on() {
	RUN=""
	for _ in $(seq 600); do
		RUN=$(python3 - "$1" "$2" "$STEPS" <<'PY'
import json, os, sys
try:
    st = json.load(open(os.path.join(sys.argv[1], "campaign.json")))
except Exception:
    sys.exit(0)
for r in st["runs"]:
    if r["state"] == "running" and r.get("device") == sys.argv[2]:
        try:
            n = sum('"type":"step"' in l for l in open(os.path.join(sys.argv[1], r["dir"], "trace.jsonl")))
        except OSError:
            n = 0
        if 3 <= n <= int(sys.argv[3]) - 3:
            print(r["id"])
            break
PY
)
		[ -n "$RUN" ] && return 0
		sleep 0.1
	done
	return 1
}

# Every bug of every run directory (and earlier attempt) is in index.html, junit.xml, bugs.json.
check_outputs() {
	python3 - "$1" <<'PY'
import html, json, os, sys
d = sys.argv[1]
st = json.load(open(os.path.join(d, "campaign.json")))
idx = open(os.path.join(d, "index.html")).read()
junit = open(os.path.join(d, "junit.xml")).read()
merged = {(b["app"], b["title"]) for b in json.load(open(os.path.join(d, "bugs.json")))["bugs"]}
esc = lambda t: html.escape(t).replace("&#x27;", "&#39;")
bad, n = [], 0
for r in st["runs"]:
    if r["state"] not in ("done", "failed"):
        bad.append("run %s is %s" % (r["id"], r["state"]))
    if r["state"] == "failed" and not r.get("reason"):
        bad.append("run %s failed without a reason" % r["id"])
    for rd in r.get("earlier_dirs", []) + [r["dir"]]:
        p = os.path.join(d, rd, "bugs.json")
        if not os.path.exists(p):
            continue
        for b in json.load(open(p))["bugs"]:
            n += 1
            if esc(b["title"]) not in idx: bad.append("index.html lacks %r (%s)" % (b["title"], rd))
            if esc(b["title"]) not in junit: bad.append("junit.xml lacks %r (%s)" % (b["title"], rd))
            if (r["app"], b["title"]) not in merged: bad.append("bugs.json lacks %r" % b["title"])
if n == 0:
    bad.append("no bug was found at all: nothing to check")
for b in bad: print("FAIL " + b)
print("%d bug reports checked in %s" % (n, d))
sys.exit(1 if bad else 0)
PY
}

# --- A: a device killed mid-campaign and restarted.
"$T" campaign a.json --out a >a.out 2>a.err &
CAMPAIGN_PID=$!
if wait_running_on a "$S2"; then
	kill -9 "$SIMD2"; wait "$SIMD2" 2>/dev/null; SIMD2=""
	echo "     killed device $S2 during run $RUN"
	# Back as soon as the campaign has taken the loss (the run requeued), not after a fixed wait.
	for _ in $(seq 200); do
		grep -q "lost on attempt" a/campaign.json 2>/dev/null && break
		sleep 0.1
	done
	start_simd "$P2" || exit 1; SIMD2=$STARTED
else
	bad "no run started on $S2"
fi
wait "$CAMPAIGN_PID"; rc=$?; CAMPAIGN_PID=""
check "A: the campaign exits 0 (rc $rc)" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || { cat a.out; tail -5 a.err; }
check "A: every run completed or failed with a reason; every bug in index.html, junit.xml, bugs.json" check_outputs a
python3 - <<'PY' && ok "A: the run on the killed device was retried after exit 3" || bad "A: no retry after the device loss"
import json
st = json.load(open("a/campaign.json"))
lost = [r for r in st["runs"] if r["attempts"] >= 2 and r.get("earlier_dirs")]
for r in lost: print("     %s: %d attempts, now %s on %s" % (r["id"], r["attempts"], r["state"], r["device"]))
raise SystemExit(0 if lost else 1)
PY
check "A: the lost device was probed and came back" grep -q "device $S2 is back" a.err
check "A: all six runs done" [ "$(grep -c '"state":	"done"' a/campaign.json)" -eq 6 ]

# --- B: kill -9 of the campaign, then --resume.
"$T" campaign c.json --out b >b.out 2>b.err &
CAMPAIGN_PID=$!
# Up to 5 minutes for the first run to finish: a sanitizer build on a
# loaded 2-core machine once needed more than 90 s (the check below is
# this part's precondition, not a product property).
for _ in $(seq 3000); do
	grep -q '"state":	"done"' b/campaign.json 2>/dev/null && break
	sleep 0.1
done
wait_running_on b "$S1" || wait_running_on b "$S2" || bad "B: no run running after the first finished"
kill -9 "$CAMPAIGN_PID"; wait "$CAMPAIGN_PID" 2>/dev/null; CAMPAIGN_PID=""
echo "     killed the campaign during run $RUN"
sleep 0.5
alive=$(ps -eo pid=,args= | grep -F -- "$WORK/b/runs" | grep -v grep)
check "B: its workers died with it" [ -z "$alive" ]
python3 - <<'PY' >done-before.txt
import json
for r in json.load(open("b/campaign.json"))["runs"]:
    if r["state"] == "done": print(r["id"], r["dir"])
PY
check "B: some runs were done before the kill" [ -s done-before.txt ]
sums_before=$(while read -r id dir; do md5sum "b/$dir/trace.jsonl"; done < done-before.txt)
"$T" campaign c.json --out b --resume >b2.out 2>b2.err; rc=$?
check "B: --resume exits 0 (rc $rc)" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || { cat b2.out; tail -5 b2.err; }
sums_after=$(while read -r id dir; do md5sum "b/$dir/trace.jsonl"; done < done-before.txt)
check "B: completed runs were not redone (traces untouched)" [ "$sums_before" = "$sums_after" ]
check "B: completed runs got no new attempt" \
	bash -c "! while read -r id dir; do ls -d b/runs/\$id.2 2>/dev/null; done < done-before.txt | grep -q ."
check "B: the killed run $RUN was continued (explore --resume)" [ -d "b/runs/$RUN/resume-1" ]
check "B: ... and its whole-run summary counts all $STEPS steps" \
	python3 -c "import json,sys; s=json.load(open('b/runs/$RUN/summary.json')); sys.exit(0 if s['steps']==$STEPS else 1)"
check "B: every run completed; every bug in index.html, junit.xml, bugs.json" check_outputs b

[ "$fails" -eq 0 ] || { echo "$fails failed"; exit 1; }
echo "all campaign adb checks passed"
