// The opening-book builder: from a tic-tac-toe position the first player wins, a book job
// alternates the engine's attacking move and every defence until the position is proven;
// the book is then browsed as a tree with each node's status.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startWorkbench, t } from './harness.js';

let wb;
before(async () => { wb = await startWorkbench(); });
after(async () => { await wb?.stop(); });

test('build a small opening book to a proof and browse it', { timeout: 90000 }, async (context) => {
  const { page } = wb;
  if (await wb.skipWithout(context, '/api/books')) return;
  // Centre, then an edge: a first-player win (the solve test checks the value).
  await wb.open('#spec=tictactoe&moves=b2%20a2');
  await page.click(t('tab-book'));
  await page.fill(t('book-time'), '0.1');
  await page.fill(t('book-nodes'), '500');
  await page.click(t('book-build'));
  const job = await page.waitForSelector(`${t('job')}[data-kind="book"][data-state="done"], ${t('job')}[data-kind="book"][data-state="failed"]`, { timeout: 75000 });
  assert.equal(await job.getAttribute('data-state'), 'done');

  // The finished job opens its book: proven, rooted at the position, with both sides' nodes.
  await page.waitForSelector(`${t('book-status')}[data-status="proven"]`);
  const nodes = await page.$$eval(t('book-node'), (list) => list.map((n) => n.dataset.status));
  assert.ok(nodes.length >= 3, `a proof needs a move and the defences to it, got ${nodes.length} nodes`);
  assert.equal(nodes[0], 'proven');
  const { json } = await wb.api('GET', '/api/books');
  assert.equal(json.books.length, 1);
  assert.equal(json.books[0].status, 'proven');

  // Into the tree: a node's position is drawn with its children marked.
  const second = (await page.$$(t('book-node')))[1];
  await second.click();
  await page.waitForSelector(`${t('book-node')}.current`);
  await wb.screenshot('book');
});
