// Playing on the board: clicks, p-stone turns, undo and redo (buttons and arrow keys),
// the shared link, free editing, and the variation tree kept by the server.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startWorkbench, t } from './harness.js';

let wb;
before(async () => { wb = await startWorkbench(); });
after(async () => { await wb?.stop(); });

// The board's position as the page shows it (the SVG carries the server's canonical form).
async function boardMoves(page) {
  return page.getAttribute(t('board-svg'), 'data-moves');
}
async function waitForMoves(page, moves) {
  await page.waitForSelector(`${t('board-svg')}[data-moves="${moves}"]`);
}

test('tic-tac-toe: play, win, undo and redo', { timeout: 60000 }, async () => {
  const { page } = wb;
  await wb.open('#spec=tictactoe');
  for (const [cell, moves] of [['b2', 'b2'], ['a1', 'b2 a1'], ['a2', 'b2 a1 a2'], ['c1', 'b2 a1 a2 c1'], ['c2', 'b2 a1 a2 c1 c2']]) {
    await page.click(t(`cell-${cell}`));
    await waitForMoves(page, moves);
  }
  // a2 b2 c2 is a line: X has won, the line is drawn, nothing more can be played.
  assert.equal(await page.getAttribute(t('status'), 'data-winner'), '0');
  await page.waitForSelector(t('winning-line'));
  await page.click(t('cell-c3'));
  assert.equal(await boardMoves(page), 'b2 a1 a2 c1 c2');
  assert.equal(await page.getAttribute(t('stone-b2'), 'data-player'), '0');
  assert.equal(await page.getAttribute(t('stone-a1'), 'data-player'), '1');
  await wb.screenshot('play-tictactoe');

  await page.click(t('undo'));
  await waitForMoves(page, 'b2 a1 a2 c1');
  assert.equal(await page.$(t('stone-c2')), null);
  await page.keyboard.press('ArrowLeft');
  await waitForMoves(page, 'b2 a1 a2');
  await page.keyboard.press('ArrowRight');
  await waitForMoves(page, 'b2 a1 a2 c1');
  await page.click(t('redo'));
  await waitForMoves(page, 'b2 a1 a2 c1 c2');
  // The address bar holds the position: a reload shows it again.
  assert.match(page.url(), /#spec=.*&moves=b2%20a1%20a2%20c1%20c2$/);
  await page.click(t('share'));
  assert.equal(await page.inputValue(t('share-url')), page.url());
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await boardMoves(page), 'b2 a1 a2 c1 c2');
});

test('Connect Four: a click drops a stone in its column; undo lifts it', { timeout: 60000 }, async () => {
  const { page } = wb;
  await wb.open('#spec=connect4');
  for (const [column, moves] of [[4, '4'], [4, '44'], [3, '443'], [5, '4435']]) {
    await page.click(t(`column-${column}`));
    await waitForMoves(page, moves);
  }
  const stones = () => page.$$eval('[data-test^="stone-"]', (nodes) => nodes.map((n) => Number(n.getAttribute('data-player'))));
  assert.deepEqual((await stones()).sort(), [0, 0, 1, 1]);
  await page.check(t('threats-x'));
  await page.check(t('threats-o'));
  await wb.screenshot('play-connect4');
  await page.click(t('undo'));
  await waitForMoves(page, '443');
  await page.click(t('undo'));
  await waitForMoves(page, '44');
  await page.uncheck(t('threats-x'));
  await page.uncheck(t('threats-o'));
});

