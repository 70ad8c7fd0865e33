#include "engine/sgf_proof.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/symmetry.h"
#include "engine/sgf_record.h"
#include "proof/packed_position.h"
#include "proof/pairing_rule.h"
#include "proof/strategy_lookup.h"
#include "proof/strategy_rules.h"

namespace kinrow {
namespace {

using Owners = std::vector<int8_t>;

const char* colour(int player) { return player == 0 ? "Black" : "White"; }

Owners owners_of(const Position& position) {
  Owners owner(position.game().cell_count());
  for (Cell c = 0; c < position.game().cell_count(); ++c) owner[c] = static_cast<int8_t>(position.owner(c));
  return owner;
}

// What the certificate says at a position (with the stones withheld on the way, in
// sub-proofs), read with the checker's own lookup (proof/strategy_lookup.h): the entry,
// zone or pairs of the position, else of the first of its class of symmetric positions,
// carried over. Behind the width of the checker's packed positions.
class StrategyAnswers {
 public:
  virtual ~StrategyAnswers() = default;
  // No entry stands where the holder can win at once: the win-now rule may go first.
  virtual bool wins_first() const = 0;
  // The holder's turn; `carried` tells whether it came from a symmetric position's entry.
  virtual std::optional<Turn> entry(const Position& position, bool& carried) = 0;
  // The zone declared here (the opponent's stones withheld): per cell its first zone.
  virtual std::optional<std::vector<uint8_t>> zone(const Position& position) = 0;
  // Listed pairs, where the holder's pairing takes over.
  virtual std::optional<std::vector<std::pair<Cell, Cell>>> pairs(const Position& position) = 0;
  // The stronger positions' cells declared at the opponent's turn (the stronger rule).
  virtual std::vector<std::vector<Cell>> stronger(const Position& position) = 0;
};

template <int N>
class PackedAnswers final : public StrategyAnswers {
 public:
  using Key = PackedPosition<N>;

  // Throws InputError for an entry the checker rejects on its own.
  PackedAnswers(const Game& game, const CheckedSymmetries& symmetries, const Strategy& strategy)
      : symmetries_(symmetries), cells_(game.cell_count()), lookup_(game, symmetries, strategy) {
    auto added = [](const std::string& problem) {
      if (!problem.empty()) throw InputError(problem);
    };
    for (const StrategyEntry& e : strategy.entries) added(lookup_.add(e));
    for (const ZoneEntry& e : strategy.zones) added(lookup_.add(e));
    for (const PairedEntry& e : strategy.paired) added(lookup_.add(e));
    for (const StrongerEntry& e : strategy.stronger) added(lookup_.add(e));
  }

  bool wins_first() const override { return lookup_.wins_first(); }

  std::optional<Turn> entry(const Position& position, bool& carried) override {
    Key exact, canonical;
    const std::size_t frame = keys(position, exact, canonical);
    Turn turn;
    if (!lookup_.entry_for(position, exact, canonical, frame, turn, &carried)) return std::nullopt;
    return turn;
  }

  std::optional<std::vector<uint8_t>> zone(const Position& position) override {
    const std::optional<ZoneRecord> zone = lookup_.zone_for(position);
    if (!zone) return std::nullopt;
    return zone->level;
  }

  std::vector<std::vector<Cell>> stronger(const Position& position) override {
    Key exact, canonical;
    const std::size_t frame = keys(position, exact, canonical);
    return lookup_.stronger_for(position, exact, canonical, frame);
  }

  std::optional<std::vector<std::pair<Cell, Cell>>> pairs(const Position& position) override {
    Key exact, canonical;
    const std::size_t frame = keys(position, exact, canonical);
    std::vector<std::pair<Cell, Cell>> pairs;
    if (!lookup_.paired_for(exact, canonical, frame, pairs)) return std::nullopt;
    return pairs;
  }

 private:
  std::size_t keys(const Position& position, Key& exact, Key& canonical) const {
    exact = key_of<N>(position);
    return symmetries_.canonical(exact, canonical, cells_);
  }

