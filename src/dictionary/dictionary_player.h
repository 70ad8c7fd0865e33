// Playing by a dictionary: Patashnik's four rules, each of the "obvious" ones optional.
//
//   1. win now, if a move completes a line;
//   2. else block the opponent's single immediate win;
//   3. else the dictionary's move, found up to the game's symmetries;
//   4. else a forced win (threats/forced_win.h).
//
// Rules 3 and 4 work on the canonical form of the position and map the move back, so the
// player treats symmetric positions alike — which is what lets the verifier check one
// position per class. Rules 1 and 2 need no symmetry: a winning move ends the game, and
// a single threat has one answer.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "dictionary/dictionary.h"
#include "games/board.h"
#include "search/canonical.h"
#include "threats/forced_win.h"

namespace kinrow {

struct ObviousRules {
  bool win_now = false;
  bool block = false;
  bool forced_win = false;
};

// "none", "patashnik" (all three), or a comma list of win, block, forced.
ObviousRules parse_obvious_rules(const std::string& text);
std::string obvious_rules_text(const ObviousRules& rules);  // "win,block,forced" or "none"

enum class PlayRule { WinNow, Block, Dictionary, ForcedWin, None };
constexpr int kPlayRules = 4;
const char* play_rule_name(PlayRule rule);  // "win now", "block", "dictionary", "forced win"

struct DictionaryChoice {
  Cell cell = -1;  // -1: no rule gives a move (the dictionary does not cover the position)
  PlayRule rule = PlayRule::None;
  int entry = -1;          // rule 3: the index of the entry used
  int forced_length = 0;   // rule 4: the holder's moves to the win, this one included
};

class DictionaryPlayer {
 public:
  using Board = kinrow::Board<1>;
  using Form = CanonicalForm<1>;

  // InputError when a rule does not fit the game (obvious moves assume that completing a
  // line wins: normal or maker-breaker rules), or the game is not one a dictionary
  // describes (check_dictionary_game).
  DictionaryPlayer(const Game& game, const Dictionary& dictionary, ObviousRules rules);
  DictionaryPlayer(const DictionaryPlayer&) = delete;  // its boards point into its tables
  DictionaryPlayer& operator=(const DictionaryPlayer&) = delete;

  const Game& game() const { return game_; }
  const BoardTables& tables() const { return tables_; }
  const Canonicaliser<1>& canonicaliser() const { return canonicaliser_; }
  const Dictionary& dictionary() const { return dictionary_; }
  const ObviousRules& rules() const { return rules_; }
  int holder() const { return dictionary_.holder; }

  // The holder's move on `board` (the holder is to move), for a caller that has already
  // canonicalised the position (or, when `form` is null, does it here if rules 3 and 4
  // are reached).
  DictionaryChoice choose(const Board& board, const Form* form = nullptr);
  // The same for a position given as stones.
  DictionaryChoice choose(const DictionaryStones& stones);
  // Rule 1 alone: a winning move, or -1.
  Cell winning_move(const Board& board) const;
  // Entries whose position (up to symmetry) an earlier entry already gave; the earlier
  // one is used.
  int repeated_entries() const { return repeated_; }
  uint64_t forced_win_nodes() const { return forced_.nodes(); }
  // Whether rule 4 would find a forced win here for the holder (whatever rule 3 says).
  bool has_forced_win(const Form& form);

 private:
  struct Known {
    Cell move;  // in the coordinates of the canonical form
    int entry;
  };

  const Game& game_;
  BoardTables tables_;
  Canonicaliser<1> canonicaliser_;
  const Dictionary& dictionary_;
  ObviousRules rules_;
  std::unordered_map<DictionaryStones, Known, StonesHash> table_;
  ForcedWinSearch<1> forced_;
  Board scratch_;  // positions set by stones: those given, and canonical forms for rule 4
  int repeated_ = 0;
};

}  // namespace kinrow
