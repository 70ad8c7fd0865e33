// The back end's buttons and the job list. Every long computation is a job on the server
// (a kinrow subcommand in a child process): started by POST /api/jobs, followed live
// through its event stream (progress lines, then the finished job), cancelled by DELETE.
// Jobs live in the server's database, so the list is read back after a page reload.
// At most MAX_STREAMS jobs are followed at once (the oldest active ones, which the server
// runs first); the others show their state as last read until a stream frees up.

import { turnCells, occupiedCells } from './notation.js';

const ACTIVE = new Set(['queued', 'running']);
// Browsers keep at most six connections to one host; the API needs some of them.
const MAX_STREAMS = 3;
const PROGRESS_LINES_SHOWN = 6;
const DETAILS_ON_LOAD = 10;

export class Jobs extends EventTarget {
  constructor(api, listElement) {
    super();
    this.api = api;
    this.list = listElement;
    this.jobs = new Map();     // id -> { job, element, stream }
  }

  async start(kind, spec, moves, options = {}) {
    const created = await this.api.post('/api/jobs', { kind, spec, moves, options });
    const job = { id: created.id, kind, spec, moves, options, state: created.state, progress: [], result: null, error: null };
    this.upsert(job);
    this.follow(job.id);
    return job.id;
  }

  async cancel(id) {
    const job = await this.api.delete(`/api/jobs/${id}`);
    this.closeStream(id);
    this.upsert(job);
    this.ended(job);
    this.followWaiting();
  }

  // Reads the job list (newest first) and follows the jobs still queued or running.
  async refresh() {
    const { jobs } = await this.api.get('/api/jobs');
    // A summary without its result: the newest finished ones are read in full.
    const details = jobs.filter((j) => j.result === undefined && !ACTIVE.has(j.state)).slice(0, DETAILS_ON_LOAD);
    const full = await Promise.all(details.map((j) => this.api.quiet('GET', `/api/jobs/${j.id}`).catch(() => j)));
    for (const f of full) jobs[jobs.findIndex((j) => j.id === f.id)] = f;
    for (const job of [...jobs].reverse()) {
      const known = this.jobs.get(job.id);
      // A summary may leave out progress and result; keep what the stream delivered.
      this.upsert({ ...(known ? known.job : {}), ...job, progress: job.progress || (known ? known.job.progress : []) });
      if (ACTIVE.has(job.state)) this.follow(job.id);
    }
  }

  follow(id) {
    const entry = this.jobs.get(id);
    if (!entry || entry.stream || !ACTIVE.has(entry.job.state)) return;
    const streams = [...this.jobs.values()].filter((e) => e.stream).length;
    if (streams >= MAX_STREAMS) return;
    const stream = new EventSource(`/api/jobs/${id}/events`);
    entry.stream = stream;
    // The stream sends the job's state first and on every change, and every progress
    // line from the first, also after a reconnection.
    stream.addEventListener('open', () => { entry.job.progress = []; });
    // A finished state waits for `end`, which brings the result with it.
    stream.addEventListener('state', (e) => {
      if (!ACTIVE.has(e.data)) return;
      entry.job.state = e.data;
      this.render(entry);
    });
    stream.addEventListener('progress', (e) => {
      entry.job.progress.push(e.data);
      this.render(entry);
    });
    stream.addEventListener('end', (e) => {
      this.closeStream(id);
      const job = JSON.parse(e.data);
      this.upsert(job);
      this.ended(job);
      this.followWaiting();
    });
  }

  closeStream(id) {
    const entry = this.jobs.get(id);
    if (entry && entry.stream) {
      entry.stream.close();
      entry.stream = null;
    }
  }

  followWaiting() {
    for (const [id, entry] of this.jobs) if (ACTIVE.has(entry.job.state)) this.follow(id);
  }

  ended(job) {
    this.dispatchEvent(new CustomEvent('end', { detail: job }));
  }

  upsert(job) {
    let entry = this.jobs.get(job.id);
    if (!entry) {
      entry = { job, element: document.createElement('li'), stream: null };
      this.jobs.set(job.id, entry);
      this.list.prepend(entry.element);
    } else {
      entry.job = { ...entry.job, ...job };
    }
    if (!entry.job.progress) entry.job.progress = [];
    this.render(entry);
  }

