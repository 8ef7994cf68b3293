#!/usr/bin/env bash
# offline_utf8.sh - trace.jsonl stays valid UTF-8 when the texts that page,
# functionality and action descriptions cut (at 40, 48, 60 bytes) are made
# of multi-byte characters (tests/data/apps/utf8.json), and on the demo apps
# with the random brain (password fields show one 3-byte bullet per typed
# character).
set -euo pipefail

bin=${TRIDENT_BIN:?}
src=${TRIDENT_SOURCE_DIR:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bin" explore --device "sim:$src/tests/data/apps/utf8.json" --brain random --out "$tmp/utf8" --steps 6 --quiet
"$bin" explore --device sim:shop --brain random --out "$tmp/shop" --steps 40 --quiet
"$bin" explore --device sim:player --brain random --out "$tmp/player" --steps 40 --quiet
python3 - "$tmp/utf8/trace.jsonl" "$tmp/shop/trace.jsonl" "$tmp/player/trace.jsonl" <<'PY'
import json, sys
for path in sys.argv[1:]:
    n = 0
    with open(path, "rb") as f:
        for i, raw in enumerate(f, 1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                sys.exit("%s:%d: invalid UTF-8 (%s) near %r" % (path, i, e, raw[max(0, e.start - 60):e.start + 4]))
            if line.strip():
                json.loads(line)
                n += 1
    assert n > 0, path
    print(path.split("/")[-2], n, "records, valid UTF-8")
PY
# The cut texts were really there.
grep -q '"page":"Main screen showing' "$tmp/utf8/trace.jsonl"
