#include "engine/sgf_proof.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/symmetry.h"
#include "engine/sgf_record.h"
#include "proof/forest_rule.h"
#include "proof/pairing_rule.h"

namespace kinrow {
namespace {

using Owners = std::vector<int8_t>;

// The checker uses at most this many symmetries; so does the lookup here, so that it
// finds the moves the checker plays.
constexpr std::size_t kSymmetryLimit = 4096;

const char* colour(int player) { return player == 0 ? "Black" : "White"; }

Owners owners_of(const Position& position) {
  Owners owner(position.game().cell_count());
  for (Cell c = 0; c < position.game().cell_count(); ++c) owner[c] = static_cast<int8_t>(position.owner(c));
  return owner;
}

// The holder's turns by position: an entry's own position first, else the first entry of
// its class of symmetric positions, its turn carried over (as the checker reads them).
class MoveLookup {
 public:
  MoveLookup(const Game& game, const Strategy& strategy) : group_(automorphisms(game, kSymmetryLimit)) {
    for (const Permutation& map : group_.maps) inverses_.push_back(inverse(map));
    for (const StrategyEntry& entry : strategy.entries) {
      if (entry.withheld != 0) continue;  // sub-proofs of zones, which are not walked
      exact_.emplace(entry.owner, &entry);
      const auto [canonical, frame] = canonical_of(entry.owner);
      classes_.emplace(canonical, std::make_pair(&entry, frame));
    }
  }

  // The holder's turn here, or nullopt; `carried` tells whether it came from a symmetric entry.
  std::optional<Turn> find(const Owners& owner, bool& carried) const {
    carried = false;
    if (const auto it = exact_.find(owner); it != exact_.end()) return it->second->move;
    const auto [canonical, frame] = canonical_of(owner);
    const auto it = classes_.find(canonical);
    if (it == classes_.end()) return std::nullopt;
    // entry --(its frame)--> canonical <--(our frame)-- this position
    const auto [entry, entry_frame] = it->second;
    Turn turn;
    for (Cell c : entry->move) turn.push_back(inverses_[frame][group_.maps[entry_frame][c]]);
    std::sort(turn.begin(), turn.end());
    carried = true;
    return turn;
  }

 private:
  // The least image of the owners over the group, and the map that gives it.
  std::pair<Owners, std::size_t> canonical_of(const Owners& owner) const {
    Owners best, image(owner.size());
    std::size_t best_frame = 0;
    for (std::size_t g = 0; g < group_.maps.size(); ++g) {
      const Permutation& map = group_.maps[g];
      for (std::size_t c = 0; c < owner.size(); ++c) image[map[c]] = owner[c];
      if (g == 0 || image < best) {
        best = image;
        best_frame = g;
      }
    }
    return {best, best_frame};
  }

  SymmetryGroup group_;
  std::vector<Permutation> inverses_;
  std::map<Owners, const StrategyEntry*> exact_;
  std::map<Owners, std::pair<const StrategyEntry*, std::size_t>> classes_;
};

// The proof as a plain tree first: SGF's sequences and variations are made from it at the
// end, when each node's count of nodes below is known.
struct ProofNode {
  int player = kNoPlayer;  // who placed `turn` (kNoPlayer: the root)
  Turn turn;
  std::string what;  // the comment's first line
  std::vector<ProofNode> children;
};

class ProofWalk {
 public:
  ProofWalk(const Game& game, const Strategy& strategy, const SgfProofOptions& options, SgfProofStats& stats)
      : game_(game), strategy_(strategy), options_(options), stats_(stats), lookup_(game, strategy) {}

  // Fills `node`'s children with the play from `position` (the position after its turn).
  void expand(Position& position, ProofNode& node) {
    const int holder = strategy_.holder;
    if (position.over()) {
      node.what += position.winner() == holder   ? std::string(colour(holder)) + " wins."
                   : position.winner() == kNoPlayer ? std::string("Draw: the board is full.")
                                                   : std::string(colour(1 - holder)) + " wins (the claim fails here).";
      ++(position.winner() == holder ? stats_.wins : stats_.other_ends);
      return;
    }
    if (const std::string why = settled(position); !why.empty()) {
      node.what += why;
      ++stats_.other_ends;
      return;
    }
    const Owners owner = owners_of(position);
    if (!options_.expand_transpositions) {
      const auto [it, fresh] = seen_.emplace(owner, format_turns(game_, position.history()));
      if (!fresh) {
        node.what += "Transposes to the position after \"" + it->second + "\", shown there.";
        ++stats_.transpositions;
        return;
      }
    }
    if (position.to_move() == holder) {
      std::string how;
      std::optional<Turn> turn;
      if (strategy_.win_now_rule && (turn = winning_turn(position))) {
        how = "Wins at once (the win-now rule)";
      } else {
        bool carried = false;
        turn = lookup_.find(owner, carried);
        how = carried ? "The certificate's move, carried over from a symmetric position" : "The certificate's move";
      }
      if (!turn) {
        node.what += gap(position);
        ++stats_.other_ends;
        return;
      }
      ++stats_.holder_turns;
      add(position, node, *turn, how);
      return;
    }
    const std::vector<Turn> replies = position.legal_turns();
    for (std::size_t i = 0; i < replies.size(); ++i) {
      ++stats_.replies;
      add(position, node, replies[i],
          std::string(colour(position.to_move())) + "'s reply " + std::to_string(i + 1) + " of " +
              std::to_string(replies.size()));
    }
  }

