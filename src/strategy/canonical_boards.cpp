// The canonical boards of Steele & Larremore, Appendix A (Lemmas 3 and 4, Theorem 5): a height-1
// strategy that avoids connecting three even when the opponent may connect freely.
//
// The opponent's stones and the walls cut the row into boards: a run of empty cells with
// up to two of our stones against each end. Named by those stones (either orientation):
//   A  F....F   B  FX...F   C  FX..XF   D  FXX..F   E  FXX.XF
// We play at an end: A makes a B, B a C (at the other end), C an E, D an E (away from
// the XX). Only C, D and E of one empty cell would make us connect three. The priority,
// with the total number of empty cells on our turn:
//   odd:  an A or B with an odd number of cells (Lemma 3);
//   even: a D with an even number (before the opponent can split it into two odd D's),
//         then A or odd B, then even B or even C (Lemma 4).
#include "core/position.h"
#include "strategy/misere_strategies.h"
#include "strategy/row_play.h"

namespace kinrow {
namespace {

struct Board {
  int a, b;         // its empty cells
  int left, right;  // our stones against each end
  char type() const {
    const int lo = std::min(left, right), hi = std::max(left, right);
    if (hi == 0) return 'A';
    if (hi == 1) return lo == 0 ? 'B' : 'C';
    if (hi == 2) return lo == 0 ? 'D' : lo == 1 ? 'E' : '?';
    return '?';
  }
  int size() const { return b - a + 1; }
  // Where we play in it.
  int move() const {
    switch (type()) {
      case 'A': return b;
      case 'B': return left == 1 ? b : a;
      case 'C': return a;
      case 'D': return left == 2 ? b : a;
      default: return -1;
    }
  }
};

// Our stones from `from` in direction `step`; `shared` when they touch another empty run.
int our_run(const std::vector<int8_t>& owner, int me, int from, int step, bool& shared) {
  const int n = static_cast<int>(owner.size());
  int count = 0, i = from;
  while (i >= 0 && i < n && owner[i] == me) ++count, i += step;
  if (count > 0 && i >= 0 && i < n && owner[i] == kNoPlayer) shared = true;
  return count;
}

}  // namespace

int canonical_boards_move(const RowView& row, std::string& rule, std::string& why) {
  const int n = static_cast<int>(row.owner.size());
  std::vector<Board> boards;
  int empty = 0;
  for (int a = 0; a < n;) {
    if (row.owner[a] != kNoPlayer) {
      ++a;
      continue;
    }
    int b = a;
    while (b + 1 < n && row.owner[b + 1] == kNoPlayer) ++b;
    bool shared = false;
    Board board{a, b, our_run(row.owner, row.me, a - 1, -1, shared), our_run(row.owner, row.me, b + 1, 1, shared)};
    if (shared || board.type() == '?') {
      why = "cells " + std::to_string(a + 1) + ".." + std::to_string(b + 1) + " do not form a canonical board A-E";
      return -1;
    }
    boards.push_back(board);
    empty += board.size();
    a = b + 1;
  }
  if (boards.empty()) return why = "the row is full", -1;
  struct Tier {
    const char* types;
    int parity;  // 1 odd, 0 even, -1 either
  };
  const std::vector<std::vector<Tier>> tiers =
      empty % 2 == 1 ? std::vector<std::vector<Tier>>{{{"A", 1}, {"B", 1}}}
                     : std::vector<std::vector<Tier>>{{{"D", 0}}, {{"A", -1}, {"B", 1}}, {{"B", 0}, {"C", 0}}};
  for (std::size_t t = 0; t < tiers.size(); ++t)
    for (const Board& board : boards)
      for (const Tier& tier : tiers[t])
        if (board.type() == tier.types[0] && (tier.parity < 0 || board.size() % 2 == tier.parity)) {
          rule = std::string(empty % 2 ? "Lemma 3: " : "Lemma 4 priority " + std::to_string(t + 1) + ": ") +
                 board.type() + std::to_string(board.size());
          return board.move();
        }
  why = "no board of the kinds the priority allows";
  return -1;
}

namespace {

class CanonicalBoards final : public RowStrategy {
 public:
  std::string name() const override { return "canonical-boards"; }
  std::string summary() const override {
    return "height 1, k >= 3: never connect three, even if the opponent may connect freely "
           "(Appendix A, Lemmas 3 and 4; verify with --relaxed)";
  }
  StrategyPromise promise(const Game& game, int, bool) const override {
    const ConnectGrid* grid;
    StrategyPromise p = height_one_promise(game, grid);
    if (!grid) return p;
    if (grid->k < 3) return p.why_not = "it plays k >= 3", p;
    if (grid->cylinder) return p.why_not = "its boards need walls, not an annulus", p;
    p.applies = true;
    p.source = "Steele & Larremore, Appendix A, Lemmas 3 and 4 and Theorem 5";
    p.claim = Claim::NotLose;
    return p;
  }

 protected:
  int row_move(const RowView& row, std::string& rule, std::string& why) const override {
    return canonical_boards_move(row, rule, why);
  }
};

}  // namespace

std::unique_ptr<KnowledgeStrategy> make_canonical_boards() { return std::make_unique<CanonicalBoards>(); }

}  // namespace kinrow
