// The browser build in a real Chromium (Debian's, through playwright-core):
// the page loads and draws the level, real key presses run, jump and drop
// through a ledge (read from the game's console lines), the URL picks the
// mode and level and a bad value is reported, a dropped level file plays
// (a broken one shows its error), and every bundled solution replayed in
// the browser gives the trace the native headless run gives, byte for byte
// (compared by hash), a faked gamepad plays level 01 to its exit, the
// portal zip runs unpacked under a sub-path inside an iframe, and the
// help lines are pixel-identical after two
// minutes of play. Run by .ci/run after scripts/web.sh built dist/:
//
//   node tests/web/web_test.mjs
//
// It fails if the browser or the page cannot start; nothing is skipped.
import { chromium } from "playwright-core";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";

const ROOT = new URL("../../", import.meta.url).pathname;
const BIN = join(ROOT, "target/release/dropthrough");
let passed = 0;
let failed = 0;
function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  ok ? passed++ : failed++;
  return ok;
}

// FNV-1a 64 of a byte array, as the game computes it.
function fnv(bytes) {
  let h = 0xcbf29ce484222325n;
  for (const b of bytes) h = BigInt.asUintN(64, (h ^ BigInt(b)) * 0x100000001b3n);
  return h.toString(16).padStart(16, "0");
}

// A PNG's pixels (8-bit RGB or RGBA, no interlace), for the screenshot.
function decodePng(buf) {
  let pos = 8, width = 0, height = 0, channels = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), type = buf.toString("latin1", pos + 4, pos + 8);
    const body = buf.subarray(pos + 8, pos + 8 + len);
    if (type === "IHDR") {
      width = body.readUInt32BE(0); height = body.readUInt32BE(4);
      channels = { 2: 3, 6: 4 }[body[9]];
    } else if (type === "IDAT") idat.push(body);
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat)), stride = width * channels;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)], line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[y * stride + x - channels] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      const pred = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      out[y * stride + x] = (line[x] + pred) & 255;
    }
  }
  return { width, height, channels, pixels: out };
}

const server = spawn("python3", ["-m", "http.server", "-d", join(ROOT, "dist"), "--bind", "127.0.0.1", "0"],
  { stdio: ["ignore", "pipe", "pipe"] });
