#!/usr/bin/env bash
# search_audit_adb.sh - session 41's `search` oracle (issue 18), end to end
# through the CLI and Debian's adb: `trident audit` drives the held-out
# passwords app (a KeePassDX-style manager; KeePassDX #403) on trident-simd
# along a short script - open Banking › Cards, which lists "Mastercard
# Travel", go back, search for "master" - and the oracles that run along the
# way report that the search answers "No results" for an item the app
# listed. The same script on the fixed twin (its search covers sub-groups)
# passes with no report. The offline walks do not reach this bug on seeds
# 1-5 (docs/offline.md, session 41), so a scripted audit is its end-to-end test.
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"

simd_workdir search-audit
simd_can_run || { echo "SKIP: $SIMD_WHY"; exit 77; }

cat >"$WORK/search.json" <<'JSON'
{"name": "search finds an entry of a sub-group",
 "steps": [
   {"click": "Banking"},
   {"click": "Cards"},
   {"assert": "shown", "text": "Mastercard Travel"},
   {"back": true},
   {"back": true},
   {"click": {"id": "search_btn"}},
   {"type": "master", "into": {"id": "query"}},
   {"click": {"id": "search_go"}}]}
JSON

# audit SPEC_SUFFIX NAME: the script through adb on trident-simd; exit status of trident audit.
audit() {
	local rc
	simd_start "$TRIDENT_SOURCE_DIR/configs/apps/holdout/passwords.json" "$WORK" $1 || fail "trident-simd"
	adb_start || fail "adb"
	"$TRIDENT_BIN" audit --device "$SERIAL" --adb-server "127.0.0.1:$ADB_PORT" --package org.holdout.passwords \
		--script "$WORK/search.json" --out "$WORK/$2" --quiet >"$WORK/$2.log" 2>&1
	rc=$?
	simd_cleanup
	return $rc
}

audit "" buggy
rc=$?
[ $rc -eq 1 ] || { tail -20 "$WORK/buggy.log"; fail "buggy app: audit exit $rc, expected 1 (a bug reported)"; }
python3 - "$WORK/buggy" <<'PY' || fail "the audit's report is not the search finding"
import json, sys
run = sys.argv[1]
bugs = [b for b in json.load(open(run + "/bugs.json"))["bugs"] if b["found_by"] == "oracle:search"]
assert len(bugs) == 1, [b["title"] for b in json.load(open(run + "/bugs.json"))["bugs"]]
b = bugs[0]
assert b["title"] == "A search for an item the app listed finds nothing", b["title"]
assert b["category"] == "data operation failure", b["category"]
assert b["extra"]["item"] == "Mastercard Travel" and b["extra"]["query"] == "master", b["extra"]
assert b.get("confirmed"), "not confirmed by replay"
audit = json.load(open(run + "/audit.json"))
assert audit["verdict"] == "fail", audit["verdict"]
PY
echo "ok   passwords: the search for \"master\" is reported through adb"

audit --fixed fixed
rc=$?
[ $rc -eq 0 ] || { tail -20 "$WORK/fixed.log"; fail "fixed twin: audit exit $rc, expected 0"; }
echo "ok   passwords fixed twin: the same script passes with no report"
echo "search_audit_adb: OK"
