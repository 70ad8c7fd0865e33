// The certificate checker: re-plays a certificate against every defence.
//
// It shares nothing with the solvers but the rules (core/position.h) and the symmetry
// group of the game (core/symmetry.h), so a bug in a solver cannot hide in it. Positions
// are kept packed, two bits a cell (proof/packed_position.h), in flat tables.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>

#include "core/game.h"
#include "core/symmetry.h"
#include "proof/certificate.h"

namespace kinrow {

struct CheckReport {
  bool ok = false;
  // What the certificate proves when ok, from the start position, named for the players:
  // "first-player-win", "second-player-win", "draw", or with one not-lose strategy only
  // "first-player-not-lose" / "second-player-not-lose"; and for the side to move at the
  // start: "win", "loss", "draw", "not-lose", "not-win".
  std::string proves;
  std::string to_move_value;
  std::string start;  // the certificate's start: the moves to the position proved; "" the empty board
  std::string error;  // the first problem found, when !ok
  std::size_t positions_checked = 0;  // positions, up to symmetry, shown to keep the claim
                                      // (summed over the strategies)
  // Games ended by a holder's immediate win found without canonicalising (strategies
  // under win-now whose entries never stand where such a win exists); counted each time
  // reached, not merged by symmetry, and not part of positions_checked.
  std::size_t immediate_wins = 0;
  // Positions where the claim could no longer fail because every line the opponent
  // needs is spoiled (a not-lose claim; a breaker's win): play stops there. Counted each
  // time reached.
  std::size_t dead_ends = 0;
  // Positions where the holder pairs every line the opponent could still complete
  // (proof/pairing_rule.h): play stops there too. Counted each time reached.
  std::size_t paired_ends = 0;
  // Partial turns of the opponent (null and seminull moves) after which a sub-proof's
  // relevance zone answered the turns that add irrelevant stones (the zones rule).
  std::size_t zone_answers = 0;
  // Turns of the opponent answered by a position where he owns more (the stronger rule:
  // the position played out once, each turn within it counted here).
  std::size_t stronger_answers = 0;
  // Positions where the breaker holds by the forest rule (proof/forest_rule.h): play
  // stops there too. Counted each time reached.
  std::size_t forest_ends = 0;
  std::size_t entries = 0;  // entries in the certificate
  std::size_t entries_unreached = 0;  // entries that play under the strategy never uses
};

// Where a long check stands: which strategy, whether its entries are still being read
// or it is being played out, and the totals so far over all strategies.
struct CheckProgress {
  int strategy = 0;  // from 1, in the certificate's order
  int holder = 0;
  bool reading = true;  // reading the strategy's entries; false: playing it out
  std::size_t entries = 0;
  std::size_t positions = 0;
};

// What to check beyond the board the certificate is written for, and whom to tell how far
// the check has come.
struct CheckOptions {
  // That the claim holds on the unbounded board too (kinrow verify --infinite): the game
  // must be a plain k-in-a-row board and the claim a win proved with relevance zones. The
  // lines across the board's edge are read like its own, and every turn of the opponent
  // must be answered by zones, which are what answer his stones off the board
  // (proof/unbounded_board.h; docs/certificates.md, "The unbounded board"). When ok is
  // false, error says what ties the proof to the bounded board.
  bool infinite = false;
  // Called when a strategy's reading or playing out begins and ends, and in between every
  // 65,536 entries read or 16,384 positions visited (the caller decides what to show).
  std::function<void(const CheckProgress&)> on_progress;
};

CheckReport check_certificate(const Game& game, const Certificate& certificate);
CheckReport check_certificate(const Game& game, const Certificate& certificate, const CheckOptions& options);

// The same with the game's symmetry group computed by the caller (it costs more than a
// small check), e.g. automorphisms(game).
CheckReport check_certificate(const Game& game, const Certificate& certificate,
                              const SymmetryGroup& symmetry, const CheckOptions& options = {});

// Reads a certificate's text and checks it as it reads (proof/certificate.h's sink), so
// that only the lookup of one strategy, in packed positions, is ever held: the way to
// check certificates of tens of millions of entries. Form errors throw InputError as
// read_certificate does; the first problem found stops the reading.
CheckReport check_certificate(const Game& game, std::istream& in, const CheckOptions& options = {});
CheckReport check_certificate(const Game& game, std::istream& in, const SymmetryGroup& symmetry,
                              const CheckOptions& options = {});

}  // namespace kinrow
