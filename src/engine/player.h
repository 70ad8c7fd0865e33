// A player of kinrow match (engine/match.h): kinrow's engine in this process under a
// budget, or any engine speaking the Gomocup protocol as a child process
// (engine/protocol_player.h). The match asks each for its turns and judges them by the
// rules; a player that cannot answer — it crashed, hung past its time, wrote garbage, or
// chose an illegal turn — forfeits that game, and the reason is kept with the result.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "engine/engine.h"

namespace kinrow {

struct PlayerSpec {
  std::string name;              // for tables and progress lines
  EngineOptions budget;          // the engine's (seconds, nodes, proofs, table)
  std::vector<std::string> command;  // an external engine: program and arguments; empty: kinrow in process
  // An external engine forfeits when a turn takes longer than budget.seconds plus this
  // (the pipe, the process's start, a loaded machine).
  double grace_seconds = 1.0;
};

// A turn, or why the player gives the game up.
struct PlayerMove {
  Turn turn;
  std::string forfeit;  // non-empty: no turn, for this reason ("no answer within 1.2 s")
  double seconds = 0;   // wall time the answer took
};

class Player {
 public:
  virtual ~Player() = default;
  // A game of `game` starts (the same game all match); "" or why the player cannot play it.
  virtual std::string new_game(const Game& game) = 0;
  // The player's turn at `position` (its history is the whole game, opening included).
  virtual PlayerMove move(const Position& position) = 0;
  // The game ended; `forfeited`: by this player's forfeit (its state is then unknown).
  virtual void game_over(bool forfeited) { (void)forfeited; }
};

// The player a spec describes. InputError if an external engine is asked for a budget the
// protocol cannot give it (nodes, proofs off).
std::unique_ptr<Player> make_player(const PlayerSpec& spec);

// Why the Gomocup protocol cannot play `game`, or "" if it can: mnk boards (any k, p, q),
// normal goal, no gravity, no cylinder, at most 32 columns and rows.
std::string protocol_cannot_play(const Game& game);

}  // namespace kinrow
