#!/bin/bash
# faults_exit.sh - every fault ends in a clear state with a documented exit
# code (README "Exit codes"):
#   1. usage errors and out-of-range config numbers exit 2 naming the file,
#      the key path and the allowed range;
#   2. a rejected key (401) and an unknown model (404) end the run with 4;
#   3. a model server that accepts and never answers + SIGINT: the model call
#      is cancelled, the run exits 130 within 10 s with bugs.json,
#      summary.json and report.html written and a valid trace; a second
#      SIGINT quits at once (130) and the trace stays valid;
#   4. a config that holds llm.api_key and is readable by others is warned
#      about by explore too.
set -u
SRC=${TRIDENT_SOURCE_DIR:?}
BIN=${TRIDENT_BIN:?}
[ -f "$SRC/configs/apps/notes.json" ] || { echo "SKIP: no sim app notes"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
WORK=$(mktemp -d /tmp/trident-faults-exit.XXXXXX)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "$WORK"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

# expect_rc WANT NAME CMD...: run CMD (output in $WORK/NAME.out) and check its exit code.
expect_rc() {
	local want=$1 name=$2; shift 2
	"$@" > "$WORK/$name.out" 2>&1
	local rc=$?
	[ "$rc" -eq "$want" ] || { cat "$WORK/$name.out"; fail "$name: exit $rc, want $want"; }
}

# --- 1. usage and config ranges -> 2 -------------------------------------------
expect_rc 2 badflag "$BIN" explore --device sim:notes --out "$WORK/r0" --bogus
echo '{"run": {"steps": -3}}' > "$WORK/neg.json"
expect_rc 2 negsteps "$BIN" explore --config "$WORK/neg.json" --device sim:notes --out "$WORK/r1"
grep -q "neg.json: run.steps: -3 is out of range (allowed: 1 to 10000000)" "$WORK/negsteps.out" ||
	{ cat "$WORK/negsteps.out"; fail "the range error must name file, key and range"; }
echo '{"run": {"steps": 1e30}}' > "$WORK/huge.json"
expect_rc 2 hugesteps "$BIN" explore --config "$WORK/huge.json" --device sim:notes --out "$WORK/r2"
grep -q "huge.json: run.steps: 1e+30 is out of range" "$WORK/hugesteps.out" || fail "1e30 steps must be refused"
echo '{"device": {"timeout_ms": 0}}' > "$WORK/zero.json"
expect_rc 2 zerotimeout "$BIN" explore --config "$WORK/zero.json" --device sim:notes --out "$WORK/r3"
grep -q "device.timeout_ms: 0 is out of range (allowed: 1 to 86400000)" "$WORK/zerotimeout.out" ||
	fail "device.timeout_ms 0 must be refused"
expect_rc 2 flagsteps "$BIN" explore --device sim:notes --out "$WORK/r4" --steps 99999999999
expect_rc 2 flagminutes "$BIN" explore --device sim:notes --out "$WORK/r5" --minutes 1e30
[ ! -e "$WORK/r1" ] && [ ! -e "$WORK/r4" ] || fail "a refused start must leave no run directory"

# --- 2. 401 / 404 -> 4 ------------------------------------------------------------
python3 "$SRC/tests/integration/fake_llm_server.py" > "$WORK/llm.port" 2> "$WORK/llm.err" &
PIDS+=($!)
for _ in $(seq 50); do [ -s "$WORK/llm.port" ] && break; sleep 0.1; done
LPORT=$(awk '{print $2}' "$WORK/llm.port")
[ -n "$LPORT" ] || fail "fake model server did not start"
for code in 401 404; do
	cat > "$WORK/m$code.json" <<JSON
{"llm": {"provider": "openai", "base_url": "http://127.0.0.1:$LPORT/$code/t$code/v1", "api_key_env": "",
         "api_key": "sk-test-$code", "model": "gpt-4o-mini", "retries": 0}, "log": {"level": "warn"}}
JSON
	chmod 600 "$WORK/m$code.json"
	expect_rc 4 "model$code" "$BIN" explore --config "$WORK/m$code.json" --device sim:notes --brain llm \
		--out "$WORK/run$code" --steps 5 --quiet
	grep -q "stopped: model" "$WORK/model$code.out" || { cat "$WORK/model$code.out"; fail "$code: stop reason"; }
	grep -q "$code" "$WORK/model$code.out" || fail "$code: the message must say what the server answered"
	test -s "$WORK/run$code/report.html" || fail "$code: no report.html"
done

# --- 4. readable config with a key: explore warns; a custom header holding
# the key is redacted even at trace level --------------------------------------
cat > "$WORK/perm.json" <<JSON
{"llm": {"provider": "openai", "base_url": "http://127.0.0.1:$LPORT/401/tperm/v1", "api_key_env": "",
         "api_key": "sk-test-perm-0123456789", "model": "gpt-4o-mini", "retries": 0,
         "headers": {"X-Gateway-Token": "sk-test-perm-0123456789"}}}
JSON
chmod 644 "$WORK/perm.json"
"$BIN" explore --config "$WORK/perm.json" --device sim:notes --brain llm --out "$WORK/runperm" --steps 1 \
	--quiet --log-level trace > "$WORK/perm.out" 2>&1
grep -q "holds llm.api_key and is readable by others" "$WORK/perm.out" ||
	{ cat "$WORK/perm.out"; fail "explore must warn about a readable config holding the key"; }
grep -q "X-Gateway-Token: \[REDACTED\]" "$WORK/perm.out" || { cat "$WORK/perm.out"; fail "the custom header is not shown redacted"; }
if grep -rq "sk-test-perm-0123456789" "$WORK/perm.out" "$WORK/runperm"; then
	fail "the key leaked into the log or the run directory"
fi
# Every command that reads a config file warns the same way (and never prints the key).
"$BIN" capture --config "$WORK/perm.json" --device sim:notes --out "$WORK/capperm" > "$WORK/perm2.out" 2>&1 ||
	{ cat "$WORK/perm2.out"; fail "capture with the readable config"; }
"$BIN" screen --config "$WORK/perm.json" "$WORK/capperm/screen.xml" >> "$WORK/perm2.out" 2>&1
"$BIN" annotate --config "$WORK/perm.json" --xml "$WORK/capperm/screen.xml" --png "$WORK/capperm/screen.png" \
	--out "$WORK/annperm.png" >> "$WORK/perm2.out" 2>&1
[ "$(grep -c "holds llm.api_key and is readable by others" "$WORK/perm2.out")" -ge 3 ] ||
	{ cat "$WORK/perm2.out"; fail "capture, screen and annotate must warn about the readable config"; }
if grep -q "sk-test-perm-0123456789" "$WORK/perm2.out"; then
	fail "the key leaked into a command's output"
fi

# Under ThreadSanitizer the agent threads are too slow to return within the
# 5 s grace after SIGINT and the run takes its abandon path, which with report
# writing does not fit the 10 s this part allows: it runs in the plain and
# ASan builds only. (A thread abandoned there cannot add records after
# run_end: the trace refuses them.)
case "${TRIDENT_BUILD_DIR:-}" in
*sanitize-thread*) echo "faults_exit: SIGINT part skipped under ThreadSanitizer"; exit 0 ;;
esac

