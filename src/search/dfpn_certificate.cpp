#include "search/dfpn_certificate.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "search/certificate_walker.h"

namespace kinrow {
namespace {

// The threat-space search's budget where the table knows nothing of a position and df-pn
// would otherwise decide it from scratch: 16 times df-pn's own.
constexpr uint64_t kThreatNodesBeforeSearch = uint64_t{1} << 20;

// The walk's oracle: df-pn's table, and df-pn again where the table forgot.
template <int W>
class DfpnOracle {
 public:
  using Cells = Bits<W>;

  DfpnOracle(Dfpn<W>& dfpn, int holder, Claim claim, const std::function<Cell(const Board<W>&)>* known_stone)
      : dfpn_(dfpn), holder_(holder), claim_(claim), attacker_(claim == Claim::Win ? holder : 1 - holder),
        known_stone_(known_stone), walk_start_(dfpn.nodes() + dfpn.threat_nodes()) {
    if (dfpn.attacker() != attacker_) throw std::logic_error("df-pn certificate: read off the wrong proof");
  }

  // The checker's pairing rule (proof/pairing_rule.h), where df-pn used pairings: the
  // holder pairs every line the opponent could still complete.
  bool pairing_rule(int holder, Claim claim) const {
    return dfpn_.uses_pairing() && dfpn_.pairing_holder() == holder &&
           (dfpn_.tables().rules.goal == Goal::MakerBreaker || claim == Claim::NotLose);
  }
  bool paired(Board<W>& board) { return dfpn_.paired(board); }
  const std::vector<std::pair<Cell, Cell>>* listed_pairs() const {
    return dfpn_.last_pairing().shared() ? &dfpn_.last_pairing().pairs() : nullptr;
  }

  // The stronger rule (search/certificate_walker.h): a not-lose claim read off a disproof
  // that kept zones of disproofs (normal play, overlines winning, no gravity).
  bool stronger_rule(int holder, Claim claim) const {
    return claim == Claim::NotLose && holder == holder_ && dfpn_.disproof_zones();
  }

  // The cells besides the opponent's turn `m` that df-pn's disproof of the position after
  // it does not need, where the table keeps one (none otherwise).
  Cells spare_cells(Board<W>& board, const Move& m) {
    Cells spare;
    if (board.play(m) == TurnResult::Continues) spare = dfpn_.irrelevant_to_disproof(board);
    board.undo(m);
    return spare;
  }

  // Whether the position after the opponent's turn `m` ends at once, with no entry: the
  // game ends, the holder wins at once, pairs, or the knowledge decides it without search.
  bool settled_at_once(Board<W>& board, const Move& m) {
    bool settled = true;
    if (board.play(m) == TurnResult::Continues)
      settled = urgent_moves(board).urgency == Urgency::WinNow || (pairing_rule(holder_, claim_) && dfpn_.paired(board)) ||
                dfpn_.moves_to_try(board).none();
    board.undo(m);
    return settled;
  }

  // Checked, not trusted: with the cells `more` given the opponent after his turn `m`,
  // the position is still no win of his (the table, or df-pn again).
  bool stronger_holds(Board<W>& board, const Move& m, const Cells& more) {
    const int opponent = board.to_move();
    bool holds = false;
    if (board.play(m) == TurnResult::Continues) {
      holds = !board.give(more, opponent) && keeps_claim(board, true);
      board.take_back_given(more);
    }
    board.undo(m);
    return holds;
  }

  // The holder's turn, stone by stone as the proof went.
  std::optional<Move> choose(Board<W>& board, int, Claim) {
    // A win the threat-space search finds: its turn (the knowledge decided the node so,
    // and its continuation is short to walk) — unless another proof names the stone here
    // (a job-level tree), whose positions are the ones the table knows.
    const bool named = known_stone_ && *known_stone_ && (*known_stone_)(board) >= 0;
    if (claim_ == Claim::Win && !named)
      if (const Move threat = dfpn_.threat_space_turn(board); threat.size > 0) return threat;
    Move turn;
    const int turn_stones = board.stones_left_in_turn();
    bool ended = false;
    while (turn.size < turn_stones) {
      const Cell c = ended ? board.playable().first() : choose_stone(board);
      turn.cell[turn.size++] = static_cast<int16_t>(c);
      const bool completed = board.place(c);
      // The game may end inside the turn; the turn still places its full count, so the
      // rest go to any empty cells (they change nothing).
      if (!ended && board.result_after(holder_, completed) != kGoesOn) {
        if (!keeps_claim(board.result_after(holder_, completed)))
          throw std::logic_error("df-pn certificate: a game under the strategy ends against its holder");
        ended = true;
      }
    }
    for (int i = turn.size - 1; i >= 0; --i) board.remove(turn.cell[i]);
    return turn;
  }

