#include "book/verifier.h"

#include <chrono>
#include <sstream>
#include <stdexcept>

#include "core/notation.h"
#include "engine/completing_turn.h"
#include "games/board_dispatch.h"
#include "proof/checker.h"
#include "search/dfpn_certificate.h"
#include "search/zone_certificate.h"
#include "threats/defences.h"

namespace kinrow {
namespace {

using Clock = std::chrono::steady_clock;

std::string claimed(int attacker) { return attacker == 0 ? "first-player-win" : "second-player-win"; }

// The orders of kinrow defences' defaults (docs/threats.md): after a null move the
// attacker must win by double threats (p + 1), a whole turn is refuted by a win of
// order 2 (VCT with one stone a turn, VCST with two).
int zone_order_for(const Game& game) { return game.rules.stones_per_turn + 1; }
constexpr int kThreatOrder = 2;

std::string checked_text(const CheckReport& report) {
  const std::size_t n = report.positions_checked;
  return "checked, " + std::to_string(n) + (n == 1 ? " position" : " positions");
}

}  // namespace

Verifier::Verifier(const Game& game) : game_(game) {}
Verifier::~Verifier() = default;

const SymmetryGroup& Verifier::symmetry() {
  if (!symmetry_) symmetry_ = std::make_unique<SymmetryGroup>(automorphisms(game_));
  return *symmetry_;
}

DefenderTurns Verifier::defender_turns(const Position& position, int attacker, const VerifierBudget& budget) {
  DefenderTurns out;
  const Rules& rules = game_.rules;
  const bool threats_apply = ThreatSpaceSearch<1>::applies(rules) &&
                             !(rules.goal == Goal::MakerBreaker && attacker == 1) &&
                             position.stones_this_turn() == rules.stones_per_turn;
  if (!threats_apply) {
    out.turns = position.legal_turns();
    return out;
  }
  out.by_threats = true;
  BoardOptions options;
  options.near = rules.stones_per_turn + ZoneProfile<1>::kMaxExtra;
  const BoardTables tables(game_, options);
  with_board(tables, [&](auto board) {
    constexpr int W = decltype(board)::kWords;
    replay(board, position);
    ThreatSpaceSearch<W> search(tables);
    search.set_node_limit(budget.threat_nodes);
    const DefenceReport<W> report = list_defences(search, board, attacker, zone_order_for(game_), kThreatOrder);
    out.nodes = report.nodes;
    for (Move m : report.unrefuted) {
      fill_turn(board, m, board.stones_left_in_turn());  // a turn that completes his line
      out.turns.push_back(to_turn(m));
    }
    if (!report.unrefuted.empty()) return;
    // No turn left: the refutations as a certificate, re-derived by the checker.
    std::stringstream text;
    try {
      CertificateWriter writer(text, game_);
      write_zone_win(writer, tables, board, game_.spec, format_turns(game_, position.history()), attacker,
                     zone_order_for(game_), kThreatOrder);
    } catch (const std::logic_error& e) {
      out.reason = std::string("no defence left, but its zone certificate could not be written: ") + e.what();
      out.turns = position.legal_turns();
      return;
    }
    const CheckReport report_of_check = check_certificate(game_, text, symmetry());
    if (report_of_check.ok && report_of_check.proves == claimed(attacker)) {
      out.attacker_wins = true;
      out.reason = "no defence: threats refute every turn (zone certificate " + checked_text(report_of_check) + ")";
    } else {
      out.reason = "no defence left, but the checker rejected its zone certificate: " + report_of_check.error;
      out.turns = position.legal_turns();
    }
  });
  return out;
}

CertifiedWin Verifier::certify_by_dfpn(const Position& position, int attacker, const VerifierBudget& budget) {
  CertifiedWin out;
  DfpnOptions options;
  // A table the budget can fill (about 100,000 expansions a second, 50 bytes each).
  const double expected = budget.seconds > 0 ? 1e5 * budget.seconds : static_cast<double>(budget.nodes);
  options.table_megabytes = std::min<std::size_t>(64, static_cast<std::size_t>(expected * 50 / (1 << 20)) + 1);
  options.max_nodes = budget.nodes;
  const BoardTables tables(game_, dfpn_board_options(game_, options));
  with_board(tables, [&](auto board) {
    constexpr int W = decltype(board)::kWords;
    replay(board, position);
    Dfpn<W> dfpn(tables, options);
    const auto start = Clock::now();
    auto after = [&](double seconds) {
      return start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    };
    if (budget.seconds > 0) dfpn.set_deadline(after(budget.seconds));
    const std::optional<bool> wins = dfpn.attacker_wins(board, attacker);
    using Verdict = CertifiedWin::Verdict;
    if (!wins) {
      out.reason = "df-pn found no proof in " + std::to_string(dfpn.nodes()) + " nodes";
      return;
    }
    if (!*wins) {
      out.verdict = Verdict::Disproven;
      out.reason = "df-pn proves the attacker does not win here";
      return;
    }
    out.verdict = Verdict::Unread;
    // Reading the strategy may decide positions the table forgot: four times the budget.
    dfpn.set_max_nodes(budget.nodes ? 4 * budget.nodes : 0);
    if (budget.seconds > 0) dfpn.set_deadline(after(5 * budget.seconds));
    Certificate certificate;
    certificate.spec = game_.spec;
    certificate.start = format_turns(game_, position.history());
    try {
      certificate.strategies.push_back(strategy_from_proof(dfpn, board, attacker, Claim::Win));
    } catch (const std::logic_error& e) {
      out.reason = std::string("df-pn proof; its certificate could not be read within the budget (") + e.what() + ")";
      return;
    }
    const CheckReport report = check_certificate(game_, certificate, symmetry());
    if (report.ok && report.proves == claimed(attacker)) {
      out.verdict = Verdict::Checked;
      out.reason = "df-pn certificate " + checked_text(report);
    } else {
      out.verdict = Verdict::Rejected;
      out.reason = "the checker rejected df-pn's certificate: " + report.error;
    }
  });
  return out;
}

}  // namespace kinrow
