#!/usr/bin/env bash
# death_same_item_adb.sh - session 58's checks (issue 18), end to end on the
# held-out splitter app, seed 2, 300 steps of the default offline walk:
#  - the process-death trip after a delete walks back to the group whose
#    expense was deleted ("Goran14"), not to the first group the recorded
#    row click once opened ("Emil12"): the trace's deletion trip reached the
#    page it left. A list's rows lead to one abstract page; the trip's last
#    click is made on the row showing the left page's title.
#  - the total oracle judges a group's "Total spent" beside an Expenses tab
#    that lists nothing ("No expenses in this group yet") after its last
#    expense was deleted: the total is the deleted row's amount.
# The total report's steps are then replayed through Debian's adb on
# trident-simd: found again on the buggy app, not on its fixed twin.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir death-same-item

TOTAL=$(find_bug splitter 2 300 total) || fail "splitter: total did not find the emptied tab's total"
python3 - "$WORK/splitter/trace.jsonl" "$WORK/splitter/bugs.json" "$TOTAL" <<'PY' || fail "splitter seed 2: see above"
import json, sys
trips = [o for o in map(json.loads, open(sys.argv[1]))
         if o.get("oracle") == "process_death" and o.get("why") == "deletion" and o.get("clicks", 0) > 0]
assert trips, "no deletion trip that walked back"
for o in trips:
    assert o.get("left") == o.get("reached") or o["outcome"] == "another item", \
        "deletion trip at step %s left %r and judged %r" % (o["step"], o.get("left"), o.get("reached"))
bug = [b for b in json.load(open(sys.argv[2]))["bugs"] if b["id"] == sys.argv[3]][0]
assert "lists nothing" in bug["description"], bug["description"]
PY
echo "ok   splitter seed 2: the deletion trip judged the group it left; $TOTAL (total, an emptied tab) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "splitter $TOTAL total"
echo "death_same_item_adb: OK"
