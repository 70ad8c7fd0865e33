// The opening-book builder: from the empty 4×4 gravity board (three in a row wins), a book
// job alternates the engine's attacking move and every defence until the position is
// proven; the book is then browsed as a tree with each node's status.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { kinrow, startWorkbench, t } from './harness.js';

let wb;
before(async () => { wb = await startWorkbench(); });
after(async () => { await wb?.stop(); });

test('build a small opening book to a proof and browse it', { timeout: 90000 }, async () => {
  const { page } = wb;
  // connect:4x4x3 is a first-player win (kinrow solve; the book's proof says it too).
  await wb.open('#spec=connect%3A4x4x3');
  await page.click(t('tab-book'));
  await page.fill(t('book-time'), '0.1');
  await page.fill(t('book-nodes'), '500');
  // Without the engine's own proofs the book grows by every defence (with them df-pn
  // proves this root at once: a two-node book).
  await page.uncheck(t('book-proofs'));
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
  // A second opinion on the book's first move: kinrow solve says it still wins.
  const book = (await wb.api('GET', `/api/books/${json.books[0].id}`)).json;
  const root = book.nodes.find((n) => n.parent === null);
  const move = book.nodes.find((n) => n.parent === root.id && n.status === 'proven');
  assert.equal(JSON.parse(await kinrow('solve', 'connect:4x4x3', '--moves', move.moves, '--json')).value, 'first-player-win');

  // Into the tree: the attacker's move, its position drawn with every defence marked.
  await page.click(`${t('book-node')}[data-node-id="${move.id}"]`);
  await page.waitForSelector(`${t('book-node')}.current[data-node-id="${move.id}"]`);
  await page.waitForSelector(`${t('board-svg')}[data-moves="${move.moves}"]`);
  const defences = book.nodes.filter((n) => n.parent === move.id).length;
  assert.equal((await page.$$('[data-test^="mark-book-"]')).length, defences);
  await wb.screenshot('book');
});
