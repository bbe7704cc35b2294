#!/usr/bin/env python3
"""Turns criterion's results (target/criterion) into docs/PERFORMANCE.md's
tables and target checks, and docs/performance.svg's log-log plot.

    taskset -c 1 cargo bench          # pinned to one core: steadier figures
    python3 scripts/perf_report.py    # add --check to exit 1 if a target fails

    (cd benches/peers && taskset -c 1 cargo bench)   # 10,000 bullets against rapier2d
    python3 scripts/perf_report.py --bullets-only     # only that block

Only the parts of PERFORMANCE.md between the GENERATED markers are rewritten.
Standard library only."""

import json
import math
import platform
import subprocess
import sys
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CRIT = ROOT / "target" / "criterion"
DOC = ROOT / "docs" / "PERFORMANCE.md"
SVG = ROOT / "docs" / "performance.svg"
SPEEDS = [1, 4, 16, 64, 256, 1024, 4096]
MODES = ["substep", "sweep", "naive", "macroquad-platformer"]
COLOURS = {"substep": "#e8743b", "sweep": "#2f9e6e", "naive": "#8b8b8b", "macroquad-platformer": "#3b6fe8",
           "rapier2d": "#a23be8"}
BEGIN, END = "<!-- GENERATED: scripts/perf_report.py -->", "<!-- END GENERATED -->"


def median_ns(*parts):
    path = CRIT.joinpath(*parts, "new", "estimates.json")
    return json.loads(path.read_text())["median"]["point_estimate"]


def fmt(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.1f} ns"


def machine():
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    cores = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    return f"{cpu}, {cores} cores, {platform.system()} {platform.release()}; {rustc}; measured {date.today()}"


def motion_table(group, costs):
    rows = ["| px/step | substep | sweep | naive | macroquad-platformer | peer ÷ substep | peer ÷ sweep |",
            "|---:|---:|---:|---:|---:|---:|---:|"]
    for s in SPEEDS:
        c = {m: costs[(group, m, s)] for m in MODES}
        peer = c["macroquad-platformer"]
        rows.append(f"| {s} | {fmt(c['substep'])} | {fmt(c['sweep'])} | {fmt(c['naive'])} | {fmt(peer)} "
                    f"| {peer / c['substep']:.1f}× | {peer / c['sweep']:.0f}× |")
    return "\n".join(rows)


DENSE = [("dense-rise", "Rising through a one-way ledge on every other row"),
         ("dense-run", "Running along a row of one-way tiles"),
         ("dense-fall", "Falling down a shaft lined with solids on both sides")]
DENSE_MODES = ["substep", "sweep", "macroquad-platformer"]


def dense_table(group, costs):
    rows = ["| px/step | substep | sweep | macroquad-platformer | peer ÷ substep | peer ÷ sweep |",
            "|---:|---:|---:|---:|---:|---:|"]
    for s in SPEEDS:
        c = {m: costs[(group, m, s)] for m in DENSE_MODES}
        peer = c["macroquad-platformer"]
        rows.append(f"| {s} | {fmt(c['substep'])} | {fmt(c['sweep'])} | {fmt(peer)} "
                    f"| {peer / c['substep']:.1f}× | {peer / c['sweep']:.0f}× |")
    return "\n".join(rows)


def movers_tables(costs):
    many = ["| px/step | substep | sweep |", "|---:|---:|---:|"]
    for s in SPEEDS:
        many.append(f"| {s} | {fmt(costs[('movers-26', 'substep', s)])} | {fmt(costs[('movers-26', 'sweep', s)])} |")
    ferry = ["| px/step | substep | sweep | peer `solid_move` | peer frame | `solid_move` ÷ sweep | peer frame ÷ sweep |",
             "|---:|---:|---:|---:|---:|---:|---:|"]
    for s in SPEEDS:
        peer, frame = costs[("ferry", "peer", s)], costs[("ferry", "peer-frame", s)]
        a, b = costs[("ferry", "substep", s)], costs[("ferry", "sweep", s)]
        ferry.append(f"| {s} | {fmt(a)} | {fmt(b)} | {fmt(peer)} | {fmt(frame)} | {peer / b:.1f}× | {frame / b:.1f}× |")
    return "\n".join(many), "\n".join(ferry)


