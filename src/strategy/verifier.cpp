#include "strategy/verifier.h"

#include <algorithm>
#include <array>
#include <chrono>

#include "core/error.h"
#include "core/hashing.h"
#include "core/position.h"
#include "core/symmetry.h"
#include "strategy/connect_grid.h"

namespace kinrow {

const char* guarantee_name(Guarantee g) {
  return g == Guarantee::Win ? "win" : g == Guarantee::NotLose ? "at least draw" : "none";
}

namespace {

// Positions with the holder to move, keyed exactly (two bits per cell), with the worst
// result found below them. Open addressing; each slot is the key's words followed by the
// result word (0 marks a free slot), so a probe touches one cache line, not two: the
// verifier's time is mostly waiting for these probes.
class PositionTable {
 public:
  explicit PositionTable(int words) : words_(words), stride_(words + 1) { resize(1 << 16); }

  // The stored result, or 0.
  uint8_t find(const uint64_t* key) const {
    for (std::size_t i = slot_of(key);; i = (i + 1) & mask_) {
      const uint64_t* slot = &slots_[i * stride_];
      if (!slot[words_]) return 0;
      if (same(key, slot)) return static_cast<uint8_t>(slot[words_]);
    }
  }
  void insert(const uint64_t* key, uint8_t result) {
    if (2 * (size_ + 1) > mask_ + 1) resize(2 * (mask_ + 1));
    place(key, result);
    ++size_;
  }

 private:
  bool same(const uint64_t* a, const uint64_t* b) const {
    for (int w = 0; w < words_; ++w)
      if (a[w] != b[w]) return false;
    return true;
  }
  std::size_t slot_of(const uint64_t* key) const {
    uint64_t h = 0;
    for (int w = 0; w < words_; ++w) h = SplitMix64(h ^ key[w]).next();
    return h & mask_;
  }
  void place(const uint64_t* key, uint64_t result) {
    std::size_t i = slot_of(key);
    while (slots_[i * stride_ + words_]) i = (i + 1) & mask_;
    std::copy(key, key + words_, &slots_[i * stride_]);
    slots_[i * stride_ + words_] = result;
  }
  void resize(std::size_t count) {
    std::vector<uint64_t> old = std::move(slots_);
    slots_.assign(count * stride_, 0);
    mask_ = count - 1;
    for (std::size_t i = 0; i < old.size(); i += stride_)
      if (old[i + words_]) place(&old[i], old[i + words_]);
  }

  int words_, stride_;
  std::size_t mask_ = 0, size_ = 0;
  std::vector<uint64_t> slots_;
};

constexpr int kMaxKeyWords = 16;  // two bits per cell: boards of up to 512 cells

enum Result : uint8_t { kAbort = 0, kDraw = 1, kWin = 2 };  // for the holder; a loss aborts

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
        words_((2 * game.cell_count() + 63) / 64),
        table_(words_),
        key_(words_),
        best_(words_) {
    if (strategy.symmetric()) {
      const SymmetryGroup group = automorphisms(game, 64);
      if (group.complete) maps_ = group.maps;
    }
    if (maps_.empty()) maps_.push_back({});  // identity only
    start_ = std::chrono::steady_clock::now();
  }

  void run() {
    empty_ = game_.cell_count();
    const uint8_t r = holder_ == 0 ? holder_turn() : opponent_turn();
    if (!out_.complete) return;
    out_.guarantee = r == kWin ? Guarantee::Win : r == kDraw ? Guarantee::NotLose : Guarantee::None;
  }

 private:
  bool playable(Cell c) const {
    return owner_[c] == kNoPlayer && (!game_.rules.gravity || game_.below[c] < 0 || owner_[game_.below[c]] != kNoPlayer);
  }
  // The result for the holder of `player` completing a line.
  uint8_t line_result(int player) const {
    const bool completer_wins = game_.rules.goal != Goal::Misere;
    return (player == holder_) == completer_wins ? kWin : kAbort;
  }

  void make_key() {
    bool first = true;
    for (const Permutation& map : maps_) {
      std::fill(key_.begin(), key_.end(), 0);
      for (Cell c = 0; c < game_.cell_count(); ++c) {
        const uint64_t v = static_cast<uint64_t>(owner_[c] + 1);
        const Cell at = map.empty() ? c : map[c];
        key_[2 * at / 64] |= v << (2 * at % 64);
      }
      if (first || std::lexicographical_compare(key_.begin(), key_.end(), best_.begin(), best_.end())) best_ = key_;
      first = false;
    }
  }

