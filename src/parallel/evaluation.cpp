#include "parallel/evaluation.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"

namespace kinrow {
namespace {

struct Row {
  Evaluation evaluation;
  ProofNumbers numbers;
};

constexpr Row kTable[] = {
    {Evaluation::AttackerWins, {0, kInfiniteNumber}},
    {Evaluation::Attacker4, {1, 18}},
    {Evaluation::Attacker3, {2, 12}},
    {Evaluation::Attacker2, {3, 10}},
    {Evaluation::Attacker1, {4, 8}},
    {Evaluation::Defender1, {8, 4}},
    {Evaluation::Defender2, {10, 3}},
    {Evaluation::Defender3, {12, 2}},
    {Evaluation::Defender4, {18, 1}},
    {Evaluation::DefenderWins, {kInfiniteNumber, 0}},
    {Evaluation::Stable, {6, 6}},
    {Evaluation::Unstable1, {5, 5}},
    {Evaluation::Unstable2, {4, 4}},
    {Evaluation::Unknown, {1, 1}},
};

const Row& row(Evaluation evaluation) {
  return kTable[static_cast<int>(evaluation)];
}

}  // namespace

ProofNumbers initial_numbers(Evaluation evaluation) {
  return row(evaluation).numbers;
}

bool favours_disproof(Evaluation evaluation) {
  const ProofNumbers n = initial_numbers(evaluation);
  return n.pn > n.dn;
}

Evaluation classify(uint32_t pn, uint32_t dn, bool attacker_moves, int moves) {
  if (pn == 0) return Evaluation::AttackerWins;
  if (dn == 0) return Evaluation::DefenderWins;
  // The side summed over the mover's moves, per move.
  const double per_move = std::max(1, moves);
  const double proof = attacker_moves ? pn : std::max(1.0, pn / per_move);
  const double disproof = attacker_moves ? std::max(1.0, dn / per_move) : dn;
  // How many doublings the disproof number is ahead of the proof number.
  const double lead = std::log2(disproof / proof);
  if (lead >= 4) return Evaluation::Attacker4;
  if (lead >= 2.5) return Evaluation::Attacker3;
  if (lead >= 1.5) return Evaluation::Attacker2;
  if (lead >= 0.75) return Evaluation::Attacker1;
  if (lead <= -4) return Evaluation::Defender4;
  if (lead <= -2.5) return Evaluation::Defender3;
  if (lead <= -1.5) return Evaluation::Defender2;
  if (lead <= -0.75) return Evaluation::Defender1;
  // Even: sharp where both sides are a few nodes from a proof.
  const double larger = std::max(proof, disproof);
  if (larger <= 4) return Evaluation::Unstable2;
  if (larger <= 16) return Evaluation::Unstable1;
  return Evaluation::Stable;
}

}  // namespace kinrow