def plot(costs, panels=(("fall", "fall through one-way ledges"), ("run", "run into a wall")),
         modes=MODES, path=SVG, ylabel="ns per step"):
    """Two log-log panels (by default fall and run): ns against px per step."""
    w, h, pad = 440, 300, 78
    values = [v for v in costs.values()]
    ylo = 10 ** math.floor(math.log10(min(values)))
    yhi = 10 ** math.ceil(math.log10(max(values)))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * w + 20}" height="{h + 70}" '
           'font-family="sans-serif" font-size="11">', '<rect width="100%" height="100%" fill="white"/>']
    for panel, (group, title) in enumerate(panels):
        ox = panel * (w + 20)
        x = lambda s: ox + pad + (w - pad - 24) * math.log2(s) / math.log2(SPEEDS[-1])
        y = lambda v: 10 + (h - 40) * (1 - (math.log10(v) - math.log10(ylo)) / (math.log10(yhi) - math.log10(ylo)))
        out.append(f'<text x="{ox + w / 2}" y="{h + 5}" text-anchor="middle">px per step ({title})</text>')
        if panel == 0:
            out.append(f'<text x="14" y="{h / 2}" transform="rotate(-90 14 {h / 2})" text-anchor="middle">{ylabel}</text>')
        for s in SPEEDS:
            out.append(f'<line x1="{x(s)}" y1="10" x2="{x(s)}" y2="{h - 30}" stroke="#eee"/>')
            out.append(f'<text x="{x(s)}" y="{h - 16}" text-anchor="middle">{s}</text>')
        d = ylo
        while d <= yhi:
            out.append(f'<line x1="{x(1)}" y1="{y(d)}" x2="{x(SPEEDS[-1])}" y2="{y(d)}" stroke="#eee"/>')
            out.append(f'<text x="{x(1) - 6}" y="{y(d) + 4}" text-anchor="end">{fmt(d)}</text>')
            d *= 10
        for m in modes:
            pts = " ".join(f"{x(s):.1f},{y(costs[(group, m, s)]):.1f}" for s in SPEEDS)
            out.append(f'<polyline points="{pts}" fill="none" stroke="{COLOURS[m]}" stroke-width="2"/>')
            for s in SPEEDS:
                out.append(f'<circle cx="{x(s):.1f}" cy="{y(costs[(group, m, s)]):.1f}" r="2.5" fill="{COLOURS[m]}"/>')
    for i, m in enumerate(modes):
        lx = 70 + i * 190
        out.append(f'<line x1="{lx}" y1="{h + 40}" x2="{lx + 24}" y2="{h + 40}" stroke="{COLOURS[m]}" stroke-width="3"/>')
        out.append(f'<text x="{lx + 30}" y="{h + 44}">{m}</text>')
    out.append("</svg>")
    path.write_text("\n".join(out) + "\n")


PEERS = ROOT / "benches" / "peers" / "target" / "criterion"
BULLETS_SVG = ROOT / "docs" / "bullets.svg"
B_BEGIN, B_END = "<!-- GENERATED BULLETS: scripts/perf_report.py -->", "<!-- END GENERATED BULLETS -->"
LAYOUTS = [("platforms", "a level of platforms and pillars"), ("clutter", "4% of tiles solid at random")]


