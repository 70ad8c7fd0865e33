#include "parallel/job_tree.h"

#include <algorithm>
#include <stdexcept>

#include "core/error.h"

namespace kinrow {
namespace {

uint32_t add(uint32_t a, uint32_t b) {
  return static_cast<uint32_t>(std::min<uint64_t>(kInfiniteNumber, uint64_t{a} + b));
}

constexpr ProofNumbers kProved{0, kInfiniteNumber};
constexpr ProofNumbers kDisproved{kInfiniteNumber, 0};

}  // namespace

const char* policy_name(Policy policy) {
  switch (policy) {
    case Policy::VirtualWin:
      return "virtual-win";
    case Policy::VirtualLoss:
      return "virtual-loss";
    case Policy::Greedy:
      return "greedy";
  }
  return "?";
}

const char* siblings_name(Siblings siblings) {
  return siblings == Siblings::Postponed ? "postponed" : "all";
}

Policy policy_from_name(const std::string& name) {
  for (Policy p : {Policy::VirtualWin, Policy::VirtualLoss, Policy::Greedy})
    if (name == policy_name(p)) return p;
  throw InputError("--policy takes virtual-win, virtual-loss or greedy, not \"" + printable(name) +
                   "\"");
}

Siblings siblings_from_name(const std::string& name) {
  for (Siblings s : {Siblings::Postponed, Siblings::All})
    if (name == siblings_name(s)) return s;
  throw InputError("--siblings takes postponed or all, not \"" + printable(name) + "\"");
}

JobTree::JobTree(int attacker, const TreeSettings& settings, std::function<int(int)> mover_at,
                 std::function<bool(int)> whole_turn_at)
    : attacker_(attacker),
      settings_(settings),
      mover_at_(std::move(mover_at)),
      whole_turn_at_(std::move(whole_turn_at)) {
  Node root;
  root.mover = mover_at_(0);
  nodes_.push_back(root);
  update_upwards(0, nullptr);
}

ProofNumbers JobTree::virtual_value(const Node& n) const {
  switch (settings_.policy) {
    case Policy::VirtualWin:
      return kProved;
    case Policy::VirtualLoss:
      return kDisproved;
    case Policy::Greedy:
      return favours_disproof(n.rest) ? kDisproved : kProved;
  }
  return kProved;
}

ProofNumbers JobTree::combine(const Node& n, bool shown) const {
  if (n.state == NodeState::Proved) return kProved;
  if (n.state == NodeState::Disproved) return kDisproved;
  // At the mover's nodes his own number is the least child's, the other the sum.
  const bool attacker = attacker_moves(n);
  uint32_t least = kInfiniteNumber, sum = 0;
  auto take = [&](ProofNumbers c) {
    least = std::min(least, attacker ? c.pn : c.dn);
    sum = add(sum, attacker ? c.dn : c.pn);
  };
  for (NodeId c : n.children) take(shown ? node(c).shown : node(c).numbers);
  if (!n.complete) take(shown && n.busy ? virtual_value(n) : initial_numbers(n.rest));
  return attacker ? ProofNumbers{least, sum} : ProofNumbers{sum, least};
}

void JobTree::update_upwards(NodeId id, std::vector<NodeId>* changed) {
  for (NodeId at_id = id; at_id >= 0; at_id = node(at_id).parent) {
    Node& n = at(at_id);
    const ProofNumbers numbers = combine(n, false);
    const NodeState state = numbers.pn == 0   ? NodeState::Proved
                            : numbers.dn == 0 ? NodeState::Disproved
                                              : NodeState::Open;
    const bool moved = numbers != n.numbers || state != n.state;
    n.numbers = numbers;
    n.state = state;
    n.shown = combine(n, true);
    if (moved && changed && std::find(changed->begin(), changed->end(), at_id) == changed->end())
      changed->push_back(at_id);
  }
}

std::vector<JobTree::Request> JobTree::select() {
  std::vector<Request> requests;
  if (root().state != NodeState::Open || root().shown.pn == 0 || root().shown.dn == 0)
    return requests;
  NodeId id = 0;
  for (;;) {
    const Node& n = node(id);
    if (n.state != NodeState::Open) return requests;
    if (n.children.empty()) {
      if (n.busy || n.complete) return requests;
      break;  // a leaf: its job generates its first child (or all of them)
    }
    const bool attacker = attacker_moves(n);
    auto mine = [&](ProofNumbers p) { return attacker ? p.pn : p.dn; };
    NodeId best = -1;
    uint32_t best_number = kInfiniteNumber;
    for (NodeId c : n.children)
      if (node(c).state == NodeState::Open && mine(node(c).shown) < best_number)
        best = c, best_number = mine(node(c).shown);
    // The rest only where it is strictly better: a generated child of equal numbers is
    // expanded first, as the paper's n3 before n4.
    // A busy node's job is generating its next child already.
    if (!n.complete && !n.busy && mine(initial_numbers(n.rest)) < best_number) break;
    if (best < 0) return requests;  // every child looks decided under the virtual values
    id = best;
  }
  auto request = [&](NodeId target) {
    at(target).busy = true;
    requests.push_back({target, job_for(target)});
  };
  request(id);
  const Node& chosen = node(id);
  if (settings_.siblings == Siblings::Postponed && chosen.children.empty() && chosen.parent >= 0) {
    const Node& parent = node(chosen.parent);
    if (!parent.complete && !parent.busy && parent.latest == id) request(chosen.parent);
  }
  for (const Request& r : requests) update_upwards(r.node, nullptr);
  return requests;
}

JobSpec JobTree::job_for(NodeId id) const {
  JobSpec spec;
  const Node& n = node(id);
  // A node that has children from other jobs (the setting changed on resuming) keeps them.
  const bool defences = settings_.defences && whole_turn_at_ && !attacker_moves(n) && n.children.empty() &&
                        whole_turn_at_(n.depth);
  spec.kind = defences                                     ? JobKind::Defences
              : settings_.siblings == Siblings::Postponed ? JobKind::BestMove
                                                           : JobKind::Expand;
  spec.attacker = attacker_;
  spec.path = path(id);
  if (spec.kind == JobKind::BestMove)
    for (NodeId c : node(id).children) spec.excluded.push_back(node(c).move);
  spec.node_budget = settings_.job_nodes;
  spec.table_megabytes = settings_.table_megabytes;
  if (spec.kind == JobKind::BestMove) spec.engine_nodes = settings_.engine_nodes;
  return spec;
}

std::vector<JobTree::NodeId> JobTree::apply(NodeId id, const JobResult& result) {
  std::vector<NodeId> changed;
  at(id).busy = false;
  if (node(id).state != NodeState::Open) {  // decided meanwhile: nothing to add
    update_upwards(id, nullptr);
    return changed;
  }
  const bool nothing_new = !result.decided && result.children.empty() && !result.complete;
  if (nothing_new)
    throw std::logic_error("job-level search: a job answered nothing about its node");
  changed.push_back(id);
  for (const ChildReport& report : result.children) {
    bool known = false;
    for (NodeId c : node(id).children) known = known || node(c).move == report.move;
    if (known) continue;
    const NodeId child_id = add_child(id, report.move, report.evaluation);
    changed.push_back(child_id);
    if (node(child_id).state == NodeState::Open) {
      at(id).rest = report.evaluation;
      at(id).latest = child_id;
    }
  }
  if (!result.turns.empty()) add_turns(id, result.turns, changed);
  if (result.decided) {
    at(id).state = *result.decided ? NodeState::Proved : NodeState::Disproved;
    at(id).complete = true;
  }
  if (result.complete) at(id).complete = true;
  update_upwards(id, &changed);
  return changed;
}

JobTree::NodeId JobTree::add_child(NodeId parent, Cell move, Evaluation evaluation) {
  Node child;
  child.parent = parent;
  child.move = move;
  child.depth = node(parent).depth + 1;
  child.mover = mover_at_(child.depth);
  child.evaluation = evaluation;
  child.rest = evaluation;
  const bool proved = evaluation == Evaluation::AttackerWins;
  const bool disproved = evaluation == Evaluation::DefenderWins;
  child.state = proved ? NodeState::Proved : disproved ? NodeState::Disproved : NodeState::Open;
  child.complete = proved || disproved;
  child.numbers = child.shown = proved      ? kProved
                                : disproved ? kDisproved
                                            : initial_numbers(evaluation);
  const NodeId id = static_cast<NodeId>(nodes_.size());
  nodes_.push_back(child);
  at(parent).children.push_back(id);
  return id;
}

void JobTree::add_turns(NodeId id, const std::vector<TurnReport>& turns, std::vector<NodeId>& changed) {
  std::vector<NodeId> inner;  // nodes inside a turn: complete, their children the turns' next stones
  for (const TurnReport& turn : turns) {
    NodeId at_id = id;
    for (std::size_t i = 0; i < turn.stones.size(); ++i) {
      const bool last = i + 1 == turn.stones.size();
      NodeId next = -1;
      for (NodeId c : node(at_id).children)
        if (node(c).move == turn.stones[i]) next = c;
      if (next < 0) {
        next = add_child(at_id, turn.stones[i], last ? turn.evaluation : Evaluation::Unknown);
        changed.push_back(next);
        if (!last) {
          at(next).complete = true;
          inner.push_back(next);
        }
      }
      at_id = next;
    }
  }
  at(id).complete = true;
  // The deepest first, so that each inner node's numbers come from its final children.
  for (auto it = inner.rbegin(); it != inner.rend(); ++it) update_upwards(*it, &changed);
}

void JobTree::release(NodeId id) {
  at(id).busy = false;
  update_upwards(id, nullptr);
}

void JobTree::restore(std::vector<Node> nodes) {
  if (nodes.empty()) throw std::logic_error("job-level search: no root to restore");
  nodes_ = std::move(nodes);
  for (Node& n : nodes_) {
    n.children.clear();
    n.busy = false;
  }
  for (std::size_t i = 1; i < nodes_.size(); ++i) {
    const NodeId parent = nodes_[i].parent;
    if (parent < 0 || static_cast<std::size_t>(parent) >= i)
      throw std::logic_error("job-level search: a node before its parent");
    nodes_[static_cast<std::size_t>(parent)].children.push_back(static_cast<NodeId>(i));
  }
  // Children come after their parents: from the last node back, each is final before its parent.
  for (std::size_t i = nodes_.size(); i-- > 0;) {
    Node& n = nodes_[i];
    n.numbers = combine(n, false);  // a decided node (by its children or its job) stays decided
    if (n.state == NodeState::Open)
      n.state = n.numbers.pn == 0   ? NodeState::Proved
                : n.numbers.dn == 0 ? NodeState::Disproved
                                    : NodeState::Open;
    n.shown = combine(n, true);
  }
}

void JobTree::mark_busy(NodeId id) {
  at(id).busy = true;
  update_upwards(id, nullptr);
}

std::optional<bool> JobTree::answer() const {
  if (root().state == NodeState::Open) return std::nullopt;
  return root().state == NodeState::Proved;
}

std::size_t JobTree::decided_nodes() const {
  std::size_t count = 0;
  for (const Node& n : nodes_) count += n.state != NodeState::Open;
  return count;
}

std::vector<Cell> JobTree::path(NodeId id) const {
  std::vector<Cell> stones;
  for (; id > 0; id = node(id).parent) stones.push_back(node(id).move);
  std::reverse(stones.begin(), stones.end());
  return stones;
}

}  // namespace kinrow
