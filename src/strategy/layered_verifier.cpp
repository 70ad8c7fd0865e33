// Strategy verification breadth first, one layer of move numbers at a time.
//
// What a strategy guarantees is a property of the games it can reach: it guarantees a
// win if every one of them ends in a win, at least a draw if none ends in a loss. Nothing
// has to be passed back up a tree, so the positions can be visited in any order. And a
// move adds a stone: a position is reached at its own move number or not at all. So the
// positions with the opponent to move after the holder's n-th move (one layer) are all
// that need to be held to make the next layer — every opponent move, then the strategy's
// answer — and the memory is the largest layer, not the sum of all of them, which is
// what kept the depth-first verifier (verifier.cpp) to about 500 million positions. The
// two walk the same positions and must count the same; the depth-first one stays for
// certificates and as the cross-check.
//
// The layer is shared between threads, handed out in blocks, and each piece of it is freed
// once expanded; the next layer is collected in shards, each position once
// (layer_shards.h). A lost (or drawn) game is found as a
// layer position and the moves after it; among those of the first layer that has one,
// the least (by key, then moves) is reported, so the answer does not depend on the
// threads. The moves that lead to that position are found afterwards by a search that
// only places stones the position holds (path_to).
#include "strategy/layered_verifier.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <thread>
#include <tuple>

#include "core/error.h"
#include "core/position.h"
#include "strategy/commutation_check.h"
#include "strategy/layer_checkpoint.h"
#include "strategy/layer_shards.h"
#include "strategy/line_masks.h"
#include "strategy/position_keys.h"
#include "strategy/position_set.h"

namespace kinrow {
namespace {

enum Result : uint8_t { kLoss = 0, kDraw = 1, kWin = 2 };  // for the holder

// The one or two moves after a layer position.
struct After {
  Cell cells[2] = {-1, -1};
  int count = 0;
  After plus(Cell c) const {
    After a = *this;
    a.cells[a.count++] = c;
    return a;
  }
  std::vector<Cell> list() const { return {cells, cells + count}; }
};

// A game that ended, found from a layer position: the position's key, the moves after it.
struct EndedGame {
  std::vector<uint64_t> key;
  std::vector<Cell> moves;
  std::string why;
  bool found() const { return !key.empty(); }
  // Keeps the least, so that which thread finds what does not change the answer.
  void offer(const uint64_t* k, int words, std::vector<Cell> after, const std::string& reason) {
    std::vector<uint64_t> candidate(k, k + words);
    if (found() && std::tie(key, moves) <= std::tie(candidate, after)) return;
    key = std::move(candidate);
    moves = std::move(after);
    why = reason;
  }
};

class LayeredVerifier {
 public:
  LayeredVerifier(const Game& game, const KnowledgeStrategy& strategy, int holder, const VerifyOptions& options,
                  const std::vector<Permutation>& maps, StrategyVerification& out)
      : game_(game), strategy_(strategy), holder_(holder), options_(options), maps_(maps), out_(out),
        layout_(game, maps),
        lines_(game) {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    threads_ = options.threads > 0 ? options.threads : static_cast<int>(cores);
    start_ = std::chrono::steady_clock::now();
  }

