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

// A certificate written by kinrow, opened from its file on the proof screen.
async function openCertificate(page, name, ...command) {
  const file = join(wb.scratch, name);
  await kinrow(...command, '--certificate', file);
  await wb.open();
  await page.click(t('tab-proof'));
  await page.setInputFiles(t('cert-file'), file);
  await page.waitForFunction(() => document.querySelector('[data-test="cert-text"]').value.length > 0);
  await page.click(t('cert-open'));
}

test('open a certificate and walk it to a leaf', { timeout: 60000 }, async () => {
  const { page } = wb;
  await openCertificate(page, 'mnk443.cert', 'solve', 'mnk:4x4x3');
  await page.waitForSelector(`${t('walk-node')}[data-node="holder"]`);
  assert.match(await page.textContent(t('cert-summary')), /mnk:4x4x3/);

  // Down the child with the most positions below at every node (the longest line): the
  // holder's move, then the opponent's most stubborn reply, until the walk ends. No child
  // has more positions below it than its node.
  const number = (text) => Number(text.match(/([\d,]+) positions?/)[1].replace(/,/g, ''));
  let steps = 0;
  for (; steps < 20; ++steps) {
    const node = await page.getAttribute(t('walk-node'), 'data-node');
    if (node === 'end') break;
    const here = number(await page.textContent(t('walk-extra')));
    const counts = await page.$$eval(t('walk-child'), (list) => list.map((b) => b.nextElementSibling.textContent));
    const below = counts.map(number);
    assert.ok(Math.max(...below) <= here, `a child with more positions below (${Math.max(...below)}) than its node (${here})`);
    if (steps === 1) await wb.screenshot('proof-walk');
    const turnsBefore = await page.$$eval(`${t('walk-path')} button`, (b) => b.length);
    await (await page.$$(t('walk-child')))[below.indexOf(Math.max(...below))].click();
    await page.waitForFunction(([selector, n]) => document.querySelectorAll(selector).length === n + 1,
      [`${t('walk-path')} button`, turnsBefore]);
  }
  assert.equal(await page.getAttribute(t('walk-node'), 'data-node'), 'end');
  // Three stones in a row: at least three holder moves and the two replies between.
  assert.ok(steps >= 5, `a 4x4x3 win takes at least three holder moves, walked ${steps} steps`);
  assert.match(await page.textContent(t('walk-node')), /end of the proof/);

  // Back one step with the arrow key, then to the root.
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector(`${t('walk-node')}:not([data-node="end"])`);
  await page.click(t('walk-root'));
  await page.waitForSelector(`${t('walk-node')}[data-node="holder"]`);
});

test('a draw certificate holds both strategies: either side can be walked', { timeout: 30000 }, async () => {
  const { page } = wb;
  await openCertificate(page, 'tictactoe.cert', 'solve', 'tictactoe');
  // X's strategy first: X moves at the start.
  await page.waitForSelector(`${t('walk-node')}[data-node="holder"]`);
  assert.equal(await page.isVisible(t('cert-holder')), true);
  assert.deepEqual(await page.$$eval(`${t('cert-holder')} option`, (o) => o.map((x) => x.value)), ['0', '1']);
  // O's strategy: at the start the opponent (X) moves, and every first move is answered.
  await page.selectOption(t('cert-holder'), '1');
  await page.waitForSelector(`${t('walk-node')}[data-node="opponent"]`);
  assert.equal((await page.$$(t('walk-child'))).length, 9);
  // Two certificates are listed now; the first one opens again from the list.
  assert.equal((await page.$$(t('cert-item'))).length, 2);
});

test('a certificate that does not parse is refused with a message', { timeout: 30000 }, async () => {
  const { page } = wb;
  await wb.open();
  await page.click(t('tab-proof'));
  await page.fill(t('cert-text'), 'this is not a certificate');
  await page.click(t('cert-open'));
  await page.waitForSelector(`${t('error')}:not([hidden])`);
  assert.ok((await page.textContent(t('error-text'))).length > 3);
  await page.click(t('error-close'));
});

test('a compressed certificate file opens like a plain one', { timeout: 60000 }, async () => {
  const { page } = wb;
  await openCertificate(page, 'ttt.cert.gz', 'solve', 'tictactoe', '--moves', 'b2 a2');
  await page.waitForSelector(`${t('walk-node')}[data-node="holder"]`);
  assert.match(await page.textContent(t('cert-summary')), /mnk:3x3x3|tictactoe/);
  assert.match(await page.inputValue(t('cert-text')), /^kinrow-certificate/);
  // Under its file's name.
  assert.match(await page.textContent(t('cert-summary')), /ttt\.cert\.gz/);
});

test('a turn answered by a stronger position is walked into, its given stones outlined', { timeout: 60000 }, async () => {
  const { page } = wb;
  // Df-pn's draw of 5x5x4 answers some of the attacker's turns by stronger positions.
  await openCertificate(page, 'mnk554.cert', 'solve', 'mnk:5x5x4', '--method', 'pns');
  await page.waitForSelector(`${t('walk-node')}[data-node="holder"]`);
  const { json: listed } = await wb.api('GET', '/api/certificates');
  const id = listed.certificates.at(-1).id;

  // A line of play down to such a turn, found through the API, depth first.
  let asked = 0;
  const find = async (holder, moves, turns) => {
    if (++asked > 3000) return null;
    const { json: node } = await wb.api('POST', `/api/certificates/${id}/walk`, { moves, holder });
    const stronger = node.children.find((c) => c.answered_by === 'stronger');
    if (stronger) return [...turns, stronger.turn];
    for (const child of node.children) {
      if (child.end_reason) continue;
      const found = await find(holder, child.moves, [...turns, child.turn]);
      if (found) return found;
    }
    return null;
  };
  let holder = 0, line = null;
  for (; holder < 2 && !line; ++holder) line = await find(holder, '', []);
  --holder;
  assert.ok(line, 'no turn answered by a stronger position in the certificate');

  // The same line by clicks: past the stronger turn the walk goes on, the given stones
  // drawn as the opponent's and outlined.
  await page.selectOption(t('cert-holder'), String(holder));
  for (const [i, turn] of line.entries()) {
    await page.click(t('walk-child', `[data-turn="${turn}"]`));
    await page.waitForFunction(([selector, n]) => document.querySelectorAll(selector).length === n,
      [`${t('walk-path')} button`, i + 2]);
  }
  await page.waitForSelector(t('mark-given'));
  const given = await page.$$eval(t('mark-given'), (marks) => marks.map((m) => m.dataset.cell));
  assert.ok(given.length >= 1);
  // Each given cell holds a stone of the opponent's.
  const opponent = String(1 - holder);
  for (const cell of given) {
    assert.equal(await page.getAttribute(`circle.stone[data-cell="${cell}"]`, 'data-player'), opponent, `cell ${cell}`);
  }
  assert.match(await page.textContent(t('walk-extra')), /inside a stronger position: \d+ stones? given the opponent/);
  assert.notEqual(await page.getAttribute(t('walk-node'), 'data-node'), 'end');
  await wb.screenshot('proof-stronger');
});
