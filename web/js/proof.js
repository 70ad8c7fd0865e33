// The proof browser: a certificate (any text `kinrow verify` reads, or a dictionary) is
// sent to the server, which walks it: at the holder's turns the strategy's move, at the
// opponent's every reply, each with the number of positions below it; zones and pairings
// are drawn on the board. The walk is a list of turns from the certificate's root.

import { listButton } from './dom.js';
import { joinTurns, occupiedCells, turnCells } from './notation.js';

export class ProofScreen {
  constructor(api, root, redraw) {
    this.api = api;
    this.root = root;
    this.redraw = redraw;
    this.certificate = null;
    this.path = [];         // turns from the certificate's root
    this.forward = [];      // turns stepped back over, for redo
    this.walk = null;       // the server's answer for the path
    this.$ = (name) => root.querySelector(`[data-test="${name}"]`);

    this.$('cert-open').addEventListener('click', () => this.upload());
    this.$('cert-file').addEventListener('change', (e) => this.readFile(e.target.files[0]));
    this.$('walk-back').addEventListener('click', () => this.undo());
    this.$('walk-root').addEventListener('click', () => this.goTo([]));
  }

  async readFile(file) {
    if (!file) return;
    this.$('cert-text').value = await file.text();
    if (!this.$('cert-name').value) this.$('cert-name').value = file.name;
  }

  async upload() {
    const text = this.$('cert-text').value;
    if (!text.trim()) {
      this.api.showError('paste a certificate or choose its file first');
      return;
    }
    const name = this.$('cert-name').value.trim() || 'certificate';
    const certificate = await this.api.post('/api/certificates', { name, text });
    await this.refreshList();
    await this.open(certificate);
  }

  async refreshList() {
    const answer = await this.api.get('/api/certificates');
    const certificates = Array.isArray(answer) ? answer : answer.certificates || [];
    const list = this.$('cert-list');
    list.replaceChildren();
    for (const c of certificates) {
      listButton(list, {
        test: 'cert-item', data: { certId: c.id }, current: this.certificate && this.certificate.id === c.id,
        text: `#${c.id} ${c.name} · ${c.spec} · ${c.holder} ${c.claim} · ${c.entries} entries`,
        onClick: () => this.open(c),
      });
    }
  }

  async open(certificate) {
    this.certificate = certificate;
    this.$('cert-summary').textContent = `${certificate.name}: ${certificate.spec}, ${certificate.holder} claims ${certificate.claim}` +
      ` (${certificate.kind}, ${certificate.entries} entries)`;
    this.forward = [];
    await this.goTo([]);
  }

  async goTo(path) {
    if (!this.certificate) return;
    const walk = await this.api.post(`/api/certificates/${this.certificate.id}/walk`, { moves: joinTurns(path) });
    this.path = path;
    this.walk = walk;
    this.render();
    this.redraw();
  }

  async step(turn) {
    this.forward = this.forward.length && this.forward[this.forward.length - 1] === turn ? this.forward.slice(0, -1) : [];
    await this.goTo([...this.path, turn]);
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
    node.textContent = w.node === 'holder' ? `the holder (${this.certificate.holder}) moves: ${w.holder_turn ?? '—'}`
      : w.node === 'opponent' ? `the opponent moves: ${w.children.length} replies, each answered`
        : `end of the proof: ${w.end_reason}`;

    const crumbs = this.$('walk-path');
    crumbs.replaceChildren();
    const rootButton = crumb('root', () => this.goTo([]));
    crumbs.appendChild(rootButton);
    this.path.forEach((turn, i) => crumbs.appendChild(crumb(turn, () => this.goTo(this.path.slice(0, i + 1)))));

    const list = this.$('walk-children');
    list.replaceChildren();
    for (const child of w.children) {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.dataset.test = 'walk-child';
      button.dataset.turn = child.turn;
      button.className = `walk-child by-${child.answered_by}`;
      button.textContent = `${child.turn}`;
      const info = document.createElement('span');
      info.className = 'walk-info';
      info.textContent = ` ${Number(child.positions_below).toLocaleString('en')} positions below · ${child.answered_by}`;
      button.addEventListener('click', () => this.step(child.turn));
      li.append(button, info);
      list.appendChild(li);
    }
    this.$('walk-extra').textContent = [
      w.zone ? `zone: ${w.zone.length} cells` : '',
      w.pairs ? `pairs: ${w.pairs.length}` : '',
    ].filter(Boolean).join(' · ');
  }

  view() {
    if (!this.walk) return { position: null };
    const position = this.walk.position;
    const occupied = occupiedCells(position);
    const marks = [];
    const targets = new Map();
    for (const child of this.walk.children) {
      const cells = turnCells(position, child.turn, occupied) || [];
      const holder = this.walk.node === 'holder';
      for (const cell of cells) {
        marks.push({ cell, kind: holder ? 'holder-move' : 'reply', label: holder ? '★' : compact(child.positions_below), title: `${child.turn}: ${child.positions_below} positions below (${child.answered_by})` });
        targets.set(cell, child.turn);
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

// 1234 -> "1.2k": a count small enough for a cell.
function compact(n) {
  if (n < 1000) return String(n);
  if (n < 1e6) return `${(n / 1e3).toFixed(n < 1e4 ? 1 : 0)}k`;
  return `${(n / 1e6).toFixed(n < 1e7 ? 1 : 0)}M`;
}