  void run() {
    const int words = layout_.words();
    LayerPieces layer;
    std::vector<Worker> workers;
    workers.reserve(threads_);
    for (int t = 0; t < threads_; ++t) workers.emplace_back(*this, t);
    Result worst = kWin;
    EndedGame loss, draw;
    holder_moves_ = holder_ == 0 ? 1 : 0;
    const bool resumed = !options_.checkpoint.empty() && resume(layer, workers);
    if (!resumed && holder_ == 0) {  // the holder opens: the first layer is its first move
      LayerShards next(words, threads_, 1);
      next_ = &next;
      Worker& w = workers[0];
      holder_reply(w, nullptr, After{});
      next.finish_sending(0);
      next.finish();
      layer = next.take();
      worst = w.worst;
      loss = first_loss(workers);
      draw = first_draw(workers);
    } else if (!resumed) {
      layer.emplace_back(layout_.canonical(), layout_.canonical() + words);  // the empty board
    }
    double growth = 1.0;  // next layer / this layer, as last seen (none yet: 1, growing if need be)
    for (bool saved = resumed; keys_in(layer) && !loss.found(); ++holder_moves_, saved = false) {
      if (!options_.checkpoint.empty() && !saved) checkpoint(layer, workers, worst);
      const std::size_t expanded = keys_in(layer);
      out_.positions += expanded;
      if (options_.max_positions && out_.positions > options_.max_positions) {
        out_.complete = false;
        return;
      }
      // The next layer's size, guessed from the last layer's growth.
      LayerShards next(words, threads_, static_cast<std::size_t>(static_cast<double>(expanded) * growth * 1.05));
      next_ = &next;
      expand(layer, workers);  // frees the layer's pieces as it goes
      if (stopped_) {
        out_.complete = false;
        return;
      }
      for (auto& w : workers) worst = std::min(worst, w.worst);
      loss = first_loss(workers);
      if (!draw.found()) draw = first_draw(workers);
      layer = next.take();
      next_ = nullptr;
      growth = std::clamp(static_cast<double>(keys_in(layer)) / static_cast<double>(expanded), 0.25, 2.0);
    }
    for (auto& w : workers) {
      out_.opponent_moves += w.opponent_moves;
      out_.games_ended += w.games_ended;
    }
    if (!options_.checkpoint.empty()) std::remove(options_.checkpoint.c_str());  // the walk is done
    if (loss.found()) {
      out_.guarantee = Guarantee::None;
      out_.counterexample = game_to(loss);
      out_.failure = loss.why;
      return;
    }
    out_.guarantee = worst == kWin ? Guarantee::Win : Guarantee::NotLose;
    if (draw.found()) out_.drawn_game = game_to(draw);
  }

 private:
  // One thread's board, keys and findings.
  struct Worker {
    Worker(const LayeredVerifier& v, int index)
        : index(index), owner(v.game_.cell_count(), kNoPlayer), keys(v.game_, v.maps_),
          commutes(v.game_, v.strategy_, v.maps_, v.holder_), stones(2 * v.lines_.words(), 0) {}
    int index;  // its thread's, in the next layer's shards
    std::vector<int8_t> owner;
    int stone_count = 0;
    PositionKeys keys;
    CommutationCheck commutes;  // the merging's condition (commutation_check.h)
    std::vector<uint64_t> stones;  // each player's stones as a bitset (LineMasks)
    uint64_t* stones_of(int player) { return &stones[player * (stones.size() / 2)]; }
    uint64_t opponent_moves = 0, games_ended = 0;
    Result worst = kWin;
    EndedGame loss, draw;
  };

  // Which verification a checkpoint belongs to: it must be resumed by the same one. A walk
  // that merges by symmetries says it checked the strategy commutes with them
  // (commutation_check.h): a checkpoint from before that check is refused, not resumed.
  std::string identity() const {
    return game_.spec + " strategy " + strategy_.name() + " player " + std::to_string(holder_ + 1) +
           (options_.relaxed ? " relaxed" : "") + " keys " + std::to_string(layout_.words()) + "x" +
           std::to_string(maps_.size()) + (maps_.size() > 1 ? " commuting checked" : "");
  }

  // Saves the walk before `layer` is expanded (layer_checkpoint.h). Nothing of the games
  // that ended needs saving: a loss ends the walk, and a drawn game fills the board, so
  // it is met only while the last layer is expanded.
  void checkpoint(const LayerPieces& layer, const std::vector<Worker>& workers, Result worst) const {
    if (worst != kWin) throw std::logic_error("strategy verification: a checkpoint after a game that was not won");
    LayerCheckpoint c;
    c.identity = identity();
    c.holder_moves = holder_moves_;
    c.positions = out_.positions;
    for (const Worker& w : workers) {
      c.opponent_moves += w.opponent_moves;
      c.games_ended += w.games_ended;
    }
    c.seconds = out_.resumed_seconds + seconds();
    c.key_words = layout_.words();
    save_checkpoint(options_.checkpoint, c, layer);
  }

