#!/usr/bin/env bash
# Inside Xvfb: start the game, press keys, take screenshots, quit with Esc.
# Called by scripts/e2e.sh; writes into $E2E_OUT.
set -euo pipefail
out="$E2E_OUT"
bin=target/release/dropthrough

# The game running now, killed if the script stops early.
game=""
cleanup() { [ -z "$game" ] || kill "$game" 2>/dev/null || true; }

# Presses Esc and waits for "$game" to quit cleanly; $1 names it, $2 is its log.
quit() {
  xdotool key Escape
  for _ in $(seq 50); do
    kill -0 "$game" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$game" 2>/dev/null; then
    echo "e2e: $1 did not quit on Esc" >&2
    exit 1
  fi
  trap - EXIT
  wait "$game" || { echo "e2e: $1 exited with an error:" >&2; cat "$2" >&2; exit 1; }
}

# Waits for the window whose title matches $1 ($2 names it in errors), and
# gives it the keyboard and the pointer by hand (there is no window
# manager); sets $wid. The game started last ($game) is killed on exit.
await_window() {
  trap cleanup EXIT
  wid=$(timeout 20 xdotool search --sync --onlyvisible --name "$1" | head -n 1)
  [ -n "$wid" ] || { echo "e2e: no window for $2" >&2; exit 1; }
  xdotool windowfocus --sync "$wid"
  xdotool mousemove --window "$wid" 100 100
  sleep 0.5
}

"$bin" tests/e2e/level.txt --trace "$out/trace.csv" --record "$out/recording.txt" \
  --bullets "$out/bullets.csv" \
  >"$out/game.log" 2>&1 &
game=$!
await_window '^dropthrough' "the game"

hold() { xdotool keydown "$1"; sleep "$2"; xdotool keyup "$1"; }

xdotool keydown Right
sleep 0.5
hold space 0.4          # full jump, up through the upper ledge
sleep 0.9               # land on it and run into the right wall
xdotool keyup Right
sleep 0.4
xdotool key F1          # the debug view, for the showcase picture
sleep 0.1
xdotool keydown Down    # drop through the ledge under the feet...
sleep 0.12
xdotool key p           # ...and pause mid-drop for the picture
xdotool keyup Down
sleep 0.3
xwd -silent -id "$wid" >"$out/showcase.xwd"
xdotool key p F1
sleep 1.2               # land on the lower ledge and come to rest
xwd -silent -id "$wid" >"$out/check.xwd"

quit "the game" "$out/game.log"

# The level select, as a player meets it: `dropthrough` with no level, in a
# folder whose levels/ holds two corridors. Pick the first, run to its exit,
# go back to the menu and play it again: its ghost runs ahead.
menu_dir=$(pwd)/tests/e2e/menu
(cd "$menu_dir" && exec "$OLDPWD/$bin") >"$out/menu.log" 2>&1 &
game=$!
await_window '^dropthrough' "the level select"
xwd -silent -id "$wid" >"$out/title.xwd"
xdotool key Return      # leaves the title screen, and does nothing else
sleep 0.3
xwd -silent -id "$wid" >"$out/menu.xwd"
xdotool key Return      # the first level
sleep 0.3
xdotool keydown Right
sleep 0.5
xwd -silent -id "$wid" >"$out/first-try.xwd"
sleep 2.5               # to the exit
xdotool keyup Right
sleep 0.3
xwd -silent -id "$wid" >"$out/complete.xwd"
xdotool key Escape      # back to the level select, on the level just played
sleep 0.3
xdotool key Return      # the same level again
sleep 0.8               # stand still: the ghost runs ahead
xwd -silent -id "$wid" >"$out/second-try.xwd"
xdotool key Escape      # the level select
sleep 0.3
quit "the game from its level select" "$out/menu.log"

# The level select with the mouse: a click on the row under the chosen one
# chooses it, a second click plays it; run to its exit, then back to the
# level select and quit. Its own data directory, so only this run's best
# time is in it.
(cd "$menu_dir" && DROPTHROUGH_DATA_DIR="$out/click-data" exec "$OLDPWD/$bin") >"$out/click.log" 2>&1 &
game=$!
await_window '^dropthrough' "the level select for clicks"
xdotool click 1         # on the title, over where the level rows will be: leaves it
sleep 0.3
xwd -silent -id "$wid" >"$out/click-menu.xwd"
read -r click_x click_y < <(python3 scripts/e2e_check.py --menu-click "$out/click-menu.xwd")
xdotool mousemove --window "$wid" "$click_x" "$click_y" click 1
sleep 0.3
xwd -silent -id "$wid" >"$out/click-chosen.xwd"
xdotool click 1         # the chosen row: play it
sleep 0.3
xdotool keydown Right
sleep 2.5               # to the exit
xdotool keyup Right
sleep 0.3
xdotool key Escape      # back to the level select
sleep 0.3
quit "the game from a clicked level" "$out/click.log"

