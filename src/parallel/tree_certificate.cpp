#include "parallel/tree_certificate.h"

#include <chrono>
#include <optional>
#include <unordered_map>

#include "core/error.h"
#include "core/notation.h"
#include "games/board_dispatch.h"
#include "parallel/manager.h"
#include "search/dfpn.h"
#include "search/dfpn_certificate.h"

namespace kinrow {
namespace {

// The holder's decisive stones the tree knows, by position up to symmetry.
template <int W>
class TreeMoves {
 public:
  TreeMoves(const JobTree& tree, Board<W>& board, const Canonicaliser<W>* symmetry, int holder)
      : symmetry_(symmetry) {
    const NodeState keeps = holder == tree.attacker() ? NodeState::Proved : NodeState::Disproved;
    visit(tree, board, 0, keeps);
  }

  Cell operator()(const Board<W>& board) const {
    if (board.given() != 0) return -1;  // a stronger position (the stronger rule): no node of the tree
    const auto [stones, map] = canonical(board.stones());
    const auto it = known_.find(stones);
    if (it == known_.end()) return -1;
    // The node's stone in the canonical frame, then in the board's.
    const Cell c = symmetry_ ? symmetry_->preimage(map, it->second) : it->second;
    return board.playable().test(c) ? c : -1;
  }

 private:
  CanonicalForm<W> canonical(const Stones<W>& stones) const {
    return symmetry_ ? symmetry_->canonical(stones) : CanonicalForm<W>{stones, 0};
  }

  void visit(const JobTree& tree, Board<W>& board, JobTree::NodeId id, NodeState keeps) {
    const JobTree::Node& n = tree.node(id);
    if (n.state == keeps)
      for (JobTree::NodeId c : n.children)
        if (tree.node(c).state == keeps) {
          const auto [stones, map] = canonical(board.stones());
          const Cell move = tree.node(c).move;
          known_.emplace(stones, symmetry_ ? symmetry_->image(map, move) : move);
          break;
        }
    for (JobTree::NodeId c : n.children) {
      board.place(tree.node(c).move);
      visit(tree, board, c, keeps);
      board.remove(tree.node(c).move);
    }
  }

  const Canonicaliser<W>* symmetry_;
  std::unordered_map<Stones<W>, Cell, StonesHash> known_;
};

}  // namespace

TreeCertificate tree_certificate(ProofDatabase& db, const JobContext& context,
                                 const TreeSettings& settings) {
  const auto started = std::chrono::steady_clock::now();
  const std::vector<QuestionRow> questions = db.questions();
  const std::optional<Value> value = value_of(questions);
  if (!value) throw InputError("the proof in \"" + db.path() + "\" is not finished");
  const int me = context.start.to_move();
  // As df-pn's certificates: a win from the proof of the winner's win; a draw from the
  // two disproofs, each giving the defender's not-lose.
  struct Part {
    int question, holder;
    Claim claim;
  };
  std::vector<Part> parts;
  if (*value == Value::Win) parts = {{0, me, Claim::Win}};
  if (*value == Value::Loss) parts = {{1, 1 - me, Claim::Win}};
  if (*value == Value::Draw) parts = {{0, 1 - me, Claim::NotLose}, {1, me, Claim::NotLose}};

  TreeCertificate out;
  out.certificate.spec = context.game.spec;
  out.certificate.start = format_turns(context.game, context.start.history());
  DfpnOptions options;
  options.table_megabytes = static_cast<std::size_t>(std::max(8, 4 * settings.table_megabytes));
  for (const Part& part : parts) {
    const JobTree tree =
        load_tree(db, context, settings, part.question, questions[part.question].attacker);
    with_board(*context.tables, [&](auto board) {
      constexpr int W = decltype(board)::kWords;
      replay(board, context.start);
      Dfpn<W> dfpn(*context.tables, options);
      const TreeMoves<W> known(tree, board, dfpn.symmetry(), part.holder);
      const std::function<Cell(const Board<W>&)> hint = std::cref(known);
      out.certificate.strategies.push_back(
          strategy_from_proof<W>(dfpn, board, part.holder, part.claim, hint));
      out.nodes += dfpn.nodes();
    });
  }
  for (const Strategy& s : out.certificate.strategies)
    out.entries += s.entries.size() + s.paired.size();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return out;
}

}  // namespace kinrow
