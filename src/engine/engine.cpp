#include "engine/engine.h"

#include <algorithm>
#include <chrono>
#include <memory>

#include "core/error.h"
#include "engine/completing_turn.h"
#include "engine/heuristic_search.h"
#include "games/board_dispatch.h"
#include "search/dfpn.h"
#include "threats/threat_space.h"

namespace kinrow {

namespace {

using Clock = std::chrono::steady_clock;

// The candidate turns checked against the opponent's threats before the engine gives up
// looking for one that survives (the rest are played as the heuristic ranks them).
constexpr int kRefutationChecks = 12;

}  // namespace

BoardOptions engine_board_options(const Game& game) {
  std::size_t longest = 0;
  for (const Line& line : game.lines) longest = std::max(longest, line.size());
  const int p = std::max(1, game.rules.stones_per_turn);
  BoardOptions options;
  // The threat search reads lines p + its zone levels short; the evaluation every line
  // with a stone on it (as far as it weighs them).
  options.near = std::max(p + ZoneProfile<1>::kMaxExtra,
                          std::min(static_cast<int>(longest) - 1, LineEvaluation<1>::kMaxMissing));
  return options;
}

namespace {

// A proof question under a budget: asked with a thousand nodes, then four times more
// each time, while the next ask fits before the deadline at the rate the last one ran
// and within `most` nodes. The searches keep their tables between asks, so a larger ask
// resumes more than it repeats. `ask(limit)` answers, or nullopt if it ran out.
template <class Ask, class Nodes>
std::optional<bool> ask_deepening(Ask&& ask, Nodes&& nodes, uint64_t most, Clock::time_point deadline) {
  uint64_t limit = std::min<uint64_t>(1000, most);
  for (;;) {
    const auto started = Clock::now();
    const uint64_t before = nodes();
    const std::optional<bool> answer = ask(limit);
    if (answer || limit >= most) return answer;
    const double per_node = std::chrono::duration<double>(Clock::now() - started).count() /
                            static_cast<double>(std::max<uint64_t>(1, nodes() - before));
    const uint64_t next = std::min(most, 4 * limit);
    const auto finish = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                           std::chrono::duration<double>(per_node * static_cast<double>(next)));
    if (finish > deadline) return std::nullopt;
    limit = next;
  }
}

// The proof searches the engine asks, built once per move: threat-space search on the
// engine's board, df-pn on a board of its own (its tables keep what its reductions read).
template <int W>
class Provers {
 public:
  Provers(const BoardTables& tables, const Position& position, const EngineOptions& options, uint64_t most_nodes)
      : tables_(tables), position_(position), options_(options), most_(most_nodes) {
    if (ThreatSpaceSearch<W>::applies(tables.rules)) threats_.emplace(tables);
  }

  bool has_threat_search() const { return threats_.has_value(); }

  // A threat-space win of `player` (his turn's stones left as the board says) of order
  // at most `max_order`, found before `deadline`; none if not.
  Move threat_win(Board<W>& board, int player, int max_order, Clock::time_point deadline) {
    if (!threats_ || !tables_.lines_count[player]) return {};
    const int stones = board.stones_left_in_turn();
    for (int order = 1; order <= max_order; ++order) {
      threats_->set_deadline(deadline);
      const auto ask = [&](uint64_t limit) -> std::optional<bool> {
        threats_->set_node_limit(limit);
        const uint64_t before = threats_->nodes();
        const bool won = threats_->wins(board, player, stones, order);
        const uint64_t used = threats_->nodes() - before;
        nodes_ += used;
        if (won) return true;
        if (used < limit && Clock::now() < deadline) return false;  // searched to the end: no win of this order
        return std::nullopt;
      };
      if (ask_deepening(ask, [&] { return threats_->nodes(); }, most_, deadline) == true) {
        const Move m = threats_->winning_turn(board, player, stones, order);
        if (m.size) return m;
      }
    }
    return {};
  }

