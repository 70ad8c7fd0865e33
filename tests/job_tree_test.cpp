// The job-level proof tree on answers made up by hand: the proof-number rules, the
// evaluation classes' initial numbers (the paper's Table 1), postponed sibling generation,
// the three policies for choosing several most-proving nodes, and restoring a tree.
#include "parallel/job_tree.h"

#include <gtest/gtest.h>

#include "parallel/evaluation.h"

namespace kinrow {
namespace {

constexpr uint32_t kInf = kInfiniteNumber;

// One stone a turn, the attacker (0) to move at the root.
JobTree tree_with(Policy policy, Siblings siblings = Siblings::Postponed) {
  TreeSettings settings;
  settings.policy = policy;
  settings.siblings = siblings;
  settings.job_nodes = 100;
  return JobTree(0, settings, [](int depth) { return depth % 2; });
}

JobResult child(Cell move, Evaluation evaluation) {
  JobResult r;
  r.children.push_back({move, evaluation, 1, 1});
  return r;
}

JobResult decided(bool attacker_wins) {
  JobResult r;
  r.decided = attacker_wins;
  return r;
}

JobResult no_more() {
  JobResult r;
  r.complete = true;
  return r;
}

TEST(Evaluation, TableOneAndItsClasses) {
  EXPECT_EQ(initial_numbers(Evaluation::Attacker4), (ProofNumbers{1, 18}));
  EXPECT_EQ(initial_numbers(Evaluation::Defender2), (ProofNumbers{10, 3}));
  EXPECT_EQ(initial_numbers(Evaluation::Stable), (ProofNumbers{6, 6}));
  EXPECT_EQ(initial_numbers(Evaluation::Unstable2), (ProofNumbers{4, 4}));
  EXPECT_EQ(initial_numbers(Evaluation::AttackerWins), (ProofNumbers{0, kInf}));
  EXPECT_TRUE(favours_disproof(Evaluation::Defender1));
  EXPECT_FALSE(favours_disproof(Evaluation::Attacker1));
  EXPECT_FALSE(favours_disproof(Evaluation::Stable));
  EXPECT_EQ(classify(0, 5), Evaluation::AttackerWins);
  EXPECT_EQ(classify(5, 0), Evaluation::DefenderWins);
  EXPECT_EQ(classify(1, 100), Evaluation::Attacker4);
  EXPECT_EQ(classify(100, 1), Evaluation::Defender4);
  EXPECT_EQ(classify(2, 2), Evaluation::Unstable2);
  EXPECT_EQ(classify(100, 100), Evaluation::Stable);
  for (int e = 0; e <= static_cast<int>(Evaluation::Unknown); ++e) {
    const auto evaluation = static_cast<Evaluation>(e);
    EXPECT_EQ(evaluation_from_name(evaluation_name(evaluation)), evaluation);
    // Seen from the other seat twice, a class is itself; the sides trade their numbers.
    EXPECT_EQ(from_other_side(from_other_side(evaluation)), evaluation);
    const ProofNumbers mine = initial_numbers(evaluation);
    const ProofNumbers theirs = initial_numbers(from_other_side(evaluation));
    if (evaluation != Evaluation::Unknown) {
      EXPECT_EQ(mine.pn, theirs.dn) << evaluation_name(evaluation);
    }
  }
  EXPECT_EQ(from_other_side(Evaluation::Attacker3), Evaluation::Defender3);
  EXPECT_EQ(from_other_side(Evaluation::DefenderWins), Evaluation::AttackerWins);
  EXPECT_EQ(from_other_side(Evaluation::Unstable1), Evaluation::Unstable1);
}

TEST(JobTree, ExpandsTheRootFirstThenPostponesSiblings) {
  JobTree tree = tree_with(Policy::VirtualLoss);
  std::vector<JobTree::Request> r = tree.select();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].node, 0);
  EXPECT_EQ(r[0].spec.kind, JobKind::BestMove);
  EXPECT_TRUE(r[0].spec.excluded.empty());
  EXPECT_TRUE(tree.select().empty());  // the root is busy: nothing else to choose
  tree.apply(0, child(7, Evaluation::Attacker2));
  ASSERT_EQ(tree.size(), 2u);
  // The root's child is its last generated: choosing it also generates its sibling.
  r = tree.select();
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].node, 1);
  EXPECT_EQ(r[0].spec.path, std::vector<Cell>{7});
  EXPECT_EQ(r[1].node, 0);
  EXPECT_EQ(r[1].spec.excluded, std::vector<Cell>{7});
}

