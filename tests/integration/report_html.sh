#!/usr/bin/env bash
# report_html.sh - report.html opens in headless Chromium: a screenshot is
# taken, and the DOM Chromium builds has one filmstrip per bug (each frame a
# thumbnail with the acted-on widget boxed), BEFORE/AFTER evidence for an
# oracle's state-loss bug, the transition graph and the coverage chart as
# inline SVG, and no external resource. Skipped (77) only when Chromium
# cannot start.
set -euo pipefail

bin=${TRIDENT_BIN:?}
src=${TRIDENT_SOURCE_DIR:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -f "$src/configs/apps/notes.json" ] || { echo "SKIP: no notes app"; exit 77; }
chrome=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chrome" ] || { echo "SKIP: chromium is not installed (scripts/bootstrap installs it)"; exit 77; }
chrome_run() {
	timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
		--user-data-dir="$tmp/profile" "$@" 2> "$tmp/chrome.err"
}
echo '<p>hello</p>' > "$tmp/hello.html"
if ! chrome_run --dump-dom "file://$tmp/hello.html" | grep -q hello; then
	echo "SKIP: chromium cannot start"; cat "$tmp/chrome.err"; exit 77
fi

run=$tmp/run
"$bin" explore --device sim:notes --brain offline --out "$run" --steps 80 --quiet --log-level silent
chrome_run --virtual-time-budget=10000 --screenshot="$tmp/report.png" --window-size=1280,3000 "file://$run/report.html"
chrome_run --virtual-time-budget=10000 --dump-dom "file://$run/report.html" > "$tmp/dom.html"
python3 - "$run" "$tmp/report.png" "$tmp/dom.html" <<'PY'
import json, os, sys, xml.etree.ElementTree as ET
from html.parser import HTMLParser
run, png, dom = sys.argv[1:]
with open(png, "rb") as f:
    head = f.read(24)
assert head[:8] == b"\x89PNG\r\n\x1a\n" and os.path.getsize(png) > 20000, "no screenshot"
w, h = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
assert (w, h) == (1280, 3000), (w, h)

class Dom(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.films, self.frames, self.targets, self.labels = [], [], 0, 0, []
        self.svgs, self.external, self.in_label, self.graph, self.chart = 0, [], False, 0, 0
        self.in_what, self.trips, self.meta, self.in_meta = False, [], [], 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if "filmstrip" in cls:
            self.films.append(0)
        if tag == "figure" and "frame" in cls and self.films and "evidence" not in cls:
            self.films[-1] += 1
        if tag == "rect" and "target" in cls:
            self.targets += 1
        if tag == "span" and "label" in cls:
            self.in_label = True
        if tag == "span" and "what" in cls and self.films:
            self.in_what = True
        if tag == "p" and "meta" in cls:
            self.in_meta = 1
            self.meta.append("")
        if tag == "svg" and "graph" in cls:
            self.graph += 1
        if tag == "svg" and "chart" in cls:
            self.chart += 1
        for k in ("src", "href"):
            v = a.get(k) or ""
            if tag in ("img", "script", "link", "image", "iframe") and v and not v.startswith(("data:", "#")):
                self.external.append(v)
    def handle_endtag(self, tag):
        if tag == "p":
            self.in_meta = 0
    def handle_data(self, d):
        if self.in_meta:
            self.meta[-1] += d
        if self.in_what:
            self.trips.append(d.strip())
            self.in_what = False
        if self.in_label:
            self.labels.append(d.strip())
            self.in_label = False

p = Dom()
p.feed(open(dom).read())
bugs = json.load(open(run + "/bugs.json"))["bugs"]
assert bugs, "the 80-step notes run reports no bug"
assert len(p.films) == len(bugs), ("one filmstrip per bug", len(p.films), len(bugs))
for b, n in zip(bugs, p.films):
    assert n == min(len(b["steps"]), 24), (b["id"], n, len(b["steps"]))
# Every filmed step of the run (not a side trip's) that acted on a widget (its bounds) is boxed.
boxed = sum(1 for b in bugs for s in b["steps"][-24:]
            if len(s["action"].get("bounds") or []) == 4 and s.get("step") and not s.get("side_trip"))
assert boxed >= 1 and p.targets >= boxed, ("acted-on widgets boxed", p.targets, boxed)
ba = [b for b in bugs if b["found_by"].startswith("oracle:") and b["found_by"] != "oracle:crash"
      and len(b["evidence"]) >= 2]
if ba:
    assert "BEFORE" in p.labels and "AFTER" in p.labels, p.labels
assert p.graph == 1 and p.chart == 1, (p.graph, p.chart)
# Steps with no screen of their own (rotations, Home, relaunch) are boxes saying what they did.
rot = sum(1 for b in bugs for s in b["steps"][-24:] if s["action"]["type"] == "rotate")
assert sum(1 for t in p.trips if t.startswith("rotated ")) == rot, (rot, p.trips)
assert "no screen" not in p.trips, p.trips
# No "functionality -": a bug with none says nothing about it.
assert not any("functionality -" in m for m in p.meta), [m for m in p.meta if "functionality -" in m]
for b in bugs:
    line = [m for m in p.meta if "found by" in m and ("at step %d" % b["step"]) in m]
    if line and not b.get("functionality"):
        assert "functionality" not in line[0], line[0]
assert not p.external, ("external resources", p.external[:3])
size = os.path.getsize(run + "/report.html")
assert size < 4 * 1024 * 1024, size
print("report.html: %d bytes, %d filmstrips (%s frames), labels %s" % (size, len(p.films), p.films, sorted(set(p.labels))))
PY

# Evidence is in the order the screens were taken, and BEFORE names the
# earlier one: player's Play tap that leaves the status as it was (toggle,
# a check of one step) shows the screen before the tap, then the one after.
"$bin" explore --device sim:player --brain offline --out "$tmp/player" --steps 8 --quiet --log-level silent
python3 - "$tmp/player" <<'PY'
import json, re, sys
run = sys.argv[1]
bugs = [b for b in json.load(open(run + "/bugs.json"))["bugs"]
        if b["found_by"] == "oracle:toggle" and len(b["evidence"]) == 2]
assert bugs, "player's first 8 steps report no toggle bug with two screens"
html = open(run + "/report.html").read()
for b in bugs:
    ev = b["evidence"]
    assert ev == ["steps/%04d.png" % b["step"], "steps/%04d.png" % (b["step"] + 1)], (b["id"], b["step"], ev)
    card = html[html.index('id="%s"' % b["id"]):]
    shown = re.findall(r'<figure class="frame evidence"><span class="label">(\w+)</span><a href="([^"]+)"', card)[:2]
    assert shown == [("BEFORE", ev[0]), ("AFTER", ev[1])], shown
print("evidence order: %d toggle bugs, BEFORE = the screen before the tap" % len(bugs))
PY
echo "report_html: ok"
