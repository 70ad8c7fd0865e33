// The proof browser: a certificate (any text `kinrow verify` reads) is sent to the server,
// which walks one of its strategies as the checker plays it: at the holder's turns the
// strategy's move, at the opponent's every reply, each with the positions of the strategy
// below it; zones and pairings are drawn on the board. The walk is the server's list of
// moves from the certificate's start; the page keeps the steps taken, for the path above.

import { listButton } from './dom.js';
import { occupiedCells, playerName, turnCells } from './notation.js';

// Whether a chosen file is gzip-compressed (kinrow solve --certificate NAME.gz).
async function isCompressed(file) {
  const magic = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  return magic[0] === 0x1f && magic[1] === 0x8b;
}

export class ProofScreen {
  constructor(api, root, redraw) {
    this.api = api;
    this.root = root;
    this.redraw = redraw;
    this.certificate = null;  // the server's summary: id, name, spec, start, entries, strategies
    this.compressed = null;   // a chosen compressed file and its text, sent as the file while unedited
    this.holder = null;       // whose strategy is walked (a draw certificate holds both)
    this.path = [];           // the steps taken from the start: { turn, moves }
    this.forward = [];        // steps stepped back over, for redo
    this.walk = null;         // the server's answer at the end of the path
    this.$ = (name) => root.querySelector(`[data-test="${name}"]`);

    this.$('cert-open').addEventListener('click', () => this.upload());
    this.$('cert-file').addEventListener('change', (e) => this.readFile(e.target.files[0]));
    this.$('cert-holder').addEventListener('change', (e) => {
      this.holder = Number(e.target.value);
      this.forward = [];
      this.goTo([]);
    });
    this.$('walk-back').addEventListener('click', () => this.undo());
    this.$('walk-root').addEventListener('click', () => this.goTo([]));
  }

  // A compressed file is shown inflated by the browser, and sent as it is (the server
  // inflates it: the text may be far larger than a request may be).
  async readFile(file) {
    if (!file) return;
    this.compressed = null;
    try {
      if (await isCompressed(file)) {
        const text = await new Response(file.stream().pipeThrough(new DecompressionStream('gzip'))).text();
        this.compressed = { file, text };
        this.$('cert-text').value = text;
      } else {
        this.$('cert-text').value = await file.text();
      }
    } catch (e) {
      this.api.showError(`cannot read ${file.name}: ${e.message}`);
      return;
    }
    if (!this.$('cert-name').value) this.$('cert-name').value = file.name;
  }

  async upload() {
    const text = this.$('cert-text').value;
    if (!text.trim()) {
      this.api.showError('paste a certificate or choose its file first');
      return;
    }
    const name = this.$('cert-name').value.trim() || 'certificate';
    const certificate = this.compressed && this.compressed.text === text
      ? await this.api.post(`/api/certificates?name=${encodeURIComponent(name)}`, this.compressed.file)
      : await this.api.post('/api/certificates', { name, text });
    await this.open(certificate);
    await this.refreshList();
  }

  async refreshList() {
    const { certificates } = await this.api.get('/api/certificates');
    const list = this.$('cert-list');
    list.replaceChildren();
    for (const c of certificates) {
      listButton(list, {
        test: 'cert-item', data: { certId: c.id }, current: this.certificate && this.certificate.id === c.id,
        text: `#${c.id} ${c.name}`,
        onClick: async () => { await this.open(await this.api.get(`/api/certificates/${c.id}`)); await this.refreshList(); },
      });
    }
  }

  async open(certificate) {
    this.certificate = certificate;
    const claims = certificate.strategies.map((s) => `${playerName(s.holder)} claims ${s.claim} (${s.rules || 'entries'})`);
    this.$('cert-summary').textContent = `${certificate.name}: ${certificate.spec}` +
      `${certificate.start ? ` from ${certificate.start}` : ''} — ${claims.join('; ')} — ${certificate.entries.toLocaleString('en')} entries`;
    const select = this.$('cert-holder');
    select.replaceChildren(...certificate.strategies.map((s) => new Option(`${playerName(s.holder)} (${s.claim})`, s.holder)));
    this.$('cert-holder-row').hidden = certificate.strategies.length < 2;
    this.holder = certificate.strategies[0].holder;
    this.forward = [];
    await this.goTo([]);
  }

  async goTo(path) {
    if (!this.certificate) return;
    const moves = path.length ? path[path.length - 1].moves : '';
    const walk = await this.api.post(`/api/certificates/${this.certificate.id}/walk`, { moves, holder: this.holder });
    this.path = path;
    this.walk = walk;
    this.render();
    this.redraw();
  }

