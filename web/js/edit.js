// Free edit: put stones of either colour anywhere; Done sends each side's stones to the
// server, which orders them into a game (or says why no game reaches them).

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

  // Shows the edited stones as a game; stays in edit mode (the reason shown) if the
  // server refuses them.
  async apply() {
    const stones = [[], []];
    for (const [cell, player] of this.owner) stones[player].push(cell);
    try {
      await this.session.setUp(stones);
    } catch {
      return false;
    }
    this.active = false;
    this.changed();
    return true;
  }
}
