#include "parallel/job.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/error.h"
#include "core/notation.h"
#include "core/spec.h"
#include "engine/engine.h"
#include "games/board_dispatch.h"
#include "games/families.h"
#include "search/dfpn.h"
#include "threats/defences.h"

namespace kinrow {
namespace {

using Json = nlohmann::json;

JobKind job_kind_from_name(const std::string& name) {
  if (name == "best-move") return JobKind::BestMove;
  if (name == "expand") return JobKind::Expand;
  if (name == "defences") return JobKind::Defences;
  throw InputError("unknown job kind \"" + printable(name) + "\"");
}

std::vector<Cell> cells_of(const Json& json) {
  std::vector<Cell> cells;
  for (const Json& c : json) cells.push_back(c.get<Cell>());
  return cells;
}

template <class F>
auto parsed(const std::string& text, const char* what, F&& read) {
  try {
    return read(Json::parse(text));
  } catch (const Json::exception& e) {
    throw InputError(std::string("malformed ") + what + ": " + e.what());
  }
}

// The engine's choice among the children df-pn left open (NCTU6's "best move outside the
// list, with an evaluation"), with its class from the attacker's seat; none if the engine
// names no open child. The engine answers for the side to move at `node` after its best
// turn; a class it did not prove (it searches without proofs here) is capped below a sure
// result, for only df-pn's answers decide nodes.
std::optional<std::pair<Cell, Evaluation>> engine_choice(const Position& node, const JobSpec& spec,
                                                         const std::vector<Cell>& open) {
  EngineOptions options;
  options.seconds = 0;  // on nodes only: the same answer every run
  options.nodes = spec.engine_nodes;
  options.proofs = false;
  options.table_megabytes = static_cast<std::size_t>(spec.table_megabytes);
  for (const Turn& turn : node.legal_turns())
    if (std::find(open.begin(), open.end(), turn.front()) == open.end()) options.excluded.push_back(turn);
  const EngineResult chosen = think(node, options);
  if (chosen.move.size() != 1 || std::find(open.begin(), open.end(), chosen.move.front()) == open.end())
    return std::nullopt;
  Evaluation evaluation = chosen.evaluation;
  if (evaluation == Evaluation::AttackerWins) evaluation = Evaluation::Attacker4;
  if (evaluation == Evaluation::DefenderWins) evaluation = Evaluation::Defender4;
  if (node.to_move() != spec.attacker) evaluation = from_other_side(evaluation);
  return std::pair{chosen.move.front(), evaluation};
}

// `node`: the job's position as a game, when the engine chooses its child (best-move with
// engine nodes, at a turn of one stone); else null.
template <int W>
JobResult run_on(Board<W>& board, const JobSpec& spec, const Position* node,
                 const std::atomic<bool>* cancel) {
  DfpnOptions options;
  options.threads = 1;  // one thread: the same answer every run
  options.table_megabytes = static_cast<std::size_t>(spec.table_megabytes);
  options.max_nodes = spec.node_budget;
  if (cancel)
    options.on_progress = [cancel](uint64_t, uint32_t, uint32_t) {
      if (cancel->load(std::memory_order_relaxed)) throw JobCancelled{};
    };
  Dfpn<W> dfpn(board.tables(), options);
  Bits<W> excluded;
  for (Cell c : spec.excluded) excluded.set(c);
  const std::optional<bool> answer =
      spec.kind == JobKind::BestMove ? dfpn.attacker_wins_excluding(board, spec.attacker, excluded)
                                     : dfpn.attacker_wins(board, spec.attacker);
  JobResult result;
  result.nodes = dfpn.nodes() + dfpn.threat_nodes();  // as the budget counts them
  result.pn = dfpn.root_pn();
  result.dn = dfpn.root_dn();
  const auto& children = dfpn.root_children();
  const bool attacker_moves = board.to_move() == spec.attacker;
  // A child with its class (parallel/evaluation.h), which needs how many moves df-pn
  // tries there; a decided child's class is its outcome.
  auto child_report = [&](Cell move, uint32_t pn, uint32_t dn) {
    if (pn == 0 || dn == 0) return ChildReport{move, classify(pn, dn), pn, dn};
    board.place(move);
    const int moves = dfpn.moves_to_try(board).count();
    const bool attacker_next = board.to_move() == spec.attacker;
    board.remove(move);
    return ChildReport{move, classify(pn, dn, attacker_next, moves), pn, dn};
  };
  // The child that decides the node the way the search answered (its own number 0).
  auto decisive = [&](bool attacker_wins) -> std::optional<ChildReport> {
    for (const auto& c : children)
      if ((attacker_wins ? c.pn : c.dn) == 0) return child_report(c.move, c.pn, c.dn);
    return std::nullopt;
  };
  if (answer && dfpn.root_settled()) {
    result.decided = *answer;  // by the rules or the knowledge, whatever the list
    return result;
  }
  if (answer && spec.kind == JobKind::Expand) {
    result.decided = *answer;
    if (const auto child = decisive(*answer)) result.children.push_back(*child);
    return result;
  }
  if (answer) {
    // Best-move: one child outside the list decides the node (the mover's win), or none
    // does and the list holds every child that matters ("every other move loses").
    if (*answer == attacker_moves) {
      const auto child = decisive(*answer);
      if (!child)
        throw std::logic_error("job: df-pn decided an expanded node with no decisive child");
      result.children.push_back(*child);
    } else {
      result.complete = true;
    }
    return result;
  }
  // Undecided: the children the budget decided (they join the list), and for best-move
  // the one the side to move would search next, for expand all of them.
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < children.size(); ++i) {
    const auto& c = children[i];
    const bool settled = c.pn == 0 || c.dn == 0;
    if (settled || spec.kind == JobKind::Expand) {
      result.children.push_back(child_report(c.move, c.pn, c.dn));
      continue;
    }
    const uint32_t mine = attacker_moves ? c.pn : c.dn;
    if (!best || mine < (attacker_moves ? children[*best].pn : children[*best].dn)) best = i;
  }
  if (spec.kind == JobKind::Expand) {
    result.complete = true;
  } else if (best) {
    // The engine's pick where it applies and names an open child, else df-pn's.
    std::optional<std::pair<Cell, Evaluation>> picked;
    if (node) {
      std::vector<Cell> open;
      for (const auto& c : children)
        if (c.pn != 0 && c.dn != 0) open.push_back(c.move);
      picked = engine_choice(*node, spec, open);
    }
    if (picked) {
      const auto& c = *std::find_if(children.begin(), children.end(),
                                    [&](const auto& c) { return c.move == picked->first; });
      result.children.push_back(ChildReport{c.move, picked->second, c.pn, c.dn});
    } else {
      result.children.push_back(
          child_report(children[*best].move, children[*best].pn, children[*best].dn));
    }
  } else {
    result.complete = true;  // every child outside the list settled, none the mover's way
  }
  return result;
}

// A defences job on `board` (the defender at the start of a whole turn: p stones, q on
// the game's first, fewer where the board runs out); none where his pass loses to no
// threat (or the attacker is a breaker, whose lines do not count), so that the zones
// would restrict nothing.
template <int W>
std::optional<JobResult> run_defences(Board<W>& board, const JobSpec& spec) {
  if (!board.tables().lines_count[spec.attacker]) return std::nullopt;  // a breaker wins by no threat
  ThreatSpaceSearch<W> search(board.tables());
  search.set_node_limit(spec.node_budget);
  // kinrow defences' defaults: the default zones and threat order.
  const int zone_order = default_zone_order(board.tables().rules.stones_per_turn, board.stones_left_in_turn());
  const DefenceReport<W> report = list_defences(search, board, spec.attacker, zone_order, kDefaultDefenceThreatOrder);
  if (report.partial.empty() || !report.partial.front().attacker_wins) return std::nullopt;
  JobResult result;
  result.nodes = report.nodes;
  if (report.unrefuted.empty()) {
    result.decided = true;
    return result;
  }
  for (const Move& m : report.unrefuted) {
    TurnReport turn;
    for (int i = 0; i < m.size; ++i) {
      const Cell c = m.cell[static_cast<std::size_t>(i)];
      if (board.result_of(c, board.to_move()) != kGoesOn) turn.evaluation = Evaluation::DefenderWins;
      turn.stones.push_back(c);
      board.place(c);
    }
    for (int i = m.size; i-- > 0;) board.remove(m.cell[static_cast<std::size_t>(i)]);
    result.turns.push_back(std::move(turn));
  }
  result.complete = true;
  result.pn = static_cast<uint32_t>(result.turns.size());  // every turn must be proved
  result.dn = 1;
  return result;
}

}  // namespace

