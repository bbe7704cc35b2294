// Measures the browser build (a benchmark, not a test): the wasm's size,
// raw and gzipped, and the time from navigation to the first drawn frame
// (the game's "ready" console line) in headless Chromium, median of 5.
//
//   bash scripts/web.sh && (cd tests/web && npm ci) && node tests/web/measure.mjs
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const ROOT = new URL("../../", import.meta.url).pathname;
const wasm = readFileSync(join(ROOT, "dist/dropthrough.wasm"));
console.log(`wasm: ${(wasm.length / 1024).toFixed(0)} KiB, gzipped ${(gzipSync(wasm, { level: 9 }).length / 1024).toFixed(0)} KiB`);

const server = spawn("python3", ["-m", "http.server", "-d", join(ROOT, "dist"), "--bind", "127.0.0.1", "0"],
  { stdio: ["ignore", "pipe", "pipe"] });
const port = await new Promise((resolve) => {
  const seen = (d) => { const m = /port (\d+)/.exec(d.toString()); if (m) resolve(m[1]); };
  server.stdout.on("data", seen); server.stderr.on("data", seen);
});
const times = [];
for (let i = 0; i < 5; i++) {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "dt-measure-")), {
    executablePath: "/usr/bin/chromium", headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const page = await context.newPage();
  const ready = new Promise((resolve) => page.on("console", (m) => {
    if (m.text().startsWith("dropthrough: ready")) resolve(performance.now());
  }));
  const start = performance.now();
  await page.goto(`http://127.0.0.1:${port}/`);
  times.push((await ready) - start);
  await context.close();
}
times.sort((a, b) => a - b);
console.log(`first frame: median ${times[2].toFixed(0)} ms (of ${times.map((t) => t.toFixed(0)).join(", ")})`);
server.kill();
