// Take-other, then rightmost (Steele & Larremore, Theorem 3): the cells of a row are paired
// from the left, (1,2), (3,4), ...; answer a stone in a pair with the other half, otherwise
// take the rightmost empty cell. If every pair ends with one stone of each colour, no three
// consecutive cells share a colour, so neither side can be made to connect k >= 3.
#include "core/position.h"
#include "strategy/misere_strategies.h"
#include "strategy/row_play.h"

namespace kinrow {

int pair_balancing_move(const RowView& row, std::string& rule, std::string& why) {
  const int n = static_cast<int>(row.owner.size());
  const int opponent = 1 - row.me;
  for (int i = 0; i + 1 < n; i += 2) {
    const int a = row.owner[i], b = row.owner[i + 1];
    if (a == opponent && b == kNoPlayer) return rule = "take-other", i + 1;
    if (b == opponent && a == kNoPlayer) return rule = "take-other", i;
  }
  for (int i = n - 1; i >= 0; --i)
    if (row.owner[i] == kNoPlayer) return rule = "rightmost", i;
  why = "the row is full";
  return -1;
}

namespace {

class TakeOtherRightmost final : public RowStrategy {
 public:
  std::string name() const override { return "take-other-rightmost"; }
  std::string summary() const override {
    return "height 1, k >= 3: answer in the other half of the pair, else take the rightmost cell "
           "(Theorem 3; draws for either player)";
  }
  StrategyPromise promise(const Game& game, int, bool) const override {
    const ConnectGrid* grid;
    StrategyPromise p = height_one_promise(game, grid);
    if (!grid) return p;
    p.applies = true;
    p.source = "Steele & Larremore, Theorem 3";
    // On an annulus the unpaired cell of an odd width sits between two pairs, so the
    // theorem says nothing there (the paper's open question).
    if (grid->k >= 3 && !(grid->cylinder && grid->width % 2 == 1)) p.claim = Claim::NotLose;
    else p.has_claim = false;
    return p;
  }

 protected:
  int row_move(const RowView& row, std::string& rule, std::string& why) const override {
    return pair_balancing_move(row, rule, why);
  }
};

}  // namespace

std::unique_ptr<KnowledgeStrategy> make_take_other_rightmost() { return std::make_unique<TakeOtherRightmost>(); }

}  // namespace kinrow
