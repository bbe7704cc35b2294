#!/usr/bin/env python3
"""Checks what scripts/e2e_play.sh left behind: the trace the game wrote, the
screenshot taken from outside it, and the headless replay of its recording.
Standard library only: it reads XWD screenshots and writes PNG itself."""

import base64
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
# Colours the game draws with (src/game/palette.rs), as 8-bit RGB.
SOLID = (86, 92, 122)
PLAYER = (255, 120, 60)
# The player behind a menu: src/game/palette.rs's DIM_BEHIND_MENU leaves 45 %.
DIMMED_PLAYER = tuple(round(v * 0.45) for v in PLAYER)
BACKGROUND = (0.086, 0.094, 0.149)
GHOST, GHOST_ALPHA = (0.55, 0.8, 1.0), 0.45
# The ghost is translucent: drawn over the background it is this colour.
GHOST_ON_BACKGROUND = tuple(
    round(255 * (g * GHOST_ALPHA + b * (1 - GHOST_ALPHA))) for g, b in zip(GHOST, BACKGROUND)
)
MENU_LEVEL = Path("tests/e2e/menu/levels/01-run.txt")
EDIT_LEVEL = Path("tests/e2e/edit.txt")
# macroquad's ORANGE and GRAY, which examples/minimal_game.rs draws the player and solids with.
EXAMPLE_PLAYER = (255, 161, 0)
EXAMPLE_SOLID = (130, 130, 130)
UPPER_LEDGE_TOP = 3 * TILE
LOWER_LEDGE_TOP = 5 * TILE


def fnv1a(data):
    """FNV-1a, 64 bits: the content hash records and ghosts are kept by."""
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


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
    return bbox_where(rows, lambda px: all(abs(a - b) <= tolerance for a, b in zip(px, colour)))


def exit_green(px):
    """The exit's glowing frame, at any point of its glow: clearly green."""
    r, g, b = px
    return g > 120 and g > r + 60 and g > b + 30


def bbox_where(rows, wanted):
    """(left, top, right, bottom), inclusive, of pixels for which `wanted` holds."""
    xs, ys = [], []
    for y, row in enumerate(rows):
        for x, px in enumerate(row):
            if wanted(px):
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

    check_menu_and_ghost(c, out)
    check_menu_click(c, out)
    check_settings(c, out)
    check_editor(c, out)
    check_link(c, out)
    check_signals(c, out)
    sound = screenshot(out, "sound")
    c.check(bbox(sound, PLAYER) is not None and bbox(sound, SOLID) is not None,
            "the build with sound draws the game on a machine with no sound device")
    check_sound(c, out)

    check_text_stays_whole(c, out)

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


def check_settings(c, out):
    """Jump rebound to J on the settings screen: kept in the data directory,
    and after a restart J jumps and Space does not."""
    screenshot(out, "settings-waiting")
    screenshot(out, "settings")
    kept = (out / "settings-data" / "settings.txt").read_text()
    jump = [line for line in kept.splitlines() if line.startswith("key jump =")]
    c.check(jump and jump[0].split("=")[1].split()[0] == "J" and " Space" not in jump[0],
            f"the settings file keeps jump on J, Space no longer: {jump}")
    recording = (out / "rebound.txt").read_text()
    ranges = []
    for line in recording.splitlines():
        line = line.split("#")[0].strip()
        if not line or line.startswith("//"):
            continue
        span, keys = line.split(maxsplit=1)
        if "jump" in keys.split("+"):
            first, last = (int(n) for n in span.split("-"))
            ranges.append((first, last))
    # Space was held for 0.3 s first, then J for 0.3 s: one jump, about 18
    # steps long, well after the start (Space's 18 steps held nothing).
    c.check(len(ranges) == 1 and 10 <= ranges[0][1] - ranges[0][0] + 1 <= 30 and ranges[0][0] >= 40,
            f"after a restart J jumps and Space does not (jump held at steps {ranges}): {recording!r}")


