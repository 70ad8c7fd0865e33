// kinrow's move notation on the client side (core/notation.h is the authority; the server
// checks every turn this file writes). A position here is the JSON of POST /api/position.
//
// Gravity boards of two axes write a stone as its 1-based column ("4453"; wider than 9
// columns, separated by commas); every other board writes cell names ("b2", "b2:3"), a
// p-stone turn as the names run together ("k10k11"). Turns are joined by spaces, which
// the parser accepts on every board.

export function usesColumnDigits(position) {
  return position.gravity && position.extent.length === 2;
}

function stoneSeparator(position) {
  return usesColumnDigits(position) && position.extent[0] > 9 ? ',' : '';
}

export function stoneName(position, cell) {
  return usesColumnDigits(position) ? String(position.cells[cell].coords[0] + 1) : position.cells[cell].name;
}

// A turn of the given cells. Under gravity the stones are written bottom first, the
// order in which they can be dropped.
export function formatTurn(position, cells) {
  const ordered = [...cells];
  if (position.gravity) ordered.sort((a, b) => position.cells[a].coords[1] - position.cells[b].coords[1]);
  return ordered.map((c) => stoneName(position, c)).join(stoneSeparator(position));
}

export function joinTurns(turns) {
  return turns.join(' ');
}

// Cells that hold a stone in the position.
export function occupiedCells(position) {
  return new Set(position.stones.map((s) => s.cell));
}

// Under gravity a stone aimed at any cell of a column lands on the lowest empty cell of
// that column (axis 1 points up); elsewhere it stays where it is aimed. null: the column
// is full.
export function dropTarget(position, cell, occupied) {
  if (!position.gravity) return occupied.has(cell) ? null : cell;
  const aim = position.cells[cell].coords;
  const column = position.cells.filter((c) => c.coords.every((v, axis) => axis === 1 || v === aim[axis]));
  column.sort((a, b) => a.coords[1] - b.coords[1]);
  const free = column.find((c) => !occupied.has(c.index));
  return free ? free.index : null;
}

// The cells of one turn written in kinrow's notation, played on top of `occupied` (a
// set, not changed). Returns null when the text names no cell of this board.
export function turnCells(position, text, occupied) {
  const filled = new Set(occupied);
  const cells = [];
  for (const token of stoneTokens(position, text)) {
    let cell;
    if (token.startsWith('#')) {
      cell = Number(token.slice(1));
    } else if (usesColumnDigits(position)) {
      const x = Number(token) - 1;
      const top = position.cells.find((c) => c.coords[0] === x);
      cell = top ? dropTarget(position, top.index, filled) : null;
    } else {
      cell = cellByName(position, token);
    }
    if (cell === null || cell === undefined || !(cell >= 0 && cell < position.cells.length)) return null;
    cells.push(cell);
    filled.add(cell);
  }
  return cells;
}

function stoneTokens(position, text) {
  if (usesColumnDigits(position)) {
    const pattern = stoneSeparator(position) ? /#\d+|\d+/g : /#\d+|\d/g;
    return text.match(pattern) || [];
  }
  return text.match(/#\d+|[a-z]+\d+(?::\d+)*/gi) || [];
}

const nameTables = new WeakMap();
function cellByName(position, name) {
  let table = nameTables.get(position.cells);
  if (!table) {
    table = new Map(position.cells.map((c) => [c.name.toLowerCase(), c.index]));
    nameTables.set(position.cells, table);
  }
  const cell = table.get(name.toLowerCase());
  return cell === undefined ? null : cell;
}

// Player 0 moves first and plays X.
export function playerName(player) {
  return player === 0 ? 'X' : 'O';
}
