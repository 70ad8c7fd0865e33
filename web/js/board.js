// The board as SVG, drawn from a position's JSON (POST /api/position): grids of any size
// with coordinates, gravity columns, cube layers side by side (a fourth axis stacks the
// layers in rows), stones, the last turn, the winning line, threats, and the overlays the
// screens add (pending stones, marks, zones, pairs). Drawing only: clicks go to the
// screen's onCell(cell).

import { usesColumnDigits } from './notation.js';

const SVG = 'http://www.w3.org/2000/svg';
const S = 40;            // a cell's side
const MARGIN = 26;       // room for the coordinates
const GAP = 30;          // between layers
const LAYER_LABEL = 18;  // room above a layer for its name

function el(tag, attrs, parent) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// 0 -> "a", 25 -> "z", 26 -> "aa", as kinrow names columns.
function columnLetters(x) {
  let letters = '';
  for (x += 1; x > 0; x = Math.floor((x - 1) / 26)) letters = String.fromCharCode(97 + ((x - 1) % 26)) + letters;
  return letters;
}

// Where each cell is drawn: its centre, and which layer box it belongs to.
class Geometry {
  constructor(position) {
    const extent = position.extent && position.extent.length ? position.extent : null;
    const hasCoords = extent && position.cells.every((c) => Array.isArray(c.coords) && c.coords.length === extent.length);
    if (hasCoords) {
      this.w = extent[0];
      this.h = extent.length > 1 ? extent[1] : 1;
      this.layersAcross = extent.length > 2 ? extent[2] : 1;
      this.layersDown = extent.slice(3).reduce((a, b) => a * b, 1);
      this.extent = extent;
      this.coordsOf = (cell) => cell.coords;
    } else {
      // A hypergraph with no grid (file:, animal shapes without coordinates): cells in
      // index order on a square grid, named by their names.
      const n = position.cells.length;
      this.w = Math.ceil(Math.sqrt(n));
      this.h = Math.ceil(n / this.w);
      this.layersAcross = 1;
      this.layersDown = 1;
      this.coordsOf = (cell) => [cell.index % this.w, this.h - 1 - Math.floor(cell.index / this.w)];
      this.plain = true;
    }
    this.layered = this.layersAcross * this.layersDown > 1;
    this.layerWidth = this.w * S;
    this.layerHeight = this.h * S + (this.layered ? LAYER_LABEL : 0);
    this.width = MARGIN + this.layersAcross * this.layerWidth + (this.layersAcross - 1) * GAP + 8;
    this.height = 8 + this.layersDown * this.layerHeight + (this.layersDown - 1) * GAP + MARGIN;
  }

  layerOrigin(across, down) {
    return {
      x: MARGIN + across * (this.layerWidth + GAP),
      y: 8 + down * (this.layerHeight + GAP) + (this.layered ? LAYER_LABEL : 0),
    };
  }

  // The layer box of a coordinate vector: axis 2 across, axes 3.. down.
  layerOf(coords) {
    const across = coords.length > 2 ? coords[2] : 0;
    let down = 0;
    for (let axis = coords.length - 1; axis >= 3; --axis) down = down * this.extent[axis] + coords[axis];
    return { across, down };
  }

  centre(cell) {
    const coords = this.coordsOf(cell);
    const { across, down } = this.layerOf(coords);
    const o = this.layerOrigin(across, down);
    const y = coords.length > 1 ? coords[1] : 0;
    return { x: o.x + coords[0] * S + S / 2, y: o.y + (this.h - 1 - y) * S + S / 2, layer: `${across},${down}` };
  }
}

// The completed line's cells: the contract's list, or the server's {player, cells}.
function winningCells(position) {
  const line = position.winning_line;
  if (!line) return null;
  return Array.isArray(line) ? line : line.cells;
}

export class Board {
  constructor(container) {
    this.container = container;
  }

