#!/usr/bin/env bash
# campaign_block.sh - a campaign's per-app config carries the user's
# blocklist (run.block) to its runs, and the loop escape's deep links honour
# it. The test app tests/data/apps/vault.json loops on its main screen; its
# escape's first choice is the deep link vault://pay into .PayActivity.
#   1. Without a blocklist (plain explore) the escape does open vault://pay:
#      the app can tell a blocklist that works from one that is ignored.
#   2. A campaign whose app config says run.block ["activity:.PayActivity"]
#      escapes by another deep link (vault://history) and never enters Pay.
set -u
SRC=${TRIDENT_SOURCE_DIR:?}
T=${TRIDENT_BIN:?}
SPEC="$(cd "$SRC" && pwd)/tests/data/apps/vault.json"
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
WORK=$(mktemp -d /tmp/trident-campaign-block-XXXXXX)
export HOME="$WORK/home" TMPDIR="$WORK/tmp"
mkdir -p "$HOME" "$TMPDIR"
unset OPENAI_API_KEY ANTHROPIC_API_KEY
trap '[ -n "${KEEP_WORK:-}" ] || rm -rf "$WORK"' EXIT
fails=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fails=$((fails + 1)); }
check() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }
OFF='"oracles": {"rotation": false, "background": false, "display_landscape": false, "loading": false,
             "independent_view": false, "process_death": false}'

# escapes TRACE MODE: MODE entered = the escape deep-linked into Pay; blocked = never, and escaped elsewhere
escapes() {
	python3 - "$@" <<'PY'
import json, sys
path, mode = sys.argv[1], sys.argv[2]
recs = [json.loads(l) for l in open(path) if l.strip()]
steps = [r for r in recs if r["type"] == "step"]
links = [r["action"].get("uri", "") for r in steps if r["action"]["type"] in ("deep_link", "start_activity")]
pay = [r["step"] for r in steps if r["activity"].endswith(".PayActivity")]
if mode == "entered":
    assert "vault://pay" in links and pay, "the escape never opened Pay: %s" % links
else:
    assert not pay, "steps in PayActivity: %s" % pay
    assert not [u for u in links if "pay" in u.lower()], links
    assert "vault://history" in links, "no escape elsewhere: %s" % links
print("  %s: escapes %s, %d steps in Pay" % (mode, links, len(pay)))
PY
}

echo "{$OFF}" > "$WORK/plain.json"
"$T" explore --device "sim:$SPEC" --brain offline --steps 60 --seed 1 --out "$WORK/plain" --quiet --log-level warn \
	--config "$WORK/plain.json" > "$WORK/plain.out" 2>&1 || { cat "$WORK/plain.out"; bad "explore"; }
check "without a blocklist the escape deep-links into Pay" escapes "$WORK/plain/trace.jsonl" entered

cat > "$WORK/campaign.json" <<JSON
{
  "defaults": {"brain": "offline", "steps": 60, "seeds": [1]},
  "apps": [ {"sim": "$SPEC", "config": {"run": {"block": ["activity:.PayActivity"]}, $OFF}} ],
  "devices": ["sim:1"]
}
JSON
"$T" campaign "$WORK/campaign.json" --out "$WORK/camp" --quiet > "$WORK/camp.out" 2>&1 || { cat "$WORK/camp.out"; bad "campaign"; }
trace=$(find "$WORK/camp" -name trace.jsonl | head -1)
check "the campaign ran ($trace)" [ -n "$trace" ]
[ -n "$trace" ] && check "with run.block in the app's config the escape avoids Pay" escapes "$trace" blocked
echo "$fails failed"
[ $fails -eq 0 ]