test('Connect6 on 19x19: one stone first, then two-stone turns composed on the board', { timeout: 60000 }, async () => {
  const { page } = wb;
  // The server writes a turn's stones in its own order ("k11k10"): ask it.
  const canonical = async (moves) => (await wb.api('POST', '/api/position', { spec: 'connect6', moves })).json.moves;
  await wb.open('#spec=connect6');
  await page.click(t('cell-j10'));
  await waitForMoves(page, 'j10');
  // O's first stone waits on the board until the second one completes the turn.
  await page.click(t('cell-k10'));
  await page.waitForSelector(t('pending-k10'));
  assert.equal(await boardMoves(page), 'j10');
  assert.match(await page.textContent(t('status')), /1 of 2 stones/);
  await page.click(t('cell-k11'));
  await waitForMoves(page, await canonical('j10 k10k11'));
  assert.equal(await page.$(t('pending-k10')), null);
  assert.equal(await page.getAttribute(t('stone-k11'), 'data-player'), '1');
  assert.equal(await page.getAttribute(t('stone-k10'), 'data-player'), '1');
  // A pending stone clicked again is taken back.
  await page.click(t('cell-h8'));
  await page.click(t('cell-h8'));
  await page.waitForSelector(t('pending-h8'), { state: 'detached' });
  await page.click(t('cell-h8'));
  await page.click(t('cell-h9'));
  const three = await canonical('j10 k10k11 h8h9');
  await waitForMoves(page, three);
  await page.click(t('cell-s19'));
  await page.waitForSelector(t('pending-s19'));
  await wb.screenshot('play-connect6');
  // Undo first takes back the pending stone, then whole turns.
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector(t('pending-s19'), { state: 'detached' });
  await page.click(t('undo'));
  await waitForMoves(page, await canonical('j10 k10k11'));
  await page.click(t('redo'));
  await waitForMoves(page, three);
});

test('free edit: each side\'s stones, ordered into a game by the server', { timeout: 60000 }, async () => {
  const { page } = wb;
  await wb.open('#spec=tictactoe');
  await page.click(t('edit-toggle'));
  await page.click(t('cell-a1'));
  await page.click(t('cell-c3'));
  await page.check(t('brush-o'));
  await page.click(t('cell-b2'));
  await page.click(t('edit-apply'));
  await page.waitForSelector(`${t('edit-tools')}[hidden]`, { state: 'attached' });
  assert.equal(await page.getAttribute(t('stone-b2'), 'data-player'), '1');
  assert.equal(await page.getAttribute(t('stone-c3'), 'data-player'), '0');
  assert.equal((await boardMoves(page)).split(' ').length, 3);
  // Three O stones beside two X: no game reaches them; the server says so and the page
  // stays in edit mode.
  await page.click(t('edit-toggle'));
  await page.click(t('cell-a2'));
  await page.click(t('cell-a3'));
  await page.click(t('edit-apply'));
  await page.waitForSelector(`${t('error')}:not([hidden])`);
  assert.match(await page.textContent(t('error-text')), /stone counts/);
  assert.equal(await page.isVisible(t('edit-tools')), true);
  await page.click(t('error-close'));
  // X's column a and O's two stones: the server plays the line last, so X has won.
  await page.click(t('edit-clear'));
  await page.check(t('brush-x'));
  for (const cell of ['a1', 'a2', 'a3']) await page.click(t(`cell-${cell}`));
  await page.check(t('brush-o'));
  for (const cell of ['b1', 'c3']) await page.click(t(`cell-${cell}`));
  await page.click(t('edit-apply'));
  await page.waitForSelector(t('winning-line'));
  assert.equal(await page.getAttribute(t('status'), 'data-winner'), '0');
  assert.equal((await boardMoves(page)).split(' ').length, 5);
});

test('free edit under gravity: the stones are dropped bottom first', { timeout: 60000 }, async () => {
  const { page } = wb;
  // Under gravity a cell's name is its column's: cells and stones are found by index.
  const board = (await wb.api('POST', '/api/position', { spec: 'connect4' })).json;
  const at = (column, row) => board.cells.find((c) => c.coords[0] === column - 1 && c.coords[1] === row - 1).index;
  const cell = (column, row) => `[data-test^="cell-"][data-cell="${at(column, row)}"]`;
  const stone = (column, row) => `[data-test^="stone-"][data-cell="${at(column, row)}"]`;
  await wb.open('#spec=connect4');
  await page.click(t('edit-toggle'));
  // Column 4 holds X, O, X from the bottom, X's clicked top first; O also has e1. O must
  // take d2 before e1 for X's d3 to rest on it: the only order is 4 4 4 5.
  await page.check(t('brush-x'));
  for (const row of [3, 1]) await page.click(cell(4, row));
  await page.check(t('brush-o'));
  await page.click(cell(5, 1));
  await page.click(cell(4, 2));
  await page.click(t('edit-apply'));
  await waitForMoves(page, '4445');
  assert.equal(await page.getAttribute(stone(4, 3), 'data-player'), '0');
  assert.equal(await page.getAttribute(stone(4, 2), 'data-player'), '1');
  assert.equal(await page.getAttribute(stone(5, 1), 'data-player'), '1');
  // A stone with nothing under it is refused.
  await page.click(t('edit-toggle'));
  await page.check(t('brush-x'));
  await page.click(cell(1, 3));
  await page.check(t('brush-o'));
  await page.click(cell(7, 1));
  await page.click(t('edit-apply'));
  await page.waitForSelector(`${t('error')}:not([hidden])`);
  assert.match(await page.textContent(t('error-text')), /no order of the stones/);
  await page.click(t('error-close'));
  await page.check(t('brush-x'));
  await page.click(t('edit-cancel'));
});