  // Whether df-pn proves `player` wins from `board`'s position (the engine's board, at a
  // turn's start) before `deadline`; nullopt if it ran out. With `excluded` cells the
  // root's moves are restricted to the others (one-stone turns only).
  std::optional<bool> dfpn_wins(const Board<W>& board, int player, Clock::time_point deadline,
                                const Bits<W>& excluded = {}) {
    if (!tables_.lines_count[player]) return false;
    Board<W>& b = dfpn_board(board);
    dfpn_->set_deadline(deadline);
    const auto ask = [&](uint64_t limit) {
      dfpn_->set_max_nodes(limit);
      const uint64_t before = dfpn_->nodes();
      const std::optional<bool> won =
          excluded.any() ? dfpn_->attacker_wins_excluding(b, player, excluded) : dfpn_->attacker_wins(b, player);
      nodes_ += dfpn_->nodes() - before;
      return won;
    };
    return ask_deepening(ask, [&] { return dfpn_->nodes(); }, most_, deadline);
  }

  // After dfpn_wins said yes for the side to move: the winning turn, stone by stone from
  // the proof's root; empty if the proof decided the root without expanding it.
  Move dfpn_turn(const Board<W>& board, int player, Clock::time_point deadline) {
    Board<W>& b = dfpn_board(board);
    Move turn;
    const int stones = b.stones_left_in_turn();
    for (int s = 0; s < stones; ++s) {
      if (s > 0 && dfpn_wins(b, player, deadline) != true) break;
      Cell winning = -1;
      for (const auto& child : dfpn_->root_children())
        if (child.pn == 0) winning = child.move;
      if (winning < 0 || dfpn_->root_settled()) break;
      turn.cell[turn.size++] = static_cast<int16_t>(winning);
      if (b.place(winning)) break;  // completes a line: the rest of the turn is free
    }
    for (int i = turn.size - 1; i >= 0; --i) b.remove(turn.cell[i]);
    if (turn.size == 0) return {};
    fill_turn(board, turn, stones);  // a turn cut short by a completed line
    return turn;
  }

  uint64_t nodes() const { return nodes_; }

 private:
  // The df-pn board, set to `board`'s stones (the same cells: the same width).
  Board<W>& dfpn_board(const Board<W>& board) {
    if (!dfpn_) {
      DfpnOptions o;
      o.table_megabytes = options_.table_megabytes;
      // Pairings prove draws; on an open board they cost most of a win's proof and
      // never end it (measured: three quarters of the puzzles' time on 15x15).
      o.pairing = tables_.cells <= 64;
      dfpn_tables_ = std::make_unique<BoardTables>(position_.game(), dfpn_board_options(position_.game(), o));
      dfpn_ = std::make_unique<Dfpn<W>>(*dfpn_tables_, o);
      dfpn_board_ = std::make_unique<Board<W>>(*dfpn_tables_);
    }
    dfpn_board_->assign(board.stones());  // the refutation check asks after a turn of the engine's
    return *dfpn_board_;
  }

