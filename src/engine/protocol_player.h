// An engine speaking the Gomocup protocol (Piskvork's "protocol 2", the brain side of
// which kinrow speaks in engine/gomocup_brain.h) as a match player, run as a child
// process: what a Gomocup manager does. Per game: START N (RECTSTART W,H on other
// boards; RESTART for the next game of the same process), INFO timeout_turn, INFO rule 0
// (free-style), then BEGIN on an empty board, BOARD ... DONE with the opening's stones,
// TURN with each opponent turn ("X,Y", from 0 at the top left; a p-stone turn as
// "X1,Y1 X2,Y2", as kinrow pbrain --p 2 speaks it). MESSAGE, DEBUG and SUGGEST lines are
// read past. A turn not answered within the turn time plus the grace forfeits the game;
// so do an exit, an ERROR or UNKNOWN answer, a malformed or illegal turn. After a forfeit
// the process is killed and a fresh one started for the next game; END stops it at the
// end of the match.
#pragma once

#include <memory>

#include "engine/player.h"

namespace kinrow {

// spec.command must be non-empty; spec.budget gives the turn time (seconds > 0). InputError
// for node budgets or proofs off, which the protocol cannot pass on.
std::unique_ptr<Player> make_protocol_player(const PlayerSpec& spec);

}  // namespace kinrow
