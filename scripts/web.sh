#!/usr/bin/env bash
# Builds the browser version into dist/: index.html, the game's wasm (every
# level in levels/ inside it), macroquad's JavaScript loader copied from the
# macroquad crate in cargo's registry, and our small plugin. Then:
#
#   python3 -m http.server -d dist 8000     # and open http://localhost:8000
#
# The page's URL picks the collision mode and the first level, as the
# command line does on the desktop: ?collision=sweep&level=25-the-well
#
#   scripts/web.sh --zip    # also dropthrough-web.zip: dist/ with index.html
#                           # at its root, for a game portal (itch.io: "HTML")
set -euo pipefail
cd "$(dirname "$0")/.."

zip=false
case "${1:-}" in
  "") ;;
  --zip) zip=true ;;
  *) echo "web.sh: unknown option '$1' (expected --zip or nothing)" >&2; exit 2 ;;
esac

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
# Sound is in every build; a browser needs no system library for it.
cargo build --release --target wasm32-unknown-unknown --bin dropthrough

# macroquad's loader, from the exact macroquad version this build uses.
version=$(cargo metadata --format-version 1 --locked 2>/dev/null \
  | python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "macroquad"))')
bundle=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"macroquad-$version"/js/mq_js_bundle.js | head -n 1)
[ -f "$bundle" ] || { echo "web.sh: macroquad $version's js/mq_js_bundle.js not found in cargo's registry" >&2; exit 1; }

rm -rf dist
mkdir -p dist
cp target/wasm32-unknown-unknown/release/dropthrough.wasm dist/
cp "$bundle" dist/mq_js_bundle.js
cp web/index.html web/dropthrough.js dist/
echo "web.sh: built dist/ ($(du -k dist/dropthrough.wasm | cut -f1) KiB of wasm). Serve it with:"
echo "  python3 -m http.server -d dist 8000   # then open http://localhost:8000"

if $zip; then
  # Every file at the zip's root, compressed; paths in the page are
  # relative, so it runs from any sub-path and inside a portal's iframe.
  python3 - <<'PY'
import os, zipfile
files = sorted(os.listdir("dist"))
with zipfile.ZipFile("dropthrough-web.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for name in files:
        z.write(os.path.join("dist", name), name)
size = os.path.getsize("dropthrough-web.zip")
print(f"web.sh: built dropthrough-web.zip ({len(files)} files, {size // 1024} KiB)")
PY
fi