 private:
  void add(Position& position, ProofNode& node, const Turn& turn, const std::string& what) {
    if (++stats_.nodes > options_.max_nodes)
      throw InputError("the proof tree has more than " + std::to_string(options_.max_nodes) +
                       " nodes; raise --max-nodes, or export from a later position (a certificate of it)");
    ProofNode child;
    child.player = position.to_move();
    child.turn = turn;
    child.what = what + ". ";
    position.play(turn);
    expand(position, child);
    position.undo();
    node.children.push_back(std::move(child));
  }

  // Where kinrow verify stops before the end (docs/certificates.md): every line the
  // opponent needs is spoiled, or the pairs or forest rule holds. "" if play goes on.
  std::string settled(const Position& position) const {
    const Goal goal = game_.rules.goal;
    const int holder = strategy_.holder;
    const bool breaker = goal == Goal::MakerBreaker && holder == 1;
    if (breaker || (goal != Goal::MakerBreaker && strategy_.claim == Claim::NotLose)) {
      const int spoiler = goal == Goal::Misere ? 1 - holder : holder;
      const bool spoiled = std::all_of(game_.lines.begin(), game_.lines.end(), [&](const Line& line) {
        return std::any_of(line.begin(), line.end(), [&](Cell c) { return position.owner(c) == spoiler; });
      });
      if (spoiled)
        return std::string("Settled: every line holds a stone of ") + colour(spoiler) + ", so " +
               (goal == Goal::Misere ? colour(holder) : colour(1 - holder)) + " can complete none.";
      if (strategy_.pairing_rule && pairing_rule_applies(game_.rules) && opponent_lines_paired(position, holder))
        return std::string("Settled by pairs: ") + colour(holder) + " answers each stone in a pair with its partner, "
               "so every line " + colour(1 - holder) + " could still complete stays open.";
    }
    if (strategy_.forest_rule && breaker && breaker_holds_by_forest(position))
      return "Settled: the maker's live lines form a forest that the breaker keeps cutting.";
    return "";
  }

  // The holder completing a line this turn, as the win-now rule finds it: a line he
  // nearly owns filled up (with the lowest other empty cells if his turn places more);
  // failing that, on small boards, every legal turn tried.
  std::optional<Turn> winning_turn(Position& position) const {
    const int holder = strategy_.holder;
    if (game_.rules.goal == Goal::Misere) return std::nullopt;
    const int stones = position.stones_this_turn();
    auto wins = [&](const Turn& turn) {
      if (!position.why_illegal(turn).empty()) return false;
      position.play(turn);
      const bool won = position.over() && position.winner() == holder;
      position.undo();
      return won;
    };
    const bool lines_count = !(game_.rules.goal == Goal::MakerBreaker && holder == 1);
    for (const Line& line : lines_count ? game_.lines : std::vector<Line>{}) {
      Turn turn;
      bool blocked = false;
      for (Cell c : line) {
        if (position.owner(c) == 1 - holder) blocked = true;
        if (position.owner(c) == kNoPlayer) turn.push_back(c);
      }
      if (blocked || turn.empty() || static_cast<int>(turn.size()) > stones) continue;
      for (Cell c = 0; c < game_.cell_count() && static_cast<int>(turn.size()) < stones; ++c)
        if (position.owner(c) == kNoPlayer && std::find(turn.begin(), turn.end(), c) == turn.end()) turn.push_back(c);
      std::sort(turn.begin(), turn.end());
      if (wins(turn)) return turn;
    }
    // Gravity, the breaker's last turn: few enough turns to try them all.
    constexpr std::size_t kTriedTurns = 4096;
    if (game_.rules.gravity || !lines_count) {
      const std::vector<Turn> turns = position.legal_turns();
      if (turns.size() <= kTriedTurns)
        for (const Turn& turn : turns)
          if (wins(turn)) return turn;
    }
    return std::nullopt;
  }