  const CheckedSymmetries& symmetries_;
  int cells_;
  StrategyLookup<N> lookup_;
};

// The proof as a plain tree first: SGF's sequences and variations are made from it at the
// end, when each node's count of nodes below is known.
struct ProofNode {
  int player = kNoPlayer;  // who placed `turn` (kNoPlayer: the root)
  Turn turn;               // under zones, a partial turn or none (the rest withheld)
  std::string what;        // the comment's first line
  std::vector<uint8_t> zone;  // a relevance zone declared here: per cell its first zone, 0 none
  std::vector<ProofNode> children;
};

// C(n, k): the opponent's turns of k stones on n empty cells, as a count for comments.
std::size_t binomial(std::size_t n, std::size_t k) {
  if (k > n) return 0;
  std::size_t result = 1;
  for (std::size_t i = 1; i <= k; ++i) result = result * (n - k + i) / i;
  return result;
}

class ProofWalk {
 public:
  ProofWalk(const Game& game, const Strategy& strategy, const SgfProofOptions& options, SgfProofStats& stats,
            const Position& start)
      : game_(game),
        strategy_(strategy),
        options_(options),
        stats_(stats),
        symmetries_(game, automorphisms(game, kMaxCheckedSymmetries)),
        answers_(make_packed<StrategyAnswers, PackedAnswers>(game.cell_count(), game, symmetries_, strategy)) {
    if (!answers_) throw InputError("SGF proof trees are written for boards of at most 2,048 cells");
    for (const Turn& turn : start.history()) path_.push_back(format_turn(game, turn));
  }

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
    // The checker's early ends hold for the game as played, not inside a sub-proof.
    if (const std::string why = position.withheld() == 0 ? settled(position) : ""; !why.empty()) {
      node.what += why;
      ++stats_.other_ends;
      return;
    }
    if (!options_.expand_transpositions) {
      const auto [it, fresh] = seen_.emplace(std::make_pair(position.withheld(), owners_of(position)), path_text());
      if (!fresh) {
        node.what += "Transposes to the position after " + it->second + ", shown there.";
        ++stats_.transpositions;
        return;
      }
    }
    // As the checker: an immediate win by the lines first (where no entry stands at one),
    // then the certificate's listed pairs, then the turn.
    Turn win;
    const bool wins_now = position.to_move() == holder && strategy_.win_now_rule && answers_->wins_first() &&
                          winning_turn_by_lines(position, holder, win);
    if (const std::string why = wins_now || position.withheld() > 0 ? "" : listed_pairs(position); !why.empty()) {
      node.what += why;
      ++stats_.other_ends;
      return;
    }
    if (position.to_move() == holder) return holder_turn(position, node, wins_now ? &win : nullptr);
    if (answers_by_zones(strategy_, game_.rules)) return opponent_turn_by_zones(position, node);
    const std::vector<Turn> replies = position.legal_turns();
    // The stronger rule: turns inside a declared set are answered by the position where
    // the opponent owns all of it, which the checker plays out; the export notes them.
    const std::vector<std::vector<Cell>> stronger =
        strategy_.stronger_rule ? answers_->stronger(position) : std::vector<std::vector<Cell>>{};
    std::vector<std::size_t> answered(stronger.size(), 0);
    for (std::size_t i = 0; i < replies.size(); ++i) {
      if (const int s = stronger_set_holding(stronger, replies[i]); s >= 0) {
        ++answered[s];
        continue;
      }
      ++stats_.replies;
      add(position, node, replies[i],
          std::string(colour(position.to_move())) + "'s reply " + std::to_string(i + 1) + " of " +
              std::to_string(replies.size()));
    }
    for (std::size_t s = 0; s < stronger.size(); ++s) {
      if (!answered[s]) continue;
      node.what += std::to_string(answered[s]) + " of " + colour(position.to_move()) + "'s turns lie within " +
                   format_turn(game_, stronger[s]) +
                   ": they are answered by the position where he owns all of it (a stronger position, which "
                   "kinrow verify plays out; not drawn here). ";
      ++stats_.other_ends;
    }
  }

 private:
  // The holder's turn: `win` if the win-now rule found one first, else the entry (its own
  // or a symmetric one carried over), else any turn that wins.
  void holder_turn(Position& position, ProofNode& node, const Turn* win) {
    Turn turn;
    std::string how;
    bool carried = false;
    std::optional<Turn> entry;
    if (win) {
      turn = *win;
      how = "Wins at once (the win-now rule)";
    } else if ((entry = answers_->entry(position, carried))) {
      turn = *entry;
      how = carried ? "The certificate's move, carried over from a symmetric position" : "The certificate's move";
    } else if (strategy_.win_now_rule && find_winning_turn(position, strategy_.holder, turn)) {
      how = "Wins at once (the win-now rule)";
    } else {
      node.what += gap(position);
      ++stats_.other_ends;
      return;
    }
    if (position.withheld() > 0)
      how += " in the sub-proof (" + std::to_string(position.withheld()) + " of " + colour(1 - strategy_.holder) +
             "'s stones withheld)";
    ++stats_.holder_turns;
    add(position, node, turn, how);
  }

