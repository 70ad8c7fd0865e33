// The book's Verifier (seed 001's NCTU6-Verifier): at a defender node, the defender turns
// worth a reply, and the proofs that the attacker wins there — each re-derived by the
// independent checker (proof/checker.h) before the book calls the node proven.
//
// Two proofs are asked for, the cheaper first:
// - none of the defender's turns is left by threats/defences.h: the zones and threat
//   wins that refute them are written as a zone certificate (search/zone_certificate.h)
//   and checked;
// - df-pn proves the attacker's win (where the engine said its win was sure), and the
//   certificate read off that proof (search/dfpn_certificate.h) is checked.
// A certificate the checker rejects never makes a node proven.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/position.h"
#include "core/symmetry.h"

namespace kinrow {

struct VerifierBudget {
  double seconds = 1.0;  // a df-pn proof's wall time (0: none; then give nodes)
  uint64_t nodes = 0;    // a df-pn proof's expansions (0: no limit)
  uint64_t threat_nodes = 65536;  // each threat question of the defences list
};

struct DefenderTurns {
  // The defender's turns left to answer: by the threats where they apply (normal and
  // Maker-Breaker games without gravity), else every legal turn. Each a whole turn (a
  // turn that completes the defender's line filled up with any free cells).
  std::vector<Turn> turns;
  bool by_threats = false;      // the threats made the list (else: every legal turn)
  bool attacker_wins = false;   // no turn is left and the zone certificate checked
  std::string reason;           // why the node is proven; or why the certificate failed
  uint64_t nodes = 0;           // threat-space search nodes
};

struct CertifiedWin {
  enum class Verdict : uint8_t {
    Checked,      // df-pn proved the attacker's win and the checker accepted its certificate
    Unread,       // df-pn proved it, but its certificate could not be read within the budget
    RanOut,       // df-pn found no proof within the budget
    Disproven,    // df-pn proved that the attacker does not win
    Rejected,     // the checker rejected df-pn's certificate (a bug somewhere: never a proof)
  };
  Verdict verdict = Verdict::RanOut;
  std::string reason;
};

class Verifier {
 public:
  // `game` must outlive the verifier.
  explicit Verifier(const Game& game);
  ~Verifier();

  // `position`: the defender to move at a turn's start, the game not over; `attacker`
  // the other side.
  DefenderTurns defender_turns(const Position& position, int attacker, const VerifierBudget& budget);

  // The attacker's win from `position` (the defender to move) by df-pn, with its
  // certificate checked when df-pn finds one within the budget.
  CertifiedWin certify_by_dfpn(const Position& position, int attacker, const VerifierBudget& budget);

 private:
  const SymmetryGroup& symmetry();  // computed once, when a certificate is first checked
  const Game& game_;
  std::unique_ptr<SymmetryGroup> symmetry_;
};

}  // namespace kinrow