  const BoardTables& tables_;
  const Position& position_;
  const EngineOptions& options_;
  uint64_t most_;
  std::optional<ThreatSpaceSearch<W>> threats_;
  std::unique_ptr<BoardTables> dfpn_tables_;
  std::unique_ptr<Dfpn<W>> dfpn_;
  std::unique_ptr<Board<W>> dfpn_board_;
  uint64_t nodes_ = 0;
};

bool is_excluded(const std::vector<Turn>& excluded, const Move& move) {
  const Turn t = to_turn(move);
  return std::any_of(excluded.begin(), excluded.end(), [&](Turn e) {
    std::sort(e.begin(), e.end());
    return e == t;
  });
}

Evaluation classify_score(int64_t score, int64_t previous, int64_t unit) {
  if (is_decisive(score)) return score > 0 ? Evaluation::Attacker4 : Evaluation::Defender4;
  const double r = static_cast<double>(score) / static_cast<double>(unit);
  if (r >= 4) return Evaluation::Attacker4;
  if (r >= 2) return Evaluation::Attacker3;
  if (r >= 1) return Evaluation::Attacker2;
  if (r >= 0.4) return Evaluation::Attacker1;
  if (r <= -4) return Evaluation::Defender4;
  if (r <= -2) return Evaluation::Defender3;
  if (r <= -1) return Evaluation::Defender2;
  if (r <= -0.4) return Evaluation::Defender1;
  // Even; sharp if the last depth moved the score by a threat's worth or more.
  const double swing = std::abs(static_cast<double>(score - previous)) / static_cast<double>(unit);
  if (is_decisive(previous) || swing >= 1) return Evaluation::Unstable2;
  if (swing >= 0.4) return Evaluation::Unstable1;
  return Evaluation::Stable;
}

// Tables no larger than the budget can fill: clearing 64 MiB took longer than a
// 0.05 s move (found by kinrow match). About 50 bytes an entry, a node an entry at most,
// and some 100,000 nodes a second.
std::size_t table_megabytes_for(const EngineOptions& options) {
  const double nodes = options.seconds > 0 ? 100000.0 * options.seconds : static_cast<double>(options.nodes);
  const auto fill = static_cast<std::size_t>(nodes * 50 / (1 << 20)) + 1;
  return std::min(options.table_megabytes, fill);
}

template <int W>
EngineResult think_on(const BoardTables& tables, Board<W>& board, const Position& position,
                      const EngineOptions& given, Clock::time_point start) {
  EngineOptions options = given;
  options.table_megabytes = table_megabytes_for(given);
  EngineResult result;
  const int mover = board.to_move(), other = 1 - mover;
  // The budget's shares: proofs of the mover's win until 30 % of the time, the heuristic
  // search until 85 %, the refutation checks in the rest (each share may use what the one
  // before left). On a node budget each proof question may take a tenth of the nodes (or
  // proof_nodes) and the engine is deterministic — but for a guard of a second plus 20 µs
  // a node: a threat-space node of a two-stone game on 19x19 can take long enough that
  // a node count alone once ran for minutes (found by kinrow match).
  const bool timed = options.seconds > 0;
  const double guard = 1.0 + 20e-6 * static_cast<double>(options.nodes);
  auto at = [&](double share) {
    return start + std::chrono::duration_cast<Clock::duration>(
                       std::chrono::duration<double>(timed ? share * options.seconds : guard));
  };
  // (On nodes the heuristic search is bounded by its count; the guard covers each phase of
  // proofs, counted from its start.)
  const Clock::time_point proofs_until = at(0.3);
  const Clock::time_point search_until = timed ? at(0.85) : Clock::time_point::max();
  Clock::time_point deadline = at(1.0);
  uint64_t most_proof_nodes = options.proof_nodes;
  if (!most_proof_nodes) most_proof_nodes = timed ? ~uint64_t{0} : std::max<uint64_t>(1000, options.nodes / 10);
  auto finish = [&](const Move& move, MoveSource source, Evaluation evaluation) {
    result.move = to_turn(move);
    if (result.principal_variation.empty()) result.principal_variation.push_back(result.move);
    result.source = source;
    result.evaluation = evaluation;
    return result;
  };

  // 1. The rules.
  if (urgent_moves(board).urgency == Urgency::WinNow) {
    const Move m = completing_turn(board);
    if (m.size && !is_excluded(options.excluded, m)) return finish(m, MoveSource::CompletesLine, Evaluation::AttackerWins);
  }

  // 2. Proofs.
  Provers<W> provers(tables, position, options, most_proof_nodes);
  const int p = std::max(1, tables.rules.stones_per_turn);
  if (options.proofs) {
    const Move threat_win = provers.threat_win(board, mover, 2, proofs_until);
    if (threat_win.size && !is_excluded(options.excluded, threat_win)) {
      result.proof_nodes = provers.nodes();
      return finish(threat_win, MoveSource::ThreatSpace, Evaluation::AttackerWins);
    }
    Bits<W> excluded_cells;
    bool dfpn_applies = true;
    for (const Turn& t : options.excluded) {
      if (t.size() != 1) dfpn_applies = false;  // df-pn restricts a root by cells
      for (Cell c : t) excluded_cells.set(c);
    }
    if (dfpn_applies && (p == 1 || options.excluded.empty())) {
      const std::optional<bool> won = provers.dfpn_wins(board, mover, proofs_until, excluded_cells);
      if (won == true) {
        const Move m = provers.dfpn_turn(board, mover, deadline);
        if (m.size && !is_excluded(options.excluded, m)) {
          result.proof_nodes = provers.nodes();
          return finish(m, MoveSource::ProofSearch, Evaluation::AttackerWins);
        }
      }
      if (won == false && !options.excluded.empty()) result.others_do_not_win = true;
    }
  }

  // 3. The heuristic search.
  HeuristicSearch<W> search(tables, options.table_megabytes);
  HeuristicBudget budget;
  budget.deadline = search_until;
  budget.max_nodes = options.nodes;
  std::vector<Move> excluded;
  for (const Turn& t : options.excluded) excluded.push_back(board_move(tables, t));
  HeuristicResult<W> ranked = search.run(board, budget, excluded);
  result.nodes = ranked.nodes;
  result.depth = ranked.depth;
  if (ranked.turns.empty()) {
    std::vector<Move> legal;
    board.generate(legal);
    result.others_lose = std::all_of(legal.begin(), legal.end(), [&](const Move& m) { return is_excluded(options.excluded, m); });
    result.proof_nodes = provers.nodes();
    result.evaluation = Evaluation::Unknown;
    return result;
  }

  // 4. The best turn the opponent's threats (or a small df-pn) do not refute.
  if (!timed)
    deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(guard));
  // Each check may use an equal part of what is left, and at least a twentieth of the
  // budget (a check cut short finds no refutation: the turn is played).
  Clock::time_point check_until = deadline;
  const Clock::duration twentieth =
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(0.05 * options.seconds));
  auto refuted = [&](const Move& m) {
    if (!options.proofs) return false;
    if (board.play(m) != TurnResult::Continues) {
      board.undo(m);
      return false;
    }
    bool lost;
    if (provers.has_threat_search()) lost = provers.threat_win(board, other, 2, check_until).size > 0;
    else lost = provers.dfpn_wins(board, other, check_until) == true;
    board.undo(m);
    return lost;
  };
  const int checks = std::min<int>(kRefutationChecks, static_cast<int>(ranked.turns.size()));
  for (int i = 0; i < checks; ++i) {
    const RootTurn<W>& t = ranked.turns[static_cast<std::size_t>(i)];
    const auto now = Clock::now();
    if (i > 0 && now >= deadline) break;
    if (timed) {
      const Clock::duration share = std::max<Clock::duration>((deadline - now) / (checks - i), twentieth);
      check_until = now + share;
    }
    if (!refuted(t.move)) {
      result.score = t.score;
      if (i == 0) {
        for (const Move& m : ranked.principal_variation) result.principal_variation.push_back(to_turn(m));
      }
      result.proof_nodes = provers.nodes();
      return finish(t.move, MoveSource::Heuristic, classify_score(t.score, ranked.previous_best, search.threat_weight()));
    }
    result.refuted.push_back(to_turn(t.move));
  }
  // Every turn checked loses. If that was every legal turn the loss is sure.
  result.proof_nodes = provers.nodes();
  result.score = ranked.turns.front().score;
  std::vector<Move> legal;
  board.generate(legal);
  const bool all_checked = result.refuted.size() + options.excluded.size() >= legal.size() &&
                           static_cast<int>(ranked.turns.size()) == checks;
  if (all_checked && !options.excluded.empty()) result.others_lose = true;
  return finish(ranked.turns.front().move, MoveSource::NoChoice,
                all_checked ? Evaluation::DefenderWins : Evaluation::Defender4);
}

}  // namespace

const char* move_source_name(MoveSource source) {
  switch (source) {
    case MoveSource::CompletesLine: return "completes-line";
    case MoveSource::ThreatSpace: return "threat-space";
    case MoveSource::ProofSearch: return "proof-search";
    case MoveSource::Heuristic: return "heuristic";
    case MoveSource::NoChoice: return "no-choice";
  }
  return "?";
}

EngineResult think(const Position& position, const EngineOptions& options) {
  const auto start = Clock::now();
  if (position.over()) throw InputError("the game is over: there is no move to find");
  const Rules& rules = position.game().rules;
  if (rules.stones_per_turn < 1 || breaker_answers_in_kind(rules))
    throw InputError("the engine plays games of a fixed number of stones a turn, not the tile games");
  if (options.seconds <= 0 && options.nodes == 0)
    throw InputError("the engine needs a budget: a time in seconds or a node count");
  const BoardTables tables(position.game(), engine_board_options(position.game()));
  EngineResult result = with_board(tables, [&](auto board) {
    replay(board, position);
    return think_on(tables, board, position, options, start);
  });
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

}  // namespace kinrow
