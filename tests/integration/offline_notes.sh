#!/usr/bin/env bash
# offline_notes.sh - the offline brain end to end on the simulated notes app:
# it finds injected bugs that `trident eval` confirms against the ground truth
# with no false positive, the fixed variant yields no report at all, the
# random baseline runs, and every intervention and replay is traced.
set -euo pipefail

bin=${TRIDENT_BIN:?}
src=${TRIDENT_SOURCE_DIR:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -f "$src/configs/apps/notes.json" ] || { echo "SKIP: no notes app"; exit 77; }

# --fail-on-bugs: exit 1 once a bug is reported (README "Exit codes").
rc=0; "$bin" explore --device sim:notes --brain offline --out "$tmp/buggy" --steps 90 --quiet --fail-on-bugs || rc=$?
[ "$rc" -eq 1 ] || { echo "FAIL: --fail-on-bugs with bugs must exit 1, not $rc"; exit 1; }
test -f "$tmp/buggy/bugs.json"
"$bin" eval --app "$src/configs/apps/notes.json" --run "$tmp/buggy" > "$tmp/eval.json"
python3 - "$tmp/eval.json" "$tmp/buggy/trace.jsonl" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["reports"] >= 2, d
assert d["false_positives"] == 0, d
assert len(d["found"]) >= 2, d
assert d["precision"] == 1, d
types = [json.loads(l)["type"] for l in open(sys.argv[2]) if l.strip()]
assert "replay" in types, "no replay confirmation traced"
print("buggy: found", d["found"], "precision", d["precision"], "recall", d["recall"])
PY
# Every evidence file a report names exists; an oracle's own screen
# (oracles/NNNN-name.png, encoded from the raw frame only when a report
# needs it) is a whole PNG of the screen.
python3 - "$tmp/buggy" <<'PY'
import json, os, struct, sys, zlib
run = sys.argv[1]
own = 0
for b in json.load(open(os.path.join(run, "bugs.json")))["bugs"]:
    for rel in b.get("evidence") or []:
        data = open(os.path.join(run, rel), "rb").read()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", (b["id"], rel)
        w, h = struct.unpack(">II", data[16:24])
        assert (w, h) == (1080, 2400), (rel, w, h)
        if rel.startswith("oracles/"):
            own += 1
            idat, i = b"", 8
            while i + 8 <= len(data):
                n, kind = struct.unpack(">I", data[i:i + 4])[0], data[i + 4:i + 8]
                if kind == b"IDAT":
                    idat += data[i + 8:i + 8 + n]
                i += 12 + n
            assert len(zlib.decompress(idat)) == h * (1 + w * 3), rel
assert own >= 1, "no report carries an oracle's own screen"
print("evidence:", own, "oracle screens, whole PNGs")
PY

"$bin" explore --device sim:notes:fixed --brain offline --out "$tmp/fixed" --steps 90 --quiet --fail-on-bugs
"$bin" eval --app "$src/configs/apps/notes.json" --run "$tmp/fixed" --fixed > "$tmp/eval-fixed.json"
python3 - "$tmp/eval-fixed.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["reports"] == 0, d
assert d["precision"] == 1 and d["precision_defined"] is False and d["recall"] is None, d
print("fixed: no reports")
PY

"$bin" explore --device sim:notes --brain random --seed 3 --out "$tmp/random" --steps 40 --quiet
grep -q '"brain":"random"' "$tmp/random/trace.jsonl"

# --login FILE runs the script after the app start; --confirm is accepted.
printf '[{"type": "click", "widget_text": "Settings"}, {"type": "back"}]\n' > "$tmp/login.json"
"$bin" explore --device sim:notes --brain offline --out "$tmp/login" --steps 12 --quiet \
	--login "$tmp/login.json" --confirm
python3 - "$tmp/login/trace.jsonl" <<'PY'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
logins = [r for r in recs if r.get("type") == "intervention" and r.get("kind") == "login"]
assert logins and logins[0]["actions"] == 2 and "error" not in logins[0], logins
print("login: ran", logins[0]["actions"], "actions")
PY
"$bin" explore --help > "$tmp/help"
grep -q -- '--login FILE' "$tmp/help" && grep -q -- '--confirm' "$tmp/help"

# Bad usage exits 2 with a message.
set +e
"$bin" explore --device sim:notes --out "$tmp/x" --login 2> "$tmp/err"; rc=$?
[ "$rc" -eq 2 ] && grep -q -- '--login needs a value' "$tmp/err" || { echo "--login without a file: rc $rc"; exit 1; }
"$bin" eval --run "$tmp/buggy" 2> "$tmp/err"; rc=$?
set -e
[ "$rc" -eq 2 ] && grep -q -- '--app' "$tmp/err"
echo ok