const char* job_kind_name(JobKind kind) {
  switch (kind) {
    case JobKind::BestMove:
      return "best-move";
    case JobKind::Expand:
      return "expand";
    case JobKind::Defences:
      return "defences";
  }
  return "?";
}

std::string job_spec_json(const JobSpec& spec) {
  Json out;
  out["kind"] = job_kind_name(spec.kind);
  out["attacker"] = spec.attacker;
  out["path"] = spec.path;
  out["excluded"] = spec.excluded;
  out["budget"] = spec.node_budget;
  out["table_mb"] = spec.table_megabytes;
  if (spec.engine_nodes) out["engine_nodes"] = spec.engine_nodes;
  return out.dump();
}

JobSpec job_spec_from_json(const std::string& text) {
  return parsed(text, "job", [](const Json& in) {
    JobSpec spec;
    spec.kind = job_kind_from_name(in.at("kind").get<std::string>());
    spec.attacker = in.at("attacker").get<int>();
    spec.path = cells_of(in.at("path"));
    spec.excluded = cells_of(in.at("excluded"));
    spec.node_budget = in.at("budget").get<uint64_t>();
    spec.table_megabytes = in.at("table_mb").get<int>();
    spec.engine_nodes = in.value("engine_nodes", uint64_t{0});
    if (spec.attacker != 0 && spec.attacker != 1)
      throw InputError("malformed job: attacker must be 0 or 1");
    if (spec.table_megabytes < 1 || spec.table_megabytes > (1 << 16))
      throw InputError("malformed job: table_mb out of range");
    return spec;
  });
}