 private:
  // Whether a finished game keeps the claim.
  bool keeps_claim(int result) const { return result == holder_ || (claim_ == Claim::NotLose && result == kDrawn); }

  // Whether the position on the board keeps the claim, by the table or a new search. The
  // holder keeps it where the attacker wins if he attacks, else where he does not.
  bool keeps_claim(Board<W>& board, bool search) {
    std::optional<bool> attacker_wins = dfpn_.known(board);
    if (!attacker_wins && search) attacker_wins = decide(board);
    return attacker_wins && *attacker_wins == (attacker_ == holder_);
  }

  // Df-pn on the position again; an undecided answer (the node budget ran out) is noted,
  // so that a walk that then finds no move says the budget, not the proof, failed.
  std::optional<bool> decide(Board<W>& board) {
    const uint64_t budget = dfpn_.options().certificate_max_nodes;
    if (budget && dfpn_.nodes() + dfpn_.threat_nodes() - walk_start_ > budget)
      throw CertificateOutOfBudget("df-pn certificate: deciding again the positions the table forgot took more than " +
                                   std::to_string(budget) + " nodes (certificate_max_nodes); the value stands, its "
                                   "certificate was not written");
    const std::optional<bool> answer = dfpn_.resolve(board);
    if (!answer) undecided_ = true;
    return answer;
  }

  // The holder's next stone: a win by continuous threats where the knowledge finds one
  // (its positions are short to walk, and the checker re-checks every reply); else a
  // stone of a turn that spoils every line left to the opponent; else a
  // finished game that keeps the claim, else a position the table knows keeps it, else
  // the first the search confirms.
  Cell choose_stone(Board<W>& board) {
    if (known_stone_ && *known_stone_)
      if (const Cell known = (*known_stone_)(board); known >= 0) return known;
    if (const Cell threat = dfpn_.threat_sequence_move(board); threat >= 0) return threat;
    // Several stones a turn: the stones placed so far may make the rest of the turn a
    // threat win (df-pn settles such a node by the knowledge and keeps no child, so
    // without this "any keeping move" below was the first empty cell, whose position
    // df-pn then had to prove from scratch: minutes a position on 19x19).
    if (claim_ == Claim::Win)
      if (const Move rest = dfpn_.threat_space_turn(board); rest.size > 0) return rest.cell[0];
    // The holder spoils every line left to the opponent with this turn's stones: after
    // them the checker's rule (every such line spoiled) ends play.
    if (const Cells cover = dfpn_.covering_stones(board); cover.any()) return cover.first();
    Cells moves = dfpn_.moves_to_try(board);
    if (moves.none()) moves = board.playable();  // a settled node: any keeping move will do
    // The first move that keeps the claim by the game's end or the table; with `search`,
    // by deciding its position again.
    auto keeper = [&](bool search) -> Cell {
      for (Cell c : moves) {
        const bool completed = board.place(c);
        const int result = board.result_after(holder_, completed);
        const bool keeps = result != kGoesOn ? keeps_claim(result) : keeps_claim(board, search);
        board.remove(c);
        if (keeps) return c;
      }
      return -1;
    };
    if (const Cell c = keeper(false); c >= 0) return c;
    // A move that brings a pairing (df-pn prunes the moves such a reply answers).
    if (pairing_rule(holder_, claim_))
      for (Cell c : moves) {
        const bool completed = board.place(c);
        const bool pairs = board.result_after(holder_, completed) == kGoesOn && dfpn_.paired(board);
        board.remove(c);
        if (pairs) return c;
      }
    // No proof stored here, as after a turn another search refuted (kinrow defences: the
    // listing's threat search, whose memo held the positions around it, found a win that
    // df-pn's own search missed within its budget): the threats again, with more nodes,
    // before a proof from scratch, which took minutes a position on 19x19.
    if (claim_ == Claim::Win)
      if (const Move rest = dfpn_.threat_space_turn(board, kThreatNodesBeforeSearch); rest.size > 0)
        return rest.cell[0];
    // The table forgot (or never stored) the child that decided this node: deciding the
    // node again lets df-pn find it, without disproving the bad moves one by one.
    undecided_ = false;
    decide(board);
    if (const Cell c = keeper(false); c >= 0) return c;
    if (const Cell c = keeper(true); c >= 0) return c;
    if (undecided_)
      throw CertificateOutOfBudget("df-pn certificate: a position the table forgot was not decided again within "
                                   "the node budget (max_nodes); the value stands, its certificate was not written");
    throw std::logic_error("df-pn certificate: no move keeps the claim where the proof said one does");
  }

