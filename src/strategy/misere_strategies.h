// The strategies of Steele & Larremore (misère Connect-k), one factory per file.
#pragma once

#include <memory>

#include "strategy/strategy.h"

namespace kinrow {

std::unique_ptr<KnowledgeStrategy> make_take_even();            // take_even.cpp
std::unique_ptr<KnowledgeStrategy> make_delayed_take_even();    // take_even.cpp
std::unique_ptr<KnowledgeStrategy> make_take_other_rightmost();  // pair_balancing.cpp
std::unique_ptr<KnowledgeStrategy> make_tally();                // tally.cpp
std::unique_ptr<KnowledgeStrategy> make_canonical_boards();     // canonical_boards.cpp
std::unique_ptr<KnowledgeStrategy> make_play_on_top();          // play_on_top.cpp

}  // namespace kinrow
