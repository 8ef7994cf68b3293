#!/usr/bin/env bash
# campaign_shard.sh - `trident campaign --shard K/N` and `campaign merge`:
# a campaign of 2 simulated apps x 2 seeds on 2 in-process simulator slots,
# run whole and as shards 1/2 and 2/2 merged, gives the same set of distinct
# bugs (app, title, category, functionality) in bugs.json, index.html and
# junit.xml; the shards split the runs without overlap; index.html links
# every run's report.html. Then the campaign file's errors (file, key path,
# reason), a second start on the same --out (refused) and bad --shard.
# TRIDENT_CAMPAIGN_STEPS sets the step budget (default 15; 12 in sanitizer builds).
set -u
: "${TRIDENT_BIN:?}"
T=$TRIDENT_BIN
# Sanitizer builds (build/sanitize-*) are 3-5x slower: a shorter budget there.
case "${TRIDENT_BUILD_DIR:-}" in *sanitize-*) DEFAULT_STEPS=12 ;; *) DEFAULT_STEPS=15 ;; esac
STEPS=${TRIDENT_CAMPAIGN_STEPS:-$DEFAULT_STEPS}
WORK=$(mktemp -d /tmp/trident-campaign-shard-XXXXXX)
export HOME="$WORK/home" TMPDIR="$WORK/tmp"
mkdir -p "$HOME" "$TMPDIR"
unset OPENAI_API_KEY ANTHROPIC_API_KEY AZURE_OPENAI_API_KEY OPENROUTER_API_KEY
trap 'rm -rf "$WORK"' EXIT
fails=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fails=$((fails + 1)); }
check() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }
cd "$WORK" || exit 1

cat > c.json <<JSON
{"defaults": {"brain": "offline", "steps": $STEPS, "seeds": [1, 2]},
 "apps": [{"sim": "notes"}, {"sim": "todo"}],
 "devices": ["sim:1", "sim:2"]}
JSON
"$T" campaign c.json --out whole --quiet >whole.out 2>&1; rc=$?
check "the whole campaign exits 0 (rc $rc)" [ "$rc" -eq 0 ]
"$T" campaign c.json --out s1 --shard 1/2 --quiet >s1.out 2>&1; rc1=$?
"$T" campaign c.json --out s2 --shard 2/2 --quiet >s2.out 2>&1; rc2=$?
check "both shards exit 0 ($rc1, $rc2)" [ "$rc1" -eq 0 -a "$rc2" -eq 0 ]
"$T" campaign merge s1 s2 --out merged >merge.out 2>&1; rc=$?
check "merge exits 0 (rc $rc)" [ "$rc" -eq 0 ]

python3 - "$WORK" <<'PY' || fails=$((fails + 1))
import html, json, os, sys
w = sys.argv[1]
def esc(t):  # as trident escapes: &#39; for '
    return html.escape(t).replace("&#x27;", "&#39;")
def key(d):
    return sorted((b["app"], b["title"], b["category"], b.get("functionality", ""))
                  for b in json.load(open(os.path.join(w, d, "bugs.json")))["bugs"])
def runs(d):
    return {r["id"]: r for r in json.load(open(os.path.join(w, d, "campaign.json")))["runs"]}
bad = []
whole, merged = key("whole"), key("merged")
if not whole:
    bad.append("the whole campaign found no bug: nothing to compare")
if whole != merged:
    bad.append("bug sets differ:\n whole  %s\n merged %s" % (whole, merged))
r1, r2, rw, rm = runs("s1"), runs("s2"), runs("whole"), runs("merged")
if set(r1) & set(r2):
    bad.append("shards overlap: %s" % (set(r1) & set(r2)))
if set(r1) | set(r2) != set(rw) or set(rm) != set(rw) or len(rw) != 4:
    bad.append("shard runs %s + %s != whole %s (merged %s)" % (sorted(r1), sorted(r2), sorted(rw), sorted(rm)))
if sorted(r1) != ["notes-s1", "todo-s1"]:
    bad.append("shard 1/2 must hold runs 0 and 2 of the app x seed order, not %s" % sorted(r1))
idx = open(os.path.join(w, "merged", "index.html")).read()
junit = open(os.path.join(w, "merged", "junit.xml")).read()
for app, title, cat, func in merged:
    if esc(title) not in idx:
        bad.append("index.html lacks bug %r" % title)
    if esc(title) not in junit:
        bad.append("junit.xml lacks bug %r" % title)