# Settings, as a player changes them: from the level select, O opens the
# settings; jump's first key (Space) becomes J. Quit, start the game again
# on a level: J jumps and Space no longer does (the recording says which
# steps held jump), and the file in the data directory says J.
export DROPTHROUGH_DATA_DIR="$out/settings-data"
(cd "$menu_dir" && exec "$OLDPWD/$bin") >"$out/settings.log" 2>&1 &
game=$!
await_window '^dropthrough' "the settings screen"
xdotool key space       # past the title screen
sleep 0.3
xdotool key o           # settings: the cursor on the first row (left)
sleep 0.3
xdotool key Down        # right
sleep 0.2               # (two presses within a frame count once)
xdotool key Down        # jump
sleep 0.2
xdotool key Return      # rebind its first key...
sleep 0.2
xwd -silent -id "$wid" >"$out/settings-waiting.xwd"
xdotool key j           # ...to J
sleep 0.3
xwd -silent -id "$wid" >"$out/settings.xwd"
xdotool key Escape      # back to the level select
sleep 0.3
quit "the game from its settings" "$out/settings.log"
"$bin" tests/e2e/level.txt --record "$out/rebound.txt" >"$out/rebound.log" 2>&1 &
game=$!
await_window '^dropthrough' "the game with jump on J"
hold space 0.3          # no longer jump
sleep 0.6
hold j 0.3              # jump
sleep 0.8
quit "the game with jump on J" "$out/rebound.log"
export DROPTHROUGH_DATA_DIR="$out/data"

# The editor: open a level, paint an exit four tiles right of the spawn
# with the mouse, save with Ctrl+S, and play the edit.
cp tests/e2e/edit.txt "$out/edit.txt"
"$bin" "$out/edit.txt" >"$out/edit.log" 2>&1 &
game=$!
await_window '^dropthrough' "the editor"
xdotool key e
sleep 0.3
xwd -silent -id "$wid" >"$out/editor.xwd"
# Where to click: the spawn is drawn in the player's colour; the cell four
# tiles to its right (tiles are 16 px, drawn at the editor's zoom).
read -r click_x click_y < <(python3 scripts/e2e_check.py --spawn-click "$out/editor.xwd" 4)
xdotool key 4           # the exit brush
xdotool mousemove --window "$wid" "$click_x" "$click_y"
sleep 0.2
xdotool click 1
sleep 0.2
xdotool key ctrl+s
sleep 0.3
xwd -silent -id "$wid" >"$out/edited.xwd"
xdotool key e           # play the edit
sleep 0.3
xdotool keydown Right
sleep 1.2
xdotool keyup Right
sleep 0.3
xwd -silent -id "$wid" >"$out/edit-played.xwd"
quit "the game after editing" "$out/edit.log"

# A link, opened as a player would open one someone sent: the level of
# tests/e2e/menu/levels/01-run.txt and a run of it ride in the address's
# fragment (packed here by Python's own deflate, not the game's). The run
# replays to the exit by itself; then the editor's Ctrl+L prints a link to
# the level again.
link=$(python3 scripts/e2e_check.py --link tests/e2e/menu/levels/01-run.txt "1-400 right")
"$bin" "https://example.org/dropthrough/index.html$link" --trace "$out/link-trace.csv" \
  >"$out/link.log" 2>&1 &
game=$!
await_window '^dropthrough' "the game on a link"
sleep 4                 # the run replays to the exit
xdotool key Return      # past "level complete", to the summary
sleep 0.3
xdotool key r           # play again: the keys are the player's now
sleep 0.3
xdotool key e
sleep 0.3
xdotool key ctrl+l      # share: the link is printed
sleep 0.3
xdotool key e
sleep 0.2
quit "the game on a link" "$out/link.log"

