#include "threats/defences.h"

#include <algorithm>
#include <unordered_set>

namespace kinrow {
namespace {

template <int W>
class DefenceLister {
 public:
  DefenceLister(ThreatSpaceSearch<W>& search, Board<W>& board, int attacker, int zone_order, int threat_order,
                DefenceReport<W>& out)
      : search_(search), board_(board), attacker_(attacker), zone_order_(zone_order), threat_order_(threat_order),
        p_(board.tables().rules.stones_per_turn), turn_(board.stones_left_in_turn()), out_(out) {}

  void visit(Move& placed) {
    if (placed.size == turn_ || board_.empty().none()) {
      // A whole turn that a partial turn's win answers (its other stones irrelevant there).
      for (const auto& [stones, zone] : answering_)
        if (zone.irrelevant(cells_of(placed).minus(stones))) {
          ++out_.refuted;
          return;
        }
      if (search_.wins(board_, attacker_, std::min(p_, board_.empty_count()), threat_order_)) ++out_.refuted;
      else out_.unrefuted.push_back(placed);
      return;
    }
    const int withheld = turn_ - placed.size;
    ZoneProfile<W> zone;
    typename DefenceReport<W>::PartialTurn partial{placed, false, {}};
    const Bits<W> empty = board_.empty();
    Bits<W> next = empty;
    if (zone_order_ > withheld &&
        search_.wins(board_, attacker_, std::min(p_, board_.empty_count()), zone_order_ - withheld, &zone)) {
      partial.attacker_wins = true;
      partial.zone = zone.at[withheld] & empty;
      next = partial.zone;
      answering_.push_back({cells_of(placed), zone});
    }
    out_.partial.push_back(partial);
    for (Cell s : next) {
      Bits<W> set = cells_of(placed);
      set.set(s);
      if (!seen_.insert(set).second) continue;
      const bool completed = board_.place_for(s, 1 - attacker_);
      placed.cell[placed.size++] = static_cast<int16_t>(s);
      if (completed && board_.tables().lines_count[1 - attacker_]) out_.unrefuted.push_back(placed);  // he wins
      else visit(placed);
      --placed.size;
      board_.remove(s);
    }
    if (partial.attacker_wins) answering_.pop_back();
  }

 private:
  static Bits<W> cells_of(const Move& m) {
    Bits<W> set;
    for (int i = 0; i < m.size; ++i) set.set(m.cell[i]);
    return set;
  }

  ThreatSpaceSearch<W>& search_;
  Board<W>& board_;
  int attacker_, zone_order_, threat_order_, p_;
  int turn_;  // the defender's stones this turn: p, q on the game's first, fewer if the board runs out
  DefenceReport<W>& out_;
  struct SetHash {
    std::size_t operator()(const Bits<W>& set) const { return set.hash(); }
  };
  // Partial turns met already, as sets: tens of thousands on 19x19 where no zone
  // restricts the stones (a list searched through made the listing quadratic).
  std::unordered_set<Bits<W>, SetHash> seen_;
  std::vector<std::pair<Bits<W>, ZoneProfile<W>>> answering_;  // partial turns on the way that the attacker wins after
};

}  // namespace

template <int W>
DefenceReport<W> list_defences(ThreatSpaceSearch<W>& search, Board<W>& board, int attacker, int zone_order,
                               int threat_order) {
  DefenceReport<W> report;
  const uint64_t start = search.nodes();
  Move placed;
  DefenceLister<W>(search, board, attacker, zone_order, threat_order, report).visit(placed);
  report.nodes = search.nodes() - start;
  return report;
}

#define INSTANTIATE(W)                                                                                      \
  template DefenceReport<W> list_defences<W>(ThreatSpaceSearch<W>&, Board<W>&, int, int, int);
KINROW_FOR_EACH_WIDTH(INSTANTIATE)
#undef INSTANTIATE

}  // namespace kinrow