# --- 3. stalled model + SIGINT -> 130 within 10 s, reports written ---------------
echo '{}' > "$WORK/script.json"
python3 "$SRC/tests/integration/fake_agent_llm.py" --script "$WORK/script.json" --stall > "$WORK/stall.port" &
PIDS+=($!)
for _ in $(seq 50); do [ -s "$WORK/stall.port" ] && break; sleep 0.1; done
SPORT=$(awk '{print $2}' "$WORK/stall.port")
[ -n "$SPORT" ] || fail "stalling model server did not start"
cat > "$WORK/stall.json" <<JSON
{"llm": {"provider": "openai", "base_url": "http://127.0.0.1:$SPORT/v1", "api_key_env": "",
         "model": "fake-model", "retries": 0, "structured_output": "json_schema"},
 "agents": {"status_interval_s": 1}, "log": {"level": "info"}}
JSON

# run_stalled N NAME: start a run, wait until its model call hangs, send N SIGINTs
run_stalled() {
	local n=$1 name=$2
	"$BIN" explore --config "$WORK/stall.json" --device sim:notes --brain llm --out "$WORK/$name" \
		--steps 50 > "$WORK/$name.out" 2>&1 &
	local pid=$!
	# The status line says what the run waits for.
	for _ in $(seq 100); do grep -q "waiting for the model: [0-9]* s" "$WORK/$name.out" && break; sleep 0.1; done
	grep -q "waiting for the model: [0-9]* s" "$WORK/$name.out" ||
		{ kill -9 $pid; cat "$WORK/$name.out"; fail "$name: the status line must say it waits for the model"; }
	local t0; t0=$(date +%s)
	kill -INT $pid
	[ "$n" -gt 1 ] && { sleep 0.3; kill -INT $pid; }
	for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
	if kill -0 $pid 2>/dev/null; then
		kill -9 $pid; cat "$WORK/$name.out"; fail "$name: still running 10 s after SIGINT"
	fi
	wait $pid; local rc=$?
	echo "$name: exited $rc, $(( $(date +%s) - t0 )) s after the first SIGINT"
	[ "$rc" -eq 130 ] || { cat "$WORK/$name.out"; fail "$name: exit $rc, want 130"; }
}
run_stalled 1 int1
for f in bugs.json summary.json report.html; do
	test -s "$WORK/int1/$f" || { cat "$WORK/int1.out"; fail "int1: $f not written"; }
done
grep -q "report: $WORK/int1/report.html" "$WORK/int1.out" || fail "int1: the report path must be printed"
python3 - "$WORK/int1" <<'PY' || fail "int1: reports or trace invalid"
import json, sys
d = sys.argv[1]
json.load(open(d + "/bugs.json"))
s = json.load(open(d + "/summary.json"))
assert s["stop_reason"] == "interrupted", s["stop_reason"]
types = [json.loads(l)["type"] for l in open(d + "/trace.jsonl")]
assert types[0] == "run_start" and types[-1] == "run_end", types[-3:]
PY

run_stalled 2 int2
python3 - "$WORK/int2" <<'PY' || fail "int2: trace invalid after the second SIGINT"
import json, sys
lines = open(sys.argv[1] + "/trace.jsonl").read().splitlines()
assert lines and all(json.loads(l)["type"] for l in lines)
json.load(open(sys.argv[1] + "/bugs.json")) if __import__("os").path.exists(sys.argv[1] + "/bugs.json") else None
PY
echo "PASS"
