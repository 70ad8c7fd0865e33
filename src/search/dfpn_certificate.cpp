#include "search/dfpn_certificate.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <vector>

#include "core/error.h"
#include "dictionary/canonical.h"
#include "dictionary/stones_set.h"

namespace kinrow {
namespace {

class ProofWalker {
 public:
  // Positions are merged by the game's symmetries, which the checker also uses: the
  // search's own, or (a search without reductions) a group of the same bounded size;
  // larger groups are not listed at all (the checker lists at most 4096).
  explicit ProofWalker(Dfpn& dfpn) : board_(dfpn.board()), dfpn_(dfpn), symmetry_(dfpn.symmetry()) {
    if (symmetry_) return;
    try {
      own_symmetry_.emplace(board_.game(), Dfpn::kMaxSymmetries);
      symmetry_ = &*own_symmetry_;
    } catch (const InputError&) {
      // Too many symmetries: only equal positions merge.
    }
  }

  Strategy extract(const Stones& start, int holder, Claim claim) {
    Strategy strategy;
    strategy.holder = holder;
    strategy.claim = claim;
    strategy.win_now_rule = true;
    holder_ = holder;
    claim_ = claim;
    strategy.pairing_rule = holds_pairing();
    // A win is the holder's proof of "I win"; not losing, the disproof of "he wins".
    attacker_ = claim == Claim::Win ? holder : 1 - holder;
    if (dfpn_.attacker() != attacker_) throw std::logic_error("df-pn certificate: read off the wrong proof");
    seen_.clear();
    out_ = &strategy;
    visit(start);
    return strategy;
  }

 private:
  // The checker's rule (proof/checker.cpp, claim_settled_by_lines): every line the
  // opponent needs is spoiled, so the claim can no longer fail.
  bool settled_by_lines(const Stones& s) const {
    return (board_.goal() == Goal::MakerBreaker || claim_ == Claim::NotLose) && board_.cannot_lose(s, holder_);
  }

  // The checker's pairing rule (proof/pairing_rule.h), where df-pn used pairings: the
  // holder pairs every line the opponent could still complete.
  bool holds_pairing() const {
    return dfpn_.uses_pairing() && dfpn_.pairing_holder() == holder_ &&
           (board_.goal() == Goal::MakerBreaker || claim_ == Claim::NotLose);
  }
  bool settled_by_pairing(const Stones& s) { return holds_pairing() && dfpn_.paired(s); }

  bool wins_now(const Stones& s) const {
    return board_.goal() != Goal::Misere && board_.lines_count_for(holder_) &&
           board_.winning_cells(s.of(holder_), s.of(1 - holder_), board_.legal(s));
  }

  // Whether a finished game keeps the claim.
  bool keeps_claim(int result) const {
    return result == holder_ || (claim_ == Claim::NotLose && result == BoardMasks::kDrawn);
  }

  // Whether the position after a holder's stone keeps the claim, by the table or a new
  // search. The holder keeps it where the attacker wins if he attacks, else where he does not.
  bool keeps_claim(const Stones& child, bool search) {
    std::optional<bool> attacker_wins = dfpn_.known(child);
    if (!attacker_wins && search) attacker_wins = dfpn_.resolve(child);
    return attacker_wins && *attacker_wins == (attacker_ == holder_);
  }

  void visit(const Stones& s) {
    const int mover = dfpn_.to_move(s);
    // The checker's win-now rule plays a holder's immediate win: no entry, and nothing to
    // look up. Most positions the walk meets are these (every reply that ignores a threat),
    // so this comes first.
    if (mover == holder_ && board_.one_stone_a_turn() && wins_now(s)) return;
    if (settled_by_lines(s)) return;
    if (settled_by_pairing(s)) {
      // The checker finds pairings of two cells a line itself; shared pairs are listed.
      if (dfpn_.last_pairing().shared() && seen_.insert(symmetry_ ? symmetry_->canonical(s).stones : s))
        add_paired_entry(s, dfpn_.last_pairing().pairs());
      return;
    }
    if (!seen_.insert(symmetry_ ? symmetry_->canonical(s).stones : s)) return;
    if (mover != holder_) {
      for (CellMask m = board_.legal(s); m; m &= m - 1) follow(s, mover, std::countr_zero(m));
      return;
    }
    if (board_.one_stone_a_turn()) {
      const Cell move = choose(s);
      add_entry(s, Turn{move});
      follow(s, mover, move);
      return;
    }
    // Several stones a turn: the search went stone by stone, the entry is the whole turn.
    Turn turn;
    Stones now = s;
    for (;;) {
      const Cell c = choose(now);
      turn.push_back(c);
      Stones next = now;
      next.place(holder_, c);
      const int result = board_.result_after(next, holder_, c);
      if (result != BoardMasks::kGoesOn) {
        if (!keeps_claim(result))
          throw std::logic_error("df-pn certificate: a game under the strategy ends against its holder");
        // The game ended inside the turn; the turn still places its full count, so the
        // rest go to any empty cells (they change nothing).
        const int stones = std::min(std::popcount(board_.all() & ~s.occupied()), turn_stones(s));
        for (Stones filled = next; static_cast<int>(turn.size()) < stones;) {
          const Cell pad = std::countr_zero(board_.legal(filled));  // legal again after each (gravity)
          turn.push_back(pad);
          filled.place(holder_, pad);
        }
        add_entry(s, turn);
        return;
      }
      now = next;
      if (dfpn_.to_move(now) != holder_) break;
    }
    add_entry(s, turn);
    visit(now);
  }

