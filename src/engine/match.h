// kinrow match: two players (engine/player.h) play each other over balanced openings
// (engine/openings.h), each opening twice with the colours swapped, so that neither gains
// from the first move or from a lopsided opening; the result is a table of wins, draws
// and losses by colour and the Elo difference with its 95% interval (engine/elo.h).
// Games may run on several threads, each with its own pair of players; the games and
// their order in the result do not depend on that, and with node budgets on both sides
// neither do the moves.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "engine/elo.h"
#include "engine/openings.h"
#include "engine/player.h"

namespace kinrow {

struct MatchOptions {
  int games = 100;
  OpeningOptions openings;  // count 0: one opening per pair of games
  int concurrency = 1;      // games played at once
};

struct GameRecord {
  int index = 0;          // from 0; games 2i and 2i+1 share an opening
  int opening = 0;        // index into MatchResult::openings
  bool a_first = true;    // A had the first player's side
  int winner = -1;        // 0 A, 1 B, -1 a draw
  std::string reason;     // "B completes a line", "board full", "A forfeits: no answer within 1.10 s"
  std::vector<Turn> turns;  // the whole game, the opening's turns first
  int opening_turns = 0;
  double seconds[2] = {0, 0};  // A's and B's thinking time
  int moves[2] = {0, 0};       // turns A and B played

  double points_a() const { return winner == 0 ? 1 : winner == 1 ? 0 : 0.5; }
};

struct MatchResult {
  std::string names[2];
  OpeningSet openings;
  std::vector<GameRecord> games;  // by index
  EloEstimate elo;  // A over B
};

// Wins, draws and losses of player `who` (0 A, 1 B) in the games where he played
// `side` (0 first, 1 second, -1 either).
struct Tally {
  int wins = 0, draws = 0, losses = 0;
};
Tally tally(const std::vector<GameRecord>& games, int who, int side = -1);

// Called as each game ends (from the thread that played it, one call at a time), with
// the number of games finished so far.
using GameReport = std::function<void(const GameRecord& game, int finished)>;

// InputError if a player cannot be made (see make_player). A player that cannot start
// or play a game forfeits it; the match goes on.
MatchResult play_match(const Game& game, const PlayerSpec& a, const PlayerSpec& b, const MatchOptions& options,
                       const GameReport& report = {});

}  // namespace kinrow
