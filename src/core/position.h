// The rules, written plainly: a position is a game plus the turns played so far.
//
// This is the reference implementation of the rules. The CLI validates input with it,
// the certificate checker and the naive reference solver play with it, and every fast
// board is tested against it. It favours being obviously right over being fast.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace kinrow {

constexpr int kNoPlayer = -1;  // also "draw" where a winner is asked for

// The stones of one turn, as a sorted set of cells (one cell unless p or q > 1).
using Turn = std::vector<Cell>;

class Position {
 public:
  explicit Position(const Game& game);

  const Game& game() const { return *game_; }
  int turns_played() const { return static_cast<int>(history_.size()); }
  int to_move() const { return turns_played() % 2; }  // 0 = first player, 1 = second
  int owner(Cell c) const { return owner_[c]; }  // kNoPlayer, 0 or 1
  int empty_count() const { return empty_; }
  const std::vector<Turn>& history() const { return history_; }

  // Stones the side to move places now: the turn's p (or q), or fewer if the board is
  // nearly full. In tile games (breaker_answers_in_kind) the most the maker may place —
  // p, or under b=N every empty cell he may take — and the breaker's answer: as many as
  // the maker's last turn placed (the paper's "p' or fewer": a breaker's extra stone
  // never hurts him, so fewer is never better and the rules ask for as many).
  int stones_this_turn() const;
  // The fewest: the same, but 1 for the maker of a tile game.
  int fewest_stones_this_turn() const;

  // Empty, not breaker-only if the maker is to move, and, under gravity, resting on a
  // filled cell or the bottom.
  bool playable(Cell c) const;

  bool over() const { return over_; }
  int winner() const { return winner_; }  // kNoPlayer while not over or on a draw

  // Every distinct legal turn (as cell sets); empty when the game is over.
  std::vector<Turn> legal_turns() const;

  // The reason `turn` is illegal here, or "" if it is legal.
  std::string why_illegal(const Turn& turn) const;

  void play(const Turn& turn);  // precondition: why_illegal(turn) == ""
  void undo();

  // A turn of fewer stones than the rules ask, down to none: the side to move withholds
  // the rest (a null or seminull move). Not a move of the game: proofs use it to show
  // that the opponent wins even so (proof/checker.cpp, zones). Precondition: the cells
  // are empty, fewer than stones_this_turn(), and the game is not over.
  void play_withheld(const Turn& partial);
  // A turn cut short by its own win: its first stones complete a line and the game ends
  // there, as records of Connect6 games write a winning turn of one stone. Plays
  // `partial` (sorted, fewer stones than the turn asks) and returns true if its cells are
  // legal and it completes a line of the side to move (under misère, a loss); else
  // leaves the position as it was and returns false.
  bool play_cut_short_by_a_line(const Turn& partial);
  // The stones withheld by the turns played so far.
  int withheld() const { return withheld_; }

  // Stones given to `player` outside the turns, on empty cells: not a move of the game
  // either. Proofs use it for a position stronger for him than one played (the stronger rule,
  // proof/checker.cpp), in normal play only: the game ends if they complete a line of his
  // or fill the board. take_back undoes the last give (gives and turns are undone in the
  // reverse order of their playing).
  void give(int player, const Turn& cells);
  void take_back(const Turn& cells);
  // The stones given so far and not taken back.
  int given() const { return given_; }

  // Whether `player` owns the whole of line `line` in a way that wins: under exact, with
  // no stone of his on either flank (a line inside an overline does not count).
  bool holds_line(int player, int line) const;

 private:
  bool owns_line_through(int player, const Turn& turn) const;
  // why_illegal's checks of the cells alone (taken, off the board, twice, floating).
  std::string why_cells_illegal(const Turn& turn) const;
  bool maker_over_threshold() const;  // b=N: a line without a breaker stone holds > b of his
  int maker_cells_left() const;  // empty cells the maker may take

  const Game* game_;
  std::vector<int8_t> owner_;
  std::vector<char> breaker_only_;  // per cell
  std::vector<Turn> history_;
  std::vector<int> withheld_by_;  // per turn played: the stones it withheld
  int withheld_ = 0;
  int given_ = 0;
  int empty_;
  bool over_ = false;
  int winner_ = kNoPlayer;
};

// The turn due in a position with these owners (kNoPlayer, 0 or 1 per cell), from the
// stone counts alone: who places it and how many stones (fewest to most), as the
// certificate checker needs for positions it meets out of play. Nullopt if no game
// reaches these counts. In tile games the maker is to move exactly when both have as many
// stones (the breaker always answers in kind).
struct TurnDue {
  int player = 0;
  int fewest = 0;
  int most = 0;
};
std::optional<TurnDue> turn_due(const Game& game, const std::vector<int8_t>& owner);

}  // namespace kinrow
