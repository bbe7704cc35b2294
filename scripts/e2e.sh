#!/usr/bin/env bash
# End-to-end test, as a player: the real binary in a real X window under Xvfb,
# real key presses from xdotool. It runs right, jumps up through a one-way
# ledge, lands on it and presses Down; then scripts/e2e_check.py checks the
# trace the game wrote, the screenshot taken from outside the game, and that
# replaying the game's own recording headless gives the identical trace.
# Then the level select, a ghost, the editor (a change saved with Ctrl+S and
# played headless), sound with no sound device and with a device made a
# file, and examples/minimal_game.rs, each the same way.
#
#   scripts/e2e.sh                      run the test (needs xvfb, xdotool, x11-apps; ALSA's libasound2 for the sound checks)
#   scripts/e2e.sh --update-screenshot  also refresh docs/screenshot.png
set -euo pipefail
cd "$(dirname "$0")/.."

update_screenshot=false
[ "${1:-}" = "--update-screenshot" ] && update_screenshot=true

for tool in xvfb-run xdotool xwd python3; do
  command -v "$tool" >/dev/null || { echo "e2e: missing $tool (install xvfb xdotool x11-apps)" >&2; exit 1; }
done

cargo build --release --quiet
# A build with debug assertions, for the no-sound-device check, and the
# minimal game: the test profile's, which `cargo test` has built already.
cargo build --quiet --profile test
cargo build --quiet --profile test --example minimal_game
out=$(mktemp -d)
export E2E_OUT="$out"
# Best times and ghosts go here, never to the user's data directory.
export DROPTHROUGH_DATA_DIR="$out/data"
echo "e2e: output in $out"

xvfb-run -a -s "-screen 0 1280x800x24" bash scripts/e2e_play.sh

python3 scripts/e2e_check.py "$out"

if $update_screenshot; then
  cp "$out/showcase.png" docs/screenshot.png
  echo "e2e: docs/screenshot.png updated"
fi