TEST(JobTree, ProofNumbersFollowTheRules) {
  JobTree tree = tree_with(Policy::VirtualLoss);
  tree.select();
  tree.apply(0, child(3, Evaluation::Attacker3));  // pn 2, dn 12
  // The root (attacker to move): least proof number, disproof numbers summed with the
  // rest (the children not generated yet, estimated by the last one's class).
  EXPECT_EQ(tree.root().numbers, (ProofNumbers{2, 24}));
  tree.select();                                   // node 1 and the root's sibling generation
  tree.apply(0, child(4, Evaluation::Defender1));  // pn 8, dn 4: the rest now counts as D1
  EXPECT_EQ(tree.root().numbers, (ProofNumbers{2, 12 + 4 + 4}));
  tree.apply(1, decided(true));  // node 1 proved: so is the root
  EXPECT_EQ(tree.root().state, NodeState::Proved);
  EXPECT_EQ(tree.answer(), std::optional<bool>(true));
  EXPECT_TRUE(tree.select().empty());
}

TEST(JobTree, AllChildrenDisprovedAndNoOtherMoveDisprovesTheNode) {
  JobTree tree = tree_with(Policy::VirtualWin);
  tree.select();
  JobResult two;
  two.children = {{1, Evaluation::DefenderWins, kInf, 0}, {2, Evaluation::Stable, 6, 6}};
  tree.apply(0, two);
  EXPECT_EQ(tree.root().state, NodeState::Open);
  // The decided child is skipped; the open one is the last generated, so the root's next
  // child is generated beside it, outside both.
  const std::vector<JobTree::Request> r = tree.select();
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].node, 2);
  EXPECT_EQ(r[1].node, 0);
  EXPECT_EQ(r[1].spec.excluded, (std::vector<Cell>{1, 2}));
  tree.apply(2, decided(false));
  EXPECT_EQ(tree.root().state, NodeState::Open);  // other moves may still win
  tree.apply(0, no_more());
  EXPECT_EQ(tree.answer(), std::optional<bool>(false));
}

// The paper's figure 5: after the first choice, virtual win stops choosing (the root looks
// proved), virtual loss goes on to the other branches.
TEST(JobTree, VirtualWinAndVirtualLossChooseDifferently) {
  for (Policy policy : {Policy::VirtualWin, Policy::VirtualLoss, Policy::Greedy}) {
    JobTree tree = tree_with(policy, Siblings::All);
    tree.select();
    JobResult children;
    children.complete = true;
    children.children = {{1, Evaluation::Attacker2, 3, 10}, {2, Evaluation::Attacker1, 4, 8}};
    tree.apply(0, children);
    std::vector<JobTree::Request> first = tree.select();
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(first[0].node, 1) << policy_name(policy);
    EXPECT_EQ(first[0].spec.kind, JobKind::Expand);
    const std::vector<JobTree::Request> second = tree.select();
    if (policy == Policy::VirtualLoss) {
      ASSERT_EQ(second.size(), 1u);
      EXPECT_EQ(second[0].node, 2);
      EXPECT_TRUE(tree.select().empty());  // both children look lost: the root looks disproved
    } else {
      // Virtual win, and greedy on a class that favours the proof: the root looks proved.
      EXPECT_TRUE(second.empty()) << policy_name(policy);
    }
  }
}

TEST(JobTree, GreedyTakesVirtualLossWhereTheEvaluationFavoursTheDisproof) {
  JobTree tree = tree_with(Policy::Greedy, Siblings::All);
  tree.select();
  JobResult children;
  children.complete = true;
  children.children = {{1, Evaluation::Defender1, 8, 4}, {2, Evaluation::Defender2, 10, 3}};
  tree.apply(0, children);
  EXPECT_EQ(tree.select()[0].node, 1);
  // Node 1 favours the disproof: counted lost, so node 2 is chosen next.
  const std::vector<JobTree::Request> second = tree.select();
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].node, 2);
}

