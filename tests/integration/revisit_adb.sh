#!/usr/bin/env bash
# revisit_adb.sh - the revisit walk through Debian's adb: the trips test
# app served by trident-simd; `trident explore` over the adb server sees
# the saved walks in km, switches the units to imperial in Settings, and
# the oracles plugin walks back to the list (steps of the run, not side
# trips), where the setting oracle finds and replay-confirms the list that
# kept km. The fixed twin lists miles: the walk is made, nothing reported.
# Private HOME, adb server port and simd port; 40 steps per run (in 20, the
# run opens Settings first and switches the units back before any list).
set -u
: "${TRIDENT_BIN:?}"
: "${TRIDENT_SOURCE_DIR:?}"
. "$TRIDENT_SOURCE_DIR/tests/integration/lib_simd.sh"
simd_can_run || { echo "SKIP: $SIMD_WHY"; exit 77; }
APP="$TRIDENT_SOURCE_DIR/tests/data/apps/trips.json"
PKG=com.trident.trips

simd_workdir revisit
start() { # [--fixed]
	simd_start "$APP" "$WORK" "$@" || fail "trident-simd"
	adb_start || fail "adb"
}

SECONDS=0
start

# Only what this test is about: no minimising, no state trips.
cat > "$WORK/cfg.json" <<'JSON'
{"offline": {"minimise_replays": 0}, "oracles": {"display_landscape": false, "rotation": false, "background": false, "process_death": false}}
JSON
explore() { # out-dir
	"$TRIDENT_BIN" explore --config "$WORK/cfg.json" --device "$SERIAL" --adb-server "127.0.0.1:$ADB_PORT" \
		--package $PKG --brain offline --seed 2 --steps 40 \
		--out "$1" --quiet >"$1.out" 2>&1
	rc=$?
	[ $rc -le 1 ] || { cat "$1.out"; fail "explore exited $rc"; }
}
explore "$WORK/buggy"
echo "     buggy run: ${SECONDS}s"
python3 - "$WORK/buggy/bugs.json" "$WORK/buggy/trace.jsonl" <<'PY' || fail "buggy run"
import json, sys
bugs = json.load(open(sys.argv[1]))["bugs"]
trace = [json.loads(l) for l in open(sys.argv[2])]
walks = [e for e in trace if e["type"] == "intervention" and e.get("kind") == "revisit"]
print("     walk records:", [(e["outcome"], e["step"]) for e in walks])
assert any(e["outcome"] == "start" and e["setting"] == "distance units" for e in walks), "no walk"
steps = [e for e in trace if e["type"] == "step" and e.get("override") == "oracles"]
assert steps and all(e["action"]["reason"].startswith("revisit:") for e in steps), "walk steps"
assert not any(e["type"] == "side_trip" and e.get("by") == "oracles" for e in trace), "a walk is no side trip"
found = [b for b in bugs if b.get("found_by") == "oracle:setting"]
print("     found:", [b["title"] for b in found])
assert found and "distance units" in found[0]["title"] and found[0].get("confirmed"), "the list in km not found"
PY
echo "ok   the walk back to the list finds the units bug through adb"
simd_cleanup
start --fixed
explore "$WORK/fixed"
python3 - "$WORK/fixed/bugs.json" "$WORK/fixed/trace.jsonl" <<'PY' || fail "fixed twin"
import json, sys
bugs = json.load(open(sys.argv[1]))["bugs"]
trace = [json.loads(l) for l in open(sys.argv[2])]
assert any(e["type"] == "intervention" and e.get("kind") == "revisit" for e in trace), "no walk on the fixed twin"
assert not bugs, "fixed twin: %d reports" % len(bugs)
PY
echo "ok   fixed twin: the walk made, 0 reports (${SECONDS}s in all)"
echo "PASS"