  Dfpn<W>& dfpn_;
  int holder_;
  Claim claim_;
  int attacker_;
  const std::function<Cell(const Board<W>&)>* known_stone_;
  uint64_t walk_start_;      // df-pn's nodes when the walk began
  bool undecided_ = false;  // a search of this choice ran out of budget
};

}  // namespace

namespace {

template <int W>
void write_walk(Dfpn<W>& dfpn, Board<W>& board, int holder, Claim claim,
                const std::function<Cell(const Board<W>&)>& known_stone, CertificateSink& out) {
  if (known_stone) dfpn.begin(claim == Claim::Win ? holder : 1 - holder);
  // Positions are merged by the game's symmetries, which the checker also uses: the
  // search's own, or (a search without reductions) a group of the same bounded size.
  std::optional<Canonicaliser<W>> own;
  const Canonicaliser<W>* symmetry = dfpn.symmetry();
  if (!symmetry) {
    own = listed_symmetries<W>(*dfpn.tables().game);
    symmetry = own ? &*own : nullptr;
  }
  DfpnOracle<W> oracle(dfpn, holder, claim, &known_stone);
  CertificateWalker<Board<W>, DfpnOracle<W>> walker(board, oracle, symmetry);
  // Several stones a turn: the opponent's turns are answered by the zones df-pn pruned
  // by (a turn of two stones has tens of thousands of replies on 19x19). Only where the
  // holder wins by completing a line: not the breaker's win of maker-breaker.
  std::optional<ZoneWriter<W>> zones;
  const bool breaker = dfpn.tables().rules.goal == Goal::MakerBreaker && holder == 1;
  if (claim == Claim::Win && !breaker && dfpn.zone_order() > 0) {
    zones.emplace(dfpn.tables(), dfpn.zone_order());
    walker.use_zones(&*zones);
  }
  walker.write(holder, claim, out);
}

}  // namespace

template <int W>
Strategy strategy_from_proof(Dfpn<W>& dfpn, Board<W>& board, int holder, Claim claim) {
  return strategy_from_proof<W>(dfpn, board, holder, claim, {});
}

template <int W>
Strategy strategy_from_proof(Dfpn<W>& dfpn, Board<W>& board, int holder, Claim claim,
                             const std::function<Cell(const Board<W>&)>& known_stone) {
  CertificateBuilder builder;
  write_walk(dfpn, board, holder, claim, known_stone, builder);
  return std::move(builder.certificate().strategies.back());
}

template <int W>
void write_strategy_from_proof(Dfpn<W>& dfpn, Board<W>& board, int holder, Claim claim, CertificateSink& out) {
  write_walk<W>(dfpn, board, holder, claim, {}, out);
}

#define INSTANTIATE(W)                                                                           \
  template Strategy strategy_from_proof<W>(Dfpn<W>&, Board<W>&, int, Claim);                     \
  template Strategy strategy_from_proof<W>(Dfpn<W>&, Board<W>&, int, Claim,                      \
                                           const std::function<Cell(const Board<W>&)>&);         \
  template void write_strategy_from_proof<W>(Dfpn<W>&, Board<W>&, int, Claim, CertificateSink&);
KINROW_FOR_EACH_WIDTH(INSTANTIATE)
#undef INSTANTIATE

}  // namespace kinrow
