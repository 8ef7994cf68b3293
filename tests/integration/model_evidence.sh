#!/bin/bash
# model_evidence.sh - what the model is told, with the scripted fake model
# (fake_agent_llm.py --dump) on the simulated shop:
#   1. adding the Mug shows a toast (drawn, never dumped: read by OCR) and the
#      cart shows the price and "Total: $9.99": the price, the total and the
#      toast reach the Explorer's and the Detector's request text, the row's
#      "Add" carries its row ("Mug · $9.99"), and a Detector answer naming two
#      bugs yields two reports in bugs.json;
#   2. a 30-step --brain llm run that keeps typing into the sign-in form never
#      escapes a loop (or a tarpit) while the form holds the typed text, with
#      a loop window that a control run (clicking one tab over and over)
#      shows does fire.
set -u
SRC=${TRIDENT_SOURCE_DIR:?}
BIN=${TRIDENT_BIN:?}
[ -f "$SRC/configs/apps/shop.json" ] || { echo "SKIP: no sim app shop"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
WORK=$(mktemp -d /tmp/trident-model-evidence.XXXXXX)
FAKE_PID=
cleanup() { [ -n "$FAKE_PID" ] && kill "$FAKE_PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

# start_fake SCRIPT DUMPDIR EXTRA_CONFIG: starts the fake, writes $WORK/cfg.json
start_fake() {
	local script=$1 dump=$2 extra=$3
	[ -n "$FAKE_PID" ] && kill "$FAKE_PID" 2>/dev/null
	rm -f "$WORK/port"
	mkdir -p "$dump"
	python3 "$SRC/tests/integration/fake_agent_llm.py" --script "$script" --dump "$dump" > "$WORK/port" &
	FAKE_PID=$!
	for _ in $(seq 50); do [ -s "$WORK/port" ] && break; sleep 0.1; done
	local port; port=$(awk '{print $2}' "$WORK/port")
	[ -n "$port" ] || fail "fake model did not start"
	cat > "$WORK/cfg.json" <<JSON
{"llm": {"provider": "openai", "base_url": "http://127.0.0.1:$port/v1", "api_key_env": "",
         "model": "fake-model", "retries": 0, "structured_output": "json_schema"},
 "log": {"level": "warn"}$extra}
JSON
}

# --- 1. price, total, toast, row context; two bugs in one answer -------------
cat > "$WORK/shop.json" <<'JSON'
{
 "explorer_monitor": [
  {"action": {"type": "click", "widget": 6, "widget_text": "Add"},
   "monitor": {"page_description": "product list", "functionality": "Add to cart", "status": "partial"}},
  {"action": {"type": "click", "target": "Cart"},
   "monitor": {"page_description": "product list", "functionality": "Add to cart", "status": "full",
               "functionality_done": true}},
  {"action": {"type": "click", "target": "Shop"},
   "monitor": {"page_description": "cart", "functionality": "Browse", "status": "partial"}}
 ],
 "explorer_monitor_default": {"action": {"type": "click", "target": "Orders"},
   "monitor": {"page_description": "a page", "functionality": "Browse", "status": "partial"}},
 "detector": [
  {"functionality": {"name": "Add to cart"}, "expected_path": ["add the Mug", "open the cart"],
   "actual_path": ["added the Mug", "opened the cart"],
   "bugs": [{"title": "Cart total ignores the first item", "description": "The total is wrong.",
             "category": "numerical calculation error", "steps": [1, 2], "shown_at_step": 2},
            {"title": "No way to change the quantity", "description": "The cart row has no quantity.",
             "category": "content missing", "steps": [2], "shown_at_step": 2}],
   "possible_bug_paths": [], "exception_paths": []}
 ],
 "detector_default": {"functionality": {"name": "F"}, "expected_path": [], "actual_path": [], "bugs": [],
   "possible_bug_paths": [], "exception_paths": []}
}
JSON
start_fake "$WORK/shop.json" "$WORK/dump1" ""
"$BIN" explore --device sim:shop --out "$WORK/run1" --brain llm --steps 4 --config "$WORK/cfg.json" --quiet \
	> "$WORK/out1" 2>&1 || { cat "$WORK/out1"; fail "explore (shop) failed"; }
python3 - "$WORK" <<'PY' || fail "run 1 checks"
import glob, json, os, sys
w = sys.argv[1]
def need(cond, what):
    if not cond:
        print("FAIL:", what); sys.exit(1)
def texts(kind):
    return [open(f).read() for f in sorted(glob.glob(w + "/dump1/*-%s.txt" % kind))]
ex, det = texts("explorer_monitor"), texts("detector")
need(len(ex) >= 3 and det, "requests dumped: %d explorer, %d detector" % (len(ex), len(det)))
# The first screen: the Mug's "Add" carries its row, prices are in the text.
need('"Add" | in row "Mug · $9.99"' in ex[0], "the row's button carries its row text")
# The screen after adding: the toast (OCR) and the record of step 1 with its row and the toast.
need('toast' in ex[1] and "Added Mug to cart" in ex[1], "the toast reaches the Explorer:\n" + ex[1][-1500:])
need('click "Add" in row "Mug · $9.99" -> app showed toast "Added Mug to cart"' in ex[1],
     "the step record names the row and the toast")
# The cart: the price and the total.
need("Total: $9.99" in ex[2] and "$9.99" in ex[2], "the total reaches the Explorer")
d = det[0]
for s in ["Total: $9.99", "$9.99", "Added Mug to cart", 'in row "Mug · $9.99"']:
    need(s in d, "the Detector's request holds %r" % s)
need("page after the last action" in d, "the Detector sees the page after the last action")
bugs = json.load(open(w + "/run1/bugs.json"))["bugs"]
mine = sorted(b["title"] for b in bugs if b["found_by"] == "detector")
need(mine == ["Cart total ignores the first item", "No way to change the quantity"],
     "two bugs in one answer make two reports: %s" % mine)
need(any("steps/0003.png" in b["evidence"] for b in bugs if b["found_by"] == "detector"),
     "the page after the step that shows the bug is evidence")
PY

# --- 2. typing into a form is not a loop ---------------------------------------
cat > "$WORK/form.json" <<'JSON'
{
 "explorer_monitor": [
  {"action": {"type": "click", "target": "Account"},
   "monitor": {"page_description": "shop", "functionality": "Sign in", "status": "partial"}}
 ],
 "explorer_monitor_default": {"action": {"type": "input", "target": "email", "widget_text": "", "text": "ada@example.com"},
   "monitor": {"page_description": "sign-in form", "functionality": "Sign in", "status": "partial"}},
 "detector_default": {"functionality": {"name": "F"}, "expected_path": [], "actual_path": [], "bugs": [],
   "possible_bug_paths": [], "exception_paths": []}
}
JSON
cat > "$WORK/tabs.json" <<'JSON'
{
 "explorer_monitor_default": {"action": {"type": "click", "target": "Shop"},
   "monitor": {"page_description": "shop", "functionality": "Browse", "status": "partial"}},
 "detector_default": {"functionality": {"name": "F"}, "expected_path": [], "actual_path": [], "bugs": [],
   "possible_bug_paths": [], "exception_paths": []}
}
JSON
# A window of 10 screens: 8 repeats in it make a loop (the floors of loops.h).
LOOPS=', "loops": {"window": 10, "limit": 4}'
start_fake "$WORK/form.json" "$WORK/dump2" "$LOOPS"
"$BIN" explore --device sim:shop --out "$WORK/run2" --brain llm --steps 30 --config "$WORK/cfg.json" --quiet \
	> "$WORK/out2" 2>&1 || { cat "$WORK/out2"; fail "explore (form) failed"; }
start_fake "$WORK/tabs.json" "$WORK/dump3" "$LOOPS"
"$BIN" explore --device sim:shop --out "$WORK/run3" --brain llm --steps 14 --config "$WORK/cfg.json" --quiet \
	> "$WORK/out3" 2>&1 || { cat "$WORK/out3"; fail "explore (tabs) failed"; }
python3 - "$WORK" <<'PY' || fail "run 2 checks"
import json, sys
w = sys.argv[1]
def need(cond, what):
    if not cond:
        print("FAIL:", what); sys.exit(1)
def trace(run):
    return [json.loads(l) for l in open("%s/%s/trace.jsonl" % (w, run))]
t = trace("run2")
steps = [r for r in t if r["type"] == "step"]
need(len(steps) == 30, "30 steps, got %d" % len(steps))
typed = [s for s in steps if s["action"]["type"] == "input"]
need(len(typed) >= 25, "the model typed into the form (%d inputs)" % len(typed))
esc = [r for r in t if r["type"] == "intervention" and r.get("kind") in ("loop_escape", "tarpit")]
need(not esc, "no escape while the form holds typed text: %s" % esc[:1])
need(not any(s.get("override") for s in steps[2:]), "no injected action while typing")
c = trace("run3")
need(any(r["type"] == "intervention" and r.get("kind") == "loop_escape" for r in c),
     "control: the same window does escape a real loop")
PY
echo "model_evidence: OK"
