#!/usr/bin/env python3
"""Checks what scripts/e2e_play.sh left behind: the trace the game wrote, the
screenshot taken from outside it, and the headless replay of its recording.
Standard library only: it reads XWD screenshots and writes PNG itself."""

import csv
import struct
import subprocess
import sys
import zlib
from pathlib import Path

LEVEL = Path("tests/e2e/level.txt")
BIN = Path("target/release/dropthrough")
HEADER = "frame,x,y,w,h,vx,vy,grounded,event"
TILE = 16
# Colours the game draws with (src/game/draw.rs), as 8-bit RGB.
SOLID = (86, 92, 122)
PLAYER = (255, 120, 60)
# macroquad's ORANGE and GRAY, which examples/minimal_game.rs draws the player and solids with.
EXAMPLE_PLAYER = (255, 161, 0)
EXAMPLE_SOLID = (130, 130, 130)
UPPER_LEDGE_TOP = 3 * TILE
LOWER_LEDGE_TOP = 5 * TILE


def read_xwd(path):
    """Returns (width, height, rows of (r, g, b)) from a 24/32-bit TrueColor XWD."""
    data = path.read_bytes()
    fields = struct.unpack(">25I", data[:100])
    header_size, _, _, _, width, height = fields[:6]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    masks = fields[14:17]
    ncolors = fields[19]
    if bits_per_pixel not in (24, 32):
        raise SystemExit(f"e2e: expected a 24- or 32-bit screenshot, got {bits_per_pixel} bits per pixel")
    start = header_size + ncolors * 12
    order = "little" if byte_order == 0 else "big"
    size = bits_per_pixel // 8
    shifts = [(m & -m).bit_length() - 1 for m in masks]
    rows = []
    for y in range(height):
        line = data[start + y * bytes_per_line : start + y * bytes_per_line + width * size]
        pixels = (int.from_bytes(line[i : i + size], order) for i in range(0, width * size, size))
        rows.append([tuple((p & m) >> s for m, s in zip(masks, shifts)) for p in pixels])
    return width, height, rows


def write_png(path, width, height, rows):
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in rows)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9))
    png += chunk(b"IEND", b"")
    path.write_bytes(png)


def bbox(rows, colour, tolerance=8):
    """(left, top, right, bottom), inclusive, of pixels within `tolerance` of `colour`."""
    xs, ys = [], []
    for y, row in enumerate(rows):
        for x, px in enumerate(row):
            if all(abs(a - b) <= tolerance for a, b in zip(px, colour)):
                xs.append(x)
                ys.append(y)
    if not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)


def level_size():
    rows = [
        l for l in LEVEL.read_text().splitlines()
        if l and not l.startswith("//") and "=" not in l
    ]
    return max(len(r) for r in rows), len(rows)


class Checks:
    def __init__(self):
        self.passed, self.failed = 0, 0

    def check(self, ok, what):
        print(("ok   " if ok else "FAIL ") + what)
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        return ok


