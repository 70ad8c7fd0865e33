// Puzzles: positions where the side to move forces a win (made by a `puzzles` job). The
// player's turns go to the server, which checks them against the solution and answers
// with the defender's reply; a wrong turn is taken back.

import { listButton } from './dom.js';
import { joinTurns } from './notation.js';
import { Session } from './session.js';

export class PuzzleScreen {
  constructor(api, jobs, playSession, root, redraw) {
    this.api = api;
    this.jobs = jobs;
    this.playSession = playSession;
    this.root = root;
    this.redraw = redraw;
    this.session = new Session(api);
    this.puzzle = null;
    this.base = 0;            // turns of the puzzle position
    this.answering = false;   // the defender's reply is being played
    this.solved = false;
    this.$ = (name) => root.querySelector(`[data-test="${name}"]`);

    this.session.addEventListener('change', () => redraw());
    this.session.addEventListener('turn', () => { if (!this.answering) this.check(); });
    this.$('puzzles-generate').addEventListener('click', () => this.generate());
    this.$('puzzle-restart').addEventListener('click', () => this.puzzle && this.start(this.puzzle));
    this.$('puzzle-solution').addEventListener('click', () => this.showSolution());
    jobs.addEventListener('end', (e) => { if (e.detail.kind === 'puzzles') this.refreshList().catch(() => {}); });
  }

  async generate() {
    const spec = this.playSession.spec || 'connect4';
    await this.jobs.start('puzzles', spec, '', { count: Number(this.$('puzzles-count').value) });
  }

  async refreshList() {
    const { puzzles } = await this.api.get('/api/puzzles');
    const list = this.$('puzzle-list');
    list.replaceChildren();
    for (const p of puzzles) {
      const length = p.length !== undefined ? ` · wins in ${p.length}` : '';
      const difficulty = p.difficulty !== undefined ? ` · difficulty ${Number(p.difficulty).toFixed(1)}` : '';
      listButton(list, {
        test: 'puzzle-item', data: { puzzleId: p.id }, current: this.puzzle && this.puzzle.id === p.id,
        text: `#${p.id} ${specOf(p)}${length}${difficulty}`,
        onClick: () => this.start(p),
      });
    }
    this.puzzles = puzzles;
  }

  async start(puzzle) {
    this.puzzle = puzzle;
    this.solved = false;
    await this.session.load(specOf(puzzle), puzzle.moves || '');
    this.base = this.session.turns.length;
    const mover = this.session.position.to_move === 0 ? 'X' : 'O';
    this.say('ready', `${mover} to move and win${puzzle.length !== undefined ? ` in ${puzzle.length} turn${puzzle.length === 1 ? '' : 's'}` : ''}.`);
    this.$('puzzle-solution-text').textContent = '';
    await this.refreshList();
  }

  played() {
    return this.session.turns.slice(this.base);
  }

  async check() {
    const answer = await this.api.post(`/api/puzzles/${this.puzzle.id}/try`, { moves: joinTurns(this.played()) });
    if (!answer.ok) {
      this.say('wrong', answer.message || 'not the winning move');
      this.answering = true;
      try { await this.session.undo(); } finally { this.answering = false; }
      return;
    }
    if (answer.solved) {
      this.solved = true;
      this.say('solved', answer.message || 'solved');
      return;
    }
    this.say('ok', answer.message || 'right');
    if (answer.reply) {
      this.answering = true;
      try { await this.session.play(answer.reply); } finally { this.answering = false; }
    }
  }

  showSolution() {
    if (!this.puzzle) return;
    const solution = this.puzzle.solution ?? this.puzzle.first_move;
    this.$('puzzle-solution-text').textContent = solution
      ? `solution: ${Array.isArray(solution) ? solution.join(' ') : solution}` : 'this puzzle carries no solution text';
  }

  say(state, text) {
    const message = this.$('puzzle-message');
    message.dataset.state = state;
    message.dataset.answers = String(Number(message.dataset.answers || 0) + 1);  // lets a test wait for the next answer
    message.textContent = text;
  }

  view() {
    return {
      position: this.session.position,
      pending: this.session.pending,
      onCell: (cell) => { if (!this.solved && !this.answering) this.session.clickCell(cell); },
    };
  }

  undo() {
    // Back to before the player's last turn, with the reply that answered it.
    if (this.session.pending.length) return this.session.undo();
    if (this.session.turns.length <= this.base) return;
    const back = this.played().length % 2 === 0 ? 2 : 1;
    this.solved = false;
    return this.session.load(this.session.spec, joinTurns(this.session.turns.slice(0, -back)));
  }
}

function specOf(puzzle) {
  return puzzle.spec || puzzle.game;
}
