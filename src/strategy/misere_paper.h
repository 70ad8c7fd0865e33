// What Steele & Larremore claim (their Table 1 and Section III.6) about misère Connect-k on
// a w x h board: the reference `kinrow table misere` compares its computations with. It is only
// ever shown as "the paper says"; every value kinrow reports comes from search or from a
// verified strategy.
#pragma once

#include <optional>

#include "core/outcome.h"

namespace kinrow {

// The paper's claim, or nothing where it makes none (on an annulus it only remarks that
// take-even still works on even heights; odd heights are its open question).
std::optional<Outcome> misere_paper_claim(int k, int width, int height, bool annulus);

}  // namespace kinrow
