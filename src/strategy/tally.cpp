// The k = 2, height-1 plays of Steele & Larremore (Lemmas 1 and 2, Table 2).
//
// With k = 2 a drawn row alternates colours, so the first stone fixes a "template". Each
// empty stretch between stones (or a stone and the wall) follows the template of its
// bounding stones; where the two bounds disagree there is a contradiction, someone must
// eventually connect, and it is whoever runs out of non-losing template cells first. The
// tally counts those cells per player. The plays that change it:
//   exclusive offensive: a stone on the wall cell of a stretch whose template gives that
//                        cell to the opponent (costs both one cell; no counter at the wall);
//   double contradiction: against the template inside a stretch bounded by two stones;
//   in-template: a cell the template gives you (costs you one).
// The strategy takes a play that leaves the opponent losing on the tally, preferring the
// plays above in that order; otherwise it keeps the template (walls first, then the cell
// that leaves the shortest empty stretch, so no double contradiction is left to the
// opponent). The opening player starts on a wall (w = 4, 6 draw only that way).
#include <algorithm>

#include "core/position.h"
#include "strategy/misere_strategies.h"
#include "strategy/row_play.h"

namespace kinrow {
namespace {

enum Kind { kExclusiveOffensive, kWallInTemplate, kDoubleContradiction, kOffensive, kInTemplate, kSelfImmolation };
const char* const kKindNames[] = {"exclusive offensive",  "in-template at the wall", "double contradiction",
                                  "offensive",            "in-template",             "self-immolation"};

// The colour the template of a stone at `from` (owned by `colour`) gives to cell `to`.
int templated(int from, int colour, int to) { return (to - from) % 2 == 0 ? colour : 1 - colour; }

struct Tally {
  int cells[2] = {0, 0};  // non-losing template cells left to each player
  bool contradiction = false;
  // offensive[p]: p has an offensive play left — a stretch between a stone and the wall
  // whose template gives the wall cell to p's opponent.
  bool offensive[2] = {false, false};
};

Tally count(const std::vector<int8_t>& owner) {
  Tally t;
  const int n = static_cast<int>(owner.size());
  for (int a = 0; a < n;) {
    if (owner[a] != kNoPlayer) {
      ++a;
      continue;
    }
    int b = a;
    while (b + 1 < n && owner[b + 1] == kNoPlayer) ++b;
    const bool left = a > 0, right = b + 1 < n;
    if (!left && !right) {  // an empty row: no template yet
      t.cells[0] += (n + 1) / 2;
      t.cells[1] += n / 2;
    } else {
      const int from = left ? a - 1 : b + 1;
      for (int c = a; c <= b; ++c) ++t.cells[templated(from, owner[from], c)];
      if (left != right) t.offensive[1 - templated(from, owner[from], left ? b : a)] = true;
      if (left && right && templated(a - 1, owner[a - 1], b + 1) != owner[b + 1]) {
        t.contradiction = true;
        --t.cells[owner[b + 1]];  // the cell next to the right stone would connect
      }
    }
    a = b + 1;
  }
  return t;
}

// What a stone of `me` at the empty cell c does to the template of its stretch.
Kind classify(const std::vector<int8_t>& owner, int me, int c) {
  const int n = static_cast<int>(owner.size());
  int a = c, b = c;
  while (a > 0 && owner[a - 1] == kNoPlayer) --a;
  while (b + 1 < n && owner[b + 1] == kNoPlayer) ++b;
  const bool left = a > 0, right = b + 1 < n;
  if (left && right) {
    const bool consistent = templated(a - 1, owner[a - 1], b + 1) == owner[b + 1];
    if (!consistent) return kInTemplate;  // agrees with one bound, adds no contradiction
    return templated(a - 1, owner[a - 1], c) == me ? kInTemplate : kDoubleContradiction;
  }
  const int from = left ? a - 1 : b + 1;
  const int wall_cell = left ? b : a;
  if (templated(from, owner[from], c) == me) return c == wall_cell ? kWallInTemplate : kInTemplate;
  if (templated(from, owner[from], wall_cell) == me) return kSelfImmolation;
  return c == wall_cell ? kExclusiveOffensive : kOffensive;
}

// The longest run of empty cells.
int longest_gap(const std::vector<int8_t>& owner) {
  int best = 0, run = 0;
  for (int8_t o : owner) best = std::max(best, run = o == kNoPlayer ? run + 1 : 0);
  return best;
}

}  // namespace

int tally_move(const RowView& row, std::string& rule, std::string& why) {
  const int n = static_cast<int>(row.owner.size());
  const int me = row.me, opponent = 1 - me;
  if (std::all_of(row.owner.begin(), row.owner.end(), [](int8_t o) { return o == kNoPlayer; })) {
    if (n == 0) return why = "the row is full", -1;
    return rule = "opening on the wall", 0;
  }
  int best = -1, best_rank = 1 << 30;
  std::vector<int8_t> after = row.owner;
  for (int c = 0; c < n; ++c) {
    if (row.owner[c] != kNoPlayer || row.losing[c]) continue;
    const Kind kind = classify(row.owner, me, c);
    after[c] = static_cast<int8_t>(me);
    const Tally t = count(after);
    const int gap = longest_gap(after);
    after[c] = kNoPlayer;
    // The opponent moves next and runs out first when its count is not larger, unless an
    // offensive play (which costs both sides one cell) lets it turn the count around.
    const bool wins = t.contradiction && t.cells[opponent] + (t.offensive[opponent] ? 1 : 0) <= t.cells[me];
    int rank;
    if (wins) rank = kind;  // a winning tally: the strongest play first
    else if (kind == kWallInTemplate) rank = 100;
    else if (kind == kInTemplate) rank = 200 + gap;
    else rank = 1000 + kind;
    if (rank < best_rank) best_rank = rank, best = c, rule = kKindNames[kind];
  }
  if (best >= 0) return best;
  for (int c = 0; c < n; ++c)
    if (row.owner[c] == kNoPlayer) return rule = "forced (every cell connects)", c;
  why = "the row is full";
  return -1;
}

namespace {

class TallyStrategy final : public RowStrategy {
 public:
  std::string name() const override { return "tally"; }
  std::string summary() const override {
    return "k = 2, height 1: exclusive offensive, double contradiction and in-template plays by "
           "the tally of template cells (Lemmas 1 and 2)";
  }
  StrategyPromise promise(const Game& game, int player, bool) const override {
    const ConnectGrid* grid;
    StrategyPromise p = height_one_promise(game, grid);
    if (!grid) return p;
    if (grid->k != 2) return p.why_not = "it plays k = 2", p;
    if (grid->cylinder) return p.why_not = "its templates need a row with two walls, not an annulus", p;
    p.applies = true;
    p.source = "Steele & Larremore, Lemmas 1 and 2 and Theorem 4";
    const int w = grid->width;
    const bool drawn_width = w == 1 || w == 2 || w == 4 || w == 6;
    if (player == 1) p.claim = drawn_width ? Claim::NotLose : Claim::Win;
    else if (drawn_width) p.claim = Claim::NotLose;
    else p.has_claim = false;
    return p;
  }

 protected:
  int row_move(const RowView& row, std::string& rule, std::string& why) const override {
    return tally_move(row, rule, why);
  }
};

}  // namespace

std::unique_ptr<KnowledgeStrategy> make_tally() { return std::make_unique<TallyStrategy>(); }

}  // namespace kinrow
