#!/usr/bin/env bash
# eval_credit.sh - `trident eval` credits a report only to an injected bug
# that fires in the part of its own replayed path it is about: a report
# whose last action is the duplicating Save is a true positive; the same
# path followed by an unrelated action (opening Settings), reported in the
# same category, is a false positive, although the earlier Save fired an
# injected bug of that category on the way (eval used to fall back to it).
# A report whose evidence names the Save as the action it blames
# (extra.blamed, as crud's rename finding does) is credited from there.
# The same Save reported under another category (feedback missing) is
# matched to the bug that fired, and marked cross_category for a person to
# read; the same-category reports are not.
set -euo pipefail

bin=${TRIDENT_BIN:?}
src=${TRIDENT_SOURCE_DIR:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -f "$src/configs/apps/notes.json" ] || { echo "SKIP: no notes app"; exit 77; }

mkdir -p "$tmp/run" "$tmp/blamed"
python3 - "$tmp/run/bugs.json" "$tmp/blamed/bugs.json" <<'PY'
import json, sys
P = "com.trident.notes:id/"
def act(t, rid=None, text=None):
    a = {"type": t}
    if rid: a["resource_id"] = P + rid
    if text is not None: a["text"] = text
    return {"action": a}
save_path = [act("click", "add"), act("input", "title", "Groceries"), act("click", "save")]
def bug(i, title, steps):
    return {"id": "B%03d" % i, "title": title, "category": "data operation failure",
            "description": "", "steps": steps, "evidence": [], "found_by": "detector",
            "confirmed": True, "extra": {"trigger_steps": 0}}
json.dump({"bugs": [
    bug(1, "One Save adds the note twice", save_path),
    bug(2, "Settings does not open the sort order", save_path + [act("click", "settings_btn")]),
    dict(bug(3, "Save gives no feedback", save_path), category="feedback missing"),
]}, open(sys.argv[1], "w"))
blamed = bug(1, "The note saved shows twice once Settings is open", save_path + [act("click", "settings_btn")])
blamed["extra"]["blamed"] = {"type": "click", "resource_id": P + "save"}
json.dump({"bugs": [blamed]}, open(sys.argv[2], "w"))
PY
"$bin" eval --app "$src/configs/apps/notes.json" --run "$tmp/run" > "$tmp/eval.json"
python3 - "$tmp/eval.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
v = {b["id"]: b for b in d["bugs"]}
assert v["B001"]["verdict"] == "true_positive", v["B001"]
assert v["B001"]["injected_bug"] == "notes-dup-save", v["B001"]
assert v["B002"]["verdict"] == "false_positive", v["B002"]
assert v["B003"]["verdict"] == "duplicate" and v["B003"]["injected_bug"] == "notes-dup-save", v["B003"]
assert v["B003"]["cross_category"] is True, v["B003"]
assert v["B001"]["cross_category"] is False and v["B002"]["cross_category"] is False, d["bugs"]
assert d["true_positives"] == 1 and d["false_positives"] == 1 and d["duplicates"] == 1, d
assert d["cross_category"] == 1, d
print("eval credit: B001", v["B001"]["verdict"], "B002", v["B002"]["verdict"], "B003", v["B003"]["verdict"], "(cross-category)")
PY
"$bin" eval --app "$src/configs/apps/notes.json" --run "$tmp/blamed" > "$tmp/eval2.json"
python3 - "$tmp/eval2.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
b = d["bugs"][0]
assert b["verdict"] == "true_positive" and b["injected_bug"] == "notes-dup-save", b
print("eval credit: blamed Save", b["verdict"])
PY