def bullets_section():
    """The 10,000-bullet benchmark against rapier2d (benches/peers): its own
    block of PERFORMANCE.md and docs/bullets.svg. Gives its targets."""
    group = lambda layout: f"bullets-10000-{layout}"
    ns = lambda layout, who, s: json.loads((PEERS / group(layout) / who / str(s) / "new" / "estimates.json")
                                          .read_text())["median"]["point_estimate"]
    costs = {(l, who, s): ns(l, who, s) / 10_000 for l, _ in LAYOUTS for who in ("sweep", "rapier2d") for s in SPEEDS}
    hits = {l: json.loads((PEERS / f"bullet-hits-{l}.json").read_text()) for l, _ in LAYOUTS}
    lines = [B_BEGIN, "", f"Machine: {machine()}.", ""]
    for layout, title in LAYOUTS:
        lines += [f"### 10,000 bullets, {title}: one step, per bullet (median)", "",
                  "| px/step | sweep | rapier2d | rapier2d ÷ sweep | wall hits: sweep | wall hits: rapier2d |",
                  "|---:|---:|---:|---:|---:|---:|"]
        for s in SPEEDS:
            c, p = costs[(layout, "sweep", s)], costs[(layout, "rapier2d", s)]
            ours, theirs = hits[layout][str(s)]
            lines.append(f"| {s} | {fmt(c)} | {fmt(p)} | {p / c:.1f}× | {ours} | {theirs} |")
        lines.append("")
    lines += ["![ns per bullet against px per step, log-log](bullets.svg)", "", B_END]
    plot(costs, panels=LAYOUTS, modes=("sweep", "rapier2d"), path=BULLETS_SVG, ylabel="ns per bullet per step")
    doc = DOC.read_text()
    start, end = doc.index(B_BEGIN), doc.index(B_END) + len(B_END)
    DOC.write_text(doc[:start] + "\n".join(lines) + doc[end:])
    worst = max(costs[(l, "sweep", 4096)] / costs[(l, "sweep", 1)] for l, _ in LAYOUTS)
    slowest = min(costs[(l, "rapier2d", 1024)] / costs[(l, "sweep", 1024)] for l, _ in LAYOUTS)
    return [
        ("10,000 bullets: sweep at 4096 px/step costs at most 2× its cost at 1 px/step (the worse layout)",
         worst, "≤ 2", lambda r: r <= 2),
        ("10,000 bullets: sweep is at least 10× faster than rapier2d at 1024 px/step (the worse layout)",
         slowest, "≥ 10", lambda r: r >= 10),
    ]


def report_targets(targets):
    """Prints each target's verdict; gives how many were missed."""
    failed = 0
    for what, value, need, ok in targets:
        failed += not ok(value)
        print(f"  {'met' if ok(value) else 'MISSED'}: {what}: {value:.3g} (needed {need})")
    return failed


