#!/bin/bash
# annotate_cli.sh - `trident annotate` on a real screen: the picture, the
# printed widget list and the JSON agree; bad input gives clear errors.
set -u
FIX="${TRIDENT_FIXTURES:-}/real-screens"
[ -f "$FIX/trace_7_2.xml" ] || { echo "SKIP: real screens not found"; exit 77; }
BIN="${TRIDENT_BIN:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$BIN" annotate --xml "$FIX/trace_7_2.xml" --png "$FIX/trace_7_2.png" --out "$T/a.png" \
	--json "$T/a.json" --labels all >"$T/out.txt" 2>"$T/err.txt" || fail "annotate failed: $(cat "$T/err.txt")"
head -c 8 "$T/a.png" | od -An -tx1 | grep -q "89 50 4e 47" || fail "output is not a PNG"
grep -q "^Legend: box colours" "$T/out.txt" || fail "no legend printed"
python3 - "$T/a.json" "$T/out.txt" "$T/a.png" <<'PY' || exit 1
import json, struct, sys
doc = json.load(open(sys.argv[1]))
lines = [l for l in open(sys.argv[2]) if l.startswith("[")]
ws = doc["widgets"]
assert len(ws) > 10, len(ws)
assert len(lines) == len(ws), (len(lines), len(ws))
for i, (w, l) in enumerate(zip(ws, lines)):
    assert w["number"] == i + 1
    assert l.startswith("[%d] " % (i + 1)), l
    rid = w["resource_id"].split(":id/")[-1]
    if rid:
        assert (" | id %s " % rid) in l, (rid, l)
w, h = struct.unpack(">II", open(sys.argv[3], "rb").read()[16:24])
assert (w, h) == (doc["image"]["width"], doc["image"]["height"]) == (768, 1364), (w, h)
PY

# Bad usage: exit 2.
"$BIN" annotate --xml "$FIX/trace_7_2.xml" >/dev/null 2>&1; [ $? -eq 2 ] || fail "missing args not exit 2"
"$BIN" annotate --xml "$FIX/trace_7_2.xml" --png "$FIX/trace_7_2.png" --out "$T/b.png" --labels x \
	>/dev/null 2>&1; [ $? -eq 2 ] || fail "bad --labels not exit 2"
"$BIN" annotate --help | grep -q -- "--labels" || fail "--help does not list --labels"
# Truncated PNG: exit 1 with a message naming the file.
head -c 20000 "$FIX/trace_7_2.png" >"$T/trunc.png"
"$BIN" annotate --xml "$FIX/trace_7_2.xml" --png "$T/trunc.png" --out "$T/c.png" >/dev/null 2>"$T/err.txt"
[ $? -eq 1 ] || fail "truncated PNG not exit 1"
grep -q "trunc.png" "$T/err.txt" || fail "error does not name the file: $(cat "$T/err.txt")"
echo "ok"