for rid, r in rm.items():
    rep = os.path.normpath(os.path.join(w, "merged", r["dir"], "report.html"))
    if not os.path.isfile(rep):
        bad.append("merged run %s: %s is not a report" % (rid, rep))
    if 'href="%s/report.html"' % esc(r["dir"]) not in idx:
        bad.append("index.html does not link %s/report.html" % r["dir"])
    if r["state"] != "done":
        bad.append("run %s is %s" % (rid, r["state"]))
print("\n".join("FAIL " + b for b in bad) or "ok   shards 1/2 + 2/2 merged = the whole campaign's %d distinct bugs" % len(whole))
sys.exit(1 if bad else 0)
PY

# A second start on the same --out is refused; --resume of a finished one reruns nothing.
"$T" campaign c.json --out whole --quiet >again.out 2>&1; rc=$?
check "a second start on the same --out exits 2" [ "$rc" -eq 2 ]
check "  and says to use --resume" grep -q -- "--resume" again.out
before=$(md5sum whole/runs/*/trace.jsonl | md5sum)
"$T" campaign c.json --out whole --resume --quiet >resume.out 2>&1; rc=$?
check "--resume of a finished campaign exits 0 (rc $rc)" [ "$rc" -eq 0 ]
check "  and runs nothing again" [ "$before" = "$(md5sum whole/runs/*/trace.jsonl | md5sum)" ]
check "  (no second attempt directory)" [ ! -e whole/runs/notes-s1.2 ]

# Bad campaign files: the error names the file, the key path and the reason.
bad_file() { # name, json, expected text
	printf '%s' "$2" > "bad-$1.json"
	"$T" campaign "bad-$1.json" --out "out-$1" >"bad-$1.out" 2>&1; local rc=$?
	if [ "$rc" -eq 2 ] && grep -qF -- "$3" "bad-$1.out"; then ok "bad file $1: $3"
	else bad "bad file $1 (rc $rc): want '$3', got: $(cat "bad-$1.out")"; fi
}
bad_file steps '{"apps": [{"sim": "notes"}, {"sim": "todo", "steps": 0}], "devices": ["sim"]}' \
	"bad-steps.json: apps[1].steps: must be a whole number from 1 to 10000000"
bad_file key '{"apps": [{"sim": "notes", "stepz": 3}], "devices": ["sim"]}' "bad-key.json: apps[0].stepz: unknown key"
bad_file kind '{"apps": [{"sim": "notes", "package": "x"}], "devices": ["sim"]}' "apps[0]: needs exactly one of"
bad_file fit '{"apps": [{"package": "com.x"}], "devices": ["sim"]}' "apps[0]: no listed device can run it"
bad_file seeds '{"apps": [{"sim": "notes", "seeds": [1, 1]}], "devices": ["sim"]}' "apps[0].seeds[1]: seed listed twice"
bad_file dup '{"apps": [{"sim": "notes"}], "devices": ["emulator-5554", "emulator-5554"]}' "devices[1]: 'emulator-5554' is listed twice"
bad_file config '{"apps": [{"sim": "notes", "config": {"run": {"steps": -4}}}], "devices": ["sim"]}' "bad-config.json: apps[0].config"
bad_file key2 '{"apps": [{"sim": "notes", "config": {"llm": {"api_key": "sk-x"}}}], "devices": ["sim"]}' "apps[0].config.llm.api_key: API keys do not go into campaign files"
bad_file apk '{"apps": [{"apk": "nowhere.apk"}], "devices": ["sim"]}' "apps[0].apk: no such file"
bad_file json '{"apps": [' "bad-json.json:1:"
bad_file server '{"adb_server": "nohost", "apps": [{"sim": "notes"}], "devices": ["sim"]}' "adb_server: 'nohost' is not HOST:PORT"
"$T" campaign c.json --out x --shard 3/2 >shard.out 2>&1; rc=$?
check "--shard 3/2 exits 2" [ "$rc" -eq 2 ]
check "  naming K/N" grep -q "K/N" shard.out

[ "$fails" -eq 0 ] || { echo "$fails failed"; exit 1; }
echo "all campaign shard checks passed"