  // The opponent's turn under the zones rule, stone by stone as the checker walks it
  // (answer_by_zones): a zone declared with some stones down (none: a null move) becomes
  // a node with the zone drawn as labels and the sub-proof below it; a whole turn no zone
  // answers is a variation of its own.
  void opponent_turn_by_zones(Position& position, ProofNode& node) {
    const int opponent = position.to_move();
    const std::size_t turns = binomial(position.empty_count(), position.stones_this_turn());
    std::size_t listed = 0, zones = 0;
    auto zone_at = [&](const std::vector<Cell>& down, int withheld, std::optional<ZoneRecord>& zone) -> std::string {
      std::optional<std::vector<uint8_t>> level = answers_->zone(position);
      if (!level) return "";
      zone = ZoneRecord{*level, 0, false, false};
      ++zones;
      Turn partial(down.begin(), down.end());
      std::sort(partial.begin(), partial.end());
      node.children.push_back(zone_node(position, opponent, partial, withheld, std::move(*level)));
      return "";
    };
    auto whole = [&](const Turn& turn) {
      ++listed;
      ++stats_.replies;
      add(position, node, turn, std::string(colour(opponent)) + "'s turn, not answered by a zone");
      return std::string();
    };
    std::vector<Cell> placed;
    std::vector<ZoneAnswer> answering;
    std::vector<std::vector<Cell>> seen;
    answer_by_zones(position, placed, answering, seen, zone_at, whole);
    stats_.zone_answered += turns - listed;
    node.what += std::string(colour(opponent)) + " to play: " + with_count(turns, "turn") + ", " +
                 with_count(turns - listed, "turn") + " answered by " + with_count(zones, "relevance zone") +
                 " (nodes without a move, or with part of the turn, labelled), " + std::to_string(listed) +
                 " listed. ";
  }

  // A zone declared after the opponent's stones `partial` (`position` has them, the rest
  // withheld, the holder to move), with the holder's sub-proof below it.
  ProofNode zone_node(Position& position, int opponent, const Turn& partial, int withheld, std::vector<uint8_t> level) {
    count_node();
    ++stats_.zones;
    ProofNode node;
    node.player = opponent;
    node.turn = partial;
    node.zone = std::move(level);
    node.what = zone_comment(opponent, partial, withheld);
    path_.push_back(partial.empty() ? "(" + std::string(colour(opponent)) + " withholds his turn)"
                                    : format_turn(game_, partial) + " (" + std::to_string(withheld) + " withheld)");
    expand(position, node);
    path_.pop_back();
    return node;
  }

  std::string zone_comment(int opponent, const Turn& partial, int withheld) const {
    const int holder = strategy_.holder;
    const std::string who = colour(opponent);
    std::string text = partial.empty()
                           ? who + " withholds his whole turn (a null move)"
                           : who + " places " + format_turn(game_, partial) + " and withholds " +
                                 with_count(static_cast<std::size_t>(withheld), "stone") + " (a seminull move)";
    return text + ". Relevance zone, each cell labelled with the first zone it lies in: " + who +
           "'s withheld stones s1, s2, ... with each s_i on no cell labelled i or less change nothing, and " +
           colour(holder) + " answers them by the sub-proof below, which wins without them "
           "(kinrow verify recomputes the zone from the sub-proof). ";
  }

  static std::string with_count(std::size_t n, const std::string& noun) {
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
  }

  void count_node() {
    if (++stats_.nodes > options_.max_nodes)
      throw InputError("the proof tree has more than " + std::to_string(options_.max_nodes) +
                       " nodes; raise --max-nodes, or export from a later position (a certificate of it)");
  }

  void add(Position& position, ProofNode& node, const Turn& turn, const std::string& what) {
    count_node();
    ProofNode child;
    child.player = position.to_move();
    child.turn = turn;
    child.what = what + ". ";
    position.play(turn);
    path_.push_back(format_turn(game_, turn));
    expand(position, child);
    path_.pop_back();
    position.undo();
    node.children.push_back(std::move(child));
  }

