// The proof browser: a certificate written by `kinrow solve --certificate` is opened from
// a file and walked from its root to a leaf, the holder's move at its turns and every
// reply at the opponent's, each with the positions below it.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { kinrow, startWorkbench, t } from './harness.js';

let wb;
before(async () => { wb = await startWorkbench(); });
after(async () => { await wb?.stop(); });

test('open a certificate and walk it to a leaf', { timeout: 60000 }, async (context) => {
  const { page } = wb;
  if (await wb.skipWithout(context, '/api/certificates')) return;
  const file = join(wb.scratch, 'mnk443.cert');
  await kinrow('solve', 'mnk:4x4x3', '--certificate', file);

  await wb.open();
  await page.click(t('tab-proof'));
  await page.setInputFiles(t('cert-file'), file);
  await page.waitForFunction(() => document.querySelector('[data-test="cert-text"]').value.length > 0);
  await page.click(t('cert-open'));
  await page.waitForSelector(`${t('walk-node')}[data-node="holder"]`);
  assert.match(await page.textContent(t('cert-summary')), /mnk:4x4x3/);

  // Down the first child at every node: the holder's move, then the opponent's first
  // reply, until the walk ends. Counts below shrink on the way down.
  let below = Infinity;
  let steps = 0;
  for (; steps < 20; ++steps) {
    const node = await page.getAttribute(t('walk-node'), 'data-node');
    if (node === 'end') break;
    const child = await page.$(t('walk-child'));
    const info = await child.evaluate((b) => b.nextElementSibling.textContent);
    const count = Number(info.match(/([\d,]+) positions below/)[1].replace(/,/g, ''));
    assert.ok(count < below, `positions below grow on the way down: ${count} after ${below}`);
    below = count;
    if (steps === 1) await wb.screenshot('proof-walk');
    const turnsBefore = await page.$$eval(`${t('walk-path')} button`, (b) => b.length);
    await child.click();
    await page.waitForFunction(([selector, n]) => document.querySelectorAll(selector).length === n + 1,
      [`${t('walk-path')} button`, turnsBefore]);
  }
  assert.equal(await page.getAttribute(t('walk-node'), 'data-node'), 'end');
  assert.ok(steps >= 3, `a 4x4x3 win takes at least three holder moves, walked ${steps}`);
  assert.match(await page.textContent(t('walk-node')), /end of the proof/);

  // Back one step with the arrow key, then to the root.
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector(`${t('walk-node')}:not([data-node="end"])`);
  await page.click(t('walk-root'));
  await page.waitForSelector(`${t('walk-node')}[data-node="holder"]`);
});

test('a certificate that does not parse is refused with a message', { timeout: 30000 }, async (context) => {
  const { page } = wb;
  if (await wb.skipWithout(context, '/api/certificates')) return;
  await wb.open();
  await page.click(t('tab-proof'));
  await page.fill(t('cert-text'), 'this is not a certificate');
  await page.click(t('cert-open'));
  await page.waitForSelector(`${t('error')}:not([hidden])`);
  assert.ok((await page.textContent(t('error-text'))).length > 3);
  await page.click(t('error-close'));
});
