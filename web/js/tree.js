// Variations and comments, kept in the server's database (/api/trees). A tree starts at a
// position (its root moves); while it is open and "record" is on, every turn played on the
// board from that root becomes a node (the server returns the existing node when a turn
// is already there). Clicking a node shows its position; the current node's comment can
// be edited.

import { joinTurns } from './notation.js';

export class TreePanel {
  constructor(api, session, root) {
    this.api = api;
    this.session = session;
    this.root = root;
    this.tree = null;        // the open tree, with nodes
    this.spec = null;        // its canonical spec
    this.rootTurns = [];     // its root position's turns
    this.syncing = Promise.resolve();
    this.commentNode = null; // the node whose comment the box last showed, and the text
    this.commentShown = '';
    this.$ = (name) => root.querySelector(`[data-test="${name}"]`);

    this.$('tree-select').addEventListener('change', (e) => { if (e.target.value) this.open(Number(e.target.value)); });
    this.$('tree-new').addEventListener('click', () => this.create());
    this.$('tree-comment-save').addEventListener('click', () => this.saveComment());
    this.$('tree-delete').addEventListener('click', () => this.deleteCurrent());
    session.addEventListener('change', () => {
      this.syncing = this.syncing.then(() => this.record()).catch(() => {}).then(() => this.render());
    });
  }

  async refreshList() {
    const { trees } = await this.api.get('/api/trees');
    const select = this.$('tree-select');
    select.replaceChildren(new Option(trees.length ? 'open a tree…' : 'no trees yet', ''));
    for (const t of trees) select.add(new Option(`${t.name} (${t.spec}${t.moves ? ` · ${t.moves}` : ''})`, t.id));
    if (this.tree) select.value = this.tree.id;
  }

  async create() {
    if (!this.session.position) return;
    const name = this.$('tree-name').value.trim() || `${this.session.spec} ${this.session.moves || 'start'}`;
    const tree = await this.api.post('/api/trees', { name, spec: this.session.spec, moves: this.session.moves });
    this.$('tree-name').value = '';
    await this.refreshList();
    await this.open(tree.id, { stay: true });
  }

  async open(id, { stay = false } = {}) {
    const tree = await this.api.get(`/api/trees/${id}`);
    const rootPosition = await this.api.post('/api/position', { spec: tree.spec, moves: tree.moves });
    this.tree = tree;
    this.spec = rootPosition.spec;
    this.rootTurns = rootPosition.turns;
    this.$('tree-select').value = id;
    if (!stay) await this.session.load(this.spec, rootPosition.moves);
    this.render();
  }

  children(parent) {
    return this.tree.nodes.filter((n) => n.parent === parent);
  }

  // The nodes along the board's line, and the turns past the last of them; null when the
  // board is not in this tree (another game, or a line that leaves the root).
  path() {
    if (!this.tree || this.session.spec !== this.spec) return null;
    const turns = this.session.turns;
    if (turns.length < this.rootTurns.length || this.rootTurns.some((t, i) => turns[i] !== t)) return null;
    const nodes = [];
    let parent = null;
    let i = this.rootTurns.length;
    for (; i < turns.length; ++i) {
      const next = this.children(parent).find((n) => n.turn === turns[i]);
      if (!next) break;
      nodes.push(next);
      parent = next.id;
    }
    return { nodes, rest: turns.slice(i) };
  }

  async record() {
    if (!this.$('tree-record').checked) return;
    const path = this.path();
    if (!path || !path.rest.length) return;
    let parent = path.nodes.length ? path.nodes[path.nodes.length - 1].id : null;
    for (const turn of path.rest) {
      const node = await this.api.post(`/api/trees/${this.tree.id}/nodes`, { parent, turn });
      if (!this.tree.nodes.some((n) => n.id === node.id)) this.tree.nodes.push(node);
      parent = node.id;
    }
  }

  current() {
    const path = this.path();
    return path && !path.rest.length && path.nodes.length ? path.nodes[path.nodes.length - 1] : null;
  }

  lineTo(node) {
    const turns = [];
    for (let n = node; n; n = this.tree.nodes.find((m) => m.id === n.parent)) turns.unshift(n.turn);
    return [...this.rootTurns, ...turns];
  }

  async saveComment() {
    const node = this.current();
    if (!node) return;
    const saved = await this.api.patch(`/api/trees/${this.tree.id}/nodes/${node.id}`, { comment: this.$('tree-comment').value });
    Object.assign(node, saved);
    this.render();
  }

  async deleteCurrent() {
    const node = this.current();
    if (!node) return;
    await this.api.delete(`/api/trees/${this.tree.id}/nodes/${node.id}`);
    this.tree = await this.api.get(`/api/trees/${this.tree.id}`);
    const parent = this.lineTo(this.tree.nodes.find((n) => n.id === node.parent));
    await this.session.load(this.spec, joinTurns(parent));
  }

  render() {
    const list = this.$('tree-nodes');
    list.replaceChildren();
    const comment = this.$('tree-comment');
    if (!this.tree) {
      comment.disabled = true;
      return;
    }
    const current = this.current();
    const path = this.path();
    const onPath = new Set(path ? path.nodes.map((n) => n.id) : []);
    const rootItem = document.createElement('li');
    const rootButton = nodeButton(`root${this.rootTurns.length ? ` (${joinTurns(this.rootTurns)})` : ''}`, path && !path.nodes.length && !path.rest.length);
    rootButton.addEventListener('click', () => this.session.load(this.spec, joinTurns(this.rootTurns)));
    rootItem.appendChild(rootButton);
    rootItem.appendChild(this.renderChildren(null, onPath, current));
    list.appendChild(rootItem);
    comment.disabled = !current;
    // A render while the user types (a sync of the board finishing) keeps what was typed
    // for the same node; another node shows its own comment.
    const edited = current && this.commentNode === current.id && comment.value !== this.commentShown;
    if (!edited) comment.value = current ? current.comment || '' : '';
    this.commentNode = current ? current.id : null;
    this.commentShown = comment.value;
    comment.placeholder = current ? `comment on ${current.turn}` : 'play or pick a node of the tree to comment on it';
  }

  renderChildren(parent, onPath, current) {
    const ul = document.createElement('ul');
    for (const node of this.children(parent)) {
      const li = document.createElement('li');
      const button = nodeButton(node.turn, current && current.id === node.id);
      button.dataset.test = 'tree-node';
      button.dataset.nodeId = node.id;
      if (onPath.has(node.id)) button.classList.add('on-path');
      if (node.comment) {
        button.classList.add('commented');
        button.title = node.comment;
      }
      button.addEventListener('click', () => this.session.load(this.spec, joinTurns(this.lineTo(node))));
      li.appendChild(button);
      if (this.children(node.id).length) li.appendChild(this.renderChildren(node.id, onPath, current));
      ul.appendChild(li);
    }
    return ul;
  }
}

function nodeButton(text, isCurrent) {
  const button = document.createElement('button');
  button.className = `tree-node${isCurrent ? ' current' : ''}`;
  button.textContent = text;
  return button;
}
