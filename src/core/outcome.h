// Results, named once: a search's value for the side to move, and the game's value named
// for the players. (A certificate's promise to its holder is a Claim, proof/certificate.h.)
#pragma once

namespace kinrow {

enum class Value { Loss = -1, Draw = 0, Win = 1 };  // for the side to move

enum class Outcome { First, Second, Draw };  // the player who can force a win, or a draw

// The game's outcome when the side to move (`to_move`, 0 or 1) has `value`.
constexpr Outcome game_outcome(Value value, int to_move) {
  if (value == Value::Draw) return Outcome::Draw;
  return (value == Value::Win) == (to_move == 0) ? Outcome::First : Outcome::Second;
}

inline const char* value_name(Value v) { return v == Value::Win ? "win" : v == Value::Loss ? "loss" : "draw"; }
inline const char* outcome_name(Outcome o) {  // as JSON and reports write it
  return o == Outcome::First ? "first-player-win" : o == Outcome::Second ? "second-player-win" : "draw";
}
inline const char* outcome_word(Outcome o) {
  return o == Outcome::First ? "first" : o == Outcome::Second ? "second" : "draw";
}
inline const char* outcome_short(Outcome o) {
  return o == Outcome::First ? "1st" : o == Outcome::Second ? "2nd" : "draw";
}
// The game's value as a report writes it, from the side to move's.
inline const char* game_value_name(Value value, int to_move) { return outcome_name(game_outcome(value, to_move)); }

}  // namespace kinrow