  // Takes up the walk where a checkpoint left it, if there is one.
  bool resume(LayerPieces& layer, std::vector<Worker>& workers) {
    LayerPieces keys;
    std::optional<LayerCheckpoint> c = load_checkpoint(options_.checkpoint, keys);
    if (!c) return false;
    if (c->identity != identity() || c->key_words != layout_.words())
      throw InputError("the checkpoint \"" + printable(options_.checkpoint) + "\" is of another verification (" +
                       c->identity + "), not of " + identity());
    // A checkpoint is written before a layer is expanded, never after the last: one with
    // no position left would end the walk unchecked, so it is no checkpoint of this walk.
    if (!keys_in(keys))
      throw InputError("the checkpoint \"" + printable(options_.checkpoint) +
                       "\" holds no positions to expand: no walk writes one so (delete it to start again)");
    holder_moves_ = c->holder_moves;
    out_.resumed = true;
    out_.positions = c->positions;
    out_.resumed_positions = c->positions;
    out_.resumed_seconds = c->seconds;
    workers[0].opponent_moves = c->opponent_moves;
    workers[0].games_ended = c->games_ended;
    layer = std::move(keys);
    return true;
  }

  bool playable(const std::vector<int8_t>& owner, Cell c) const { return kinrow::playable(game_, owner, c); }
  Result line_result(int player) const {
    const bool completer_wins = game_.rules.goal != Goal::Misere;
    return (player == holder_) == completer_wins ? kWin : kLoss;
  }
  void place(Worker& w, Cell c, int player) const {
    w.owner[c] = static_cast<int8_t>(player);
    LineMasks::set(w.stones_of(player), c);
    w.keys.toggle(c, player);
    ++w.stone_count;
  }
  void take_back(Worker& w, Cell c, int player) const {
    w.owner[c] = kNoPlayer;
    LineMasks::clear(w.stones_of(player), c);
    w.keys.toggle(c, player);
    --w.stone_count;
  }

  // A game ended `after` the layer position `from` (null: the empty board).
  void ended(Worker& w, const uint64_t* from, After after, Result r, const std::string& why) const {
    ++w.games_ended;
    w.worst = std::min(w.worst, r);
    if (!from) from = empty_key_.data();
    if (r == kLoss) w.loss.offer(from, layout_.words(), after.list(), why);
    if (r == kDraw && !draw_seen_) w.draw.offer(from, layout_.words(), after.list(), "");
  }

  // The holder answers on w's board, reached by `after` from the layer position `from`;
  // a position that goes on joins the next layer.
  void holder_reply(Worker& w, const uint64_t* from, After after) {
    const StrategyMove move = strategy_.choose(BoardView{game_, w.owner, holder_});
    if (move.cell < 0) return ended(w, from, after, kLoss, "the strategy has no move: " + move.why_none);
    if (move.cell >= game_.cell_count() || !playable(w.owner, move.cell))
      return ended(w, from, after, kLoss, "the strategy chose an unplayable cell (rule " + move.rule + ")");
    if (const std::string why = w.commutes.failure(w.owner, move.cell); !why.empty())
      return ended(w, from, after, kLoss, why);
    const bool line = lines_.completes(w.stones_of(holder_), move.cell);
    if (line) return ended(w, from, after.plus(move.cell), line_result(holder_), "the strategy's move completes a line");
    if (w.stone_count + 1 == game_.cell_count()) return ended(w, from, after.plus(move.cell), kDraw, "");
    place(w, move.cell, holder_);
    next_->add(w.index, w.keys.canonical());
    if (options_.max_positions && next_->added() + out_.positions > options_.max_positions) stopped_ = true;
    take_back(w, move.cell, holder_);
  }