std::string job_result_json(const JobResult& result) {
  Json out;
  out["decided"] = result.decided ? Json(*result.decided) : Json(nullptr);
  Json children = Json::array();
  for (const ChildReport& c : result.children)
    children.push_back(Json::array({c.move, evaluation_name(c.evaluation), c.pn, c.dn}));
  out["children"] = children;
  if (!result.turns.empty()) {
    Json turns = Json::array();
    for (const TurnReport& t : result.turns) turns.push_back(Json::array({t.stones, evaluation_name(t.evaluation)}));
    out["turns"] = turns;
  }
  out["complete"] = result.complete;
  out["nodes"] = result.nodes;
  out["pn"] = result.pn;
  out["dn"] = result.dn;
  return out.dump();
}

JobResult job_result_from_json(const std::string& text) {
  return parsed(text, "job result", [](const Json& in) {
    JobResult result;
    if (!in.at("decided").is_null()) result.decided = in.at("decided").get<bool>();
    for (const Json& c : in.at("children"))
      result.children.push_back({c.at(0).get<Cell>(),
                                 evaluation_from_name(c.at(1).get<std::string>()),
                                 c.at(2).get<uint32_t>(), c.at(3).get<uint32_t>()});
    if (in.contains("turns"))
      for (const Json& t : in.at("turns")) {
        TurnReport turn{cells_of(t.at(0)), evaluation_from_name(t.at(1).get<std::string>())};
        if (turn.stones.empty()) throw InputError("malformed job result: a turn of no stones");
        result.turns.push_back(std::move(turn));
      }
    result.complete = in.at("complete").get<bool>();
    result.nodes = in.at("nodes").get<uint64_t>();
    result.pn = in.at("pn").get<uint32_t>();
    result.dn = in.at("dn").get<uint32_t>();
    return result;
  });
}

std::string job_key(const JobSpec& spec, const std::function<int(int)>& owner_of_stone) {
  std::vector<Cell> stones[2];
  for (std::size_t i = 0; i < spec.path.size(); ++i)
    stones[owner_of_stone(static_cast<int>(i))].push_back(spec.path[i]);
  std::vector<Cell> excluded = spec.excluded;
  auto list = [](std::vector<Cell>& cells) {
    std::sort(cells.begin(), cells.end());
    std::string text;
    for (Cell c : cells) text += (text.empty() ? "" : ",") + std::to_string(c);
    return text;
  };
  return std::string(job_kind_name(spec.kind)) + " a" + std::to_string(spec.attacker) + " b" +
         std::to_string(spec.node_budget) + " t" + std::to_string(spec.table_megabytes) +
         (spec.engine_nodes ? " v" + std::to_string(spec.engine_nodes) : std::string()) + " x" +
         list(stones[0]) + " o" + list(stones[1]) + " n" + std::to_string(spec.path.size()) + " e" +
         list(excluded);
}

