// Puzzles: positions where the side to move wins by force with one first turn only, the
// shortest win known, a difficulty, and a certificate — after the seed's puzzle generator
// (docs/engine.md, "Puzzles").
//
// Positions come from the engine's self-play (random openings near the centre, then the
// engine at a small node budget for both sides) or from given games. At each position:
// 1. the shortest forcing win, by iterative deepening on its length (engine/
//    forcing_wins.h): fours and double threats on free boards, every reply under gravity;
// 2. the first turn must be the shortest win's only one: no other forcing turn wins as
//    fast. With one stone a turn df-pn then looks for any other winning first move: on
//    boards of at most 64 cells it must prove there is none (a position it cannot decide
//    is dropped); on open boards, where another first move often wins more slowly and a
//    disproof is seldom in reach, the puzzle says whether df-pn proved none, found a
//    slower win, or could not tell;
// 3. positions equal up to the game's symmetry are kept once;
// 4. df-pn writes the win as a certificate (within 5 x proof_nodes for reading it off
//    the proof) and the independent checker accepts it, or the puzzle is dropped.
// Difficulty: (length - 1) + log2(1 + defences) / 2 + min(distance, 8) / 4, where
// defences counts the defender turns of the forcing tree and distance is how far (in
// king steps) the first stone lies from the stones of the last two turns.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "proof/certificate.h"

namespace kinrow {

struct PuzzleOptions {
  int count = 100;        // puzzles wanted
  int min_length = 2;     // in the attacker's turns (1 would be a win on the board)
  int max_length = 6;
  uint64_t seed = 1;
  uint64_t move_nodes = 2000;      // self-play: the engine's nodes a move
  uint64_t search_nodes = 100000;  // forcing search, per question
  uint64_t proof_nodes = 200000;   // df-pn, per question (uniqueness, certificate)
  int per_game = 3;                // puzzles kept from one game at most
  int max_games = 0;               // self-play games at most (0: count * 50)
  std::vector<std::string> games;  // move strings to take positions from, instead of self-play
  // Called after each game with the puzzles so far.
  std::function<void(int games, std::size_t puzzles)> on_progress;
};

struct Puzzle {
  std::string moves;             // the position, in the game's notation
  int to_move = 0;               // the winner
  std::vector<Turn> solution;    // the winner's first turn, the most stubborn reply, ...
  int length = 0;                // the winner's turns to complete a line
  uint64_t defences = 0;         // defender turns in the forcing tree
  int distance = 0;              // king steps from the last two turns' stones (-1: no grid)
  double difficulty = 0;
  bool unique_proved = false;    // df-pn proved no other first move wins (one stone a turn)
  bool slower_wins = false;      // df-pn found another first move that wins, more slowly
  Certificate certificate;       // accepted by the checker
  std::size_t checked_positions = 0;
};

struct PuzzleReport {
  std::vector<Puzzle> puzzles;
  int games = 0;
  uint64_t positions = 0;       // positions examined
  uint64_t forced_wins = 0;     // with a forcing win in the length range
  uint64_t not_unique = 0;      // dropped: another first turn wins
  uint64_t not_unique_forcing = 0;  // ... of them, another forcing first turn
  uint64_t undecided = 0;       // dropped: a search ran out of nodes
  uint64_t duplicates = 0;      // dropped: seen before up to symmetry
  double seconds = 0;
};

// InputError for games the puzzles do not cover (misère, maker-breaker's breaker, tile
// games) or an empty length range.
PuzzleReport generate_puzzles(const Game& game, const PuzzleOptions& options);

// One turn of a person solving a puzzle (the workbench's puzzle screen). `position` is
// the puzzle's position with the turns played since (the solver's and the replies), the
// solver to move; `turns_left` is the puzzle's length less the solver's turns so far.
// The turn is right if it completes a line or still wins within the turns left by forcing
// play (the same search that made the puzzle); then the reply is the most stubborn one.
struct PuzzleStep {
  bool right = false;
  bool solved = false;        // the turn completed a line
  std::optional<Turn> reply;  // the defender's answer, when right and not solved
  bool undecided = false;     // the search ran out of nodes (the turn is not judged wrong)
};
// InputError if `turn` is not legal at `position`.
PuzzleStep judge_puzzle_turn(const Position& position, const Turn& turn, int turns_left,
                             uint64_t max_nodes = 1000000);

}  // namespace kinrow