# Ctrl+C in the game's terminal (SIGINT) and SIGTERM: the window takes each
# as closing it, so the game quits cleanly (exit 0) with its recording
# written whole and no temporary file left.
for sig in INT TERM; do
  "$bin" tests/e2e/level.txt --record "$out/signal-$sig.txt" >"$out/signal-$sig.log" 2>&1 &
  game=$!
  await_window '^dropthrough' "the game for SIG$sig"
  hold Right 0.5
  kill "-$sig" "$game"
  for _ in $(seq 50); do
    kill -0 "$game" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$game" 2>/dev/null; then
    echo "e2e: SIG$sig did not end the game" >&2
    exit 1
  fi
  trap - EXIT
  code=0
  wait "$game" || code=$?
  echo "$code" >"$out/signal-$sig.code"
done

# Sound, on a machine with no sound device (Xvfb has none): the game (a
# debug build here) starts, says once that there is no sound, plays and
# quits as it would with sound.
target/debug/dropthrough tests/e2e/level.txt >"$out/sound.log" 2>&1 &
game=$!
await_window '^dropthrough' "the build with sound"
xdotool keydown Right
sleep 0.4
xdotool key space
sleep 0.6
xdotool keyup Right
xdotool key m
sleep 0.3
xwd -silent -id "$wid" >"$out/sound.xwd"
quit "the game built with sound" "$out/sound.log"

# Sound by default: ALSA's default device made a file (an ~/.asoundrc of the
# game's own HOME), so what the game plays can be read back. A second of
# the level (its music, a jump), then M, then a second muted.
mkdir -p "$out/alsa-home"
cat >"$out/alsa-home/.asoundrc" <<ASOUNDRC
pcm.!default {
  type file
  slave.pcm "null"
  file "$out/sound.raw"
  format "raw"
}
ASOUNDRC
HOME="$out/alsa-home" "$bin" tests/e2e/level.txt >"$out/sound-device.log" 2>&1 &
game=$!
await_window '^dropthrough' "the game with a sound device"
sleep 1
xdotool key space
sleep 1
xdotool key m
sleep 0.2
wc -c <"$out/sound.raw" >"$out/sound-muted-at.txt"
sleep 1
quit "the game with a sound device" "$out/sound-device.log"

# Text that never breaks up: the help lines at the foot of the window, at
# the start and after two minutes of varied play (levels, deaths, modes, the
# debug view, slow motion, pause, the editor zoomed in and out, mute), pixel
# for pixel. The game's own font is cached once; macroquad's default added
# glyphs at every new size (the editor's labels grow with its zoom) and
# re-packed its atlas, after which the same help lines drew differently
# (checked: the build before this font fails this check).
export DROPTHROUGH_DATA_DIR="$out/text-data"
"$bin" >"$out/text.log" 2>&1 &
game=$!
await_window '^dropthrough' "the two-minute text check"
xdotool key space       # past the title screen
sleep 0.3
xdotool key Return      # the first level
sleep 1
xwd -silent -id "$wid" >"$out/text-start.xwd"
end=$((SECONDS + 120))
while [ "$SECONDS" -lt "$end" ]; do
  xdotool keydown Right; sleep 0.6; hold space 0.3; sleep 0.4; xdotool keyup Right
  hold Left 0.5
  xdotool key Tab F1; sleep 0.4; xdotool key F1
  xdotool key bracketleft; sleep 0.4; xdotool key bracketright bracketright
  xdotool key g p; sleep 0.3; xdotool key p g
  hold Down 0.3
  xdotool key e; sleep 0.3                  # the editor, zoomed in and out with the wheel
  for k in 4 4 4 5 5 5 5 5 5 4 4 4; do xdotool click "$k"; sleep 0.05; done
  xdotool key e                             # and back (no edit)
  xdotool key m; sleep 0.2; xdotool key m
  xdotool key r n; sleep 0.5
done
xdotool key Escape      # the level select, then the first level again
sleep 0.3
xdotool key Return
sleep 1
xwd -silent -id "$wid" >"$out/text-end.xwd"
xdotool key Escape
sleep 0.3
quit "the game after two minutes of play" "$out/text.log"

# The minimal example game a developer copies: it opens, runs right when
# Right is held, and quits on Esc.
example=target/debug/examples/minimal_game
"$example" levels/02-down-through.txt >"$out/example.log" 2>&1 &
game=$!
await_window 'minimal game' "the minimal example"
xwd -silent -id "$wid" >"$out/example-start.xwd"
hold Right 0.6
sleep 0.2
xwd -silent -id "$wid" >"$out/example-ran.xwd"
quit "the minimal example" "$out/example.log"
