// The workbench: wires the screens (play, opening book, proof browser, puzzles) to one
// board, the toolbar, the keyboard and the address bar (#spec=...&moves=...).

import { Api } from './api.js';
import { Board } from './board.js';
import { BookScreen } from './book.js';
import { Editor } from './edit.js';
import { Jobs } from './jobs.js';
import { playerName } from './notation.js';
import { ProofScreen } from './proof.js';
import { PuzzleScreen } from './puzzles.js';
import { Session } from './session.js';
import { TreePanel } from './tree.js';

const $ = (name, root = document) => root.querySelector(`[data-test="${name}"]`);

// ---- errors ----------------------------------------------------------------------
function showError(message) {
  $('error-text').textContent = message;
  $('error').hidden = false;
}
$('error-close').addEventListener('click', () => { $('error').hidden = true; });

const api = new Api(showError);
const board = new Board($('board'));
const session = new Session(api);
const editor = new Editor(session);
const jobs = new Jobs(api, $('job-list'));
const panel = (name) => document.querySelector(`[data-screen="${name}"]`);
let analysis = null;  // { spec, moves, marks }: a finished job's cells, on its position

// ---- screens ---------------------------------------------------------------------
const playScreen = {
  view() {
    if (editor.active) return { position: editor.view(), onCell: (cell) => editor.clickCell(cell), editing: true };
    const shown = currentAnalysis();
    return { position: session.position, pending: session.pending, marks: shown ? shown.marks : [], onCell: (cell) => session.clickCell(cell) };
  },
  undo: () => session.undo(),
  redo: () => session.redo(),
  goTo: (n) => session.goTo(n),
};
const screens = {
  play: playScreen,
  book: new BookScreen(api, jobs, session, panel('book'), () => redraw()),
  proof: new ProofScreen(api, panel('proof'), () => redraw()),
  puzzles: new PuzzleScreen(api, jobs, session, panel('puzzles'), () => redraw()),
};
let active = 'play';
const tree = new TreePanel(api, session, panel('play'));

function selectTab(name) {
  active = name;
  for (const button of document.querySelectorAll('[data-tab]')) button.classList.toggle('active', button.dataset.tab === name);
  for (const p of document.querySelectorAll('[data-screen]')) p.hidden = p.dataset.screen !== name;
  const refresh = { book: () => screens.book.refreshList(), proof: () => screens.proof.refreshList(), puzzles: () => screens.puzzles.refreshList() }[name];
  if (refresh) refresh().catch(() => {});
  redraw();
}
for (const button of document.querySelectorAll('[data-tab]')) button.addEventListener('click', () => selectTab(button.dataset.tab));

// ---- drawing ---------------------------------------------------------------------
function redraw() {
  const view = screens[active].view();
  view.threats = { 0: $('threats-x').checked, 1: $('threats-o').checked };
  view.numbers = $('numbers').checked;
  board.draw(view);
  renderStatus(view);
  renderMoves(view);
  const shown = currentAnalysis();
  $('analysis').textContent = shown ? shown.text : '';
  const pending = active === 'play' && !editor.active && session.pending.length > 0;
  $('end-turn').hidden = !pending;
}

function renderStatus(view) {
  const status = $('status');
  const p = view.position;
  if (!p) {
    status.textContent = '';
    return;
  }
  let text;
  if (view.editing) text = 'Editing: click cells to place or remove stones, then Done.';
  else if (p.over) text = p.winner === null ? 'Game over: a draw.' : `Game over: ${playerName(p.winner)} wins.`;
  else {
    const stones = p.stones_this_turn;
    const placed = (view.pending || []).length;
    text = `${playerName(p.to_move)} to move${stones > 1 ? ` — ${stones - placed} of ${stones} stones to place` : ''}.`;
  }
  status.textContent = `${p.spec} · ${text}`;
  status.dataset.over = p.over ? 'true' : 'false';
  status.dataset.toMove = p.to_move;
  status.dataset.winner = p.winner === null || p.winner === undefined ? '' : p.winner;
}

