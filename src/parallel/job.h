// The jobs of job-level proof-number search (parallel/job_tree.h): what a worker is asked
// about one node of the tree, and what it answers. A job is plain data (JSON on the
// wire and in the database), so a worker anywhere can run it with the game alone.
//
// In [Wu et al., JL-PN], NCTU6 answered "the best move outside this list, with an evaluation, or
// 'every other move loses'", and its Verifier "every defender move that may not lose".
// kinrow's jobs run its own searches:
//
// - best-move: df-pn with a node budget at the node, its root restricted to the moves
//   outside the list (search/dfpn.h, attacker_wins_excluding). If it decides the
//   question, the answer is the child that does ("every other move loses" when no move
//   outside the list changes the outcome). Else the best child among those df-pn left
//   open, with its evaluation class: with `engine_nodes`, NCTU6's way — the playing
//   engine (engine/engine.h, its heuristic search on that many nodes) picks the move and
//   says how the position looks; without, or where a node is in the middle of a turn
//   (the engine answers whole turns), the child df-pn would search next, its class read
//   off df-pn's numbers (parallel/evaluation.h). The children the budget decided come too.
// - expand: df-pn with a node budget at the node; if it does not decide the node, every
//   child df-pn would try, each with its class (no postponed sibling generation).
// - defences: the Verifier's list (threats/defences.h, kinrow defences) at a node where
//   the defender starts a whole turn: if he passed, the attacker would win by threats, so
//   only turns with a stone in that win's relevance zone (and so on, stone by stone) can
//   help him, and each such whole turn the attacker's threats do not refute is a child —
//   all of them at once, a p-stone turn as p levels. None left: the attacker wins. Where
//   the defender's pass loses to no threat, the zones restrict nothing and the job does
//   what expand does. Each threat question may take the job's budget in nodes.
//
// Df-pn's knowledge runs inside both: immediate wins, forced blocks, wins by continuous
// threats (threats/forced_win.h) for either side, and the relevance zone of the
// opponent's threat, outside which every move loses. The children a job names are the
// moves df-pn keeps after those reductions (and symmetry, dead cells, dominance), so a
// node's children, once complete, stand for all its moves.
//
// A job's answer depends only on its content (df-pn on one thread with a fresh table, and
// the engine on a node budget, are deterministic), which job_key names: a
// transposition's job is answered from the database, and the simulation
// (parallel/simulation.h) reuses recorded answers.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "games/board_tables.h"
#include "parallel/evaluation.h"

namespace kinrow {

enum class JobKind : uint8_t { BestMove, Expand, Defences };

const char* job_kind_name(JobKind kind);  // "best-move", "expand", "defences"

struct JobSpec {
  JobKind kind = JobKind::BestMove;
  int attacker = 0;            // whose win the tree proves
  std::vector<Cell> path;      // stones from the proof's start position, in order
  std::vector<Cell> excluded;  // best-move: the node's children so far
  uint64_t node_budget = 0;    // df-pn nodes, its threat searches' included (DfpnOptions::max_nodes)
  int table_megabytes = 16;    // df-pn's table
  uint64_t engine_nodes = 0;   // best-move: the engine's nodes to pick the child (0: df-pn's)
};

struct ChildReport {
  Cell move = -1;
  Evaluation evaluation = Evaluation::Unknown;  // AttackerWins / DefenderWins when decided
  uint32_t pn = 1, dn = 1;                      // df-pn's numbers for it
};

// A defender's turn of a defences job: p stones in the order placed (fewer where one ends
// the game), DefenderWins where it ends the game (his line, or the board full).
struct TurnReport {
  std::vector<Cell> stones;
  Evaluation evaluation = Evaluation::Unknown;
};

struct JobResult {
  // The node itself decided (true: the attacker wins there), without a list of children.
  std::optional<bool> decided;
  std::vector<ChildReport> children;  // new children of the node, in the order found
  // defences: the defender's whole turns the threats leave; with them the node is
  // complete, its children these turns and nothing else.
  std::vector<TurnReport> turns;
  bool complete = false;              // the node has no children but its list and these
  uint64_t nodes = 0;                 // df-pn's expansions
  uint32_t pn = 1, dn = 1;            // the (restricted) node's numbers at the end
};

std::string job_spec_json(const JobSpec& spec);
JobSpec job_spec_from_json(const std::string& text);  // InputError if malformed
std::string job_result_json(const JobResult& result);
JobResult job_result_from_json(const std::string& text);  // InputError if malformed

// The name of a job's answer: the kind, budget, table, attacker, the position's stones by
// owner and the excluded moves, each sorted. `owner_of_stone(i)` is who placed the i-th
// stone of the path.
std::string job_key(const JobSpec& spec, const std::function<int(int)>& owner_of_stone);

// What a worker needs to run jobs of one proof: the game, its start position, the board
// tables df-pn searches with. Built once per proof and shared by a worker's threads.
struct JobContext {
  JobContext(const std::string& spec, const std::string& start_moves);
  // Who places the stone after `depth` stones from the start.
  int mover_at(int depth) const { return tables->turn_of_stone(start_stones + depth) & 1; }
  // Whether a defences job can run after `depth` stones: the stone starts a turn (of p
  // stones, or the first turn's q), the board has room for it, and threats apply.
  bool whole_turn_at(int depth) const;
  Game game;
  Position start;
  int start_stones = 0;
  std::unique_ptr<const BoardTables> tables;
  // The defences jobs' tables: the threat search and its zones read the lines missing up
  // to p + ZoneProfile::kMaxExtra stones, more than df-pn keeps with one stone a turn.
  // Null where threats do not apply (gravity, misere).
  std::unique_ptr<const BoardTables> threat_tables;
};

// Thrown out of run_job when `cancel` becomes true.
struct JobCancelled {};

// Runs a job; InputError if it does not fit the context (a stone off the board or on an
// occupied cell, a finished game).
JobResult run_job(const JobContext& context, const JobSpec& spec,
                  const std::atomic<bool>* cancel = nullptr);

// "best-move for x at a1:1 b2:2 (outside 3 moves)" in the game's notation, for listings.
std::string describe_job(const JobContext& context, const JobSpec& spec);

}  // namespace kinrow