  // view: { position, pending: [cells], marks: [{cell, label, kind}], zone: [{cell, level}],
  //         pairs: [[a, b]], threats: {0: bool, 1: bool}, numbers: bool, onCell(cell) }
  draw(view) {
    this.container.replaceChildren();
    const position = view.position;
    if (!position) return;
    const g = new Geometry(position);
    const svg = el('svg', {
      viewBox: `0 0 ${g.width} ${g.height}`,
      class: `board${position.gravity ? ' gravity' : ''}`,
      'data-test': 'board-svg',
      'data-spec': position.spec,
      'data-moves': position.moves,
    }, this.container);
    svg.style.maxWidth = `${2 * g.width}px`;  // a small board need not fill the column
    const centres = position.cells.map((c) => g.centre(c));
    const playable = new Set(position.playable || []);

    this.drawFrames(svg, g, position);
    this.drawCells(svg, position, centres, playable, view);
    if (view.zone) this.drawZone(svg, view.zone, centres);
    if (view.threats) this.drawThreats(svg, position, centres, view.threats);
    if (view.pairs) this.drawPairs(svg, view.pairs, centres);
    this.drawStones(svg, position, centres, view);
    const line = winningCells(position);
    if (line) this.drawWinningLine(svg, line, centres);
    if (view.marks) this.drawMarks(svg, view.marks, centres);
    // (Free edit places a stone on the cell clicked, gravity or not.)
    if (usesColumnDigits(position) && view.onCell && !view.editing) this.drawColumns(svg, g, position, view);
  }

  drawFrames(svg, g, position) {
    for (let down = 0; down < g.layersDown; ++down) {
      for (let across = 0; across < g.layersAcross; ++across) {
        const o = g.layerOrigin(across, down);
        el('rect', { x: o.x, y: o.y, width: g.layerWidth, height: g.h * S, class: 'frame' }, svg);
        if (g.layered) {
          const name = g.layersDown > 1 ? `layer ${across + 1}, ${down + 1}` : `layer ${across + 1}`;
          el('text', { x: o.x + g.layerWidth / 2, y: o.y - 5, class: 'layer-label' }, svg).textContent = name;
        }
        if (g.plain) continue;
        // Coordinates: column letters (numbers on gravity boards, as moves are written)
        // below, rows counted from the bottom on the left.
        for (let x = 0; x < g.w; ++x) {
          const label = usesColumnDigits(position) ? String(x + 1) : columnLetters(x);
          el('text', { x: o.x + x * S + S / 2, y: o.y + g.h * S + 16, class: 'coord' }, svg).textContent = label;
        }
        if (across === 0 && position.extent.length > 1) {
          for (let y = 0; y < g.h; ++y)
            el('text', { x: o.x - 13, y: o.y + (g.h - 1 - y) * S + S / 2 + 4, class: 'coord' }, svg).textContent = String(y + 1);
        }
      }
    }
  }

  drawCells(svg, position, centres, playable, view) {
    const layer = el('g', { class: 'cells' }, svg);
    for (const cell of position.cells) {
      const c = centres[cell.index];
      const rect = el('rect', {
        x: c.x - S / 2, y: c.y - S / 2, width: S, height: S,
        class: `cell${playable.has(cell.index) ? ' playable' : ''}`,
        'data-test': `cell-${cell.name}`,
        'data-cell': cell.index,
      }, layer);
      el('title', {}, rect).textContent = cell.name;
      if (view.onCell) rect.addEventListener('click', () => view.onCell(cell.index));
    }
  }

  // Gravity: a column is one target, so a click anywhere in it drops a stone.
  drawColumns(svg, g, position, view) {
    const layer = el('g', { class: 'columns' }, svg);
    const o = g.layerOrigin(0, 0);
    for (let x = 0; x < g.w; ++x) {
      const top = position.cells.find((c) => c.coords[0] === x && c.coords[1] === g.h - 1);
      if (!top) continue;
      const rect = el('rect', {
        x: o.x + x * S, y: o.y, width: S, height: g.h * S,
        class: 'column', 'data-test': `column-${x + 1}`,
      }, layer);
      rect.addEventListener('click', () => view.onCell(top.index));
    }
  }

  drawZone(svg, zone, centres) {
    const layer = el('g', { class: 'zone' }, svg);
    for (const z of zone) {
      const c = centres[z.cell];
      el('rect', {
        x: c.x - S / 2 + 2, y: c.y - S / 2 + 2, width: S - 4, height: S - 4,
        class: `zone-cell level-${Math.min(z.level || 1, 3)}`, 'data-test': 'zone-cell', 'data-cell': z.cell,
      }, layer);
    }
  }

