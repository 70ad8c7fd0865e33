// The back end from the page: jobs started by buttons, followed live, their results on
// the board, a long one cancelled, and the list read back after a reload.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startWorkbench, t } from './harness.js';

let wb;
before(async () => { wb = await startWorkbench(); });
after(async () => { await wb?.stop(); });

// The newest job of a kind, once it reaches one of the states.
async function waitForJob(page, kind, states, timeout = 45000) {
  const selector = states.map((s) => `${t('job')}[data-kind="${kind}"][data-state="${s}"]`).join(', ');
  return page.waitForSelector(selector, { timeout });
}

test('solve a small position and see its value', { timeout: 60000 }, async () => {
  const { page } = wb;
  // Tic-tac-toe after the centre and an edge: a first-player win (every tic-tac-toe
  // analysis, e.g. Berlekamp, Conway and Guy, Winning Ways).
  await wb.open('#spec=tictactoe&moves=b2%20a2');
  await page.click(t('run-solve'));
  const job = await waitForJob(page, 'solve', ['done', 'failed']);
  assert.equal(await job.getAttribute('data-state'), 'done');
  assert.equal(await (await job.$(t('job-value'))).textContent(), 'first-player-win');
  // The best move is marked on the board, and winning it is legal.
  await page.waitForSelector(t('mark-best'));
  await wb.screenshot('jobs-solve');
  // The job-level proof-number search agrees.
  await page.click(t('run-prove'));
  const proof = await waitForJob(page, 'prove', ['done', 'failed']);
  assert.equal(await proof.getAttribute('data-state'), 'done');
  assert.equal(await (await proof.$(t('job-value'))).textContent(), 'first-player-win');
});

test("the engine's best move and its line, marked on the board", { timeout: 60000 }, async () => {
  const { page } = wb;
  await wb.open('#spec=mnk%3A15x15x5&moves=h8%20h9%20i8%20i9%20j8');
  await page.fill(t('think-time'), '0.3');
  await page.click(t('run-think'));
  const job = await waitForJob(page, 'think', ['done', 'failed']);
  assert.equal(await job.getAttribute('data-state'), 'done');
  // X has three in a row with both ends open: the engine blocks or wins; either way it
  // names a move and a line, and the line's first turn is drawn on its cell.
  const result = await (await job.$(t('job-value'))).textContent();
  assert.match(result, /^[a-o]\d+: /);
  await page.waitForSelector(t('mark-line-mover'));
  await wb.screenshot('jobs-think');
});

test('a long job can be cancelled, the next one starts, and the job list survives a reload', { timeout: 60000 }, async () => {
  const { page } = wb;
  await wb.open('#spec=connect6');
  await page.fill(t('think-time'), '600');
  await page.click(t('run-think'));
  const running = await waitForJob(page, 'think', ['running']);
  const id = await running.getAttribute('data-job-id');
  // A second job waits: this server runs one at a time.
  await page.click(t('run-think'));
  const queued = await waitForJob(page, 'think', ['queued']);
  const next = await queued.getAttribute('data-job-id');
  await wb.screenshot('jobs-running');
  await (await running.$(t('job-cancel'))).click();
  await page.waitForSelector(`${t('job')}[data-job-id="${id}"][data-state="cancelled"]`);
  const { json } = await wb.api('GET', `/api/jobs/${id}`);
  assert.equal(json.state, 'cancelled');
  // The waiting job's stream reports that it runs now; then it is cancelled too.
  await page.waitForSelector(`${t('job')}[data-job-id="${next}"][data-state="running"]`);
  await page.click(`${t('job')}[data-job-id="${next}"] ${t('job-cancel')}`);
  await page.waitForSelector(`${t('job')}[data-job-id="${next}"][data-state="cancelled"]`);

  // "show" on the solve job of the first test opens its position with its result.
  await page.click(`${t('job')}[data-kind="solve"] ${t('job-show')}`);
  await page.waitForSelector(`${t('board-svg')}[data-moves="b2 a2"]`);
  await page.waitForSelector(t('mark-best'));

  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector(`${t('job')}[data-job-id="${id}"][data-state="cancelled"]`);
  // The solve, prove and think of the tests before are still listed, newest first.
  const kinds = await page.$$eval(t('job'), (nodes) => nodes.map((n) => n.dataset.kind));
  assert.deepEqual(kinds, ['think', 'think', 'think', 'prove', 'solve']);
});
