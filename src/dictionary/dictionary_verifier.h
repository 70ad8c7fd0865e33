// Exhaustive verification of a dictionary (O'Dwyer's challenge "verify that a dictionary
// is exhaustive"): from the empty board the holder plays by the dictionary and its rules,
// the opponent tries every legal reply, and every game must end in the holder's win.
//
// Positions are merged up to the game's symmetries (the player is symmetric by
// construction, dictionary/dictionary_player.h). The report says how many positions each
// rule decided, which entries were never reached, and — when the dictionary fails — the
// first game that shows it: a position it does not cover, a loss, a draw, or (with a
// move limit) a win that comes too late.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "dictionary/dictionary_player.h"
#include "proof/certificate.h"

namespace kinrow {

struct DictionaryVerifyOptions {
  // A position where rule 4 finds a forced win counts as won at once; otherwise the
  // sequence is played out against every reply, like any other move.
  bool forced_win_ends_branch = true;
  // The holder must complete a line with at most this many of its own stones (Harary's
  // move number); 0: no limit.
  int within = 0;
  // Keep the holder's move at every position checked (for --complete and certificates).
  bool keep_moves = false;
  std::function<void(uint64_t positions, double seconds)> on_progress;
};

// A position the holder met, with the move it played and the rule that chose it.
struct CheckedMove {
  DictionaryStones stones;  // as first reached (not canonicalised)
  Cell move = -1;
  PlayRule rule = PlayRule::None;
};

struct DictionaryVerification {
  bool holds = true;
  std::string failure;          // what ended the failing game: "no move", "lost", ...
  std::vector<Cell> game;       // its moves from the empty board
  DictionaryStones failed_position;  // the position at the end of `game`
  uint64_t positions = 0;       // distinct holder-to-move positions, up to symmetry
  uint64_t replies = 0;         // opponent moves tried
  uint64_t games_won = 0;       // games ended by the holder's winning move
  uint64_t forced_branches = 0; // positions ended by rule 4 without playing the sequence out
  std::array<uint64_t, kPlayRules> by_rule{};  // positions decided by each rule
  int longest_win = 0;          // the holder's stones in its slowest win
  std::vector<bool> entry_reached;
  int entries_unreached = 0;
  // Entries used where the forced-win rule (when allowed) would have found a win too: the
  // dictionary could lose them. Every other reached entry is necessary — without it the
  // position it covers has no move — so deleting it fails verification exactly there.
  std::vector<int> entries_with_forced_win;
  uint64_t forced_win_nodes = 0;
  double seconds = 0;
  std::vector<CheckedMove> moves;  // when keep_moves
};

DictionaryVerification verify_dictionary(DictionaryPlayer& player, const DictionaryVerifyOptions& options = {});

// The holder's moves of a verification made with keep_moves, as a certificate strategy
// (claim win, win-now on, so the moves rule 1 chose are left to the checker).
Strategy certificate_strategy(const DictionaryVerification& verification, int holder, int cells);

}  // namespace kinrow
