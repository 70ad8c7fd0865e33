#include "tiles/tile_certificate.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "core/notation.h"

namespace kinrow {
namespace {

// Positions met, as (maker, breaker) masks: open addressing, grown when half full.
class PositionSet {
 public:
  PositionSet() : slots_(1 << 12), used_flags_(1 << 12, 0) {}
  // True if the position was not in the set (it is now).
  bool insert(CellMask maker, CellMask breaker) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    if (!place(maker, breaker)) return false;
    ++size_;
    return true;
  }

 private:
  bool place(CellMask maker, CellMask breaker) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = mix64(maker * 0x9e3779b97f4a7c15ull ^ mix64(breaker)) & mask;; i = (i + 1) & mask) {
      if (!used_flags_[i]) {
        used_flags_[i] = 1;
        slots_[i] = {maker, breaker};
        return true;
      }
      if (slots_[i] == std::pair{maker, breaker}) return false;
    }
  }
  void grow() {
    std::vector<std::pair<CellMask, CellMask>> old(slots_.size() * 2);
    std::vector<char> old_flags(slots_.size() * 2, 0);
    old.swap(slots_);
    old_flags.swap(used_flags_);
    for (std::size_t i = 0; i < old.size(); ++i)
      if (old_flags[i]) place(old[i].first, old[i].second);
  }
  std::vector<std::pair<CellMask, CellMask>> slots_;
  std::vector<char> used_flags_;
  std::size_t size_ = 0;
};

// The walk, on masks. It plays by the reference rules for maker-breaker games without
// gravity (core/position.cpp's play and legal turns, restated for masks: the checker
// replays every position with those rules, so a difference shows as a rejected
// certificate in the tests).
class Walker {
 public:
  Walker(TileSearch& search, const Position& start, int holder)
      : search_(search), tiles_(search.game()), game_(start.game()), rules_(game_.rules), holder_(holder) {
    for (const Line& line : game_.lines) lines_.push_back(mask_of(line));
    threshold_ = rules_.maker_threshold >= 0;
    in_kind_ = breaker_answers_in_kind(rules_);
  }

  Strategy walk(const Position& start) {
    strategy_.holder = holder_;
    strategy_.claim = Claim::Win;
    strategy_.win_now_rule = true;
    strategy_.forest_rule = holder_ == 1;
    CellMask stones[2] = {0, 0};
    for (Cell c = 0; c < game_.cell_count(); ++c)
      if (start.owner(c) != kNoPlayer) stones[start.owner(c)] |= bit(c);
    if (start.to_move() == 0) maker_to_move(stones[0], stones[1], start.turns_played() == 0);
    else breaker_to_move(stones[0], stones[1], start.stones_this_turn());
    return std::move(strategy_);
  }

 private:
  CellMask empty(CellMask maker, CellMask breaker) const { return tiles_.all() & ~maker & ~breaker; }

  // The checker's dead end for the breaker: every line of the game holds a breaker stone.
  bool breaker_settled(CellMask breaker) const {
    for (CellMask line : lines_)
      if (!(line & breaker)) return false;
    return true;
  }
  bool owns_line(CellMask maker) const {
    for (CellMask line : lines_)
      if ((line & maker) == line) return true;
    return false;
  }
  bool over_threshold(CellMask maker, CellMask breaker) const {
    for (CellMask line : lines_)
      if (!(line & breaker) && std::popcount(line & maker) > rules_.maker_threshold) return true;
    return false;
  }
  // The maker can own a line this turn (the win-now rule plays it; never under b=N).
  bool maker_wins_now(CellMask maker, CellMask breaker, int most) const {
    if (threshold_) return false;
    for (CellMask line : lines_) {
      if ((line & breaker) || (line & tiles_.breaker_only() & ~maker)) continue;
      if (std::popcount(line & ~maker) <= most) return true;
    }
    return false;
  }

  // The game's end after the maker's turn: -1 while it goes on, else the winner.
  int after_maker(CellMask maker, CellMask breaker) const {
    const bool full = empty(maker, breaker) == 0;
    if (threshold_) return full ? (over_threshold(maker, breaker) ? 0 : 1) : -1;
    if (owns_line(maker)) return 0;
    return full ? 1 : -1;
  }
  int after_breaker(CellMask maker, CellMask breaker) const {
    const CellMask left = empty(maker, breaker);
    if (threshold_ && over_threshold(maker, breaker)) return 0;
    if (left == 0) return 1;
    if (tiles_.breaker_only() && !(left & ~tiles_.breaker_only())) return 1;
    return -1;
  }
  void ended(int winner) const {
    if (winner != holder_) throw std::logic_error("tile certificate: the holder loses a game under the search's strategy");
  }