  async step(child) {
    const next = this.forward[this.forward.length - 1];
    this.forward = next && next.moves === child.moves ? this.forward.slice(0, -1) : [];
    await this.goTo([...this.path, { turn: child.turn, moves: child.moves }]);
  }

  undo() {
    if (!this.path.length) return;
    this.forward.push(this.path[this.path.length - 1]);
    this.goTo(this.path.slice(0, -1));
  }

  redo() {
    if (this.forward.length) this.step(this.forward[this.forward.length - 1]);
  }

  render() {
    const w = this.walk;
    const node = this.$('walk-node');
    node.dataset.node = w.node;
    node.textContent = w.node === 'holder'
      ? `${playerName(this.holder)}, the holder, plays ${w.holder_turn} (${w.holder_rule}${w.entry_line ? `, line ${w.entry_line}` : ''})`
      : w.node === 'opponent' ? `the opponent moves: ${w.children.length} replies, each answered`
        : `end of the proof: ${w.end_reason}`;
    node.dataset.problem = w.problem ? 'true' : 'false';
    if (w.problem) node.textContent += ` — the checker would reject this: ${w.problem}`;

    const crumbs = this.$('walk-path');
    crumbs.replaceChildren(crumb('start', () => this.goTo([])));
    this.path.forEach((step, i) => crumbs.appendChild(crumb(step.turn, () => this.goTo(this.path.slice(0, i + 1)))));

    const list = this.$('walk-children');
    list.replaceChildren();
    for (const child of w.children) {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.dataset.test = 'walk-child';
      button.dataset.turn = child.turn;
      button.className = `walk-child by-${child.answered_by}`;
      button.textContent = child.turn;
      const info = document.createElement('span');
      info.className = 'walk-info';
      info.textContent = ` ${count(child.positions_below, child.capped)} below · ` +
        `${child.answered_by}${child.end_reason ? ` (${child.end_reason})` : ''}`;
      button.addEventListener('click', () => this.step(child));
      li.append(button, info);
      list.appendChild(li);
    }
    this.$('walk-extra').textContent = [
      `${count(w.positions_below, w.capped)} of the strategy from here`,
      w.zone ? `zone: ${w.zone.length} cells` : '',
      w.pairs ? `${w.pairs.some((p) => p.length > 2) ? 'tuples' : 'pairs'}: ${w.pairs.length}` : '',
      w.given?.length ? `inside a stronger position: ${w.given.length} stone${w.given.length > 1 ? 's' : ''} given the opponent` : '',
    ].filter(Boolean).join(' · ');
  }

  view() {
    if (!this.walk) return { position: null };
    const position = this.walk.position;
    const occupied = occupiedCells(position);
    const marks = [];
    const targets = new Map();
    const holder = this.walk.node === 'holder';
    // Stones the opponent was given where a stronger position answered his turn: on the
    // board as his, outlined so that they read as given, not played.
    for (const cell of this.walk.given || []) {
      marks.push({ cell, kind: 'given', label: '', title: 'given the opponent: a stronger position answered his turn' });
    }
    for (const child of this.walk.children) {
      for (const cell of turnCells(position, child.turn, occupied) || []) {
        marks.push({
          cell, kind: holder ? 'holder-move' : 'reply', label: holder ? '★' : compact(child.positions_below),
          title: `${child.turn}: ${count(child.positions_below, child.capped)} below (${child.answered_by})`,
        });
        targets.set(cell, child);
      }
    }
    return {
      position,
      marks,
      zone: this.walk.zone,
      pairs: this.walk.pairs,
      onCell: (cell) => { if (targets.has(cell)) this.step(targets.get(cell)); },
    };
  }
}

function crumb(text, onClick) {
  const button = document.createElement('button');
  button.className = 'crumb';
  button.textContent = text;
  button.addEventListener('click', onClick);
  return button;
}

// "1 position", "over 100,000 positions" (a count the server stopped at).
function count(n, capped) {
  return `${capped ? 'over ' : ''}${n.toLocaleString('en')} position${n === 1 ? '' : 's'}`;
}

// 1234 -> "1.2k": a count small enough for a cell.
function compact(n) {
  if (n < 1000) return String(n);
  if (n < 1e6) return `${(n / 1e3).toFixed(n < 1e4 ? 1 : 0)}k`;
  return `${(n / 1e6).toFixed(n < 1e7 ? 1 : 0)}M`;
}
