#!/usr/bin/env bash
# crash_once.sh - one crash, one report (issue 14): a 150-step run of the
# random brain on sim:todo (seed 1) long-presses done tasks several times;
# each crash it causes is the same exception in the same app frame, so
# bugs.json lists each distinct crash once, with the repeats counted in
# its occurrences (and traced as bug_duplicate records), and `trident
# eval` finds no duplicate crash report. The random brain types random
# text, so a title made of the typed text would make every crash new.
# Sanitizer builds (build/sanitize-*) are 3-5x slower: 100 steps there
# (seed 1 crashes at steps 63, 65, 86 and 96).
set -euo pipefail
case "${TRIDENT_BUILD_DIR:-}" in *sanitize-*) steps=100 ;; *) steps=150 ;; esac

bin=${TRIDENT_BIN:?}
src=${TRIDENT_SOURCE_DIR:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -f "$src/configs/apps/todo.json" ] || { echo "SKIP: no todo app"; exit 77; }

"$bin" explore --device "sim:$src/configs/apps/todo.json" --brain random --seed 1 --steps "$steps" \
	--out "$tmp/run" --quiet > /dev/null
"$bin" eval --app "$src/configs/apps/todo.json" --run "$tmp/run" > "$tmp/eval.json"
python3 - "$tmp/run" "$tmp/eval.json" <<'PY'
import json, sys
run, ev = sys.argv[1], json.load(open(sys.argv[2]))
bugs = json.load(open(run + "/bugs.json"))["bugs"]
crashes = [b for b in bugs if b["found_by"] == "oracle:crash"]
assert crashes, "no crash reported: %s" % [b["title"] for b in bugs]
keys = [((b.get("extra") or {}).get("exception"), (b.get("extra") or {}).get("app_frame")) for b in crashes]
assert len(set(keys)) == len(keys), "a crash listed twice: %s" % keys
titles = [b["title"] for b in crashes]
assert len(set(titles)) == len(titles), titles
# The run saw a crash more than once (else this test proves nothing).
trace = [json.loads(l) for l in open(run + "/trace.jsonl")]
seen = [r for r in trace if r.get("type") in ("bug", "bug_duplicate") and r.get("found_by") == "oracle:crash"]
total = sum(max(b.get("occurrences", 1), 1) for b in crashes)
assert total >= len(crashes) + 1, "every crash seen once: %s" % [(b["title"], b.get("occurrences")) for b in crashes]
assert len(seen) == total, (len(seen), total)
dup = [b for b in ev["bugs"] if b["verdict"] == "duplicate" and b["found_by"] == "oracle:crash"]
assert not dup, dup
print("crashes listed: %d, seen %d times: %s" % (len(crashes), total, titles))
PY