  // Lines one or two stones from completion: their empty cells, in the side's colour;
  // darker where one stone is missing.
  drawThreats(svg, position, centres, sides) {
    const layer = el('g', { class: 'threats' }, svg);
    const seen = new Map();  // "player:cell" -> the fewest missing
    for (const t of position.threats || []) {
      if (!sides[t.player]) continue;
      for (const cell of t.empty) {
        const key = `${t.player}:${cell}`;
        if (!seen.has(key) || seen.get(key) > t.missing) seen.set(key, t.missing);
      }
    }
    for (const [key, missing] of seen) {
      const [player, cell] = key.split(':').map(Number);
      const c = centres[cell];
      const inset = player === 0 ? 4 : 8;
      el('rect', {
        x: c.x - S / 2 + inset, y: c.y - S / 2 + inset, width: S - 2 * inset, height: S - 2 * inset,
        class: `threat p${player} missing-${missing}`, 'data-test': 'threat', 'data-player': player, 'data-cell': cell,
      }, layer);
    }
  }

  // A pair as a line between its two cells; a tuple (p + 1 cells, p stones a turn) as a
  // path through its cells from left to right.
  drawPairs(svg, pairs, centres) {
    const layer = el('g', { class: 'pairs' }, svg);
    for (const tuple of pairs) {
      const points = tuple.map((cell) => centres[cell]).sort((a, b) => a.x - b.x || a.y - b.y);
      el('polyline', {
        points: points.map((p) => `${p.x},${p.y}`).join(' '),
        class: 'pair', 'data-test': 'pair', 'data-cells': tuple.length,
      }, layer);
    }
  }

  drawStones(svg, position, centres, view) {
    const layer = el('g', { class: 'stones' }, svg);
    const lastTurn = position.stones.reduce((m, s) => Math.max(m, s.turn), -1);
    for (const s of position.stones) {
      const c = centres[s.cell];
      const name = position.cells[s.cell].name;
      el('circle', {
        cx: c.x, cy: c.y, r: S * 0.4, class: `stone p${s.player}`,
        'data-test': `stone-${name}`, 'data-cell': s.cell, 'data-player': s.player, 'data-turn': s.turn,
      }, layer);
      if (view.numbers && s.turn >= 0) {  // a given stone (turn -1) has no number
        el('text', { x: c.x, y: c.y + 4, class: `stone-number p${s.player}` }, layer).textContent = String(s.turn + 1);
      }
      if (s.turn === lastTurn) el('circle', { cx: c.x, cy: c.y, r: S * 0.14, class: `last-move p${s.player}`, 'data-test': 'last-move' }, layer);
    }
    for (const cell of view.pending || []) {
      const c = centres[cell];
      el('circle', {
        cx: c.x, cy: c.y, r: S * 0.4, class: `stone pending p${position.to_move}`,
        'data-test': `pending-${position.cells[cell].name}`,
      }, layer);
    }
  }

  drawWinningLine(svg, cells, centres) {
    const layer = el('g', { class: 'winning', 'data-test': 'winning-line' }, svg);
    for (const cell of cells) {
      const c = centres[cell];
      el('circle', { cx: c.x, cy: c.y, r: S * 0.46, class: 'winning-cell' }, layer);
    }
    // One stroke through the line when it lies in one layer; across layers the rings say it.
    if (cells.every((cell) => centres[cell].layer === centres[cells[0]].layer)) {
      const sorted = [...cells].sort((a, b) => centres[a].x - centres[b].x || centres[a].y - centres[b].y);
      const a = centres[sorted[0]], b = centres[sorted[sorted.length - 1]];
      el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: 'winning-stroke' }, layer);
    }
  }

  // Small labels on cells: the engine's line, the defences, a book's or a proof's children.
  drawMarks(svg, marks, centres) {
    const layer = el('g', { class: 'marks' }, svg);
    for (const m of marks) {
      const c = centres[m.cell];
      const group = el('g', { class: `mark ${m.kind || ''}`, 'data-test': `mark-${m.kind || 'plain'}`, 'data-cell': m.cell }, layer);
      el('rect', { x: c.x - S / 2 + 3, y: c.y - S / 2 + 3, width: S - 6, height: S - 6, rx: 6 }, group);
      if (m.label !== undefined && m.label !== null && m.label !== '')
        el('text', { x: c.x, y: c.y + 4 }, group).textContent = String(m.label);
      if (m.title) el('title', {}, group).textContent = m.title;
    }
  }
}
