// A game being played on the board: the spec, the turns played (the server's canonical
// form), the turns undone (for redo), and the stones of a p-stone turn not yet complete —
// kept here until the turn has its p stones, then sent as one turn. Every position comes
// from POST /api/position; this file never decides legality itself.

import { dropTarget, formatTurn, joinTurns, occupiedCells } from './notation.js';

export class Session extends EventTarget {
  constructor(api) {
    super();
    this.api = api;
    this.position = null;
    this.turns = [];
    this.redoStack = [];
    this.pending = [];
  }

  get spec() { return this.position ? this.position.spec : null; }
  get moves() { return this.position ? this.position.moves : ''; }

  changed(reason) {
    this.dispatchEvent(new CustomEvent('change', { detail: reason }));
  }

  // Shows spec after moves; a failure leaves the session where it was and throws.
  async load(spec, moves = '', { keepRedo = false } = {}) {
    return this.show({ spec, moves }, { keepRedo });
  }

  // Shows a position set up freely, as each side's stones ([[X's cells], [O's cells]]):
  // the server orders them into turns, or refuses (400) saying why no game reaches them.
  async setUp(stones) {
    return this.show({ spec: this.spec, stones });
  }

  async show(request, { keepRedo = false } = {}) {
    const position = await this.api.post('/api/position', request);
    this.position = position;
    this.turns = [...position.turns];
    this.pending = [];
    if (!keepRedo) this.redoStack = [];
    this.changed('load');
    return position;
  }

  // The position after one more turn, or null (the error is shown) if it is illegal.
  async play(turn) {
    let next;
    try {
      next = await this.api.post('/api/position', { spec: this.spec, moves: joinTurns([...this.turns, turn]) });
    } catch {
      this.pending = [];
      this.changed('rejected');
      return null;
    }
    // A turn that is the one undone last keeps the rest of the redo line.
    if (this.redoStack.length && this.redoStack[this.redoStack.length - 1] === next.turns[next.turns.length - 1]) this.redoStack.pop();
    else this.redoStack = [];
    this.position = next;
    this.turns = [...next.turns];
    this.pending = [];
    this.changed('play');
    this.dispatchEvent(new CustomEvent('turn', { detail: this.turns[this.turns.length - 1] }));
    return next;
  }

  // A click on a cell: a stone of the turn being composed (under gravity, on its column),
  // sent when the turn has all its stones. A click on a pending stone takes it back.
  async clickCell(cell) {
    const position = this.position;
    if (!position || position.over) return;
    if (this.pending.includes(cell)) {
      this.pending = this.pending.filter((c) => c !== cell);
      this.changed('pending');
      return;
    }
    const occupied = occupiedCells(position);
    for (const c of this.pending) occupied.add(c);
    const target = dropTarget(position, cell, occupied);
    if (target === null) return;
    if (!position.gravity && !position.playable.includes(target)) return;
    this.pending.push(target);
    if (this.pending.length >= position.stones_this_turn) await this.play(formatTurn(position, this.pending));
    else this.changed('pending');
  }

  // Sends the pending stones as a turn of fewer than p stones (tile games let the maker
  // choose; elsewhere the server says why not).
  async endTurn() {
    if (this.pending.length) await this.play(formatTurn(this.position, this.pending));
  }

  canUndo() { return this.pending.length > 0 || this.turns.length > 0; }
  canRedo() { return this.pending.length === 0 && this.redoStack.length > 0; }

  async undo() {
    if (this.pending.length) {
      this.pending.pop();
      this.changed('pending');
      return;
    }
    if (!this.turns.length) return;
    const last = this.turns[this.turns.length - 1];
    const stack = [...this.redoStack, last];
    await this.load(this.spec, joinTurns(this.turns.slice(0, -1)), { keepRedo: true });
    this.redoStack = stack;
    this.changed('undo');
  }

  // Back (or forward along the redo line) to the position after the first n turns.
  async goTo(n) {
    const stack = [...this.redoStack, ...this.turns.slice(n).reverse()];
    await this.load(this.spec, joinTurns(this.turns.slice(0, n)), { keepRedo: true });
    this.redoStack = stack;
    this.changed('goto');
  }

  async redo() {
    if (!this.canRedo()) return;
    const turn = this.redoStack[this.redoStack.length - 1];
    await this.play(turn);
  }
}