function renderMoves(view) {
  const list = $('move-list');
  list.replaceChildren();
  const p = view.position;
  if (!p || view.editing) return;
  p.turns.forEach((turn, i) => {
    const li = document.createElement('li');
    const number = document.createElement('span');
    number.className = 'move-number';
    number.textContent = `${i + 1}.`;
    li.appendChild(number);
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.test = 'move';
    button.className = `move p${i % 2 === 0 ? 0 : 1}`;
    button.textContent = turn;
    if (screens[active].goTo) button.addEventListener('click', () => screens[active].goTo(i + 1));
    li.appendChild(button);
    list.appendChild(li);
  });
}

// ---- the play screen's game ------------------------------------------------------
session.addEventListener('change', () => {
  writeHash();
  redraw();
});
editor.addEventListener('change', () => {
  $('edit-tools').hidden = !editor.active;
  $('edit-toggle').hidden = editor.active;
  redraw();
});

function writeHash() {
  if (!session.position) return;
  const hash = `#spec=${encodeURIComponent(session.spec)}&moves=${encodeURIComponent(session.moves)}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { spec: params.get('spec'), moves: params.get('moves') || '' };
}

async function openGame(spec, moves = '') {
  editor.active = false;
  await session.load(spec, moves);
  selectPickerSpec(session.spec);
  if (active !== 'play') selectTab('play');
}

// ---- the game picker -------------------------------------------------------------
// The server's examples ({name, spec}, specs in canonical form, so the picker shows which
// game is on the board); any other spec is typed in.
async function loadGames() {
  let games = [];
  try {
    games = (await api.get('/api/games')).games;
  } catch { /* shown; the spec field still works */ }
  const select = $('game-select');
  select.replaceChildren(...games.map((g) => new Option(`${g.name}${g.name !== g.spec ? ` — ${g.spec}` : ''}`, g.spec)));
  select.add(new Option('custom spec…', ''));
}

function selectPickerSpec(spec) {
  const select = $('game-select');
  const known = [...select.options].find((o) => o.value === spec);
  select.value = known ? spec : '';
  $('game-spec').value = spec;
}

$('game-select').addEventListener('change', (e) => {
  if (e.target.value) openGame(e.target.value).catch(() => {});
  else $('game-spec').focus();
});
$('game-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const spec = $('game-spec').value.trim() || $('game-select').value;
  if (spec) openGame(spec).catch(() => {});
});

// ---- toolbar, paste, share, edit -------------------------------------------------
$('undo').addEventListener('click', () => undo());
$('redo').addEventListener('click', () => redo());
$('end-turn').addEventListener('click', () => session.endTurn());
for (const name of ['threats-x', 'threats-o', 'numbers']) $(name).addEventListener('change', () => redraw());

function undo() { const s = screens[active]; if (s.undo && !editor.active) s.undo(); }
function redo() { const s = screens[active]; if (s.redo && !editor.active) s.redo(); }

document.addEventListener('keydown', (e) => {
  if (e.target.closest('input, textarea, select') || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === 'ArrowLeft') { e.preventDefault(); undo(); }
  if (e.key === 'ArrowRight') { e.preventDefault(); redo(); }
});

$('paste-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const text = $('paste-input').value.trim();
  try {
    if (text.startsWith('(;')) {
      // An SGF record, read by the server as `kinrow sgf import` reads it (docs/sgf.md).
      const record = await api.post('/api/sgf', text);
      await openGame(record.spec, record.moves);
      $('paste-note').textContent = record.notes.join(' ');
    } else {
      await session.load(session.spec, text);
      $('paste-note').textContent = '';
    }
    $('paste-input').value = '';
  } catch { /* the error is shown; the text stays for correcting */ }
});

$('share').addEventListener('click', async () => {
  writeHash();
  const url = $('share-url');
  url.value = location.href;
  url.hidden = false;
  url.select();
  try { await navigator.clipboard.writeText(location.href); } catch { /* the field shows it */ }
});

$('edit-toggle').addEventListener('click', () => { if (session.position) editor.start(); });
$('edit-apply').addEventListener('click', () => editor.apply());
$('edit-cancel').addEventListener('click', () => editor.cancel());
$('edit-clear').addEventListener('click', () => editor.clear());
for (const radio of document.querySelectorAll('input[name="brush"]'))
  radio.addEventListener('change', () => { editor.brush = radio.value === 'erase' ? null : Number(radio.value); });

// ---- engine and provers ----------------------------------------------------------
const startedFrom = new Map();  // job id -> the board's position when it was started
async function run(kind, options = {}) {
  if (!session.position) return;
  const id = await jobs.start(kind, session.spec, session.moves, options);
  startedFrom.set(id, { spec: session.spec, moves: session.moves });
  setTimeout(health, 500);
}
$('run-think').addEventListener('click', () => run('think', { time: Number($('think-time').value) || 1 }));
$('run-solve').addEventListener('click', () => run('solve'));
$('run-prove').addEventListener('click', () => run('prove'));
$('run-defences').addEventListener('click', () => run('defences'));
$('run-prove-draw').addEventListener('click', () => run('prove-draw'));

function showAnalysis(job, position) {
  analysis = {
    spec: position.spec, moves: position.moves, marks: jobs.marksFor(job, position),
    text: `#${job.id} ${job.kind}: ${job.result ? summaryLine(job) : job.state}`,
  };
  redraw();
}