  // Every opponent move from the layer position `key`, and the holder's answers.
  void expand_one(Worker& w, const uint64_t* key) {
    layout_.decode(key, w.owner);
    w.keys.set(key, w.owner);
    std::fill(w.stones.begin(), w.stones.end(), 0);
    w.stone_count = 0;
    for (Cell c = 0; c < game_.cell_count(); ++c)
      if (w.owner[c] != kNoPlayer) {
        LineMasks::set(w.stones_of(w.owner[c]), c);
        ++w.stone_count;
      }
    const int opponent = 1 - holder_;
    for (Cell c = 0; c < game_.cell_count(); ++c) {
      if (!playable(w.owner, c)) continue;
      ++w.opponent_moves;
      if (!options_.relaxed && lines_.completes(w.stones_of(opponent), c)) {
        ended(w, key, After{}.plus(c), line_result(opponent), "the opponent completes a line");
        continue;
      }
      if (w.stone_count + 1 == game_.cell_count()) {
        ended(w, key, After{}.plus(c), kDraw, "");
        continue;
      }
      place(w, c, opponent);
      holder_reply(w, key, After{}.plus(c));
      take_back(w, c, opponent);
    }
  }

  std::size_t keys_in(const LayerPieces& layer) const { return words_in(layer) / layout_.words(); }

  // Expands every position of `layer` into next_, the threads taking blocks of positions
  // in turn; the thread that finishes a piece's last block frees the piece, so the old
  // layer shrinks while the next one grows.
  void expand(LayerPieces& layer, std::vector<Worker>& workers) {
    const int words = layout_.words();
    constexpr std::size_t kBlock = 512;
    std::vector<std::size_t> first_block{0};  // of each piece, and one past the last
    for (const std::vector<uint64_t>& piece : layer)
      first_block.push_back(first_block.back() + (piece.size() / words + kBlock - 1) / kBlock);
    std::vector<std::atomic<std::size_t>> blocks_left(layer.size());
    for (std::size_t p = 0; p < layer.size(); ++p) blocks_left[p] = first_block[p + 1] - first_block[p];
    const std::size_t count = keys_in(layer);
    std::atomic<std::size_t> next_block{0}, done{0};
    auto work = [&](Worker& w, bool reports) {
      for (std::size_t b; !stopped_ && (b = next_block.fetch_add(1)) < first_block.back();) {
        const std::size_t p = std::upper_bound(first_block.begin(), first_block.end(), b) - first_block.begin() - 1;
        const std::vector<uint64_t>& piece = layer[p];
        const std::size_t begin = (b - first_block[p]) * kBlock, end = std::min(piece.size() / words, begin + kBlock);
        for (std::size_t i = begin; i < end; ++i) expand_one(w, &piece[i * words]);
        done += end - begin;
        if (blocks_left[p].fetch_sub(1) == 1) std::vector<uint64_t>().swap(layer[p]);
        next_->take_mail(w.index);
        if (reports && options_.on_progress && seconds() >= next_report_) {  // once a second
          VerifyProgress progress{out_.positions + next_->added(), seconds()};
          progress.holder_moves = holder_moves_;
          progress.layer_done = done;
          progress.layer_size = count;
          options_.on_progress(progress);
          next_report_ = seconds() + 1;
        }
      }
      next_->finish_sending(w.index);
    };
    std::vector<std::thread> helpers;
    for (std::size_t t = 1; t < workers.size(); ++t) helpers.emplace_back(work, std::ref(workers[t]), false);
    work(workers[0], true);
    for (std::thread& t : helpers) t.join();
    next_->finish();
    layer.clear();
    // Checked again now that the count is exact: while the threads ran it lagged behind.
    if (options_.max_positions && out_.positions + next_->added() > options_.max_positions) stopped_ = true;
  }

