// Puzzles: positions where the side to move forces a win (made by a `puzzles` job, listed
// by GET /api/puzzles). Each of the player's turns goes to POST /api/puzzles/try, which
// judges it by the forcing search that made the puzzle (a turn that still wins within the
// puzzle's length is right, whether or not it is the listed solution) and answers with
// the defender's most stubborn reply; a wrong turn is taken back.

import { listButton } from './dom.js';
import { joinTurns, playerName } from './notation.js';
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
      listButton(list, {
        test: 'puzzle-item', data: { job: p.job, puzzleId: p.id }, current: this.puzzle && key(this.puzzle) === key(p),
        text: `${key(p)} ${p.game} · wins in ${p.length} · difficulty ${Number(p.difficulty).toFixed(1)}`,
        onClick: () => this.start(p),
      });
    }
  }

  async start(puzzle) {
    this.puzzle = puzzle;
    this.solved = false;
    await this.session.load(puzzle.game, puzzle.moves);
    this.base = this.session.turns.length;
    const mover = playerName(this.session.position.to_move);
    this.say('ready', `${mover} to move and win in ${puzzle.length} turn${puzzle.length === 1 ? '' : 's'}.`);
    this.$('puzzle-solution-text').textContent = '';
    await this.refreshList();
  }

  played() {
    return this.session.turns.slice(this.base);
  }

  async check() {
    const played = this.played();
    const turn = played[played.length - 1];
    let answer;
    try {
      answer = await this.api.post('/api/puzzles/try',
        { spec: this.puzzle.game, moves: this.puzzle.moves, played: joinTurns(played), length: this.puzzle.length });
    } catch {
      return this.takeBack('wrong', `${turn} was not judged (see the error); it is taken back`);
    }
    if (answer.solved) {
      this.solved = true;
      return this.say('solved', `${turn} completes the line: solved in ${Math.ceil(played.length / 2)} turn${played.length > 1 ? 's' : ''}.`);
    }
    if (!answer.right) {
      return this.takeBack(answer.undecided ? 'undecided' : 'wrong', answer.undecided
        ? `${turn}: the search ran out of nodes before deciding it; taken back, try another turn`
        : `${turn} does not win in time; taken back`);
    }
    this.say('right', `${turn} is right; the defender answers ${answer.reply}.`);
    this.answering = true;
    try { await this.session.play(answer.reply); } finally { this.answering = false; }
  }

  async takeBack(state, text) {
    this.say(state, text);
    this.answering = true;
    try { await this.session.undo(); } finally { this.answering = false; }
  }

  showSolution() {
    if (this.puzzle) this.$('puzzle-solution-text').textContent = `solution: ${this.puzzle.solution.join(' ')}`;
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

// Puzzles are numbered within their job.
function key(puzzle) {
  return `#${puzzle.job}.${puzzle.id}`;
}