TEST(JobTree, RestoredTreeHasTheSameNumbers) {
  JobTree tree = tree_with(Policy::VirtualLoss);
  tree.select();
  tree.apply(0, child(5, Evaluation::Attacker1));
  tree.select();
  tree.apply(1, child(9, Evaluation::Defender3));
  tree.apply(0, child(6, Evaluation::Stable));
  std::vector<JobTree::Node> nodes;
  for (std::size_t i = 0; i < tree.size(); ++i) {
    JobTree::Node n = tree.node(static_cast<JobTree::NodeId>(i));
    n.children.clear();
    n.numbers = n.shown = {};
    nodes.push_back(n);
  }
  JobTree restored = tree_with(Policy::VirtualLoss);
  restored.restore(nodes);
  ASSERT_EQ(restored.size(), tree.size());
  for (std::size_t i = 0; i < tree.size(); ++i) {
    EXPECT_EQ(restored.node(static_cast<JobTree::NodeId>(i)).numbers,
              tree.node(static_cast<JobTree::NodeId>(i)).numbers);
    EXPECT_EQ(restored.node(static_cast<JobTree::NodeId>(i)).children,
              tree.node(static_cast<JobTree::NodeId>(i)).children);
  }
  EXPECT_EQ(restored.select()[0].node, tree.select()[0].node);
}

// Two stones a turn, the tree proving the second player's win: the root is the first
// player's (the defender's) whole turn, where a defences job lists turns.
JobTree two_stone_tree_with_defences() {
  TreeSettings settings;
  settings.job_nodes = 100;
  settings.defences = true;
  return JobTree(
      1, settings, [](int depth) { return (depth / 2) % 2; }, [](int depth) { return depth % 2 == 0; });
}

JobResult turns(std::vector<TurnReport> listed) {
  JobResult r;
  r.turns = std::move(listed);
  r.complete = true;
  return r;
}

TEST(JobTree, ADefencesJobAddsEveryTurnItListsStoneByStone) {
  JobTree tree = two_stone_tree_with_defences();
  std::vector<JobTree::Request> r = tree.select();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].spec.kind, JobKind::Defences);
  tree.apply(0, turns({{{1, 2}}, {{1, 3}}, {{4, 5}}}));
  // The root and the turns' inner nodes are complete: their children are the turns.
  EXPECT_TRUE(tree.root().complete);
  ASSERT_EQ(tree.root().children.size(), 2u);
  const JobTree::Node& first = tree.node(tree.root().children[0]);
  EXPECT_EQ(first.move, 1);
  EXPECT_TRUE(first.complete);
  ASSERT_EQ(first.children.size(), 2u);
  // The attacker's nodes after a whole turn get his jobs, never a defences job, and the
  // three leaves are all the root needs proved: the root's proof number is their sum.
  EXPECT_EQ(tree.root().numbers.pn, 3 * initial_numbers(Evaluation::Unknown).pn);
  r = tree.select();
  ASSERT_FALSE(r.empty());
  EXPECT_EQ(r[0].spec.kind, JobKind::BestMove);
  EXPECT_EQ(r[0].spec.path.size(), 2u);
  for (std::size_t i = 0; i < tree.size(); ++i)
    if (tree.node(static_cast<JobTree::NodeId>(i)).depth == 2) {
      const auto id = static_cast<JobTree::NodeId>(i);
      if (!tree.node(id).busy) tree.mark_busy(id);
      tree.apply(id, decided(true));
    }
  EXPECT_EQ(tree.answer(), std::optional<bool>(true));
}

TEST(JobTree, ATurnThatEndsTheGameForTheDefenderDisprovesTheNode) {
  JobTree tree = two_stone_tree_with_defences();
  tree.select();
  tree.apply(0, turns({{{1, 2}}, {{6}, Evaluation::DefenderWins}}));
  EXPECT_EQ(tree.answer(), std::optional<bool>(false));
}

}  // namespace
}  // namespace kinrow
