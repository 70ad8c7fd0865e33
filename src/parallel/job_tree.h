// Job-level proof-number search ([Wu et al., JL-PN], docs/bibliography.md): the proof
// tree a manager keeps while jobs
// (parallel/job.h) expand its leaves, possibly many at once on many workers.
//
// The tree proves one question, "does `attacker` win?", over stones (a p-stone turn is p
// levels, as in df-pn): at the attacker's nodes one proven child proves the node, at the
// defender's all children must be. Every node's numbers are the usual proof-number
// search's, with three additions from the paper:
//
// - Initial numbers from evaluations (section 3.1): a new child starts from the numbers
//   of its evaluation class (parallel/evaluation.h, the paper's Table 1).
// - Postponed sibling generation (section 3.2): a best-move job adds one child at a
//   time, the best outside the children so far. Until a job answers "no other move
//   matters", the node keeps a "rest" standing for the children not generated yet, with
//   the numbers of the last child generated (the next cannot be better for the mover).
//   When the last child is chosen as the most-proving node, the next sibling is
//   generated at the same time, by a second job. With Siblings::All a leaf's job
//   generates every child at once instead.
// - The Verifier's jobs (section 2, NCTU6-Verifier): with `defences`, a defender's node
//   at the start of a whole turn gets a defences job (parallel/job.h), which generates at
//   once every turn the attacker's threats do not refute — all of them must be proved
//   anyway — a p-stone turn as p levels whose inner nodes are complete.
// - Several most-proving nodes at once (section 3.3): while a node's job runs, the
//   selection sees it as won (virtual win), lost (virtual loss), or — greedy — won
//   unless its evaluation favours the disproof, and picks the next most-proving node
//   from those numbers. No node is chosen while the root looks decided that way.
//
// The tree does no input or output: the manager (parallel/manager.h) stores it in SQLite
// and sends its jobs to workers, and the simulation (parallel/simulation.h) replays it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "parallel/evaluation.h"
#include "parallel/job.h"

namespace kinrow {

enum class Policy : uint8_t { VirtualWin, VirtualLoss, Greedy };
enum class Siblings : uint8_t { Postponed, All };

const char* policy_name(Policy policy);        // "virtual-win", "virtual-loss", "greedy"
const char* siblings_name(Siblings siblings);  // "postponed", "all"
// InputError naming the choices for anything else.
Policy policy_from_name(const std::string& name);
Siblings siblings_from_name(const std::string& name);

enum class NodeState : uint8_t { Open, Proved, Disproved };

struct TreeSettings {
  Policy policy = Policy::VirtualLoss;
  Siblings siblings = Siblings::Postponed;
  uint64_t job_nodes = 0;    // each job's df-pn budget
  int table_megabytes = 16;  // each job's df-pn table
  uint64_t engine_nodes = 0; // best-move jobs: the engine picks and evaluates (0: df-pn)
  bool defences = false;     // defences jobs at the defender's whole turns
};

class JobTree {
 public:
  using NodeId = int32_t;

  struct Node {
    NodeId parent = -1;
    Cell move = -1;                               // the stone from the parent
    int mover = 0;                                // who places the next stone
    int depth = 0;                                // stones from the start
    Evaluation evaluation = Evaluation::Unknown;  // from the job that generated it
    // The class the children not generated yet start from: the last generated open
    // child's (the node's own while it has none).
    Evaluation rest = Evaluation::Unknown;
    NodeState state = NodeState::Open;
    bool complete = false;  // every child that matters is generated
    bool busy = false;      // a job on this node runs
    NodeId latest = -1;     // the open child its last job generated
    std::vector<NodeId> children;
    ProofNumbers numbers;  // the tree's numbers
    ProofNumbers shown;    // the same with the running jobs' virtual values: what selection reads
  };

  // `mover_at(depth)`: who places the stone after `depth` stones from the start;
  // `whole_turn_at(depth)`: whether that stone starts a whole turn where a defences job
  // can run (JobContext::whole_turn_at; null: nowhere).
  JobTree(int attacker, const TreeSettings& settings, std::function<int(int)> mover_at,
          std::function<bool(int)> whole_turn_at = {});

  // A job the selection asks for, on `node`.
  struct Request {
    NodeId node;
    JobSpec spec;
  };
  // The next most-proving node's job, and with postponed sibling generation its parent's
  // when it is the parent's last generated child; empty when nothing can be chosen now
  // (the root looks decided under the running jobs' virtual values, or is decided).
  // The chosen nodes are busy until apply or release.
  std::vector<Request> select();
  // A job's answer for `node` (busy): its children, or its own decision. Returns the
  // nodes created or changed, for the database.
  std::vector<NodeId> apply(NodeId node, const JobResult& result);
  // A job on `node` that will not answer (dropped): the node is free again.
  void release(NodeId node);

  // Restoring from the database: nodes in id order (a parent before its children) with
  // parent, move, mover, depth, evaluation, rest, state, complete and latest set; then
  // the nodes whose jobs still run are marked busy.
  void restore(std::vector<Node> nodes);
  void mark_busy(NodeId node);

  // The job a node would get now (for re-sending a stored job, its spec is stored).
  JobSpec job_for(NodeId node) const;

  const Node& node(NodeId id) const { return nodes_[static_cast<std::size_t>(id)]; }
  std::size_t size() const { return nodes_.size(); }
  const Node& root() const { return nodes_[0]; }
  // nullopt while open; else whether the attacker wins.
  std::optional<bool> answer() const;
  int attacker() const { return attacker_; }
  const TreeSettings& settings() const { return settings_; }
  void set_settings(const TreeSettings& settings) { settings_ = settings; }
  std::size_t decided_nodes() const;
  // The stones from the start to a node.
  std::vector<Cell> path(NodeId id) const;

 private:
  Node& at(NodeId id) { return nodes_[static_cast<std::size_t>(id)]; }
  bool attacker_moves(const Node& n) const { return n.mover == attacker_; }
  ProofNumbers virtual_value(const Node& n) const;
  // A node's numbers from its children (and rest): the tree's, or as selection sees them.
  ProofNumbers combine(const Node& n, bool shown) const;
  // Recomputes `id` and its ancestors; adds those whose stored fields changed to `changed`.
  void update_upwards(NodeId id, std::vector<NodeId>* changed);
  // A new child of `parent` from a job's report; returns its id.
  NodeId add_child(NodeId parent, Cell move, Evaluation evaluation);
  // A defences job's turns under `id`, stone by stone.
  void add_turns(NodeId id, const std::vector<TurnReport>& turns, std::vector<NodeId>& changed);

  int attacker_;
  TreeSettings settings_;
  std::function<int(int)> mover_at_;
  std::function<bool(int)> whole_turn_at_;
  std::vector<Node> nodes_;
};

}  // namespace kinrow
