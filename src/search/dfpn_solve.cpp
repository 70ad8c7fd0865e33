#include "search/dfpn_solve.h"

#include "core/clock.h"
#include "core/notation.h"
#include "core/symmetry.h"
#include "games/board_dispatch.h"
#include "search/dfpn_certificate.h"

namespace kinrow {
namespace {

Strategy empty_strategy(int holder, Claim claim) {
  Strategy strategy;
  strategy.holder = holder;
  strategy.claim = claim;
  return strategy;
}

// The two proofs on the game's board, and the strategies read off them.
template <int W>
void prove(Board<W>& board, const DfpnOptions& options, bool certificate, std::optional<int> only_winner,
           DfpnResult& result, std::vector<Strategy>& strategies) {
  Dfpn<W> dfpn(board.tables(), options);
  const int me = board.to_move();
  double reading = 0;
  // After a proof of `attacker`'s question, the strategy it shows, if one is asked for.
  auto read = [&](int holder, Claim claim) {
    if (!certificate) return;
    const auto begin = std::chrono::steady_clock::now();
    const uint64_t before = dfpn.nodes();
    try {
      strategies.push_back(strategy_from_proof(dfpn, board, holder, claim));
    } catch (const CertificateOutOfBudget&) {
      result.certificate_out_of_budget = true;
    }
    result.certificate_nodes += dfpn.nodes() - before;
    reading += seconds_since(begin);
  };
  if (only_winner) {
    const int attacker = *only_winner;
    const std::optional<bool> wins = dfpn.attacker_wins(board, attacker);
    result.nodes = dfpn.nodes();
    if (!wins) {
      result.complete = false;
    } else if (*wins) {
      result.value = attacker == me ? Value::Win : Value::Loss;
      read(attacker, Claim::Win);
    } else {
      result.not_lose = 1 - attacker;
      read(1 - attacker, Claim::NotLose);
    }
    result.certificate_seconds = reading;
    return;
  }
  const std::optional<bool> wins = dfpn.attacker_wins(board, me);
  result.nodes = dfpn.nodes();
  if (!wins) {
    result.complete = false;
  } else if (*wins) {
    result.value = Value::Win;
    read(me, Claim::Win);
  } else {
    read(1 - me, Claim::NotLose);
    const uint64_t spent = dfpn.nodes();
    const std::optional<bool> loses = dfpn.attacker_wins(board, 1 - me);
    result.nodes += dfpn.nodes() - spent;
    if (!loses) {
      result.complete = false;
    } else if (*loses) {
      result.value = Value::Loss;
      strategies.clear();  // the win replaces the not-lose
      read(1 - me, Claim::Win);
    } else {
      result.value = Value::Draw;
      read(me, Claim::NotLose);
    }
  }
  result.certificate_seconds = reading;
}

}  // namespace

DfpnResult dfpn_solve(const Position& position, const DfpnOptions& options, bool certificate,
                      std::optional<int> only_winner) {
  const auto start = std::chrono::steady_clock::now();
  DfpnResult result;
  const int me = position.to_move();
  std::vector<Strategy> strategies;
  if (position.over()) {
    // A finished game needs no entries: the checker reads its end.
    const int w = position.winner();
    result.value = w == kNoPlayer ? Value::Draw : w == me ? Value::Win : Value::Loss;
    if (w == kNoPlayer) {
      strategies.push_back(empty_strategy(me, Claim::NotLose));
      strategies.push_back(empty_strategy(1 - me, Claim::NotLose));
    } else {
      strategies.push_back(empty_strategy(w, Claim::Win));
    }
  } else {
    const Game& game = position.game();
    const BoardTables tables(game, dfpn_board_options(game, options));
    with_board(tables, [&](auto board) {
      replay(board, position);
      prove(board, options, certificate, only_winner, result, strategies);
    });
  }
  if (certificate && result.complete && !result.certificate_out_of_budget) {
    Certificate& out = result.certificate.emplace();
    out.spec = position.game().spec;
    out.start = format_turns(position.game(), position.history());
    out.strategies = std::move(strategies);
  }
  result.seconds = seconds_since(start) - result.certificate_seconds;
  return result;
}

}  // namespace kinrow