  EndedGame first_loss(std::vector<Worker>& workers) const {
    EndedGame best;
    for (const Worker& w : workers)
      if (w.loss.found()) best.offer(w.loss.key.data(), layout_.words(), w.loss.moves, w.loss.why);
    return best;
  }
  EndedGame first_draw(std::vector<Worker>& workers) {
    EndedGame best;
    for (const Worker& w : workers)
      if (w.draw.found()) best.offer(w.draw.key.data(), layout_.words(), w.draw.moves, "");
    if (best.found()) draw_seen_ = true;
    return best;
  }

  // The whole game: the moves that reach the layer position, then those after it.
  std::vector<Cell> game_to(const EndedGame& ended) const {
    std::vector<int8_t> target(game_.cell_count(), kNoPlayer);
    layout_.decode(ended.key.data(), target);
    std::vector<Cell> moves = path_to(target);
    moves.insert(moves.end(), ended.moves.begin(), ended.moves.end());
    return moves;
  }

  // Moves from the empty board to `target` with the holder's from the strategy. Only the
  // target's stones are ever placed, and positions already found to lead nowhere are
  // remembered, so this is quick even deep in a large game.
  std::vector<Cell> path_to(const std::vector<int8_t>& target) const {
    const int stones = static_cast<int>(game_.cell_count() - std::count(target.begin(), target.end(), kNoPlayer));
    std::vector<int8_t> owner(game_.cell_count(), kNoPlayer);
    PositionKeys keys(game_, {});
    PositionSet dead(keys.words());
    std::vector<Cell> path;
    auto reach = [&](auto&& self, int player) -> bool {
      if (static_cast<int>(path.size()) == stones) return true;
      auto step = [&](Cell c) {
        owner[c] = static_cast<int8_t>(player);
        keys.toggle(c, player);
        path.push_back(c);
        if (self(self, 1 - player)) return true;
        path.pop_back();
        keys.toggle(c, player);
        owner[c] = kNoPlayer;
        return false;
      };
      if (player == holder_) {
        const Cell c = strategy_.choose(BoardView{game_, owner, holder_}).cell;
        return c >= 0 && c < game_.cell_count() && target[c] == player && playable(owner, c) && step(c);
      }
      if (dead.find(keys.canonical())) return false;
      for (Cell c = 0; c < game_.cell_count(); ++c)
        if (target[c] == player && playable(owner, c) && step(c)) return true;
      dead.insert(keys.canonical(), 1);
      return false;
    };
    if (!reach(reach, 0))
      throw std::logic_error("strategy verification: no game of " + strategy_.name() +
                             " reaches a position it reached (does it really commute with the symmetries?)");
    return path;
  }

  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

  const Game& game_;
  const KnowledgeStrategy& strategy_;
  int holder_;
  const VerifyOptions& options_;
  const std::vector<Permutation>& maps_;
  StrategyVerification& out_;
  PositionKeys layout_;  // the empty board's keys; decodes the layers' keys
  LineMasks lines_;
  const std::vector<uint64_t> empty_key_{layout_.canonical(), layout_.canonical() + layout_.words()};
  int threads_ = 1;
  double next_report_ = 1;                // when to call on_progress next (seconds)
  int holder_moves_ = 0;                  // the holder's stones in the layer being expanded
  bool draw_seen_ = false;                // a drawn game was found in an earlier layer
  LayerShards* next_ = nullptr;           // the layer being collected
  std::atomic<bool> stopped_{false};      // max_positions reached
  std::chrono::steady_clock::time_point start_;
};

}  // namespace

void verify_by_layers(const Game& game, const KnowledgeStrategy& strategy, int holder, const VerifyOptions& options,
                      const std::vector<Permutation>& maps, StrategyVerification& out) {
  LayeredVerifier(game, strategy, holder, options, maps, out).run();
}

}  // namespace kinrow
