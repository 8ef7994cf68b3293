#!/usr/bin/env bash
# send_silent_adb.sh - the feedback oracle's Send variant (session 59,
# issue 18), end to end: an offline run on the simulator of the held-out
# mail app opens the Outbox, which holds a message the server refuses, and
# taps Send now: nothing changes and nothing says why (thunderbird-android
# #7228). The report's steps are then replayed through Debian's adb on
# trident-simd, where the oracle finds the bug again on the buggy app and
# not on its fixed twin (it says the message exceeds the server's limit).
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_holdout_bug.sh"

simd_workdir send-silent

out="$WORK/mail"
"$TRIDENT_BIN" explore --device "sim:$TRIDENT_SOURCE_DIR/configs/apps/holdout/mail.json" --brain offline \
	--seed 5 --steps 300 --out "$out" --quiet >"$out.log" 2>&1
[ $? -le 1 ] || { tail -5 "$out.log"; fail "mail: explore failed"; }
BUG=$(python3 - "$out/bugs.json" <<'PY'
import json, sys
bugs = [b for b in json.load(open(sys.argv[1]))["bugs"]
        if b["found_by"] == "oracle:feedback" and b["title"] == "'Send now' on 'Outbox' changes nothing and says nothing"]
assert bugs and bugs[0].get("confirmed"), "no confirmed Send now report"
assert bugs[0]["category"] == "feedback missing", bugs[0]["category"]
assert bugs[0]["steps"][-1]["action"]["widget_text"] == "Send now", bugs[0]["steps"][-1]["action"]
assert len(bugs[0]["steps"]) <= 8, "%d steps" % len(bugs[0]["steps"])
print(bugs[0]["id"])
PY
) || fail "mail: the feedback oracle did not find the silent Send now"
echo "ok   mail seed 5: $BUG (feedback: Send now on the Outbox changes nothing and says nothing) on the simulator"

simd_can_run || { echo "SKIP (adb part): $SIMD_WHY"; exit 77; }

replay_pairs "mail $BUG feedback"
echo "send_silent_adb: OK"
