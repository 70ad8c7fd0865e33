// kdraw(p) of Theorem 2 (Chiang, Wu and Lin): for how short a k is Connect(k, p) drawn?
//
// MBBoardN(L, p) drawn (the breaker holds BN(L) against 1 to p stones a turn) gives
// Connect(3L - 1, p) drawn (Properties 1 and 2: BZ(L) tiles the plane so that every
// (3L-1)-segment holds a whole line, and is BN(L) as a hypergraph). The games are derived
// by the paper's lemmas from base games, which here are computed by the tree rules of
// tiles/strip.h, not taken from the paper:
//   Lemma 7   MBBoardN(L, p)                  => MBBoardNX(L, L - p - 1)
//   Lemma 11  MBBoardNX(L, b), 0 < b < L      => MBBoardN(2L + 1, 2L - b - 1)
//   Lemma 12  MBBoardNX(L, b), 0 < b < L      => MBBoardN(2L + 2, 2L - b)
//   (Lemmas 13 and 14 are 7 then 11, and 7 then 12), and the plain monotony of the
// games: fewer maker stones (MBBoardN(L, p) => MBBoardN(L, p - 1)) or a higher bound
// (MBBoardNX(L, b) => MBBoardNX(L, b + 1)) only help the breaker.
// The closure keeps, per L, the most stones p and the lowest bound b derived, each with
// the step that gave it, so every kdraw(p) comes with its chain.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace kinrow {

class KdrawClosure {
 public:
  // Derives every MBBoardN(L, p) and MBBoardNX(L, b) with L <= max_length from the base
  // games the tree rules prove with L <= base_length.
  KdrawClosure(int max_length, int base_length = 8);

  // The least L with MBBoardN(L, p') derived for some p' >= p, or nullopt.
  std::optional<int> least_length(int p) const;

  // The chain behind MBBoardN(L, most stones at L): one step a line, base first.
  std::vector<std::string> chain(int length) const;
  // The same on one line, "NX(2,1) [tree] -> N(5,2) [L11] -> ...".
  std::string chain_text(int length) const;

  int most_stones(int length) const { return n_[length].value; }  // 0: none derived
  int least_bound(int length) const { return x_[length].value; }  // -1: none derived

 private:
  struct Fact {
    int value;             // p for N, b for NX
    int lemma = 0;         // 7, 11 or 12; 0 for a base game
    std::string tree;      // a base game's proof by the tree rule
    bool from_nx = false;  // the parent: NX(parent) or N(parent)
    int parent = -1;       // the parent's L, -1 for a base game
  };
  void chain_of(bool nx, int length, std::vector<std::string>& out) const;

  int max_length_;
  std::vector<Fact> n_, x_;
};

// Theorem 2's kdraw(p) = 3p + 3d - 1, with P(d-1) < p <= P(d), P(d) = 2^d - d - 2; the
// formula as the paper states it, for comparison.
int paper_kdraw(int p);

// Hsieh and Tsai's bound, Connect(4p + 7, p) drawn.
constexpr int hsieh_tsai_kdraw(int p) { return 4 * p + 7; }

}  // namespace kinrow