// A finished job's marks and summary belong to its position only.
function currentAnalysis() {
  const p = session.position;
  return analysis && p && analysis.spec === p.spec && analysis.moves === p.moves ? analysis : null;
}

function summaryLine(job) {
  const r = job.result;
  if (job.kind === 'think') return `${r.move} (${r.evaluation_words || r.evaluation}); line ${(r.principal_variation || []).join(' ')}`;
  if (job.kind === 'solve') return `${r.value}${r.best_move ? `, best ${r.best_move}` : ''}`;
  if (job.kind === 'defences') return r.attacker_wins ? 'every defence refuted' : `not refuted: ${(r.unrefuted || []).join(', ')}`;
  if (job.kind === 'prove-draw') return `proves ${r.proves}`;
  return job.state;
}

// A finished job started from the board's position marks its cells there at once.
jobs.addEventListener('end', (e) => {
  const job = e.detail;
  health();
  const from = startedFrom.get(job.id);
  if (from && session.position && from.spec === session.spec && from.moves === session.moves) showAnalysis(job, session.position);
});
// "show": the job's position on the board, with its result.
jobs.addEventListener('show', async (e) => {
  const job = e.detail;
  if (job.kind === 'book') { selectTab('book'); return; }
  if (job.kind === 'puzzles') { selectTab('puzzles'); return; }
  await openGame(job.spec, job.moves || '');
  showAnalysis(job, session.position);
});

// ---- start -----------------------------------------------------------------------
async function health() {
  try {
    const h = await api.quiet('GET', '/api/health');
    $('health').textContent = `${h.version ? `kinrow ${h.version}` : 'kinrow'} · jobs ${h.jobs.running} running, ${h.jobs.queued} queued (at most ${h.jobs.max} at once)`;
    $('health').dataset.ok = 'true';
  } catch (error) {
    $('health').textContent = `server: ${error.message}`;
    $('health').dataset.ok = 'false';
  }
}

window.addEventListener('hashchange', () => {
  const { spec, moves } = readHash();
  if (spec && (spec !== session.spec || moves !== session.moves)) openGame(spec, moves).catch(() => {});
});

async function start() {
  await loadGames();
  const { spec, moves } = readHash();
  try {
    await openGame(spec || 'tictactoe', moves);
  } catch {
    if (spec) await openGame('tictactoe');  // a bad link: its error is shown, the board still works
  }
  await Promise.all([jobs.refresh(), tree.refreshList(), health()]).catch(() => {});
  setInterval(health, 10000);
  document.body.dataset.ready = 'true';
}
start();