test('paste a move string; a bad one is refused with the server\'s message', { timeout: 60000 }, async () => {
  const { page } = wb;
  await wb.open('#spec=connect4');
  await page.fill(t('paste-input'), '4453');
  await page.click(t('paste-apply'));
  await waitForMoves(page, '4453');
  await page.fill(t('paste-input'), '44444444');
  await page.click(t('paste-apply'));
  await page.waitForSelector(`${t('error')}:not([hidden])`);
  assert.ok((await page.textContent(t('error-text'))).length > 0);
  assert.equal(await boardMoves(page), '4453');
  await page.click(t('error-close'));
});

test('paste an SGF record: the server reads its game and moves', { timeout: 60000 }, async () => {
  const { page } = wb;
  await wb.open('#spec=connect4');
  // SGF counts rows from the top: bb is the centre, aa the top-left corner (a3).
  await page.fill(t('paste-input'), '(;FF[4]KR[mnk:3x3x3];B[bb];W[aa];B[cc])');
  await page.click(t('paste-apply'));
  await waitForMoves(page, 'b2 a3 c1');
  assert.match(page.url(), /#spec=mnk%3A3x3x3&moves=b2%20a3%20c1$/);
  assert.equal(await page.getAttribute(t('stone-a3'), 'data-player'), '1');
  assert.equal(await page.inputValue(t('game-spec')), 'mnk:3x3x3');
  // An SGF the server cannot read is refused with its reason; the board stays.
  await page.fill(t('paste-input'), '(;KR[mnk:3x3x3];B[bb];W[bb])');
  await page.click(t('paste-apply'));
  await page.waitForSelector(`${t('error')}:not([hidden])`);
  assert.ok((await page.textContent(t('error-text'))).length > 3);
  assert.equal(await boardMoves(page), 'b2 a3 c1');
  await page.click(t('error-close'));
});

test('variations and comments are stored by the server', { timeout: 60000 }, async () => {
  const { page } = wb;
  await wb.open('#spec=tictactoe');
  await page.fill(t('tree-name'), 'centre openings');
  await page.click(t('tree-new'));
  await page.waitForSelector(`${t('tree-select')} option:has-text("centre openings")`, { state: 'attached' });
  await page.click(t('cell-b2'));
  await page.click(t('cell-a1'));
  await page.waitForSelector(`${t('tree-node')}:has-text("a1")`);
  await page.fill(t('tree-comment'), 'a corner reply holds the draw');
  await page.click(t('tree-comment-save'));
  // A second line from b2.
  await page.click(`${t('tree-node')}:has-text("b2")`);
  await waitForMoves(page, 'b2');
  await page.click(t('cell-a2'));
  await page.waitForSelector(`${t('tree-node')}:has-text("a2")`);

  const { json: list } = await wb.api('GET', '/api/trees');
  const tree = list.trees.find((x) => x.name === 'centre openings');
  const { json } = await wb.api('GET', `/api/trees/${tree.id}`);
  assert.deepEqual(json.nodes.map((n) => n.turn).sort(), ['a1', 'a2', 'b2']);
  assert.equal(json.nodes.find((n) => n.turn === 'a1').comment, 'a corner reply holds the draw');
  await wb.screenshot('play-tree');
});