JobContext::JobContext(const std::string& spec, const std::string& start_moves)
    : game(make_game(spec)), start(play_moves(game, start_moves)) {
  tables = std::make_unique<const BoardTables>(game, dfpn_board_options(game, DfpnOptions{}));
  if (ThreatSpaceSearch<1>::applies(game.rules)) {
    BoardOptions threat_options = dfpn_board_options(game, DfpnOptions{});
    threat_options.near = game.rules.stones_per_turn + ZoneProfile<1>::kMaxExtra;
    threat_tables = std::make_unique<const BoardTables>(game, threat_options);
  }
  for (const Turn& turn : start.history()) start_stones += static_cast<int>(turn.size());
}

bool JobContext::whole_turn_at(int depth) const {
  const int n = start_stones + depth;
  const int turn = tables->turn_of_stone(n);
  const bool starts = n == 0 || tables->turn_of_stone(n - 1) != turn;
  return threat_tables && starts && start.empty_count() - depth >= tables->stones_on_turn(turn);
}

namespace {

// The job's node as a game for the engine: only for best-move jobs with engine nodes, and
// only where each turn on the way and at the node is one stone (the tree is over stones).
std::optional<Position> engine_node(const JobContext& context, const JobSpec& spec) {
  if (spec.kind != JobKind::BestMove || spec.engine_nodes == 0) return std::nullopt;
  Position node = context.start;
  if (node.stones_this_turn() != 1) return std::nullopt;
  for (Cell c : spec.path) {
    node.play({c});
    if (node.stones_this_turn() != 1) return std::nullopt;
  }
  return node;
}

// Places the job's path on `board` (the start replayed), checking it fits.
template <int W>
void play_path(Board<W>& board, const JobContext& context, const JobSpec& spec) {
  replay(board, context.start);
  for (Cell c : spec.path) {
    if (c < 0 || c >= board.cell_count() || !board.playable().test(c))
      throw InputError("job: the path's stone " + std::to_string(c) + " is not playable");
    if (board.result_of(c, board.to_move()) != kGoesOn)
      throw InputError("job: the path goes past the game's end");
    board.place(c);
  }
  if (context.start.over() || board.playable().none())
    throw InputError("job: the game is over at its node");
  for (Cell c : spec.excluded)
    if (c < 0 || c >= board.cell_count())
      throw InputError("job: an excluded move is off the board");
}

}  // namespace

JobResult run_job(const JobContext& context, const JobSpec& spec, const std::atomic<bool>* cancel) {
  if (spec.kind == JobKind::Defences) {
    if (!context.threat_tables)
      throw InputError("job: defences read threats, which do not decide this game (gravity or misere)");
    std::optional<JobResult> listed = with_board(*context.threat_tables, [&](auto board) {
      play_path(board, context, spec);
      if (!board.at_turn_start() || board.to_move() == spec.attacker)
        throw InputError("job: a defences job needs the defender at the start of a whole turn");
      return run_defences(board, spec);
    });
    if (listed) return *listed;
    JobSpec expand = spec;  // the zones restrict nothing here
    expand.kind = JobKind::Expand;
    return run_job(context, expand, cancel);
  }
  return with_board(*context.tables, [&](auto board) {
    play_path(board, context, spec);
    const std::optional<Position> node = engine_node(context, spec);
    return run_on(board, spec, node ? &*node : nullptr, cancel);
  });
}

std::string describe_job(const JobContext& context, const JobSpec& spec) {
  std::string text =
      std::string(job_kind_name(spec.kind)) + " for " + (spec.attacker == 0 ? "x" : "o") + " at ";
  std::string moves = format_turns(context.game, context.start.history());
  for (Cell c : spec.path) moves += (moves.empty() ? "" : " ") + format_cell(context.game, c);
  text += moves.empty() ? "the start" : moves;
  if (!spec.excluded.empty())
    text += " (outside " + std::to_string(spec.excluded.size()) + " moves)";
  return text;
}

}  // namespace kinrow
