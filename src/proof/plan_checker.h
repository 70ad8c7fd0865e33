// The checker of pairing and matching-set strategies.
//
// A plan is checked by its structure, not by playing it out: every line the opponent
// can still complete must be guarded by one component, where a component guards the
// line's markers S when, for every covering attack -> reply {then}, either the reply lies
// in S or some component of `then` guards what is left of S (S without the attack).
// A guarded line ends up with a holder stone whatever the opponent does, because every
// opponent move on a marker is answered inside its component and moves elsewhere need
// no answer (an extra holder stone only helps). docs/pairing.md has the argument.
//
// Like the entry checker it shares with the solvers only the rules (core/position.h).
#pragma once

#include <cstddef>
#include <string>

#include "core/game.h"
#include "core/position.h"
#include "proof/certificate.h"

namespace kinrow {

// "" if `strategy` (which holds a plan) keeps its claim from `start`, else the first
// problem. `coverings` receives the number of coverings checked (the plan's size).
std::string check_plan_strategy(const Game& game, const Position& start, const Strategy& strategy,
                                std::size_t* coverings);

}  // namespace kinrow