  std::string path_text() const {
    std::string text;
    for (const std::string& turn : path_) text += (text.empty() ? "" : " ") + turn;
    return "\"" + text + "\"";
  }

  // Where kinrow verify stops before the end (docs/certificates.md): every line the
  // opponent needs is spoiled, or the pairs or forest rule holds. "" if play goes on.
  std::string settled(const Position& position) const {
    const int holder = strategy_.holder;
    if (claim_settled_by_lines(strategy_, position)) {
      const bool misere = game_.rules.goal == Goal::Misere;
      const int spoiler = misere ? 1 - holder : holder;
      return std::string("Settled: every line holds a stone of ") + colour(spoiler) + ", so " +
             colour(misere ? holder : 1 - holder) + " can complete none.";
    }
    if (claim_settled_by_pairing(strategy_, position)) {
      const int p = game_.rules.stones_per_turn;
      if (p == 1)
        return std::string("Settled by pairs: ") + colour(holder) + " answers each stone in a pair with its partner, "
               "so " + colour(1 - holder) + " completes no line.";
      return std::string("Settled by tuples of ") + std::to_string(p + 1) + " cells: " + colour(holder) +
             " puts a stone in every tuple " + colour(1 - holder) + "'s turn touches, so " + colour(1 - holder) +
             " completes no line.";
    }
    if (claim_settled_by_forest(strategy_, position))
      return "Settled: the maker's live lines form a forest that the breaker keeps cutting.";
    return "";
  }

  // Where the certificate lists pairs for the position: the checker ends play there if
  // they hold every line the opponent could still complete, and rejects them if not.
  std::string listed_pairs(const Position& position) {
    const std::optional<std::vector<std::pair<Cell, Cell>>> pairs = answers_->pairs(position);
    if (!pairs) return "";
    if (!listed_pairs_serve(strategy_, game_.rules))
      return "The certificate lists pairs here, which end play only under the pairs rule, for a not-lose claim or "
             "the breaker (kinrow verify would reject them).";
    if (const std::string why = pairs_problem(position, strategy_.holder, *pairs); !why.empty())
      return "The certificate's pairs do not hold here: " + why + " (kinrow verify would reject them).";
    std::string listed;
    for (const auto& [a, b] : *pairs)
      listed += (listed.empty() ? "" : ", ") + format_cell(game_, a) + "-" + format_cell(game_, b);
    return std::string("Settled by the certificate's pairs (") + listed + "): " + colour(strategy_.holder) +
           " answers each stone in a pair with its partner.";
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
  CheckedSymmetries symmetries_;  // the checker's, which its lookup canonicalises with
  std::unique_ptr<StrategyAnswers> answers_;
  // Positions expanded (with the stones withheld on the way), and the turns that reached them.
  std::map<std::pair<int, Owners>, std::string> seen_;
  std::vector<std::string> path_;  // the turns from the empty board to the position walked
};

std::size_t count_nodes(const ProofNode& node) {
  std::size_t n = 1;
  for (const ProofNode& child : node.children) n += count_nodes(child);
  return n;
}

SgfNode sgf_node_of(const Game& game, const ProofNode& node) {
  SgfNode out;
  // A zone's node may hold no stone at all (a null move): no move property then.
  if (node.player != kNoPlayer && (node.zone.empty() || !node.turn.empty()))
    out.properties.push_back(sgf_move(game, node.player, node.turn));
  for (Cell c = 0; c < static_cast<Cell>(node.zone.size()); ++c)
    if (node.zone[c] != 0) out.add("LB", sgf_point(game, c) + ":" + std::to_string(node.zone[c]));
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

  SgfProofStats stats;
  stats.holder = strategy->holder;
  Position position = play_moves(game, certificate.start);
  ProofNode root;
  root.what = "kinrow proof tree: " + std::string(colour(strategy->holder)) + " (" +
              (strategy->holder == 0 ? "first" : "second") + " player) " +
              (strategy->claim == Claim::Win ? "wins" : "does not lose") + " from " +
              (certificate.start.empty() ? std::string("the empty board") : "\"" + certificate.start + "\"") + ". At " +
              colour(strategy->holder) + "'s turns the certificate's move, at " + colour(1 - strategy->holder) +
              (answers_by_zones(*strategy, game.rules)
                   ? "'s the relevance zones with their sub-proofs, and every turn no zone answers, as variations. "
                   : "'s every legal turn as a variation. ");
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
  ProofWalk(game, *strategy, options, stats, position).expand(position, *at);

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
