#!/bin/bash
# llm_check.sh - `trident llm-check` against the fake OpenAI-compatible and
# Anthropic servers: the happy path for both APIs, config file plus flag
# overrides, a clear message without a key, 401, usage errors, and record
# mode never writing the key.
set -u
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
[ -x "${TRIDENT_BIN:-}" ] || { echo "SKIP: TRIDENT_BIN not set"; exit 77; }

KEY=sk-test-SECRET-0123456789
tmp=$(mktemp -d)
python3 "$TRIDENT_SOURCE_DIR/tests/integration/fake_llm_server.py" --key "$KEY" >"$tmp/port" 2>"$tmp/server.err" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 50); do grep -q PORT "$tmp/port" && break; sleep 0.1; done
port=$(awk '/PORT/ {print $2}' "$tmp/port")
[ -n "$port" ] || { echo "FAIL: fake server did not start"; cat "$tmp/server.err"; exit 1; }
base="http://127.0.0.1:$port"

unset OPENAI_API_KEY OPENAI_BASE_URL ANTHROPIC_API_KEY ANTHROPIC_BASE_URL \
      AZURE_OPENAI_API_KEY AZURE_OPENAI_ENDPOINT OPENROUTER_API_KEY
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
expect() { # expect NAME WANT_RC PATTERN -- command...
	local name=$1 want=$2 pat=$3; shift 4
	"$@" >"$tmp/out" 2>&1
	local rc=$?
	[ "$rc" = "$want" ] || { fail "$name: exit $rc, expected $want"; cat "$tmp/out"; return; }
	grep -q -- "$pat" "$tmp/out" || { fail "$name: output lacks '$pat'"; cat "$tmp/out"; return; }
	echo "ok   $name"
}

expect no_key 1 "set OPENAI_API_KEY" -- "$TRIDENT_BIN" llm-check
expect help 0 "--base-url" -- "$TRIDENT_BIN" llm-check --help
expect bad_option 2 "unknown option" -- "$TRIDENT_BIN" llm-check --frobnicate
expect bad_provider 2 "not one of" -- "$TRIDENT_BIN" llm-check --provider nope
expect missing_value 2 "needs a value" -- "$TRIDENT_BIN" llm-check --model

export OPENAI_API_KEY=$KEY ANTHROPIC_API_KEY=$KEY
expect openai 0 "tokens:   100 prompt, 10 completion" -- \
	"$TRIDENT_BIN" llm-check --base-url "$base/valid/i1/v1" --model test-model
grep -q "image:    understood" "$tmp/out" || fail "openai: image not understood"
expect anthropic 0 "provider: anthropic" -- \
	"$TRIDENT_BIN" llm-check --provider anthropic --base-url "$base/valid/i2" --model claude-test
grep -q "tokens:   120 prompt, 15 completion" "$tmp/out" || fail "anthropic: tokens"
expect prose 0 "understood" -- "$TRIDENT_BIN" llm-check --base-url "$base/prose/i3/v1"
expect unauthorized 1 "rejected the API key from \$OPENAI_API_KEY" -- \
	"$TRIDENT_BIN" llm-check --base-url "$base/401/i4/v1"

# A config file, then flags over it (flags win whatever their order).
cat >"$tmp/cfg.json" <<JSON
{ "run": { "out": "$tmp/run" },
  "llm": { "provider": "openai", "base_url": "$base/404/i5/v1", "model": "from-file",
           "api_key_env": "MY_KEY", "record": true } }
JSON
MY_KEY=$KEY expect config_file 1 "404 for model 'from-file'" -- \
	"$TRIDENT_BIN" llm-check --config "$tmp/cfg.json"
MY_KEY=$KEY expect flags_override 0 "model:    from-flag" -- \
	"$TRIDENT_BIN" llm-check --model from-flag --config "$tmp/cfg.json" --base-url "$base/valid/i6/v1"
ls "$tmp"/run/llm/*.json >/dev/null 2>&1 || fail "record mode wrote no files"
if grep -rq -- "$KEY" "$tmp/run"; then fail "the key appears in the run directory"; else echo "ok   key_redacted"; fi

[ "$fails" = 0 ] || exit 1
echo "all llm-check tests passed"