  // Stones the turn starting at `s` places when the board does not run out first.
  int turn_stones(const Stones& s) const {
    const Rules& rules = board_.game().rules;
    return std::popcount(s.occupied()) == 0 ? rules.first_turn_stones : rules.stones_per_turn;
  }

  void add_entry(const Stones& s, Turn turn) {
    StrategyEntry entry;
    entry.owner = owners_of(s, board_.cell_count());
    entry.move = std::move(turn);
    out_->entries.push_back(std::move(entry));
  }

  void add_paired_entry(const Stones& s, const std::vector<std::pair<Cell, Cell>>& pairs) {
    PairedEntry entry;
    entry.owner = owners_of(s, board_.cell_count());
    entry.pairs = pairs;
    out_->paired.push_back(std::move(entry));
  }

  void follow(const Stones& s, int mover, Cell c) {
    Stones child = s;
    child.place(mover, c);
    const int result = board_.result_after(child, mover, c);
    if (result == BoardMasks::kGoesOn) return visit(child);
    if (!keeps_claim(result))
      throw std::logic_error("df-pn certificate: a game under the strategy ends against its holder");
  }

  // The holder's move: a win by continuous threats where the knowledge finds one (its
  // positions are short to walk, and the checker re-checks every reply); else a
  // finished game that keeps the claim, else a position the table knows keeps it, else
  // the first the search confirms.
  Cell choose(const Stones& s) {
    if (const Cell threat = dfpn_.threat_sequence_move(s); threat >= 0) return threat;
    CellMask moves = dfpn_.moves_to_try(s);
    if (!moves) moves = board_.legal(s);  // a settled node: any keeping move will do
    std::vector<Cell> order;
    for (CellMask m = moves; m; m &= m - 1) order.push_back(std::countr_zero(m));
    // The first move that keeps the claim by the game's end or the table; with `search`,
    // by deciding its position again.
    auto keeper = [&](bool search) -> Cell {
      for (Cell c : order) {
        Stones child = s;
        child.place(holder_, c);
        const int result = board_.result_after(child, holder_, c);
        if (result != BoardMasks::kGoesOn ? keeps_claim(result) : keeps_claim(child, search)) return c;
      }
      return -1;
    };
    if (const Cell c = keeper(false); c >= 0) return c;
    // A move that brings a pairing (df-pn prunes the moves such a reply answers).
    if (holds_pairing())
      for (Cell c : order) {
        Stones child = s;
        child.place(holder_, c);
        if (board_.result_after(child, holder_, c) == BoardMasks::kGoesOn && dfpn_.paired(child)) return c;
      }
    // The table forgot (or never stored) the child that decided this node: deciding the
    // node again lets df-pn find it, without disproving the bad moves one by one.
    dfpn_.resolve(s);
    if (const Cell c = keeper(false); c >= 0) return c;
    if (const Cell c = keeper(true); c >= 0) return c;
    throw std::logic_error("df-pn certificate: no move keeps the claim where the proof said one does");
  }

  const BoardMasks& board_;
  Dfpn& dfpn_;
  std::optional<Canonicaliser> own_symmetry_;
  const Canonicaliser* symmetry_;  // null: only equal positions merge
  int holder_ = 0, attacker_ = 0;
  Claim claim_ = Claim::Win;
  StonesSet seen_;
  Strategy* out_ = nullptr;
};

}  // namespace

Strategy strategy_from_proof(Dfpn& dfpn, const Stones& start, int holder, Claim claim) {
  return ProofWalker(dfpn).extract(start, holder, claim);
}

}  // namespace kinrow
