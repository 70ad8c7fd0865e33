#include "strategy/verifier.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <stdexcept>

#include "core/error.h"
#include "core/position.h"
#include "core/symmetry.h"
#include "proof/strategy_lookup.h"
#include "strategy/commutation_check.h"
#include "strategy/connect_grid.h"
#include "strategy/layered_verifier.h"
#include "strategy/position_keys.h"
#include "strategy/position_set.h"

namespace kinrow {

const char* guarantee_name(Guarantee g) {
  return g == Guarantee::Win ? "win" : g == Guarantee::NotLose ? "at least draw" : "none";
}

namespace {

constexpr int kMaxKeyWords = 16;  // two bits per cell: boards of up to 511 cells

enum WalkResult : uint8_t { kAbort = 0, kWalkDraw = 1, kWalkWin = 2 };  // for the holder; a loss aborts

// The symmetries the verifier may merge by: the game's, if the strategy says it commutes
// with them, which is then checked wherever it moves (commutation_check.h).
std::vector<Permutation> merging_maps(const Game& game, const KnowledgeStrategy& strategy) {
  if (!strategy.symmetric()) return {};
  SymmetryGroup group = automorphisms(game, 64);
  if (!group.complete) return {};
  // The maps come from the solvers' symmetry search; the checker's own test (lines, gravity,
  // breaker-only cells) confirms each one before positions are merged by it.
  if (const CheckedSymmetries checked(game, group); !checked.problem().empty())
    throw std::logic_error("strategy verification: " + checked.problem());
  return std::move(group.maps);
}

// Depth first from the empty board. Positions are merged where the opponent is to move,
// after the holder's reply. Those with the holder to move are these plus one opponent
// move, several times more (5.4 M against 0.9 M for take-even on 10x8), and the number of
// stored positions is what fills the memory.
class Verifier {
 public:
  Verifier(const Game& game, const KnowledgeStrategy& strategy, int holder, const VerifyOptions& options,
           StrategyVerification& out)
      : game_(game),
        strategy_(strategy),
        holder_(holder),
        options_(options),
        out_(out),
        owner_(game.cell_count(), kNoPlayer),
        maps_(merging_maps(game, strategy)),
        keys_(game, maps_),
        commutes_(game, strategy, maps_, holder),
        table_(keys_.words()) {
    if (keys_.words() > kMaxKeyWords)
      throw InputError("strategy verification handles boards of up to about " + std::to_string(32 * kMaxKeyWords) +
                       " cells, not " + std::to_string(game.cell_count()));
    start_ = std::chrono::steady_clock::now();
  }

  void run() {
    empty_ = game_.cell_count();
    const uint8_t r = holder_ == 0 ? holder_turn() : opponent_turn();
    if (!out_.complete) return;
    out_.guarantee = r == kWalkWin ? Guarantee::Win : r == kWalkDraw ? Guarantee::NotLose : Guarantee::None;
  }

  // The holder's entries, each position once (one can be reached from several merged ones).
  std::vector<StrategyEntry> take_entries() {
    std::sort(entries_.begin(), entries_.end(), [](const StrategyEntry& a, const StrategyEntry& b) { return a.owner < b.owner; });
    entries_.erase(std::unique(entries_.begin(), entries_.end(),
                               [](const StrategyEntry& a, const StrategyEntry& b) { return a.owner == b.owner; }),
                   entries_.end());
    return std::move(entries_);
  }

 private:
  bool playable(Cell c) const { return kinrow::playable(game_, owner_, c); }
  // The result for the holder of `player` completing a line.
  uint8_t line_result(int player) const {
    const bool completer_wins = game_.rules.goal != Goal::Misere;
    return (player == holder_) == completer_wins ? kWalkWin : kAbort;
  }

  void fail(const std::string& why) {  // keeps the first failure: the deepest, found first
    if (!out_.failure.empty()) return;
    out_.counterexample = path_;
    out_.failure = why;
  }

