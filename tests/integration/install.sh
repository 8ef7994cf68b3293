#!/usr/bin/env bash
# install.sh - `make install` into a DESTDIR: the installed trident and
# trident-simd run from there, find the installed prompts and configs
# (../share/trident next to the binary), and explore sim:notes for 5 steps.
set -euo pipefail

build=${TRIDENT_BUILD_DIR:?}
src=${TRIDENT_SOURCE_DIR:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

DESTDIR="$tmp/dest" cmake --install "$build" --prefix /opt/trident > "$tmp/install.log"
root=$tmp/dest/opt/trident
for f in bin/trident bin/trident-simd share/trident/prompts/explorer.md share/trident/prompts/detector.schema.json \
	share/trident/configs/default.json share/trident/configs/apps/notes.json; do
	[ -e "$root/$f" ] || { echo "not installed: $f"; cat "$tmp/install.log"; exit 1; }
done
"$root/bin/trident" --version | grep -q '^trident [0-9]'
"$root/bin/trident" version --data-dir > "$tmp/ver"
grep -qx "data: $(cd "$root/share/trident" && pwd -P)" "$tmp/ver" || { echo "data dir:"; cat "$tmp/ver"; exit 1; }
# The build tree's binary still uses the source tree.
"$build/trident" version --data-dir | grep -qx "data: $src"
# The installed sim:notes spec is the one the run uses: a copy under another name proves it.
cp "$root/share/trident/configs/apps/notes.json" "$root/share/trident/configs/apps/installed-only.json"
(cd "$tmp" && "$root/bin/trident" explore --device sim:installed-only --brain offline --out "$tmp/run" --steps 5 --quiet)
python3 - "$tmp/run/summary.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
assert s["steps"] == 5 and s["package"] == "com.trident.notes", s
PY
# trident-simd finds the installed app specs too: render the installed-only app's first screen.
"$root/bin/trident-simd" --app installed-only --render "$tmp/first.png" > /dev/null
[ -s "$tmp/first.png" ]
echo "install: ok"