def main():
    check = "--check" in sys.argv
    if "--bullets-only" in sys.argv:
        failed = report_targets(bullets_section())
        print(f"perf_report: bullets block written; {failed} targets missed")
        return 1 if check and failed else 0
    costs = {(g, m, s): median_ns(g, m, str(s)) for g in ("fall", "run") for m in MODES for s in SPEEDS}
    costs.update({(g, m, s): median_ns(g, m, str(s)) for g, _ in DENSE for m in DENSE_MODES for s in SPEEDS})
    costs.update({(g, m, s): median_ns(g, m, str(s)) for g in ("movers-26", "ferry")
                  for m in ("substep", "sweep") for s in SPEEDS})
    # The peer's benchmark moves the solid there and back: two moves a call.
    costs.update({("ferry", "peer", s): median_ns("ferry", "macroquad-platformer-x2", str(s)) / 2 for s in SPEEDS})
    costs.update({("ferry", "peer-frame", s): median_ns("ferry", "macroquad-platformer-frame-x2", str(s)) / 2
                  for s in SPEEDS})
    levels = sorted(p.name for p in (CRIT / "headless" / "substep").iterdir() if (p / "new").is_dir())
    headless = {(m, l): json.loads((CRIT / "headless" / m / l / "new" / "benchmark.json").read_text())
                ["throughput"]["Elements"] / median_ns("headless", m, l) * 1e9
                for m in ("substep", "sweep") for l in levels}
    parse = {n: median_ns("parse", str(n)) for n in (256, 1024, 4096)}
    memory = json.loads((CRIT / "parse" / "memory.json").read_text())
    visible = {n: median_ns("visible", n) for n in ("32x32", "4096x4096")}

    peer = lambda g, s: costs[(g, "macroquad-platformer", s)]
    targets = [
        ("sweep at 4096 px/step costs at most 2× its cost at 1 px/step (fall)",
         costs[("fall", "sweep", 4096)] / costs[("fall", "sweep", 1)], "≤ 2", lambda r: r <= 2),
        ("sweep at 1024 px/step is at least 100× faster than macroquad-platformer (fall)",
         peer("fall", 1024) / costs[("fall", "sweep", 1024)], "≥ 100", lambda r: r >= 100),
        ("substep is at least 3× faster than macroquad-platformer at every speed (fall and run: the lowest ratio)",
         min(peer(g, s) / costs[(g, "substep", s)] for g in ("fall", "run") for s in SPEEDS), "≥ 3", lambda r: r >= 3),
        ("sweep at 4096 px/step is at least 10× faster than macroquad-platformer on the densest path (the lowest ratio of the dense paths)",
         min(peer(g, 4096) / costs[(g, "sweep", 4096)] for g, _ in DENSE), "≥ 10", lambda r: r >= 10),
        ("with 26 movers and a rider, a sweep step at 4096 px/step costs at most 2× one at 1 px/step",
         costs[("movers-26", "sweep", 4096)] / costs[("movers-26", "sweep", 1)], "≤ 2", lambda r: r <= 2),
        ("a ferry with a rider: a whole sweep step is at least as fast as a whole frame on macroquad-platformer (solid_move and the rider's own moves) at 1 px/step (peer ÷ sweep)",
         costs[("ferry", "peer-frame", 1)] / costs[("ferry", "sweep", 1)], "≥ 1", lambda r: r >= 1),
        ("a ferry with a rider: a whole sweep step is at least 10× faster than solid_move at 1024 px/step (peer ÷ sweep)",
         costs[("ferry", "peer", 1024)] / costs[("ferry", "sweep", 1024)], "≥ 10", lambda r: r >= 10),
        ("a 4096² level parses in well under a second (seconds)", parse[4096] / 1e9, "< 1", lambda r: r < 1),
        ("a 4096² level holds at most 1 byte per tile (bytes per tile)", memory["4096"], "≤ 1", lambda r: r <= 1),
        ("the renderer's visible-tile work does not grow with level size (4096² ÷ 32²)",
         visible["4096x4096"] / visible["32x32"], "≤ 1.5", lambda r: r <= 1.5),
    ]
    if (PEERS / "bullet-hits-platforms.json").exists():
        targets += bullets_section()
    lines = [BEGIN, "", f"Machine: {machine()}.", "", "### Targets", "",
             "| target | measured | needed | |", "|---|---:|---:|---|"]
    failed = 0
    for what, value, need, ok in targets:
        good = ok(value)
        failed += not good
        lines.append(f"| {what} | {value:.3g} | {need} | {'met' if good else '**missed**'} |")
    many, ferry = movers_tables(costs)
    lines += ["### 26 movers and a rider: one whole step (median)", "", many, "",
              "### A ferry carrying a rider: one whole step, against macroquad-platformer's `solid_move` (median)", "",
              ferry, ""]
    lines += ["", "### Falling through a shaft of one-way ledges (one move, median)", "", motion_table("fall", costs),
              "", "### Running along a corridor into a wall (one move, median)", "", motion_table("run", costs),
              "", "![ns per step against px per step, log-log](performance.svg)", ""]
    for group, title in DENSE:
        lines += [f"### Dense path: {title} (one move, median)", "", dense_table(group, costs), ""]
    lines += [
              "### Headless runs of the bundled levels (their solution scripts, no trace)", "",
              "| level | substep steps/s | sweep steps/s |", "|---|---:|---:|"]
    for l in levels:
        lines.append(f"| {l} | {headless[('substep', l)] / 1e6:.1f} M | {headless[('sweep', l)] / 1e6:.1f} M |")
    lines += ["", "### Level loading and the renderer's query", "",
              "| level | parse time | bytes held per tile |", "|---|---:|---:|"]
    for n in (256, 1024, 4096):
        lines.append(f"| {n} × {n} | {fmt(parse[n])} | {memory[str(n)]:.3f} |")
    lines += ["", "| level | visible-tile query + visit (30 × 20 tiles) |", "|---|---:|"]
    for n in ("32x32", "4096x4096"):
        lines.append(f"| {n.replace('x', ' × ')} | {fmt(visible[n])} |")
    lines += ["", END]
    doc = DOC.read_text()
    start, end = doc.index(BEGIN), doc.index(END) + len(END)
    DOC.write_text(doc[:start] + "\n".join(lines) + doc[end:])
    plot({k: v for k, v in costs.items() if k[0] in ("fall", "run")})
    print(f"perf_report: {len(targets) - failed} targets met, {failed} missed; wrote {DOC.name} and {SVG.name}")
    return 1 if check and failed else 0


if __name__ == "__main__":
    sys.exit(main())
