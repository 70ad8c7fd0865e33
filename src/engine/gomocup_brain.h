// The Gomocup protocol (Piskvork's "protocol 2"), spoken by kinrow's engine so that it
// plays in Gomocup managers and GUIs (Piskvork, Yixin-Board) — and, with p stones a
// turn, the same protocol for Connect6 and its relatives (docs/engine.md, "Protocols").
//
// The manager writes one command a line on the brain's standard input and reads the
// answers on its standard output:
//   START N / RECTSTART W,H   a new N x N (W x H) board        -> OK | ERROR text
//   BEGIN                     the brain moves first            -> X,Y
//   TURN X,Y                  the opponent's move              -> X,Y
//   BOARD ... DONE            a position, "X,Y,F" a line (F 1: the brain's stone,
//                             2: the opponent's; 3, a continuous game's, is refused);
//                             then the brain moves             -> X,Y | one ERROR at DONE
//   TAKEBACK X,Y              take the stone back              -> OK
//   RESTART                   an empty board again             -> OK
//   INFO KEY VALUE            timeout_turn, timeout_match, time_left (ms), max_memory
//                             (bytes), rule (bit 1: exactly five, an overline does not
//                             win; renju and caro are not modelled) — no answer; a
//                             MESSAGE for a rule the brain cannot play comes before
//                             the answer to the next command (the manager reads no
//                             answer to INFO)
//   ABOUT                     -> name="kinrow", version=..., ...
//   END                       the brain exits, no answer
// X counts columns from 0 at the left, Y rows from 0 at the top. A line the brain cannot
// take gets "ERROR text" (a command it does not know: "UNKNOWN text"; a block of lines it
// does not know, such as SWAP2BOARD ... DONE, one UNKNOWN at DONE) and the brain goes on.
// A START that fails leaves no board. END ends the brain, inside a block too.
//
// With p > 1 stones a turn (q on the very first), TURN and the brain's answer carry a
// whole turn: "X1,Y1 X2,Y2". BOARD may list stones in any order: the brain orders each
// side's stones into turns (they cannot be told apart in a position without history).
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "engine/engine.h"

namespace kinrow {

struct BrainSettings {
  int k = 5;  // stones in a row to win
  int p = 1;  // stones a turn
  int q = 1;  // stones on the very first turn
  double default_turn_seconds = 5.0;  // when the manager sets no timeout_turn
  bool exact = false;  // an overline does not win (INFO rule 1; one stone a turn only)
};

class GomocupBrain {
 public:
  GomocupBrain(std::ostream& out, BrainSettings settings);
  ~GomocupBrain();

  // Handles one line from the manager; false after END.
  bool handle(const std::string& line);

  // The game and position the brain holds (tests read them); no game before START.
  const Position* position() const { return position_.get(); }

 private:
  void start(int width, int height);
  // INFO rule: the game again under the new rule, with the turns played so far.
  void set_rule(long long value);
  void play_own_turn();
  void board_command_done();
  void block_line(const std::string& line);
  std::optional<Turn> parse_turn(const std::string& text, std::string& error) const;
  std::string turn_text(const Turn& turn) const;
  // The cell at column x, row y counted from the top (the protocol's), both on the board.
  Cell cell_at(long x, long y) const;
  EngineOptions budget() const;

  std::ostream& out_;
  BrainSettings settings_;
  std::unique_ptr<Game> game_;
  std::unique_ptr<Position> position_;
  std::vector<Cell> cells_;  // by y * width + x, y from the top
  // A block of lines up to DONE (BOARD, or one the brain does not know, e.g. SWAP2BOARD):
  // its command, and the first problem met in it, answered once at DONE.
  std::string block_;
  std::string block_error_;
  std::vector<Cell> board_stones_[2];  // BOARD's lines so far: [0] the brain's, [1] the opponent's
  // MESSAGEs held back while the manager sends INFO (it reads no answer then).
  std::vector<std::string> held_messages_;
  // INFO, in milliseconds (-1: not given) and bytes. A negative time_left is given: the
  // brain is out of time and answers at once.
  long timeout_turn_ = -1;
  std::optional<long> time_left_;  // timeout_match: time_left says what is left of it
  long long max_memory_ = 0;
};

}  // namespace kinrow
