// Free edit: put stones of either colour anywhere, then turn the stones into a move
// string the server can play. The API knows positions only as move sequences, so the
// stones are ordered into alternating turns (the first player's q stones, then p a turn
// each); under gravity each turn takes stones that rest on filled cells. The server then
// checks the result (a line completed before the last turn is refused with its reason).

import { formatTurn, joinTurns, playerName } from './notation.js';

export class Editor extends EventTarget {
  constructor(session) {
    super();
    this.session = session;
    this.active = false;
    this.brush = 0;           // 0: X, 1: O, null: erase
    this.owner = new Map();   // cell -> player
  }

  start() {
    this.active = true;
    this.owner = new Map(this.session.position.stones.map((s) => [s.cell, s.player]));
    this.changed();
  }

  cancel() {
    this.active = false;
    this.changed();
  }

  changed() { this.dispatchEvent(new Event('change')); }

  clickCell(cell) {
    if (this.brush === null || this.owner.get(cell) === this.brush) this.owner.delete(cell);
    else this.owner.set(cell, this.brush);
    this.changed();
  }

  clear() {
    this.owner.clear();
    this.changed();
  }

  // What the board draws while editing: the position's cells with the edited stones.
  view() {
    const position = this.session.position;
    const stones = [...this.owner].map(([cell, player]) => ({ cell, player, turn: -1 }));
    return { ...position, stones, threats: [], winning_line: null, playable: position.cells.map((c) => c.index) };
  }

  // The stones as turns, or throws an Error saying why they cannot alternate.
  turns() {
    const position = this.session.position;
    const cells = [[], []];
    for (const [cell, player] of this.owner) cells[player].push(cell);
    const first = position.q;  // the first turn's stones
    const p = position.p;
    const turnsOf = (n, size0) => {
      // How many turns of sizes size0, p, p, ... make exactly n stones (null if none do).
      if (n === 0) return 0;
      if (n < size0 || (n - size0) % p !== 0) return null;
      return 1 + (n - size0) / p;
    };
    const tx = turnsOf(cells[0].length, first), to = turnsOf(cells[1].length, p);
    if (tx === null || to === null || !(to === tx || to === tx - 1)) {
      throw new Error(`${cells[0].length} X and ${cells[1].length} O stones do not make alternating turns ` +
        `(X's first turn places ${first}, then each turn ${p})`);
    }
    const filled = new Set();
    const order = position.gravity ? (list) => list.sort((a, b) => position.cells[a].coords[1] - position.cells[b].coords[1]) : (list) => list.sort((a, b) => a - b);
    order(cells[0]);
    order(cells[1]);
    const turns = [];
    for (let t = 0; t < tx + to; ++t) {
      const player = t % 2;
      const size = t === 0 ? first : p;
      const turn = [];
      for (let k = 0; k < size; ++k) {
        const i = cells[player].findIndex((c) => !position.gravity || supported(position, c, filled, turn));
        if (i < 0) throw new Error(`the ${playerName(player)} stones cannot be dropped in turn: a column has a gap`);
        turn.push(cells[player][i]);
        cells[player].splice(i, 1);
      }
      turn.forEach((c) => filled.add(c));
      turns.push(formatTurn(position, turn));
    }
    return turns;
  }

  // Plays the edited stones as a move string; stays in edit mode if the server refuses.
  async apply() {
    let turns;
    try {
      turns = this.turns();
    } catch (e) {
      this.session.api.showError(e.message);
      return false;
    }
    try {
      await this.session.load(this.session.spec, joinTurns(turns));
    } catch {
      return false;
    }
    this.active = false;
    this.changed();
    return true;
  }
}

// Under gravity a stone rests on the bottom, on a filled cell or on a stone of its turn.
function supported(position, cell, filled, turn) {
  const coords = position.cells[cell].coords;
  if (coords[1] === 0) return true;
  const below = position.cells.find((c) => c.coords.every((v, axis) => (axis === 1 ? v === coords[1] - 1 : v === coords[axis])));
  return !below || filled.has(below.index) || turn.includes(below.index);
}
