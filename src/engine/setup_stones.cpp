#include "engine/setup_stones.h"

#include <algorithm>
#include <set>
#include <string>

#include "core/error.h"
#include "core/notation.h"

namespace kinrow {

namespace {

// A depth-first search for an order: at each turn, every choice of the mover's stones
// that the rules allow and that does not end the game while stones are left. Orders
// that failed are remembered by the stones placed (the same set is reached by many
// orders), so a position that no order reaches is refused after few nodes.
class SetupOrder {
 public:
  SetupOrder(Position& position, std::array<std::vector<Cell>, 2> stones) : position_(position), left_(std::move(stones)) {}

  bool find() {
    if (left_[0].empty() && left_[1].empty()) return true;
    if (position_.over() || ++nodes_ > kMaxNodes) return false;
    std::string key(position_.game().cell_count(), '.');
    for (Cell c = 0; c < position_.game().cell_count(); ++c)
      if (position_.owner(c) != kNoPlayer) key[c] = static_cast<char>('0' + position_.owner(c));
    if (failed_.count(key)) return false;
    std::vector<Cell>& mine = left_[position_.to_move()];
    const int size = std::min<int>(position_.stones_this_turn(), static_cast<int>(mine.size()));
    if (size > 0 && try_turns(mine, size, 0, {})) return true;
    failed_.insert(std::move(key));
    return false;
  }
  bool exhausted() const { return nodes_ > kMaxNodes; }

 private:
  static constexpr long kMaxNodes = 200000;

  // Every `size`-stone subset of `mine` from index `from` on, added to `turn`.
  bool try_turns(std::vector<Cell>& mine, int size, std::size_t from, Turn turn) {
    if (static_cast<int>(turn.size()) == size) {
      std::sort(turn.begin(), turn.end());
      if (!position_.why_illegal(turn).empty()) return false;
      for (Cell c : turn) std::erase(mine, c);
      position_.play(turn);
      if (find()) return true;
      position_.undo();
      mine.insert(mine.end(), turn.begin(), turn.end());
      std::sort(mine.begin(), mine.end());
      return false;
    }
    for (std::size_t i = from; i < mine.size() && !exhausted(); ++i) {
      Turn next = turn;
      next.push_back(mine[i]);
      // A failed call leaves `mine` as it found it (sorted), so `i` still indexes it.
      if (try_turns(mine, size, i + 1, next)) return true;
    }
    return false;
  }

  Position& position_;
  std::array<std::vector<Cell>, 2> left_;
  std::set<std::string> failed_;
  long nodes_ = 0;
};

}  // namespace

void play_setup_stones(Position& position, std::array<std::vector<Cell>, 2> stones) {
  const Game& game = position.game();
  std::vector<int8_t> owner(game.cell_count(), kNoPlayer);
  for (int player = 0; player < 2; ++player) {
    for (Cell c : stones[player]) {
      if (c < 0 || c >= game.cell_count()) throw InputError("cell #" + std::to_string(c) + " is off the board");
      if (owner[c] != kNoPlayer) throw InputError("a stone on " + format_cell(game, c) + " is given twice");
      owner[c] = static_cast<int8_t>(player);
    }
    std::sort(stones[player].begin(), stones[player].end());
  }
  if (stones[0].empty() && stones[1].empty()) return;
  if (!turn_due(game, owner))
    throw InputError("the stones (" + std::to_string(stones[0].size()) + " and " + std::to_string(stones[1].size()) +
                     ") are no position of " + game.spec + ": no game reaches these stone counts");
  SetupOrder order(position, std::move(stones));
  if (order.find()) return;
  throw InputError(order.exhausted()
                       ? "no order of the stones into a game of " + game.spec + " was found in 200,000 tries"
                       : "no order of the stones makes a game of " + game.spec +
                             " (every order completes a line early or breaks the rules)");
}

}  // namespace kinrow
