// Opening books: built on the server by a `book` job (the attacker's move by the engine,
// every defence by the verifier, until the position is proven or the budget runs out),
// browsed here as a tree with each node's status. The board shows the chosen node's
// position with its children marked by status; clicking a marked cell walks to it.

import { listButton } from './dom.js';
import { occupiedCells, playerName, turnCells } from './notation.js';

const STATUS_MARK = { proven: '✓', open: '…', failed: '✗' };

export class BookScreen {
  constructor(api, jobs, session, root, redraw) {
    this.api = api;
    this.jobs = jobs;
    this.session = session;   // the play screen's game: books start from its position
    this.root = root;
    this.redraw = redraw;
    this.book = null;
    this.node = null;         // the node shown on the board
    this.position = null;
    this.$ = (name) => root.querySelector(`[data-test="${name}"]`);

    this.$('book-build').addEventListener('click', () => this.build());
    // A finished book job opens the book it built (`kinrow book build --json` names it).
    jobs.addEventListener('end', (e) => {
      if (e.detail.kind === 'book' && e.detail.result) this.open(e.detail.result.book_id).catch(() => {});
    });
  }

  async build() {
    const position = this.session.position;
    if (!position) return;
    const options = {
      time: Number(this.$('book-time').value),
      max_nodes: Number(this.$('book-nodes').value),
      engine_proofs: this.$('book-proofs').checked,
    };
    this.$('book-from').textContent = `building from ${position.spec} ${position.moves || '(empty board)'} (${playerName(position.to_move)} attacks)`;
    await this.jobs.start('book', position.spec, position.moves, options);
  }

  async refreshList() {
    const { books } = await this.api.get('/api/books');
    const list = this.$('book-list');
    list.replaceChildren();
    for (const b of books) {
      listButton(list, {
        test: 'book-item', data: { bookId: b.id, status: b.status }, className: `status-${b.status}`,
        current: this.book && this.book.id === b.id,
        text: `#${b.id} ${b.spec} ${b.moves || '(empty)'} · ${playerName(b.attacker)} attacks · ${b.status} · ${b.nodes} nodes`,
        onClick: () => this.open(b.id),
      });
    }
  }

  async open(id) {
    this.book = await this.api.get(`/api/books/${id}`);
    await this.select(this.book.nodes.find((n) => n.parent === null) || null);
    // The status last: once it shows, the tree and the board show the same book.
    const status = this.$('book-status');
    status.textContent = `book #${this.book.id}: ${this.book.spec} ${this.book.moves || '(empty board)'} — ` +
      `${playerName(this.book.attacker)} attacks — ${this.book.status}, ${this.book.nodes.length} nodes`;
    status.dataset.status = this.book.status;
    await this.refreshList();
  }

  children(node) {
    return this.book.nodes.filter((n) => n.parent === (node ? node.id : null));
  }

  async select(node) {
    this.node = node;
    const moves = node ? node.moves : this.book.moves;
    this.position = await this.api.post('/api/position', { spec: this.book.spec, moves });
    this.renderTree();
    this.redraw();
  }

  renderTree() {
    const box = this.$('book-tree');
    box.replaceChildren();
    if (!this.book) return;
    const roots = this.book.nodes.filter((n) => n.parent === null);
    const ul = document.createElement('ul');
    for (const r of roots) ul.appendChild(this.renderNode(r));
    box.appendChild(ul);
  }

  renderNode(node) {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.dataset.test = 'book-node';
    button.dataset.nodeId = node.id;
    button.dataset.status = node.status;
    button.className = `book-node status-${node.status} side-${node.side}${this.node && this.node.id === node.id ? ' current' : ''}`;
    button.textContent = `${node.turn || 'root'} ${STATUS_MARK[node.status] || node.status}`;
    button.title = `${node.side} to move · ${node.status}${node.status === 'proven' ? (node.checked ? ' (checked)' : ' (unchecked)') : ''}` +
      `${node.reason ? ` · ${node.reason}` : ''}\n${node.moves || 'the empty board'}`;
    button.addEventListener('click', () => this.select(node));
    li.appendChild(button);
    const kids = this.children(node);
    if (kids.length) {
      const ul = document.createElement('ul');
      for (const k of kids) ul.appendChild(this.renderNode(k));
      li.appendChild(ul);
    }
    return li;
  }

  view() {
    if (!this.position) return { position: null };
    const occupied = occupiedCells(this.position);
    const marks = [];
    const targets = new Map();
    for (const child of this.node ? this.children(this.node) : []) {
      const cells = child.turn ? turnCells(this.position, child.turn, occupied) : null;
      for (const cell of cells || []) {
        marks.push({ cell, kind: `book-${child.status}`, label: STATUS_MARK[child.status] || '', title: `${child.turn}: ${child.status}${child.reason ? ` (${child.reason})` : ''}` });
        targets.set(cell, child);
      }
    }
    return {
      position: this.position,
      marks,
      onCell: (cell) => { if (targets.has(cell)) this.select(targets.get(cell)); },
    };
  }

  undo() {
    if (this.node && this.node.parent !== null) this.select(this.book.nodes.find((n) => n.id === this.node.parent));
  }

  redo() {
    const kids = this.node ? this.children(this.node) : [];
    if (kids.length) this.select(kids[0]);
  }
}