  void fail(const std::string& why) {  // keeps the first failure: the deepest, found first
    if (!out_.failure.empty()) return;
    out_.counterexample = path_;
    out_.failure = why;
  }

  uint8_t holder_turn() {
    make_key();
    if (const uint8_t known = table_.find(best_.data())) return known;
    if (options_.max_positions && out_.positions >= options_.max_positions) {
      out_.complete = false;
      return kAbort;
    }
    if (++out_.positions % (1 << 20) == 0 && options_.on_progress)
      options_.on_progress(out_.positions, seconds());
    std::array<uint64_t, kMaxKeyWords> key;
    std::copy(best_.begin(), best_.end(), key.begin());
    const StrategyMove move = strategy_.choose(BoardView{game_, owner_, holder_});
    if (move.cell < 0) return fail("the strategy has no move: " + move.why_none), kAbort;
    if (move.cell >= game_.cell_count() || !playable(move.cell))
      return fail("the strategy chose an unplayable cell (rule " + move.rule + ")"), kAbort;
    if (options_.certificate)
      entries_.push_back(StrategyEntry{std::vector<int8_t>(owner_.begin(), owner_.end()), Turn{move.cell}, 0});
    const uint8_t r = after_move(move.cell, holder_);
    if (r != kAbort) table_.insert(key.data(), r);
    return r;
  }

  uint8_t opponent_turn() {
    uint8_t worst = kWin;
    for (Cell c = 0; c < game_.cell_count(); ++c) {
      if (!playable(c)) continue;
      ++out_.opponent_moves;
      const uint8_t r = after_move(c, 1 - holder_);
      if (r == kAbort) return kAbort;
      worst = std::min(worst, r);
    }
    return worst;
  }

  // Plays c for `player`, judges the result and recurses.
  uint8_t after_move(Cell c, int player) {
    const bool ends_by_line = completes_line(BoardView{game_, owner_, player}, c, player) && !(options_.relaxed && player != holder_);
    owner_[c] = static_cast<int8_t>(player);
    --empty_;
    path_.push_back(c);
    uint8_t r;
    if (ends_by_line || empty_ == 0) {
      ++out_.games_ended;
      r = ends_by_line ? line_result(player) : static_cast<uint8_t>(kDraw);
      if (r == kAbort) fail(player == holder_ ? "the strategy's move completes a line" : "the opponent completes a line");
      if (r == kDraw && out_.drawn_game.empty()) out_.drawn_game = path_;
    } else {
      r = player == holder_ ? opponent_turn() : holder_turn();
    }
    path_.pop_back();
    ++empty_;
    owner_[c] = kNoPlayer;
    return r;
  }

  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 public:
  std::vector<StrategyEntry> entries_;

 private:
  const Game& game_;
  const KnowledgeStrategy& strategy_;
  int holder_;
  const VerifyOptions& options_;
  StrategyVerification& out_;
  std::vector<int8_t> owner_;
  int empty_ = 0;
  int words_;
  PositionTable table_;
  std::vector<uint64_t> key_, best_;
  std::vector<Permutation> maps_;
  std::vector<Cell> path_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace

StrategyVerification verify_strategy(const Game& game, const KnowledgeStrategy& strategy, int player,
                                     const VerifyOptions& options) {
  StrategyVerification out;
  if (2 * game.cell_count() > 64 * kMaxKeyWords)
    throw InputError("strategy verification handles boards of up to " + std::to_string(32 * kMaxKeyWords) +
                     " cells, not " + std::to_string(game.cell_count()));
  const auto start = std::chrono::steady_clock::now();
  Verifier verifier(game, strategy, player, options, out);
  verifier.run();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (options.certificate && out.complete && out.guarantee != Guarantee::None) {
    Strategy s;
    s.holder = player;
    s.claim = out.guarantee == Guarantee::Win ? Claim::Win : Claim::NotLose;
    s.win_now_rule = false;
    s.entries = std::move(verifier.entries_);
    out.strategy = std::move(s);
  }
  return out;
}

}  // namespace kinrow