  std::string gap(const Position& position) const {
    if (strategy_.pairing_rule || strategy_.forest_rule)
      return "No entry: the strategy's pairs or forest rule takes over here (kinrow verify finds how).";
    return "Gap: the certificate has no move for " + std::string(colour(position.to_move())) +
           " here (kinrow verify would reject it).";
  }

  const Game& game_;
  const Strategy& strategy_;
  const SgfProofOptions& options_;
  SgfProofStats& stats_;
  MoveLookup lookup_;
  std::map<Owners, std::string> seen_;  // positions expanded, with the moves that reached them
};

std::size_t count_nodes(const ProofNode& node) {
  std::size_t n = 1;
  for (const ProofNode& child : node.children) n += count_nodes(child);
  return n;
}

SgfNode sgf_node_of(const Game& game, const ProofNode& node) {
  SgfNode out;
  if (node.player != kNoPlayer) out.properties.push_back(sgf_move(game, node.player, node.turn));
  std::string comment = node.what;
  while (!comment.empty() && comment.back() == ' ') comment.pop_back();
  const std::size_t below = count_nodes(node) - 1;
  if (below > 0) comment += (comment.empty() ? "" : "\n") + std::to_string(below) + " node(s) below.";
  if (!comment.empty()) out.add("C", comment);
  return out;
}

// A chain of single children is one sequence; several children are variations.
void append(const Game& game, const ProofNode& node, SgfTree& tree) {
  tree.sequence.push_back(sgf_node_of(game, node));
  if (node.children.size() == 1) return append(game, node.children.front(), tree);
  for (const ProofNode& child : node.children) {
    tree.variations.emplace_back();
    append(game, child, tree.variations.back());
  }
}

}  // namespace

SgfTree proof_tree(const Game& game, const Certificate& certificate, const SgfProofOptions& options,
                   SgfProofStats* stats_out) {
  if (certificate.spec != game.spec)
    throw InputError("the certificate is for " + certificate.spec + ", not " + game.spec);
  if (certificate.strategies.empty()) throw InputError("the certificate holds no strategy");
  const Strategy* strategy = &certificate.strategies.front();
  if (options.holder >= 0) {
    strategy = nullptr;
    for (const Strategy& s : certificate.strategies)
      if (s.holder == options.holder) strategy = &s;
    if (!strategy)
      throw InputError(std::string("the certificate holds no strategy for the ") +
                       (options.holder == 0 ? "first" : "second") + " player");
  }
  if (strategy->plan)
    throw InputError("this strategy is a pairing plan (every opponent move answered by its partner); "
                     "SGF export walks strategies of entries only");
  if (strategy->zone_rule)
    throw InputError("this strategy answers the opponent's turns by relevance zones; SGF export would have to list "
                     "every turn they answer, and does not walk zone strategies yet");

  SgfProofStats stats;
  stats.holder = strategy->holder;
  Position position = play_moves(game, certificate.start);
  ProofNode root;
  root.what = "kinrow proof tree: " + std::string(colour(strategy->holder)) + " (" +
              (strategy->holder == 0 ? "first" : "second") + " player) " +
              (strategy->claim == Claim::Win ? "wins" : "does not lose") + " from " +
              (certificate.start.empty() ? std::string("the empty board") : "\"" + certificate.start + "\"") + ". At " +
              colour(strategy->holder) + "'s turns the certificate's move, at " + colour(1 - strategy->holder) +
              "'s every legal turn as a variation. ";
  // The start moves lead down the main line to where the proof begins.
  ProofNode* at = &root;
  stats.nodes = 1;
  for (std::size_t i = 0; i < position.history().size(); ++i) {
    ProofNode child;
    child.player = static_cast<int>(i % 2);
    child.turn = position.history()[i];
    at->children.push_back(std::move(child));
    at = &at->children.back();
    ++stats.nodes;
  }
  if (at != &root) at->what = "The proof starts here. ";
  ProofWalk(game, *strategy, options, stats).expand(position, *at);

  SgfGameInfo info;
  info.event = "kinrow proof tree";
  SgfTree tree;
  append(game, root, tree);
  SgfNode header = sgf_root(game, info);
  for (SgfProperty& p : tree.sequence.front().properties) header.properties.push_back(std::move(p));
  tree.sequence.front() = std::move(header);
  if (stats_out) *stats_out = stats;
  return tree;
}

}  // namespace kinrow
