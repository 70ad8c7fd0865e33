// What every browser test needs: its own `kinrow serve` on a free loopback port with a
// fresh database, Debian's chromium driven by playwright-core, and screenshots. Each test
// file calls startWorkbench() once and stop() at the end.
//
// Screenshots go to docs/screenshots/ with KINROW_SCREENSHOTS=docs (how the committed
// ones are made); otherwise into the test's scratch folder, so that a test run does not
// rewrite committed files (job timings differ from run to run).

import { spawn, execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const docsScreenshots = join(root, 'docs', 'screenshots');
const VIEWPORT = { width: 1200, height: 800 };

// The kinrow binary: from CTest (KINROW_BINARY), else a developer's build.
export function kinrowBinary() {
  const candidates = [process.env.KINROW_BINARY, join(root, 'build-dev', 'kinrow'), join(root, 'build', 'kinrow')];
  const found = candidates.find((p) => p && existsSync(p));
  if (!found) throw new Error('no kinrow binary: set KINROW_BINARY (CTest does) or build build-dev/');
  return resolve(found);  // the server runs in a scratch folder: a relative path would miss
}

// Runs a kinrow command to its end; its stdout.
export async function kinrow(...args) {
  const { stdout } = await promisify(execFile)(kinrowBinary(), args, { maxBuffer: 64 << 20 });
  return stdout;
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(base, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`kinrow serve exited with ${server.exitCode}: ${server.log.join('')}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok && (await response.json()).ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`kinrow serve did not answer /api/health within ${timeoutMs} ms: ${server.log.join('')}`);
}

// Starts kinrow serve and a browser page on it. Returns { base, page, api, screenshot,
// restartServer, stop }.
export async function startWorkbench({ maxJobs = 1 } = {}) {
  const scratch = mkdtempSync(join(tmpdir(), 'kinrow-browser-'));
  const db = join(scratch, 'workbench.db');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;

  let server = null;
  const launchServer = async () => {
    server = spawn(kinrowBinary(), ['serve', '--port', String(port), '--db', db, '--web', join(root, 'web'), '--max-jobs', String(maxJobs)],
      { cwd: scratch, stdio: ['ignore', 'pipe', 'pipe'] });
    server.log = [];
    const keep = (chunk) => { server.log.push(chunk.toString()); if (server.log.length > 200) server.log.shift(); };
    server.stdout.on('data', keep);
    server.stderr.on('data', keep);
    await waitForHealth(base, server, 20000);
  };
  const stopServer = async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  await launchServer();

  // A fresh profile each time; no network beyond the loopback server.
  const context = await chromium.launchPersistentContext(join(scratch, 'profile'), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: VIEWPORT,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(20000);
  const consoleErrors = [];
  page.on('pageerror', (e) => consoleErrors.push(e.message));

  return {
    base,
    page,
    scratch,
    consoleErrors,
    // The app at a location hash, ready (its first position drawn). Always a fresh load:
    // going to another hash of the open page would only start loading the position, and
    // the page would still be ready with the old one.
    async open(hash = '') {
      await page.goto('about:blank');
      await page.goto(`${base}/${hash}`);
      await page.waitForSelector('body[data-ready="true"]');
    },
    // The JSON API directly, for setting up and checking what the page did.
    async api(method, path, body) {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    async screenshot(name) {
      const folder = process.env.KINROW_SCREENSHOTS === 'docs' ? docsScreenshots : join(scratch, 'screenshots');
      mkdirSync(folder, { recursive: true });
      await page.mouse.move(0, 0);  // no hover highlight in the picture
      await page.screenshot({ path: join(folder, `${name}.png`) });
    },
    async restartServer() {
      await stopServer();
      await launchServer();
    },
    async stop() {
      await context.close().catch(() => {});
      await stopServer();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

// The element with a data-test name (and more selector text after it).
export const t = (name, more = '') => `[data-test="${name}"]${more}`;