def main(out):
    c = Checks()
    trace_path = out / "trace.csv"
    text = trace_path.read_text()
    c.check(text.splitlines()[0] == HEADER, f"trace header is {HEADER!r}")
    rows = list(csv.DictReader(text.splitlines()))
    for r in rows:
        for k in ("frame", "x", "y", "w", "h", "grounded"):
            r[k] = int(r[k])
        r["events"] = set(filter(None, r["event"].split("|")))
        r["bottom"] = r["y"] + r["h"]
    spawn = rows[0]
    c.check(max(r["x"] for r in rows) >= spawn["x"] + 3 * TILE,
            f"the player ran right (from x={spawn['x']} to {max(r['x'] for r in rows)})")
    jumps = [r["frame"] for r in rows if "jump" in r["events"]]
    drops = [r for r in rows if "drop" in r["events"]]
    c.check(bool(jumps), f"the player jumped (jump events at frames {jumps})")
    if c.check(bool(drops), f"the player dropped (drop events at frames {[d['frame'] for d in drops]})"):
        drop = drops[0]
        before = rows[drop["frame"] - 1]
        c.check(before["grounded"] == 1 and before["bottom"] == UPPER_LEDGE_TOP,
                f"before the drop it stood on the upper ledge (feet at y={before['bottom']})")
        lands = [r for r in rows[drop["frame"]:] if "land" in r["events"]]
        c.check(bool(lands) and lands[0]["bottom"] == LOWER_LEDGE_TOP,
                f"after the drop it landed on the ledge below (feet at y={lands[0]['bottom'] if lands else None})")
    last = rows[-1]
    c.check(last["grounded"] == 1 and last["bottom"] == LOWER_LEDGE_TOP and last["vx"] == "0",
            f"at the end it stands still on the lower ledge: {last}")

    # The screenshot, from outside the game: is the player drawn where the trace says?
    width, height, pixels = read_xwd(out / "check.xwd")
    write_png(out / "check.png", width, height, pixels)
    level_box = bbox(pixels, SOLID)
    player_box = bbox(pixels, PLAYER)
    if c.check(level_box is not None and player_box is not None,
               f"the level {level_box} and the player {player_box} are on screen"):
        cols, level_rows = level_size()
        zoom = (level_box[2] - level_box[0] + 1) / (cols * TILE)
        zoom_y = (level_box[3] - level_box[1] + 1) / (level_rows * TILE)
        c.check(zoom == zoom_y and zoom == int(zoom), f"the level is drawn at a whole zoom ({zoom} x {zoom_y})")
        expected = (
            level_box[0] + last["x"] * zoom,
            level_box[1] + last["y"] * zoom,
            level_box[0] + (last["x"] + last["w"]) * zoom - 1,
            level_box[1] + (last["y"] + last["h"]) * zoom - 1,
        )
        off = max(abs(a - b) for a, b in zip(player_box, expected))
        c.check(off <= 1, f"the player is drawn where the trace says: {player_box} vs {expected} (off by {off} px)")

    width, height, pixels = read_xwd(out / "showcase.xwd")
    write_png(out / "showcase.png", width, height, pixels)

    # The recording, replayed headless, gives the trace the window wrote.
    steps = len(rows) - 1
    replay = out / "replay.csv"
    bullets = out / "replay-bullets.csv"
    run = subprocess.run(
        [str(BIN), "--headless", "--level", str(LEVEL), "--inputs", str(out / "recording.txt"),
         "--frames", str(steps), "--trace", str(replay), "--bullets", str(bullets)],
        capture_output=True, text=True,
    )
    c.check(run.returncode == 0 and replay.read_text() == text,
            f"replaying the recording headless gives the identical trace ({steps} steps; {run.stderr.strip()})")
    # The window's bullets CSV: the turret fired and its shots hit the wall,
    # exactly as the headless replay has them.
    window_bullets = (out / "bullets.csv").read_text()
    events = [line.rsplit(",", 1)[-1] for line in window_bullets.splitlines()[1:]]
    c.check(window_bullets.startswith("frame,id,x,y,event\n") and "fire" in events and "wall" in events,
            f"the window wrote the bullets CSV ({events.count('fire')} fired, {events.count('wall')} stopped)")
    c.check(run.returncode == 0 and bullets.read_text() == window_bullets,
            "replaying the recording headless gives the identical bullets CSV")

    # The minimal example: the level and the player drawn, and the player
    # further right after Right was held.
    boxes = []
    for name in ("example-start", "example-ran"):
        width, height, pixels = read_xwd(out / f"{name}.xwd")
        write_png(out / f"{name}.png", width, height, pixels)
        boxes.append((bbox(pixels, EXAMPLE_SOLID, 12), bbox(pixels, EXAMPLE_PLAYER, 12)))
    (solid0, player0), (solid1, player1) = boxes
    if c.check(None not in (solid0, player0, player1),
               f"the minimal example draws the level {solid0} and the player {player0}"):
        c.check(player1[0] > player0[0] + 10,
                f"holding Right moves the example's player right ({player0[0]} -> {player1[0]})")

    print(f"e2e: {c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