def check_text_stays_whole(c, out):
    """The help lines at the foot of the window, drawn at the start and after
    two minutes of play, are pixel-identical."""
    start = screenshot(out, "text-start")
    end = screenshot(out, "text-end")
    band = 40  # two lines of text and their margin, at the window's foot
    helps = [rows[-band:] for rows in (start, end)]
    lit = sum(1 for row in helps[0] for px in row if px[0] > 150)
    c.check(lit > 500, f"the help lines are drawn at the foot of the window ({lit} light pixels)")
    differ = sum(1 for a, b in zip(*helps) for p, q in zip(a, b) if p != q)
    c.check(differ == 0,
            f"after two minutes of play the help lines are pixel-identical ({differ} pixels differ)")


def check_sound(c, out):
    """No device: one line says so. A device (a file): sound, then silence once muted."""
    log = (out / "sound.log").read_text()
    c.check(log.startswith("dropthrough: no sound (") and len(log.splitlines()) == 1,
            f"with no sound device the game says so once, in one line: {log!r}")
    device_log = (out / "sound-device.log").read_text()
    c.check(device_log == "", f"with a sound device the game says nothing: {device_log!r}")
    raw = (out / "sound.raw").read_bytes()
    samples = struct.unpack(f"<{len(raw) // 2}h", raw[: len(raw) // 2 * 2])
    rate = 44100
    muted_at = int((out / "sound-muted-at.txt").read_text()) // 2
    before, after = samples[:muted_at], samples[muted_at:]
    heard = sum(1 for s in before if abs(s) > 200)
    c.check(len(before) > rate and heard > rate // 4,
            f"the game plays sound on the default device by default "
            f"({len(before) / rate:.1f} s before M, {heard} samples heard)")
    # What was mixed before M may still be in the device's buffer (50 ms).
    tail = after[rate // 10:]
    c.check(len(tail) > rate // 2 and all(s == 0 for s in tail),
            f"after M the game is silent ({len(tail) / rate:.1f} s of silence)")


def screenshot(out, name):
    width, height, pixels = read_xwd(out / f"{name}.xwd")
    write_png(out / f"{name}.png", width, height, pixels)
    return pixels


def check_menu_and_ghost(c, out):
    """The level select, a level played to its exit, its best time kept in
    the data directory, and its ghost on the second try."""
    title = screenshot(out, "title")
    menu = screenshot(out, "menu")
    first = screenshot(out, "first-try")
    c.check(bbox(title, PLAYER) is not None and not bands(title, WHITE, top=40),
            "the game starts on its title screen: the name and the character, no level rows")
    c.check(bool(bands(menu, WHITE, top=40)),
            "a key on the title screen shows the level select (and plays no level)")
    screenshot(out, "complete")
    second = screenshot(out, "second-try")
    c.check(bbox(menu, DIMMED_PLAYER, 4) is not None and bbox(menu, PLAYER) is None,
            "the level select shows the first level behind it, dimmed")
    records = out / "data" / "records.txt"
    lines = [l for l in records.read_text().splitlines() if not l.startswith("//")] if records.exists() else []
    best = [l.split() for l in lines if l.endswith(" 01-run.txt")]
    c.check(len(best) == 1 and best[0][1].isdigit() and int(best[0][1]) > 60,
            f"the finished run's best time is kept in the data directory: {lines}")
    # Ghosts are kept by the level file's content: FNV-1a 64 of its bytes.
    ghost_file = out / "data" / "ghosts" / f"{fnv1a(MENU_LEVEL.read_bytes()):016x}.inputs"
    if c.check(ghost_file.exists(), "the best run's keys are kept for its ghost"):
        run = subprocess.run(
            [str(BIN), "--headless", "--level", str(MENU_LEVEL), "--inputs", str(ghost_file)],
            capture_output=True, text=True,
        )
        c.check(run.returncode == 0 and "exited=true" in run.stdout
                and f"frames={best[0][1] if best else '?'} " in run.stdout,
                f"the ghost's keys replay headless to the exit in the best time: {run.stdout.strip()}")
        run = subprocess.run(
            [str(BIN), "verify", str(ghost_file), "--level", str(MENU_LEVEL)],
            capture_output=True, text=True,
        )
        c.check(run.returncode == 0 and "#! state: " in ghost_file.read_text(),
                f"the kept best run is a run file that verify accepts: {(run.stdout + run.stderr).strip()}")
    c.check(bbox(first, GHOST_ON_BACKGROUND, 6) is None, "no ghost on the first try")
    ghost = bbox(second, GHOST_ON_BACKGROUND, 6)
    player = bbox(second, PLAYER)
    if c.check(ghost is not None and player is not None,
               f"on the second try a ghost {ghost} runs beside the player {player}"):
        c.check(ghost[0] > player[2], "the ghost is ahead: the player stood still, the ghost ran the best run")


WHITE = (255, 255, 255)
DIM_TEXT = (191, 199, 217)


def bands(rows, colour, top=0, bottom=None, tolerance=12):
    """The runs of screen rows (first, last), from `top` to `bottom`, that
    hold a pixel within `tolerance` of `colour`: lines of text in it."""
    found, start = [], None
    for y in range(top, len(rows) if bottom is None else bottom):
        on = any(all(abs(a - b) <= tolerance for a, b in zip(px, colour)) for px in rows[y])
        if on and start is None:
            start = y
        if not on and start is not None:
            found.append((start, y - 1))
            start = None
    if start is not None:
        found.append((start, len(rows) - 1))
    return found


def menu_click(path):
    """Where to click in the level select screenshot at `path` to reach the
    row after the chosen one: the chosen row is the white line below the
    status bar, the next row the first dim line under it. Prints "x y"."""
    width, _, rows = read_xwd(Path(path))
    chosen = bands(rows, WHITE, top=40)
    if not chosen:
        raise SystemExit("e2e: no chosen row (white text) in the level select")
    below = bands(rows, DIM_TEXT, top=chosen[0][1] + 1, bottom=chosen[0][1] + 40)
    if not below:
        raise SystemExit("e2e: no row (dim text) under the chosen one in the level select")
    print(width // 2, (below[0][0] + below[0][1]) // 2)


def check_menu_click(c, out):
    """A click on the row under the chosen one chooses it (the white line
    moves there), a second click plays it, and running to its exit keeps
    its best time (and only its)."""
    before = read_xwd(out / "click-menu.xwd")[2]
    after = read_xwd(out / "click-chosen.xwd")[2]
    was, now = bands(before, WHITE, top=40), bands(after, WHITE, top=40)
    first_row = bands(read_xwd(out / "menu.xwd")[2], WHITE, top=40)
    c.check(bool(was) and was[:1] == first_row[:1],
            f"the click that left the title chose no level: the first row is still chosen ({was[:1]})")
    c.check(bool(was) and bool(now) and now[0][0] > was[0][1],
            f"a click on the next row chooses it: the chosen line moved from {was[:1]} to {now[:1]}")
    records = out / "click-data" / "records.txt"
    lines = [l for l in records.read_text().splitlines() if not l.startswith("//")] if records.exists() else []
    c.check(any(l.endswith(" 02-next.txt") for l in lines) and not any(l.endswith(" 01-run.txt") for l in lines),
            f"a second click played the clicked level to its exit (its best time alone is kept): {lines}")


def pack(data):
    """A link's part: raw deflate, then URL-safe base64 without padding."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(deflate.compress(data) + deflate.flush()).decode().rstrip("=")


def unpack(text):
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return zlib.decompress(data, -15)


def check_link(c, out):
    """A level and its run opened from a link in the window: the run
    replays to the exit (the trace says so), and Ctrl+L in the editor
    prints a link that carries the same level."""
    trace = out / "link-trace.csv"
    rows = list(csv.DictReader(trace.read_text().splitlines())) if trace.exists() else []
    exits = [r for r in rows if "exit" in r["event"].split("|")]
    c.check(len(exits) == 1, f"the run in a link replays to the exit in the window (step {exits[0]['frame'] if exits else None})")
    log = (out / "link.log").read_text()
    page = "http://localhost:8000/#level="
    shared = [l for l in log.splitlines() if l.startswith(page)]
    if c.check(len(shared) == 1, f"Ctrl+L in the editor prints a whole link to the local browser build: {shared[0][:60] if shared else log[-200:]!r}"):
        level = shared[0].split("&")[0][len(page):]
        c.check(unpack(level) == MENU_LEVEL.read_bytes(), "and it carries the level, byte for byte")


def check_signals(c, out):
    """SIGINT (Ctrl+C in the terminal) and SIGTERM quit the window as
    closing it does: exit 0, the recording written, nothing temporary left."""
    for sig in ("INT", "TERM"):
        code = (out / f"signal-{sig}.code").read_text().strip()
        recording = out / f"signal-{sig}.txt"
        text = recording.read_text() if recording.exists() else ""
        c.check(code == "0" and "right" in text,
                f"SIG{sig} quits the window cleanly with its recording written (exit {code}, {len(text)} bytes)")
    temps = [p.name for p in out.iterdir() if p.name.endswith(".tmp")]
    c.check(not temps, f"no temporary file is left beside the outputs ({temps})")


def check_editor(c, out):
    """The edit made with the mouse, saved with Ctrl+S, plays headless and
    keeps what the author wrote."""
    before = screenshot(out, "editor")
    edited = screenshot(out, "edited")
    played = screenshot(out, "edit-played")
    # (Below the palette bar, whose exit brush is green too.)
    c.check(bbox_where(before[80:], exit_green) is None and bbox_where(edited[80:], exit_green) is not None,
            "the exit painted with the mouse is drawn in the editor")
    saved = (out / "edit.txt").read_text()
    original = EDIT_LEVEL.read_text()
    c.check(saved.splitlines()[:4] == original.splitlines()[:4],
            "the saved file keeps its title and comments, in order")
    c.check(saved.splitlines()[5] == "#@...E.....#",
            f"the exit is saved four tiles right of the spawn: {saved.splitlines()[5:6]}")
    script = out / "right.inputs"
    script.write_text("1-120 right\n")
    run = subprocess.run(
        [str(BIN), "--headless", "--level", str(out / "edit.txt"), "--inputs", str(script)],
        capture_output=True, text=True,
    )
    c.check(run.returncode == 0 and "exited=true" in run.stdout,
            f"the headless runner plays the saved edit to its new exit: {run.stdout.strip()} {run.stderr.strip()}")
    c.check(bbox(played, PLAYER) is not None, "E plays the edit")


def spawn_click(xwd, tiles_right):
    """Window coordinates of the cell `tiles_right` cells right of the
    spawn drawn in the editor (the spawn marker is the player's colour, half
    a tile wide and centred in its cell)."""
    _, _, pixels = read_xwd(Path(xwd))
    # Below the palette bar, whose spawn brush is drawn in the same colour.
    skip = 80
    box = bbox(pixels[skip:], PLAYER)
    box = box and (box[0], box[1] + skip, box[2], box[3] + skip)
    if box is None:
        raise SystemExit("e2e: no spawn on the editor's screenshot")
    cell = (box[2] - box[0] + 1) * 2  # the marker is half a cell wide
    centre_x = (box[0] + box[2]) / 2
    centre_y = (box[1] + box[3]) / 2
    print(round(centre_x + tiles_right * cell), round(centre_y))


if __name__ == "__main__":
    if sys.argv[1] == "--menu-click":
        menu_click(sys.argv[2])
        sys.exit(0)
    if sys.argv[1] == "--spawn-click":
        spawn_click(sys.argv[2], int(sys.argv[3]))
        sys.exit(0)
    if sys.argv[1] == "--link":
        print(f"#level={pack(Path(sys.argv[2]).read_bytes())}&run={pack((sys.argv[3] + chr(10)).encode())}")
        sys.exit(0)
    sys.exit(main(Path(sys.argv[1])))