  void record(CellMask maker, CellMask breaker, CellMask move) {
    StrategyEntry entry;
    entry.owner.assign(game_.cell_count(), kNoPlayer);
    for (Cell c : cells_of(maker)) entry.owner[c] = 0;
    for (Cell c : cells_of(breaker)) entry.owner[c] = 1;
    entry.move = cells_of(move);
    strategy_.entries.push_back(std::move(entry));
  }

  // The search's cells made up to `size` stones with the lowest other cells of `free`.
  static CellMask padded(CellMask cells, CellMask free, int size) {
    for (CellMask m = free & ~cells; std::popcount(cells) < size && m; m &= m - 1) cells |= m & (~m + 1);
    return cells;
  }

  bool fresh(CellMask maker, CellMask breaker) {
    std::pair<CellMask, CellMask> key{maker, breaker};
    for (std::size_t s = 1; s < tiles_.symmetries(); ++s)
      key = std::min(key, std::pair{tiles_.map(s, maker), tiles_.map(s, breaker)});
    return seen_.insert(key.first, key.second);
  }

  void maker_to_move(CellMask maker, CellMask breaker, bool first) {
    if (holder_ == 1 && breaker_settled(breaker)) return;
    if (holder_ == 1 && search_.forest_rule(maker, breaker, first)) return;
    const CellMask free = empty(maker, breaker);
    const CellMask playable = free & ~tiles_.breaker_only();
    const int cells = std::popcount(playable);
    int fewest, most;
    if (threshold_) fewest = 1, most = cells;
    else if (rules_.maker_picks_count) fewest = 1, most = std::min(rules_.stones_per_turn, cells);
    else fewest = most = std::min(cells, first ? rules_.first_turn_stones : rules_.stones_per_turn);
    if (holder_ == 0 && maker_wins_now(maker, breaker, most)) return;
    if (!fresh(maker, breaker)) return;

    auto play = [&](CellMask turn) {
      const CellMask after = maker | turn;
      const int winner = after_maker(after, breaker);
      if (winner >= 0) return ended(winner);
      const int answer = std::min(in_kind_ ? std::popcount(turn) : rules_.stones_per_turn, std::popcount(free & ~turn));
      breaker_to_move(after, breaker, answer);
    };
    if (holder_ == 0) {
      const std::optional<CellMask> win = search_.maker_win(maker, breaker, first);
      if (!win) throw std::logic_error("tile certificate: the search has no winning maker turn");
      const CellMask turn = padded(*win, playable, fewest);
      record(maker, breaker, turn);
      return play(turn);
    }
    // Every set of fewest to most playable cells, as Position::legal_turns lists them.
    auto visit = [&](auto&& self, CellMask from, CellMask turn, int size) -> void {
      if (size >= fewest) play(turn);
      if (size == most) return;
      for (CellMask m = from; m; m &= m - 1) self(self, m & (m - 1), turn | (m & (~m + 1)), size + 1);
    };
    visit(visit, playable, 0, 0);
  }

  void breaker_to_move(CellMask maker, CellMask breaker, int stones) {
    if (holder_ == 1 && breaker_settled(breaker)) return;
    if (!fresh(maker, breaker)) return;
    const CellMask free = empty(maker, breaker);
    auto play = [&](CellMask reply) {
      const CellMask after = breaker | reply;
      const int winner = after_breaker(maker, after);
      if (winner >= 0) return ended(winner);
      maker_to_move(maker, after, false);
    };
    if (holder_ == 1) {
      const std::optional<CellMask> reply = search_.breaker_reply(maker, breaker, stones);
      if (!reply) throw std::logic_error("tile certificate: the search has no holding breaker reply");
      const CellMask move = padded(*reply, free, stones);
      record(maker, breaker, move);
      return play(move);
    }
    auto visit = [&](auto&& self, CellMask from, CellMask reply, int size) -> void {
      if (size == stones) return play(reply);
      for (CellMask m = from; m; m &= m - 1) self(self, m & (m - 1), reply | (m & (~m + 1)), size + 1);
    };
    visit(visit, free, 0, 0);
  }

  TileSearch& search_;
  const TileGame& tiles_;
  const Game& game_;
  const Rules& rules_;
  const int holder_;
  bool threshold_ = false, in_kind_ = false;
  Strategy strategy_;
  std::vector<CellMask> lines_;  // every line of the game (the checker's, not the search's)
  PositionSet seen_;
};

}  // namespace

Certificate tile_certificate(TileSearch& search, const Position& start, bool breaker_wins) {
  Certificate certificate;
  certificate.spec = start.game().spec;
  certificate.start = format_turns(start.game(), start.history());
  certificate.strategies.push_back(Walker(search, start, breaker_wins ? 1 : 0).walk(start));
  return certificate;
}

}  // namespace kinrow