const port = await new Promise((resolve, reject) => {
  const seen = (d) => { const m = /port (\d+)/.exec(d.toString()); if (m) resolve(m[1]); };
  server.stdout.on("data", seen); server.stderr.on("data", seen);
  setTimeout(() => reject(new Error("the web server did not start")), 10000);
});
const profile = mkdtempSync(join(tmpdir(), "dropthrough-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: "/usr/bin/chromium",
  headless: true,
  viewport: { width: 960, height: 640 },
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

// Opens the page at `query`; gives it and its console lines (a live array).
async function open(query, init) {
  const page = await context.newPage();
  await page.addInitScript(countSteps);
  if (init) await page.addInitScript(init);
  const lines = [];
  page.on("console", (m) => lines.push(m.text()));
  page.on("pageerror", (e) => lines.push(`pageerror: ${e.message}`));
  await page.goto(`http://127.0.0.1:${port}/${query}`);
  return { page, lines };
}

// A step's log line when it reached the exit: its events are joined by
// "|" in the trace's order, so a landing on the exit says "land|exit".
const EXITED = /dropthrough: step \d+ (\S+\|)?exit\b/;

// Level 01 played by mashing jump while running right: a press of about 8
// steps every 30 reaches the exit from any phase, while presses of 10 to 15
// steps at the old rhythm (9 down, 12 up) can lock into a cycle that falls
// in the pit or never climbs the first step. Run headless from every phase,
// presses of 6 to 11 steps with 20 to 26 between them all reach the exit.
const MASH = { down: 8, up: 22 };

// Counts the steps the game has run, as its clock (src/clock.rs) turns
// frames into steps: each frame adds its time, at most five steps' worth,
// and runs whole 1/60 s steps, at most four. A press timed in steps stays
// the length it should be when a busy page draws few, long frames; one timed
// in milliseconds did not, and failed in CI.
const countSteps = () => {
  window.steps_run = 0;
  const STEP = 1000 / 60;
  let time = 0, last = null;
  const tick = (now) => {
    if (last !== null) {
      time += Math.min(now - last, 5 * STEP);
      const steps = Math.floor(time / STEP);
      if (steps > 4) { window.steps_run += 4; time = 0; } else { window.steps_run += steps; time -= steps * STEP; }
    }
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

// Waits until the page has run `steps` more steps (false if it stopped).
async function waitSteps(page, steps) {
  try {
    const from = await page.evaluate(() => window.steps_run);
    await page.waitForFunction((until) => window.steps_run >= until, from + steps, { polling: "raf", timeout: 10000 });
    return true;
  } catch {
    return false;
  }
}

// Mashes jump to the MASH rhythm (`press` and `release` it) until a step
// reaches the exit (from line `from` on) or `ms` pass; gives that step's
// line, or null. Running right is the caller's.
async function mashToExit(page, lines, from, ms, press, release, afterDeath = async () => {}) {
  const until = Date.now() + ms;
  let exit = null;
  let deaths = deathsIn(lines, from);
  while (exit === null && Date.now() < until) {
    await press();
    await waitSteps(page, MASH.down);
    await release();
    await waitSteps(page, MASH.up);
    if (deathsIn(lines, from) > deaths) {
      deaths = deathsIn(lines, from);
      await afterDeath();
    }
    exit = lines.slice(from).find((l) => EXITED.test(l)) ?? null;
  }
  return exit;
}

// The player's deaths logged from line `from` on.
const DIED = /dropthrough: step \d+ \S*\bdeath\b/;
function deathsIn(lines, from) {
  return lines.slice(from).filter((l) => DIED.test(l)).length;
}

// Runs right on level 01 (or a level like it) with the keyboard, mashing
// Space, to the exit (mashToExit). A key held into a death counts only
// once pressed again, so after a death Right is let go and pressed again,
// as a player does.
async function runToExit(page, lines, from, ms) {
  await page.keyboard.down("ArrowRight");
  const exit = await mashToExit(page, lines, from, ms,
    () => page.keyboard.down("Space"), () => page.keyboard.up("Space"),
    async () => {
      await page.keyboard.up("ArrowRight");
      await waitSteps(page, 2);
      await page.keyboard.down("ArrowRight");
    });
  await page.keyboard.up("ArrowRight");
  return exit;
}

// The first console line (from index `from` on) matching `pattern`,
// waiting up to `ms` for it; null if none came.
async function waitFor(lines, pattern, ms = 20000, from = 0) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const hit = lines.slice(from).find((l) => pattern.test(l));
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

async function hold(page, key, ms) {
  await page.keyboard.down(key);
  await page.waitForTimeout(ms);
  await page.keyboard.up(key);
}

try {
  // 1. Play: the URL's level and mode, real keys, the drawn level.
  const { page, lines } = await open("?collision=sweep&level=02-down-through");
  const ready = await waitFor(lines, /dropthrough: ready level 02-down-through\.txt mode sweep/);
  check(ready !== null, `the game starts on the URL's level and mode (${ready ?? lines.slice(-3).join(" | ")})`);
  await page.click("#glcanvas");
  await hold(page, "Space", 150);
  check(await waitFor(lines, /dropthrough: step \d+ jump/, 5000) !== null, "Space jumps");
  await page.waitForTimeout(1200);
  await hold(page, "ArrowDown", 120);
  check(await waitFor(lines, /dropthrough: step \d+ drop/, 5000) !== null, "Down drops through the ledge");
  const dropAt = lines.findIndex((l) => /dropthrough: step \d+ drop/.test(l));
  const landed = await waitFor(lines, /dropthrough: step \d+ land x=\d+ y=\d+/, 5000, dropAt);
  check(landed !== null && Number(/y=(\d+)/.exec(landed)[1]) > 48, `and lands on the ledge below (${landed})`);
  // A key held when the page loses focus is released, as the game sees it.
  await page.keyboard.down("ArrowRight");
  const held = await waitFor(lines, /dropthrough: keys right$/, 5000);
  const heldAt = lines.indexOf(held);
  await page.evaluate(() => window.dispatchEvent(new Event("blur")));
  const released = await waitFor(lines, /dropthrough: keys none$/, 5000, heldAt);
  check(held !== null && released !== null, "a key held when the page loses focus is released");
  await page.keyboard.up("ArrowRight");
  const shot = decodePng(await page.screenshot());
  let solid = 0, player = 0, distinct = new Set();
  for (let i = 0; i < shot.pixels.length; i += shot.channels) {
    const [r, g, b] = shot.pixels.subarray(i, i + 3);
    distinct.add((r << 16) | (g << 8) | b);
    if (Math.abs(r - 86) <= 3 && Math.abs(g - 92) <= 3 && Math.abs(b - 122) <= 3) solid++;
    if (r > 240 && Math.abs(g - 120) <= 6 && Math.abs(b - 60) <= 6) player++;
  }
  check(distinct.size > 8 && solid > 5000 && player > 50,
    `the screenshot shows the level and the player (${distinct.size} colours, ${solid} solid px, ${player} player px)`);
  writeFileSync(join(profile, "screenshot.png"), await page.screenshot());

  // 2. A dropped level file plays; a broken one shows its error.
  const drop = (name, text) => page.evaluate(([name, text]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], name, { type: "text/plain" }));
    window.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, [name, text]);
  await drop("mine.txt", "title = Mine\n#######\n#@...E#\n#######\n");
  check(await waitFor(lines, /dropthrough: dropped mine\.txt: playing/, 5000) !== null, "a dropped level file plays");
  await drop("broken.txt", "#@X#\n");
  const broken = await waitFor(lines, /dropthrough: dropped broken\.txt: broken\.txt:1:3: unknown tile 'X'/, 5000);
  check(broken !== null, `a broken one shows its file:line:col error (${broken})`);
  await hold(page, "ArrowRight", 1200);
  check(await waitFor(lines, EXITED, 5000) !== null, "and the last good level goes on: run right to its exit");
  const errors = lines.filter((l) => l.startsWith("pageerror"));
  check(errors.length === 0, `no page errors ${errors.join(" | ")}`);
  await page.close();

  // 3. Bad URL values are reported, not ignored.
  const bad = await open("?collision=fast&level=nowhere");
  check(await waitFor(bad.lines, /collision=fast is not a mode/) !== null, "a bad collision mode in the URL is reported");
  check(await waitFor(bad.lines, /level=nowhere is not a bundled level/) !== null, "a bad level name in the URL is reported");
  await bad.page.close();

  // 3b. Without a level in the URL, the level select: Down, Enter plays the
  //     second level; Esc goes back to the menu (and the page stays).
  //     First the title screen: Enter leaves it and does nothing else.
  const menu = await open("");
  const titled = await waitFor(menu.lines, /dropthrough: ready/);
  check(titled !== null && titled.endsWith(" title"), `without level= the page opens on the title screen (${titled})`);
  await menu.page.keyboard.press("Enter");
  check(await waitFor(menu.lines, /dropthrough: title closed/, 5000) !== null, "a key leaves the title screen");
  await menu.page.waitForTimeout(200);
  await menu.page.keyboard.press("ArrowDown");
  await menu.page.waitForTimeout(100);
  await menu.page.keyboard.press("Enter");
  check(await waitFor(menu.lines, /dropthrough: level 02-down-through.txt mode substep/, 5000) !== null,
    "without level= the page opens on the level select; Down and Enter play the second level");
  await menu.page.waitForTimeout(200);
  await menu.page.keyboard.press("Escape");
  check(await waitFor(menu.lines, /dropthrough: menu$/, 5000) !== null, "Esc goes back to the level select");
  // The editor's Ctrl+S is the game's: the browser's "save page" does not open.
  await menu.page.evaluate(() => {
    window.ctrl_s_prevented = null;
    window.addEventListener("keydown", (e) => { if (e.code === "KeyS") window.ctrl_s_prevented = e.defaultPrevented; });
  });
  await menu.page.keyboard.press("Control+s");
  check(await menu.page.evaluate(() => window.ctrl_s_prevented) === true,
    "Ctrl+S goes to the game, not to the browser's save-page");
  const menu_errors = menu.lines.filter((l) => l.startsWith("pageerror"));
  check(menu_errors.length === 0, `no page errors in the level select ${menu_errors.join(" | ")}`);
  await menu.page.close();

  // 3c. A gamepad, faked through navigator.getGamepads(): the stick held
  //     right and A pressed now and then play level 01 to its exit; the
  //     d-pad held when the page loses focus is released.
  const fakePad = () => {
    const button = () => ({ pressed: false, touched: false, value: 0 });
    window.fake_pad = {
      id: "fake pad", index: 0, connected: true, mapping: "standard", timestamp: 0,
      axes: [0, 0, 0, 0], buttons: Array.from({ length: 17 }, button),
    };
    window.press_pad = (b, on) => {
      window.fake_pad.buttons[b] = { pressed: on, touched: on, value: on ? 1 : 0 };
    };
    // While mashing, A is down for MASH.down steps, then up for MASH.up,
    // as the steps are counted when the game looks at the pad.
    window.mash = null;
    navigator.getGamepads = () => {
      const m = window.mash;
      if (m !== null) {
        if (window.steps_run - m.since >= (m.down ? m.steps.down : m.steps.up)) {
          m.down = !m.down;
          m.since = window.steps_run;
        }
        window.press_pad(0, m.down);
      }
      return [window.fake_pad, null, null, null];
    };
  };
  const pad = await open("?level=01-first-steps", fakePad);
  await waitFor(pad.lines, /dropthrough: ready level 01-first-steps\.txt/);
  await pad.page.click("#glcanvas");
  await pad.page.evaluate((steps) => {
    window.fake_pad.axes[0] = 1;
    window.mash = { steps, down: true, since: window.steps_run };
  }, MASH);
  // The stick is let go and pushed again after a death (a key held into a
  // death counts only once pressed again).
  let exited = null;
  let padDeaths = 0;
  for (const until = Date.now() + 30000; exited === null && Date.now() < until;) {
    exited = await waitFor(pad.lines, EXITED, 300);
    if (deathsIn(pad.lines, 0) > padDeaths) {
      padDeaths = deathsIn(pad.lines, 0);
      await pad.page.evaluate(() => { window.fake_pad.axes[0] = 0; });
      await waitSteps(pad.page, 2);
      await pad.page.evaluate(() => { window.fake_pad.axes[0] = 1; });
    }
  }
  check(exited !== null, `a gamepad (stick right, A to jump) plays level 01 to its exit (${exited ?? pad.lines.slice(-3).join(" | ")})`);
  const stickKeys = pad.lines.filter((l) => /dropthrough: keys /.test(l));
  check(stickKeys.some((l) => /keys right\+jump$/.test(l)), `the stick reads as right held, A as jump (${stickKeys.slice(0, 3).join(" | ")})`);
  await pad.page.evaluate(() => { window.mash = null; window.fake_pad.axes[0] = 0; window.press_pad(0, false); });
  await pad.page.waitForTimeout(3000);   // past "level complete", into level 02
  const from = pad.lines.length;
  await pad.page.evaluate(() => window.press_pad(14, true));   // d-pad left, held
  const padHeld = await waitFor(pad.lines, /dropthrough: keys left$/, 5000, from);
  const padHeldAt = pad.lines.indexOf(padHeld);
  await pad.page.evaluate(() => window.dispatchEvent(new Event("blur")));
  const padReleased = await waitFor(pad.lines, /dropthrough: keys none$/, 5000, padHeldAt);
  check(padHeld !== null && padReleased !== null, "a gamepad button held when the page loses focus is released");
  const padErrors = pad.lines.filter((l) => l.startsWith("pageerror"));
  check(padErrors.length === 0, `no page errors with a gamepad ${padErrors.join(" | ")}`);
  await pad.page.close();

  // 4. Every bundled solution replayed in the browser gives the native trace.
  const check_page = await open("?check=1");
  await waitFor(check_page.lines, /dropthrough: check done/, 120000);
  const web = new Map(check_page.lines.filter((l) => l.startsWith("dropthrough: trace "))
    .map((l) => { const [, , name, mode, hash] = l.split(" "); return [`${name} ${mode}`, hash]; }));
  const levels = readdirSync(join(ROOT, "levels")).filter((n) => n.endsWith(".txt")).sort();
  let same = 0;
  const work = mkdtempSync(join(tmpdir(), "dropthrough-traces-"));
  for (const name of levels) {
    for (const mode of ["substep", "sweep"]) {
      const trace = join(work, `${name}-${mode}.csv`);
      execFileSync(BIN, ["--headless", "--level", join(ROOT, "levels", name), "--collision", mode, "--frames", "5000",
        "--inputs", join(ROOT, "tests/solutions", name.replace(/\.txt$/, ".inputs")), "--trace", trace]);
      const native = fnv(readFileSync(trace));
      if (web.get(`${name} ${mode}`) === native) same++;
      else console.log(`  ${name} ${mode}: browser ${web.get(`${name} ${mode}`)} native ${native}`);
    }
  }
  rmSync(work, { recursive: true, force: true });
  check(same === levels.length * 2, `the browser's traces of ${same} of ${levels.length * 2} bundled solution runs match the native ones`);
  // Every bundled run file gets the same verdict as \`dropthrough verify\`
  // natively (exit 0: "ok"); the same run with left toggled on its first
  // step is rejected there as tests/runs.rs has it rejected natively.
  const verdicts = new Map(check_page.lines.filter((l) => /^dropthrough: verify /.test(l))
    .map((l) => { const [, , name, ...rest] = l.split(" "); return [name, rest.join(" ")]; }));
  const edits = new Map(check_page.lines.filter((l) => /^dropthrough: verify-edited /.test(l))
    .map((l) => { const [, , name, ...rest] = l.split(" "); return [name, rest.join(" ")]; }));
  let agree = 0, rejected = 0;
  for (const name of levels) {
    const run = name.replace(/\.txt$/, ".run");
    let code = 0;
    try {
      execFileSync(BIN, ["verify", join(ROOT, "tests/runs", run), "--level", join(ROOT, "levels", name)], { stdio: "ignore" });
    } catch (e) { code = e.status; }
    if ((code === 0) === (verdicts.get(run) === "ok") && code === 0) agree++;
    else console.log(`  ${run}: native exit ${code}, browser ${verdicts.get(run)}`);
    if ((edits.get(run) ?? "").startsWith("rejected")) rejected++;
  }
  check(agree === levels.length, `verify gives the native verdict in the browser for ${agree} of ${levels.length} bundled run files`);
  check(rejected === levels.length, `and rejects ${rejected} of ${levels.length} of them edited by one key on the first step`);
  await check_page.page.close();

  // 5. Text never breaks up: the help lines at the foot of the canvas, at
  //    the start and after two minutes of varied play, pixel for pixel.
  const text = await open("?level=01-first-steps");
  await waitFor(text.lines, /dropthrough: ready/);
  await text.page.click("#glcanvas");
  const box = await text.page.locator("#glcanvas").boundingBox();
  const band = { x: box.x, y: box.y + box.height - 40, width: box.width, height: 40 };
  const helpAt = async () => decodePng(await text.page.screenshot({ clip: band }));
  await text.page.waitForTimeout(500);
  const before = await helpAt();
  const end = Date.now() + 120000;
  const press = (k) => text.page.keyboard.press(k);
  while (Date.now() < end) {
    await text.page.keyboard.down("ArrowRight");
    await text.page.waitForTimeout(600);
    await hold(text.page, "Space", 300);
    await text.page.waitForTimeout(400);
    await text.page.keyboard.up("ArrowRight");
    await hold(text.page, "ArrowLeft", 500);
    for (const k of ["Tab", "F1"]) await press(k);
    await text.page.waitForTimeout(400);
    await press("F1");
    await press("BracketLeft");
    await text.page.waitForTimeout(400);
    for (const k of ["BracketRight", "BracketRight", "KeyG", "KeyP"]) await press(k);
    await text.page.waitForTimeout(300);
    for (const k of ["KeyP", "KeyG"]) await press(k);
    await hold(text.page, "ArrowDown", 300);
    await press("KeyE");
    await text.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (const dy of [-100, -100, -100, 100, 100, 100, 100, 100, 100, -100, -100, -100]) {
      await text.page.mouse.wheel(0, dy);
      await text.page.waitForTimeout(50);
    }
    for (const k of ["KeyE", "KeyM", "KeyM", "KeyR", "KeyN"]) await press(k);
    await text.page.waitForTimeout(500);
  }
  await text.page.waitForTimeout(500);
  const after = await helpAt();
  let lit = 0, differ = 0;
  for (let i = 0; i < before.pixels.length; i += before.channels) {
    if (before.pixels[i] > 150) lit++;
    for (let c = 0; c < 3; c++) if (before.pixels[i + c] !== after.pixels[i + c]) { differ++; break; }
  }
  check(lit > 500, `the help lines are drawn at the foot of the canvas (${lit} light pixels)`);
  check(differ === 0, `after two minutes of play the help lines are pixel-identical (${differ} pixels differ)`);
  const text_errors = text.lines.filter((l) => l.startsWith("pageerror") || /already deleted|GL_INVALID/.test(l));
  check(text_errors.length === 0, `no page or WebGL texture errors while playing ${text_errors.slice(0, 3).join(" | ")}`);
  await text.page.close();

  // 7. Links: the editor's Ctrl+L puts a link in the address bar; opened
  //    in a fresh page it plays, and runs to its exit. A link built here
  //    with Node's own deflate (the format, not the game's code) carries a
  //    level and its run, which replays to the exit with no key pressed.
  //    A damaged or too long fragment is said, and the game goes on.
  const author = await open("?level=01-first-steps");
  await waitFor(author.lines, /dropthrough: ready level 01-first-steps\.txt/);
  await author.page.click("#glcanvas");
  await author.page.keyboard.press("e");
  await author.page.waitForTimeout(300);
  await author.page.keyboard.press("Control+l");
  const shared = await waitFor(author.lines, /dropthrough: shared \d+/, 5000);
  const link = await author.page.evaluate(() => window.location.href);
  check(shared !== null && /#level=[A-Za-z0-9_-]+(&run=[A-Za-z0-9_-]+)?$/.test(link) && link.length < 2000,
    `Ctrl+L in the editor puts a link to the level (and its best run, if any) in the address bar (${link.length} characters)`);
  await author.page.close();
  const linked = await open(link.replace(/^.*\//, ""));
  const linkReady = await waitFor(linked.lines, /dropthrough: ready level link\.txt/);
  check(linkReady !== null, `the link opens its level (${linkReady ?? linked.lines.slice(-3).join(" | ")})`);
  await linked.page.click("#glcanvas");
  const linkExit = await runToExit(linked.page, linked.lines, 0, 30000);
  check(linkExit !== null, `a level opened from a link plays to its exit (${linkExit ?? linked.lines.slice(-3).join(" | ")})`);
  await linked.page.close();

  const { deflateRawSync } = await import("node:zlib");
  const pack = (bytes) => deflateRawSync(bytes, { level: 9 }).toString("base64url");
  const levelText = readFileSync(join(ROOT, "levels/01-first-steps.txt"));
  const runText = readFileSync(join(ROOT, "tests/runs/01-first-steps.run"));
  const withRun = await open(`#level=${pack(levelText)}&run=${pack(runText)}`);
  const replayed = await waitFor(withRun.lines, EXITED, 20000);
  const steps = /^#! steps: (\d+)$/m.exec(runText.toString())[1];
  check(replayed !== null && replayed.includes(`step ${steps} exit`),
    `a run riding in the link replays to the exit on the step it claims, ${steps} (${replayed ?? withRun.lines.slice(-3).join(" | ")})`);
  await withRun.page.close();

  const damaged = await open(`#level=${pack(levelText).slice(0, 40)}*xyz`);
  const saidWhere = await waitFor(damaged.lines, /link: column 47: the level is damaged/);
  check(saidWhere !== null && await waitFor(damaged.lines, /dropthrough: ready/) !== null,
    `a damaged link is said where, and the game goes on (${saidWhere ?? damaged.lines.slice(-3).join(" | ")})`);
  await damaged.page.close();
  const tooLong = await open(`#level=${"A".repeat(250000)}`);
  check(await waitFor(tooLong.lines, /more than the 200000 a link may have/) !== null
    && await waitFor(tooLong.lines, /dropthrough: ready/) !== null, "a link too long is said, and the game goes on");
  await tooLong.page.close();

  // 8. The browser keeps what a player made: a best time (and the level
  //    select's count of them) survives a reload; a level saved in the
  //    editor (Ctrl+S: a copy among the player's own) is listed after one;
  //    Ctrl+D downloads the level file; damaged storage is said, once.
  const keeper = await open("?level=01-first-steps");
  // Earlier pages of this browser played level 01: start from nothing kept.
  await waitFor(keeper.lines, /dropthrough: ready/);
  await keeper.page.evaluate(() => localStorage.clear());
  const from8a = keeper.lines.length;
  await keeper.page.reload();
  const bestsBefore = await waitFor(keeper.lines, /dropthrough: ready .* bests (\d+)/, 20000, from8a);
  // Run right, jumping now and then, to the exit (R and again if a slow
  // machine let a try go wrong).
  await keeper.page.click("#glcanvas");
  let keeperExit = null;
  for (let attempt = 0; attempt < 3 && keeperExit === null; attempt++) {
    const fromTry = keeper.lines.length;
    if (attempt > 0) {
      await keeper.page.keyboard.press("r");
      await keeper.page.waitForTimeout(200);
    }
    keeperExit = await runToExit(keeper.page, keeper.lines, fromTry, 30000);
  }
  // The best time is in the page's storage as soon as the exit is touched.
  let kept = null;
  for (let i = 0; i < 40 && !/01-first-steps/.test(kept ?? ""); i++) {
    await keeper.page.waitForTimeout(100);
    kept = await keeper.page.evaluate(() => localStorage.getItem("dropthrough/records.txt"));
  }
  const from8 = keeper.lines.length;
  await keeper.page.reload();
  const bestsAfter = await waitFor(keeper.lines, /dropthrough: ready .* bests (\d+)/, 20000, from8);
  check(keeperExit !== null && /bests 0$/.test(bestsBefore ?? "") && /bests 1$/.test(bestsAfter ?? "") && /01-first-steps/.test(kept ?? ""),
    `a best time survives a reload (${bestsBefore} -> ${bestsAfter}; exit: ${keeperExit}; kept: ${JSON.stringify(kept)})`);
  // The editor: Ctrl+D offers the level file; Ctrl+S keeps a copy.
  await keeper.page.click("#glcanvas");
  await keeper.page.keyboard.press("e");
  await keeper.page.waitForTimeout(300);
  const [download] = await Promise.all([
    keeper.page.waitForEvent("download", { timeout: 5000 }),
    keeper.page.keyboard.press("Control+d"),
  ]);
  const downloaded = readFileSync(await download.path()).toString();
  check(download.suggestedFilename() === "01-first-steps.txt"
    && downloaded === readFileSync(join(ROOT, "levels/01-first-steps.txt")).toString(),
    `Ctrl+D in the editor downloads the level file (${download.suggestedFilename()})`);
  const levelsBefore = Number(/levels (\d+)/.exec(bestsAfter ?? "levels 0")[1]);
  await keeper.page.keyboard.press("Control+s");
  await keeper.page.waitForTimeout(500);
  const from8b = keeper.lines.length;
  await keeper.page.reload();
  const afterSave = await waitFor(keeper.lines, /dropthrough: ready .* levels (\d+)/, 20000, from8b);
  check(afterSave !== null && Number(/levels (\d+)/.exec(afterSave)[1]) === levelsBefore + 1,
    `a level saved in the browser's editor is listed after a reload (${afterSave})`);
  await keeper.page.evaluate(() => localStorage.setItem("dropthrough/records.txt", "not a best time"));
  const from8c = keeper.lines.length;
  await keeper.page.reload();
  await waitFor(keeper.lines, /dropthrough: ready/, 20000, from8c);
  await keeper.page.waitForTimeout(500);
  const damagedSaid = keeper.lines.slice(from8c).filter((l) => /notice: browser storage: records\.txt:1: cannot read/.test(l));
  check(damagedSaid.length === 1, `damaged storage is said once (${damagedSaid.length}: ${damagedSaid[0] ?? keeper.lines.slice(-3).join(" | ")})`);
  const keeperErrors = keeper.lines.filter((l) => l.startsWith("pageerror"));
  check(keeperErrors.length === 0, `no page errors while keeping ${keeperErrors.join(" | ")}`);
  await keeper.page.close();

  // 9. Touch: a phone-like browser (touch screen, no keyboard) shows the
  //    on-screen pad; two fingers at once (one holding right on the
  //    cross, one tapping A) play level 01 to its exit; tapping the cross
  //    and A picks a level in the level select. A desktop browser shows
  //    none (no "touch" line on its pages).
  check(!lines.some((l) => /dropthrough: touch cross/.test(l)),
    "no touch controls on a browser without a touch screen");
  const phoneProfile = mkdtempSync(join(tmpdir(), "dropthrough-phone-"));
  const phone = await chromium.launchPersistentContext(phoneProfile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    viewport: { width: 800, height: 450 },
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const openPhone = async (query) => {
      const page = await phone.newPage();
      const got = [];
      page.on("console", (m) => got.push(m.text()));
      page.on("pageerror", (e) => got.push(`pageerror: ${e.message}`));
      await page.addInitScript(countSteps);
      await page.goto(`http://127.0.0.1:${port}/${query}`);
      const cdp = await phone.newCDPSession(page);
      return { page, lines: got, cdp };
    };
    const where = (line) => {
      const f = line.replace(/^.*touch /, "").split(" ");
      const out = { cross: { x: +f[1], y: +f[2], r: +f[3] } };
      for (let i = 4; i + 3 < f.length + 1; i += 4) out[f[i]] = { x: +f[i + 1], y: +f[i + 2], r: +f[i + 3] };
      return out;
    };
    const touch = (cdp, type, points) => cdp.send("Input.dispatchTouchEvent", {
      type, touchPoints: points.map((p) => ({ x: p.x, y: p.y, id: p.id, radiusX: 5, radiusY: 5, force: 1 })),
    });

    const play = await openPhone("?level=01-first-steps");
    const shown = await waitFor(play.lines, /dropthrough: touch cross/);
    check(shown !== null, `a touch screen shows the on-screen pad (${shown ?? play.lines.slice(-3).join(" | ")})`);
    const pads = where(shown ?? "touch cross 0 0 1 A 0 0 1");
    const right = { x: pads.cross.x + pads.cross.r * 0.8, y: pads.cross.y, id: 1 };
    const a = { x: pads.A.x, y: pads.A.y, id: 2 };
    await touch(play.cdp, "touchStart", [right]);
    // CDP: a touchStart or touchEnd names the fingers that go down or up;
    // the right thumb stays down throughout.
    const touchExit = await mashToExit(play.page, play.lines, 0, 30000,
      () => touch(play.cdp, "touchStart", [a]), () => touch(play.cdp, "touchEnd", [a]),
      async () => {
        // After a death the right thumb lifts and goes down again.
        await touch(play.cdp, "touchEnd", [right]);
        await waitSteps(play.page, 2);
        await touch(play.cdp, "touchStart", [right]);
      });
    await touch(play.cdp, "touchEnd", [right]);
    const touchKeys = play.lines.filter((l) => /dropthrough: keys /.test(l));
    check(touchKeys.some((l) => /keys right\+jump$/.test(l)), `two fingers at once: right held while A jumps (${touchKeys.slice(0, 3).join(" | ")})`);
    check(touchExit !== null, `touch controls play level 01 to its exit (${touchExit ?? play.lines.slice(-3).join(" | ")})`);
    // Resized (turned to portrait): laid out again for the new size.
    const fromResize = play.lines.length;
    await play.page.setViewportSize({ width: 450, height: 800 });
    const resized = await waitFor(play.lines, /dropthrough: touch cross/, 5000, fromResize);
    check(resized !== null && resized !== shown, `the pad is laid out again when the window is resized (${resized})`);
    const phoneErrors = play.lines.filter((l) => l.startsWith("pageerror"));
    check(phoneErrors.length === 0, `no page errors with touch ${phoneErrors.join(" | ")}`);
    await play.page.close();

    // Without a level in the URL the game opens on its title screen: a tap
    // anywhere leaves it (and does nothing else).
    const pastTitle = async (opened) => {
      await waitFor(opened.lines, /dropthrough: ready .* title$/);
      const size = opened.page.viewportSize();
      await opened.page.touchscreen.tap(size.width / 2, size.height / 3);
      return await waitFor(opened.lines, /dropthrough: title closed/, 5000) !== null;
    };
    const menuPhone = await openPhone("");
    check(await pastTitle(menuPhone), "on a phone a tap leaves the title screen");
    const menuPads = where(await waitFor(menuPhone.lines, /dropthrough: touch cross/) ?? "touch cross 0 0 1 A 0 0 1");
    // Quick taps (down and up at once, as Playwright's tap does): each
    // still presses its button once.
    await menuPhone.page.touchscreen.tap(menuPads.cross.x, menuPads.cross.y + menuPads.cross.r * 0.9);
    await menuPhone.page.waitForTimeout(150);
    await menuPhone.page.touchscreen.tap(menuPads.A.x, menuPads.A.y);
    check(await waitFor(menuPhone.lines, /dropthrough: level 02-down-through\.txt/, 5000) !== null,
      "quick taps on the cross's down and on A pick the second level in the level select");
    await menuPhone.page.close();

    // A tap on a level's row chooses it; a second tap on it plays it. The
    // game logs where it drew the rows ("menu rows N:x,y,w,h ..."); the
    // row tapped is the first one after the chosen first level that no
    // touch control covers.
    const rowsPhone = await openPhone("");
    await pastTitle(rowsPhone);
    const rowsLine = await waitFor(rowsPhone.lines, /dropthrough: menu rows /);
    const rowsPads = where(await waitFor(rowsPhone.lines, /dropthrough: touch cross/) ?? "touch cross 0 0 1 A 0 0 1");
    const onPad = (x, y) => Math.hypot(x - rowsPads.cross.x, y - rowsPads.cross.y) <= rowsPads.cross.r * 1.5
      || Object.entries(rowsPads).some(([k, p]) => k !== "cross" && Math.hypot(x - p.x, y - p.y) <= p.r * 1.25);
    const rows = (rowsLine ?? "").replace(/^.*menu rows /, "").split(" ").filter(Boolean).map((r) => {
      const [n, box] = r.split(":");
      const [x, y, w, h] = box.split(",").map(Number);
      return { n: +n, x: x + w / 2, y: y + h / 2 };
    });
    const target = rows.find((r) => r.n > 1 && !onPad(r.x, r.y));
    const files = readdirSync(join(ROOT, "levels")).filter((f) => f.endsWith(".txt")).sort();
    const file = target ? files[target.n - 1] : "none";
    const played = () => rowsPhone.lines.some((l) => l.includes(`dropthrough: level ${file}`));
    if (check(target !== undefined, `the level select says where its rows are (${rowsLine ?? rowsPhone.lines.slice(-3).join(" | ")})`)) {
      await rowsPhone.page.touchscreen.tap(target.x, target.y);
      await rowsPhone.page.waitForTimeout(600);
      check(!played(), `one tap on level ${target.n}'s row chooses it and does not play it yet`);
      await rowsPhone.page.touchscreen.tap(target.x, target.y);
      check(await waitFor(rowsPhone.lines, new RegExp(`dropthrough: level ${file.replace(/\./g, "\\.")}`), 5000) !== null,
        `a second tap on level ${target.n}'s row plays ${file}`);
    }
    await rowsPhone.page.close();
  } finally {
    await phone.close();
    rmSync(phoneProfile, { recursive: true, force: true });
  }

  // 6. The portal zip (scripts/web.sh --zip): index.html at its root, few
  //    files, under 1 MB; unpacked under a sub-path and played inside an
  //    iframe, as a game portal shows it: keys reach it after a click.
  const zipPath = join(ROOT, "dropthrough-web.zip");
  const listing = execFileSync("python3", ["-c",
    "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print('\\n'.join(z.namelist()))", zipPath]).toString().trim().split("\n");
  const zipBytes = readFileSync(zipPath).length;
  check(listing.includes("index.html") && listing.length < 20 && zipBytes < 1024 * 1024,
    `the portal zip has index.html at its root, ${listing.length} files, ${Math.round(zipBytes / 1024)} KiB`);
  const site = mkdtempSync(join(tmpdir(), "dropthrough-portal-"));
  execFileSync("python3", ["-c",
    "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])", zipPath, join(site, "games", "dropthrough")]);
  writeFileSync(join(site, "portal.html"),
    '<!DOCTYPE html><html><body style="margin:0"><h1>A portal</h1>' +
    '<iframe id="game" src="games/dropthrough/index.html?level=02-down-through" width="800" height="560"></iframe></body></html>');
  const portalServer = spawn("python3", ["-m", "http.server", "-d", site, "--bind", "127.0.0.1", "0"],
    { stdio: ["ignore", "pipe", "pipe"] });
  const portalPort = await new Promise((resolve, reject) => {
    const seen = (d) => { const m = /port (\d+)/.exec(d.toString()); if (m) resolve(m[1]); };
    portalServer.stdout.on("data", seen); portalServer.stderr.on("data", seen);
    setTimeout(() => reject(new Error("the portal server did not start")), 10000);
  });
  try {
    const portal = await context.newPage();
    const portalLines = [];
    portal.on("console", (m) => portalLines.push(m.text()));
    portal.on("pageerror", (e) => portalLines.push(`pageerror: ${e.message}`));
    await portal.goto(`http://127.0.0.1:${portalPort}/portal.html`);
    const inFrame = await waitFor(portalLines, /dropthrough: ready level 02-down-through\.txt/);
    check(inFrame !== null, `the unpacked zip runs from a sub-path inside an iframe (${inFrame ?? portalLines.slice(-3).join(" | ")})`);
    const frame = portal.frameLocator("#game");
    await frame.locator("#glcanvas").click();
    await portal.keyboard.down("ArrowRight");
    const moved = await waitFor(portalLines, /dropthrough: keys right$/, 5000);
    await portal.keyboard.up("ArrowRight");
    check(moved !== null, "a click gives it the keys: Right runs inside the iframe");
    const portalErrors = portalLines.filter((l) => l.startsWith("pageerror"));
    check(portalErrors.length === 0, `no page errors in the portal ${portalErrors.join(" | ")}`);
    await portal.close();
  } finally {
    portalServer.kill();
    rmSync(site, { recursive: true, force: true });
  }
} catch (e) {
  check(false, `the browser test ran to its end (${e})`);
} finally {
  await context.close();
  server.kill();
  console.log(`web: ${passed} passed, ${failed} failed (screenshot in ${profile})`);
  process.exit(failed ? 1 : 0);
}
