#include "core/position.h"

#include <algorithm>
#include <array>
#include <set>
#include <stdexcept>

namespace kinrow {

Position::Position(const Game& game)
    : game_(&game), owner_(game.cell_count(), kNoPlayer), breaker_only_(game.cell_count(), 0), empty_(game.cell_count()) {
  for (Cell c : game.breaker_only) breaker_only_[c] = 1;
}

int Position::stones_this_turn() const {
  const Rules& rules = game_->rules;
  if (!breaker_answers_in_kind(rules)) return std::min(empty_, stones_on_turn(rules, turns_played()));
  if (to_move() == 1) return std::min(empty_, static_cast<int>(history_.back().size()));
  const int cells = maker_cells_left();
  return rules.maker_picks_count ? std::min(cells, rules.stones_per_turn) : cells;
}

int Position::fewest_stones_this_turn() const {
  const int most = stones_this_turn();
  return breaker_answers_in_kind(game_->rules) && to_move() == 0 ? std::min(1, most) : most;
}

int Position::maker_cells_left() const {
  int cells = 0;
  for (Cell c = 0; c < game_->cell_count(); ++c) cells += owner_[c] == kNoPlayer && !breaker_only_[c];
  return cells;
}

bool Position::playable(Cell c) const {
  if (owner_[c] != kNoPlayer) return false;
  if (breaker_only_[c] && to_move() == 0) return false;
  if (!game_->rules.gravity) return true;
  Cell under = game_->below[c];
  return under < 0 || owner_[under] != kNoPlayer;
}

std::string Position::why_illegal(const Turn& turn) const {
  if (over_) return "the game is already over";
  const int size = static_cast<int>(turn.size()), fewest = fewest_stones_this_turn(), most = stones_this_turn();
  if (size < fewest || size > most)
    return "this turn places " + (fewest == most ? std::to_string(most) : std::to_string(fewest) + " to " + std::to_string(most)) +
           " stone(s), not " + std::to_string(turn.size());
  return why_cells_illegal(turn);
}

std::string Position::why_cells_illegal(const Turn& turn) const {
  for (std::size_t i = 0; i < turn.size(); ++i) {
    Cell c = turn[i];
    if (c < 0 || c >= game_->cell_count()) return "cell off the board";
    if (owner_[c] != kNoPlayer) return "cell already taken";
    if (breaker_only_[c] && to_move() == 0) return "the maker may not play on a breaker-only cell";
    for (std::size_t j = 0; j < i; ++j)
      if (turn[j] == c) return "the same cell twice in one turn";
  }
  if (game_->rules.gravity) {
    // A set of stones is legal if it can be dropped in some order: each rests on a filled
    // cell, the bottom, or another stone of the same turn.
    for (Cell c : turn) {
      Cell under = game_->below[c];
      if (under < 0 || owner_[under] != kNoPlayer) continue;
      if (std::find(turn.begin(), turn.end(), under) == turn.end()) return "column not filled up to that cell";
    }
  }
  return "";
}

std::vector<Turn> Position::legal_turns() const {
  std::vector<Turn> turns;
  if (over_) return turns;
  const int fewest = fewest_stones_this_turn(), stones = stones_this_turn();
  if (!game_->rules.gravity) {
    // Sets of playable cells by increasing index: each set comes before its extensions,
    // which is the order of the sorted list.
    std::vector<Cell> cells;
    for (Cell c = 0; c < game_->cell_count(); ++c)
      if (playable(c)) cells.push_back(c);
    Turn partial;
    auto grow = [&](auto&& self, std::size_t from) -> void {
      if (static_cast<int>(partial.size()) >= fewest) turns.push_back(partial);
      if (static_cast<int>(partial.size()) == stones) return;
      for (std::size_t i = from; i < cells.size(); ++i) {
        partial.push_back(cells[i]);
        self(self, i + 1);
        partial.pop_back();
      }
    };
    grow(grow, 0);
    return turns;
  }
  // Under gravity a cell may rest on one placed earlier in the same turn, which
  // increasing order cannot see: collect ordered drops and deduplicate the sets.
  std::set<Turn> seen;
  Position scratch = *this;
  Turn partial;
  auto grow = [&](auto&& self) -> void {
    if (static_cast<int>(partial.size()) >= fewest) {
      Turn sorted = partial;
      std::sort(sorted.begin(), sorted.end());
      if (seen.insert(sorted).second) turns.push_back(sorted);
      if (static_cast<int>(partial.size()) == stones) return;
    }
    for (Cell c = 0; c < game_->cell_count(); ++c) {
      if (!scratch.playable(c)) continue;
      partial.push_back(c);
      scratch.owner_[c] = 0;  // placeholder stone: only occupancy matters here
      self(self);
      scratch.owner_[c] = kNoPlayer;
      partial.pop_back();
    }
  };
  grow(grow);
  std::sort(turns.begin(), turns.end());
  return turns;
}

bool Position::holds_line(int player, int l) const {
  const Line& line = game_->lines[l];
  if (!std::all_of(line.begin(), line.end(), [&](Cell d) { return owner_[d] == player; })) return false;
  // Under exact a line that the player's own stone extends is part of an overline.
  if (!game_->rules.exact) return true;
  const std::array<Cell, 2>& flanks = game_->flanks[l];
  return std::none_of(flanks.begin(), flanks.end(), [&](Cell f) { return f >= 0 && owner_[f] == player; });
}

bool Position::owns_line_through(int player, const Turn& turn) const {
  for (Cell c : turn)
    for (int l : game_->lines_of_cell[c]) {
      if (holds_line(player, l)) return true;
    }
  return false;
}

bool Position::maker_over_threshold() const {
  for (const Line& line : game_->lines) {
    int maker = 0;
    bool broken = false;
    for (Cell c : line) maker += owner_[c] == 0, broken |= owner_[c] == 1;
    if (!broken && maker > game_->rules.maker_threshold) return true;
  }
  return false;
}

void Position::play(const Turn& turn) {
  const int mover = to_move();
  for (Cell c : turn) owner_[c] = static_cast<int8_t>(mover);
  empty_ -= static_cast<int>(turn.size());
  withheld_by_.push_back(0);
  history_.push_back(turn);

  const Goal goal = game_->rules.goal;
  if (game_->rules.maker_threshold >= 0) {
    // Definition 2 looks at the lines only with the maker to move: after the breaker's
    // answer, or after the maker's turn if it filled the board and no answer can come.
    if (mover == 1 || empty_ == 0) {
      over_ = maker_over_threshold();
      winner_ = over_ ? 0 : kNoPlayer;
    }
    if (!over_ && mover == 1 && maker_cells_left() == 0) over_ = true, winner_ = 1;
    if (!over_ && empty_ == 0) over_ = true, winner_ = 1;
    return;
  }
  bool lines_count = goal != Goal::MakerBreaker || mover == 0;
  if (lines_count && owns_line_through(mover, turn)) {
    over_ = true;
    winner_ = goal == Goal::Misere ? 1 - mover : mover;
  } else if (empty_ == 0 || (mover == 1 && !game_->breaker_only.empty() && maker_cells_left() == 0)) {
    over_ = true;
    winner_ = goal == Goal::MakerBreaker ? 1 : kNoPlayer;
  }
}

void Position::play_withheld(const Turn& partial) {
  const int mover = to_move();
  const int withheld = stones_this_turn() - static_cast<int>(partial.size());
  for (Cell c : partial) owner_[c] = static_cast<int8_t>(mover);
  empty_ -= static_cast<int>(partial.size());
  withheld_ += withheld;
  withheld_by_.push_back(withheld);
  history_.push_back(partial);
  // A withheld turn may still complete a line (a seminull stone): the game ends as by play.
  const Goal goal = game_->rules.goal;
  if ((goal != Goal::MakerBreaker || mover == 0) && owns_line_through(mover, partial)) {
    over_ = true;
    winner_ = goal == Goal::Misere ? 1 - mover : mover;
  }
}

bool Position::play_cut_short_by_a_line(const Turn& partial) {
  const int size = static_cast<int>(partial.size()), mover = to_move();
  if (over_ || size == 0 || size >= fewest_stones_this_turn() || !why_cells_illegal(partial).empty()) return false;
  // Definition 2 games end on a count, not a line; in Maker-Breaker only the maker's count.
  if (game_->rules.maker_threshold >= 0 || (game_->rules.goal == Goal::MakerBreaker && mover != 0)) return false;
  Position ended = *this;
  ended.play(partial);  // a turn of the game, short: nothing is withheld, the game is over
  if (!ended.owns_line_through(mover, partial)) return false;
  *this = std::move(ended);
  return true;
}

void Position::give(int player, const Turn& cells) {
  for (Cell c : cells) {
    if (owner_[c] != kNoPlayer) throw std::logic_error("Position::give: a cell is not empty");
    owner_[c] = static_cast<int8_t>(player);
  }
  empty_ -= static_cast<int>(cells.size());
  given_ += static_cast<int>(cells.size());
  if (game_->rules.goal == Goal::Normal && owns_line_through(player, cells)) {
    over_ = true;
    winner_ = player;
  } else if (empty_ == 0) {
    over_ = true;
    winner_ = kNoPlayer;
  }
}

void Position::take_back(const Turn& cells) {
  for (Cell c : cells) owner_[c] = kNoPlayer;
  empty_ += static_cast<int>(cells.size());
  given_ -= static_cast<int>(cells.size());
  over_ = false;
  winner_ = kNoPlayer;
}

std::optional<TurnDue> turn_due(const Game& game, const std::vector<int8_t>& owner) {
  const Rules& rules = game.rules;
  int stones[2] = {0, 0};
  for (int8_t o : owner)
    if (o == 0 || o == 1) ++stones[o];
  const int empty = game.cell_count() - stones[0] - stones[1];
  if (breaker_answers_in_kind(rules)) {
    int maker_cells = empty;
    for (Cell c : game.breaker_only) {
      if (owner[c] == 0) return std::nullopt;
      maker_cells -= owner[c] == kNoPlayer;
    }
    const int ahead = stones[0] - stones[1];
    if (ahead < 0 || (rules.maker_picks_count && ahead > rules.stones_per_turn)) return std::nullopt;
    if (ahead > 0) return TurnDue{1, std::min(ahead, empty), std::min(ahead, empty)};
    const int most = rules.maker_picks_count ? std::min(rules.stones_per_turn, maker_cells) : maker_cells;
    return TurnDue{0, std::min(1, most), most};
  }
  int placed[2] = {0, 0};
  for (int turn = 0;; ++turn) {
    const int left = game.cell_count() - placed[0] - placed[1];
    if (placed[0] == stones[0] && placed[1] == stones[1]) {
      const int size = std::min(left, stones_on_turn(rules, turn));
      return TurnDue{turn % 2, size, size};
    }
    if (placed[0] > stones[0] || placed[1] > stones[1] || left == 0) return std::nullopt;
    placed[turn % 2] += std::min(stones_on_turn(rules, turn), left);
  }
}

void Position::undo() {
  for (Cell c : history_.back()) owner_[c] = kNoPlayer;
  empty_ += static_cast<int>(history_.back().size());
  withheld_ -= withheld_by_.back();
  withheld_by_.pop_back();
  history_.pop_back();
  over_ = false;
  winner_ = kNoPlayer;
}

}  // namespace kinrow
