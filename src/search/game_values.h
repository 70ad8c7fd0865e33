// Conway's short partizan games in canonical form: the arithmetic behind row_values.h.
//
// A game is {left options | right options}; Left and Right alternate and whoever cannot
// move loses (normal play). Games are interned: each canonical form is stored once, so two
// ids given out are equal exactly when the games are equal, and sums and comparisons are memoised
// by id. The canonical form is the least form of a value (Conway, On Numbers and Games,
// ch. 10): dominated options deleted, reversible ones bypassed. It is what keeps sums of
// many small games small enough to compare with zero.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace kinrow {

class GameValues {
 public:
  using Id = int32_t;

  GameValues();

  Id zero() const { return zero_; }
  Id star() const { return star_; }  // {0 | 0}: a move either player may take
  Id one() const { return one_; }    // {0 | }: a move Left alone may take
  Id minus_one() const { return minus_one_; }

  // The canonical form of {left | right}, options given as ids of canonical games.
  Id make(std::vector<Id> left, std::vector<Id> right);
  Id add(Id g, Id h);
  Id negate(Id g);
  bool less_equal(Id g, Id h);  // g <= h: Left wins h - g when Right moves first

  // Outcomes: who wins moving first.
  bool left_wins_first(Id g) { return !less_equal(g, zero_); }
  bool right_wins_first(Id g) { return !less_equal(zero_, g); }

  std::size_t size() const { return forms_.size(); }

 private:
  struct Form {
    std::vector<Id> left, right;
  };
  struct FormHash {
    std::size_t operator()(const std::vector<Id>& v) const;
  };
  Id intern(std::vector<Id> left, std::vector<Id> right);

  std::vector<Form> forms_;
  std::vector<Id> negation_;  // -1 until computed
  std::unordered_map<std::vector<Id>, Id, FormHash> index_;  // left, then -1, then right
  std::unordered_map<uint64_t, bool> less_equal_;
  std::unordered_map<uint64_t, Id> sums_;
  Id zero_, star_, one_, minus_one_;
};

}  // namespace kinrow
