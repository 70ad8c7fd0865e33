#include "search/defences_proof.h"

#include <algorithm>
#include <unordered_map>

#include "core/clock.h"
#include "core/error.h"
#include "core/notation.h"
#include "games/board_dispatch.h"
#include "search/dfpn_certificate.h"

namespace kinrow {
namespace {

Turn sorted_turn(const Move& m) {
  Turn turn = to_turn(m);
  std::sort(turn.begin(), turn.end());
  return turn;
}

template <int W>
void prove_on(Board<W>& board, const DefencesOptions& options, int attacker, const std::string& start_moves,
              const DefencesProgress& progress, DefencesResult& out) {
  const BoardTables& tables = board.tables();
  const int turn_stones = board.stones_left_in_turn();
  auto start = std::chrono::steady_clock::now();
  ThreatSpaceSearch<W> threats(tables);
  threats.set_node_limit(options.threat_nodes);
  const DefenceReport<W> report = list_defences(threats, board, attacker, options.zone_order, options.threat_order);
  for (const auto& partial : report.partial) {
    PartialTurn turn{partial.placed.size ? sorted_turn(partial.placed) : Turn{}, partial.attacker_wins, {}};
    for (Cell c : partial.zone) turn.zone.push_back(c);
    out.partial.push_back(std::move(turn));
  }
  out.refuted = report.refuted;
  out.threat_nodes = report.nodes;
  for (const Move& m : report.unrefuted) {
    TurnProof turn;
    turn.turn = sorted_turn(m);
    turn.completes_line = m.size < turn_stones;
    if (turn.completes_line) turn.attacker_wins = false;
    out.turns.push_back(turn);
  }
  out.listing_seconds = seconds_since(start);
  if (progress.listed) progress.listed(out.turns.size());
  if (out.turns.empty()) out.attacker_wins = true;
  if (out.turns.empty() ? !options.certificate : !options.prove) return;

  start = std::chrono::steady_clock::now();
  Dfpn<W> dfpn(tables, options.dfpn);
  dfpn.begin(attacker);
  // A turn whose position is the image of an earlier one's under a symmetry of the game
  // has the same answer (the checker merges such positions too).
  std::unordered_map<Stones<W>, int, StonesHash> proved;
  const Canonicaliser<W>* symmetry = dfpn.symmetry();
  bool all_won = true, undecided = false;
  for (std::size_t i = 0; i < out.turns.size() && all_won; ++i) {
    TurnProof& proof = out.turns[i];
    const Move& m = report.unrefuted[i];
    if (!proof.completes_line) {
      proof.searched = true;
      const TurnResult result = board.play(m);
      if (result != TurnResult::Continues) {  // the board filled
        proof.attacker_wins = turn_winner(result, 1 - attacker, tables.rules) == attacker;
      } else {
        const Stones<W> key = symmetry ? symmetry->canonical(board.stones()).stones : board.stones();
        if (const auto it = proved.find(key); it != proved.end()) {
          proof.same_as = it->second;
          proof.attacker_wins = out.turns[static_cast<std::size_t>(it->second)].attacker_wins;
        } else {
          const auto begin = std::chrono::steady_clock::now();
          const uint64_t before = dfpn.nodes();
          proof.attacker_wins = dfpn.attacker_wins(board, attacker);
          proof.nodes = dfpn.nodes() - before;
          proof.seconds = seconds_since(begin);
          proved.emplace(key, static_cast<int>(i));
        }
      }
      board.undo(m);
    }
    if (progress.proved) progress.proved(i, proof);
    if (!proof.attacker_wins) undecided = true;
    else if (!*proof.attacker_wins) all_won = false;  // the defender holds: the question is answered
  }
  out.dfpn_nodes = dfpn.nodes();
  out.proof_seconds = seconds_since(start);
  if (!all_won) out.attacker_wins = false;
  else if (!undecided) out.attacker_wins = true;

  if (options.certificate && out.attacker_wins == true) {
    start = std::chrono::steady_clock::now();
    // The walk starts at the defender's node, which no proof here settled: zones answer
    // his turns, and every attacker node below is known to the table, won by threats,
    // or decided again.
    dfpn.begin(attacker);
    CertificateBuilder in_memory;
    CertificateSink& sink = options.certificate_sink ? *options.certificate_sink : in_memory;
    try {
      begin_certificate(sink, tables.game->spec, start_moves);
      write_strategy_from_proof(dfpn, board, attacker, Claim::Win, sink);
      end_certificate(sink);
      out.certificate_written = true;
      if (!options.certificate_sink) out.strategy = std::move(in_memory.certificate().strategies.back());
    } catch (const CertificateOutOfBudget&) {
      out.certificate_out_of_budget = true;
    }
    out.dfpn_nodes = dfpn.nodes();
    out.certificate_seconds = seconds_since(start);
  }
}

}  // namespace

void check_defences_position(const Position& position) {
  const Game& game = position.game();
  if (!ThreatSpaceSearch<1>::applies(game.rules))
    throw InputError("the defences are read by threats where completing a line wins: not under gravity or misere");
  if (position.over()) throw InputError("the game is over after these moves");
  const int attacker = 1 - position.to_move();
  if (game.rules.goal == Goal::MakerBreaker && attacker == 1)
    throw InputError("the attacker (the side not to move) cannot win in this game: his lines do not count");
}

DefencesResult prove_defences(const Position& position, const DefencesOptions& options,
                              const DefencesProgress& progress) {
  check_defences_position(position);
  const Game& game = position.game();
  const int attacker = 1 - position.to_move();
  DefencesResult out;
  const BoardTables tables(game, dfpn_board_options(game, options.dfpn));
  with_board(tables, [&](auto board) {
    replay(board, position);
    prove_on(board, options, attacker, format_turns(game, position.history()), progress, out);
  });
  return out;
}

}  // namespace kinrow