  uint8_t holder_turn() {
    const StrategyMove move = strategy_.choose(BoardView{game_, owner_, holder_});
    if (move.cell < 0) return fail("the strategy has no move: " + move.why_none), kAbort;
    if (move.cell >= game_.cell_count() || !playable(move.cell))
      return fail("the strategy chose an unplayable cell (rule " + move.rule + ")"), kAbort;
    if (const std::string why = commutes_.failure(owner_, move.cell); !why.empty()) return fail(why), kAbort;
    if (options_.certificate)
      entries_.push_back(StrategyEntry{std::vector<int8_t>(owner_.begin(), owner_.end()), Turn{move.cell}, 0});
    return after_move(move.cell, holder_);
  }

  uint8_t opponent_turn() {
    const uint64_t* canonical = keys_.canonical();
    if (const uint8_t known = table_.find(canonical)) return known;
    if (options_.max_positions && out_.positions >= options_.max_positions) {
      out_.complete = false;
      return kAbort;
    }
    if (++out_.positions % (1 << 20) == 0 && options_.on_progress) options_.on_progress({out_.positions, seconds()});
    std::array<uint64_t, kMaxKeyWords> key;
    std::copy(canonical, canonical + keys_.words(), key.begin());
    uint8_t worst = kWalkWin;
    for (Cell c = 0; c < game_.cell_count(); ++c) {
      if (!playable(c)) continue;
      ++out_.opponent_moves;
      const uint8_t r = after_move(c, 1 - holder_);
      if (r == kAbort) return kAbort;
      worst = std::min(worst, r);
    }
    table_.insert(key.data(), worst);
    return worst;
  }

  // Plays c for `player`, judges the result and recurses.
  uint8_t after_move(Cell c, int player) {
    const bool ends_by_line = completes_line(BoardView{game_, owner_, player}, c, player) && !(options_.relaxed && player != holder_);
    owner_[c] = static_cast<int8_t>(player);
    keys_.toggle(c, player);
    --empty_;
    path_.push_back(c);
    uint8_t r;
    if (ends_by_line || empty_ == 0) {
      ++out_.games_ended;
      r = ends_by_line ? line_result(player) : static_cast<uint8_t>(kWalkDraw);
      if (r == kAbort) fail(player == holder_ ? "the strategy's move completes a line" : "the opponent completes a line");
      if (r == kWalkDraw && out_.drawn_game.empty()) out_.drawn_game = path_;
    } else {
      r = player == holder_ ? opponent_turn() : holder_turn();
    }
    path_.pop_back();
    ++empty_;
    keys_.toggle(c, player);
    owner_[c] = kNoPlayer;
    return r;
  }

  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  const Game& game_;
  const KnowledgeStrategy& strategy_;
  int holder_;
  const VerifyOptions& options_;
  StrategyVerification& out_;
  std::vector<int8_t> owner_;
  int empty_ = 0;
  std::vector<Permutation> maps_;  // merged by, if the strategy commutes with them
  PositionKeys keys_;
  CommutationCheck commutes_;  // checks that it does
  PositionSet table_;
  std::vector<Cell> path_;
  std::vector<StrategyEntry> entries_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace

StrategyVerification verify_strategy(const Game& game, const KnowledgeStrategy& strategy, int player,
                                     const VerifyOptions& options) {
  StrategyVerification out;
  const auto start = std::chrono::steady_clock::now();
  if (!options.depth_first && !options.certificate) {
    verify_by_layers(game, strategy, player, options, merging_maps(game, strategy), out);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
  }
  Verifier verifier(game, strategy, player, options, out);
  verifier.run();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (options.certificate && out.complete && out.guarantee != Guarantee::None) {
    Strategy s;
    s.holder = player;
    s.claim = out.guarantee == Guarantee::Win ? Claim::Win : Claim::NotLose;
    s.win_now_rule = false;
    s.entries = verifier.take_entries();
    out.strategy = std::move(s);
  }
  return out;
}

}  // namespace kinrow
