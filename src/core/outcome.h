// The value of a game from the empty board, named for the players.
#pragma once

namespace kinrow {

enum class Outcome { First, Second, Draw };  // the player who can force a win, or a draw

inline const char* outcome_word(Outcome o) {
  return o == Outcome::First ? "first" : o == Outcome::Second ? "second" : "draw";
}
inline const char* outcome_short(Outcome o) {
  return o == Outcome::First ? "1st" : o == Outcome::Second ? "2nd" : "draw";
}

}  // namespace kinrow