  render(entry) {
    const { job, element } = entry;
    element.className = `job ${job.state}`;
    element.dataset.test = 'job';
    element.dataset.jobId = job.id;
    element.dataset.kind = job.kind;
    element.dataset.state = job.state;
    element.replaceChildren();

    const head = add(element, 'div', 'job-head');
    add(head, 'span', 'job-title', `#${job.id} ${job.kind}`);
    add(head, 'span', 'job-where', `${job.spec}${job.moves ? ` · ${job.moves}` : ''}`);
    const state = add(head, 'span', `job-state ${job.state}`, job.state);
    state.dataset.test = 'job-state';
    if (ACTIVE.has(job.state)) {
      const cancel = add(head, 'button', 'small', 'cancel');
      cancel.dataset.test = 'job-cancel';
      cancel.addEventListener('click', () => this.cancel(job.id));
    }
    const show = add(head, 'button', 'small', 'show');
    show.dataset.test = 'job-show';
    show.title = 'open this position on the board, with the result marked';
    show.addEventListener('click', () => this.dispatchEvent(new CustomEvent('show', { detail: job })));

    if (job.progress && job.progress.length && (ACTIVE.has(job.state) || !job.result)) {
      const progress = add(element, 'pre', 'job-progress', job.progress.slice(-PROGRESS_LINES_SHOWN).join('\n'));
      progress.dataset.test = 'job-progress';
    }
    if (job.error) add(element, 'div', 'job-error', job.error).dataset.test = 'job-error';
    if (job.result) renderResult(add(element, 'div', 'job-result'), job);
  }

  // The cells a finished job's result names, as board marks on the job's position.
  marksFor(job, position) {
    const r = job.result;
    if (!r) return [];
    const marks = [];
    const occupied = occupiedCells(position);
    const mark = (turn, kind, label, title) => {
      const cells = turnCells(position, turn, occupied);
      if (cells) for (const cell of cells) marks.push({ cell, kind, label, title });
      return cells;
    };
    if (job.kind === 'think') {
      // The principal variation, numbered, each turn on top of the ones before it.
      (r.principal_variation || []).forEach((turn, i) => {
        const cells = mark(turn, i % 2 === 0 ? 'line-mover' : 'line-other', i + 1, `line ${i + 1}: ${turn}`);
        if (cells) cells.forEach((c) => occupied.add(c));
      });
    } else if (job.kind === 'solve' && r.best_move) {
      mark(r.best_move, 'best', '★', `best move ${r.best_move}`);
    } else if (job.kind === 'defences') {
      (r.unrefuted || []).forEach((turn) => mark(turn, 'defence', '?', `defence not refuted: ${turn}`));
    }
    return marks;
  }
}

function add(parent, tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  parent.appendChild(node);
  return node;
}

// One line per result, in words, then the numbers that matter; every field in a tooltip.
function renderResult(box, job) {
  const r = job.result;
  box.dataset.test = 'job-result';
  box.title = JSON.stringify(r, null, 1);
  const value = (text) => {
    const v = add(box, 'strong', 'job-value', text);
    v.dataset.test = 'job-value';
  };
  const detail = (text) => add(box, 'span', 'job-detail', text);
  const work = () => (r.nodes !== undefined ? ` · ${Number(r.nodes).toLocaleString('en')} nodes` : '') +
    (r.seconds !== undefined ? ` in ${Number(r.seconds).toFixed(2)} s` : '');
  switch (job.kind) {
    case 'solve':
      value(r.value);
      detail(`${r.best_move ? ` · best ${r.best_move}` : ''}${r.plies !== undefined && r.plies !== null ? ` · ${r.plies} plies` : ''}` +
        ` · ${r.method}${work()}`);
      break;
    case 'prove':
      value(r.value);
      detail(` · job-level PN search, ${r.policy}, ${(r.questions || []).reduce((n, q) => n + (q.jobs_run || 0), 0)} jobs${work()}`);
      break;
    case 'think':
      value(r.move ? `${r.move}: ${r.evaluation_words || r.evaluation}` : 'no move');
      detail(` · line ${(r.principal_variation || []).join(' ') || '—'} · depth ${r.depth}${work()}`);
      break;
    case 'defences': {
      const open = r.unrefuted || [];
      value(r.attacker_wins ? 'every defence refuted: the attacker wins' : `${open.length} defence${open.length === 1 ? '' : 's'} not refuted`);
      detail(`${open.length ? ` · ${open.slice(0, 20).join(', ')}${open.length > 20 ? ', …' : ''}` : ''} · ${r.refuted_turns} refuted${work()}`);
      break;
    }
    case 'prove-draw':
      value(`proves: ${r.proves}`);
      detail(` · ${r.method}${r.pairings_tried !== undefined ? ` · ${r.pairings_tried} pairings tried` : ''}${work()}`);
      break;
    case 'puzzles':
      value(`${r.puzzles ?? (r.list || []).length} puzzles`);
      detail(` from ${r.games ?? '?'} games${work()}`);
      break;
    case 'book':
      value(`book #${r.book_id} ${r.status}`);
      detail(` · ${r.nodes} nodes (${r.added} added, ${r.proven} proven${r.unchecked ? `, ${r.unchecked} unchecked` : ''})` +
        ` · ${r.engine_calls} engine, ${r.verifier_calls} verifier calls · ${Number(r.seconds).toFixed(2)} s`);
      break;
    default:
      detail(Object.entries(r).filter(([, v]) => typeof v !== 'object').map(([k, v]) => `${k} ${v}`).join(' · '));
  }
}
