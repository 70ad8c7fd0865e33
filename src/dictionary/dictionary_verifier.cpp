#include "dictionary/dictionary_verifier.h"

#include <bit>
#include <chrono>
#include <unordered_map>

namespace kinrow {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kFailed = -1;

class DictionaryVerifier {
 public:
  DictionaryVerifier(DictionaryPlayer& player, const DictionaryVerifyOptions& options)
      : player_(player), board_(player.board()), options_(options), me_(player.holder()) {
    report_.entry_reached.assign(player.dictionary().entries.size(), false);
  }

  DictionaryVerification run() {
    // The second player's dictionary starts with every first move of the opponent.
    const int slowest = me_ == 0 ? holder_turn({}) : opponent_turn({});
    if (slowest != kFailed) report_.longest_win = slowest;
    report_.seconds = seconds();
    for (bool reached : report_.entry_reached) report_.entries_unreached += !reached;
    report_.forced_win_nodes = player_.forced_win_nodes();
    return std::move(report_);
  }

 private:
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  int fail(const std::string& why, const Stones& stones) {
    report_.holds = false;
    report_.failure = why;
    report_.game = path_;
    report_.failed_position = stones;
    return kFailed;
  }

  // After `mover`'s stone on `c`: kGoesOn, or the finished game's result — the holder's
  // stones in its win, or kFailed with what went wrong.
  static constexpr int kGoesOn = BoardMasks::kGoesOn;
  int game_end(const Stones& after, int mover, Cell c) {
    const int winner = board_.result_after(after, mover, c);
    if (winner == kGoesOn) return kGoesOn;
    if (winner == me_) {
      ++report_.games_won;
      return won(std::popcount(after.of(me_)), after);
    }
    if (winner == BoardMasks::kDrawn) return fail("drawn: the board is full", after);
    if (!board_.completes(after.of(mover), c)) return fail("lost: the board is full", after);
    return fail(mover == me_ ? "lost: the holder completed a line (misère)" : "lost: the opponent completed a line",
                after);
  }

  // A game the holder has won, having placed `stones` of its own: within the limit?
  int won(int holder_stones, const Stones& at) {
    if (options_.within && holder_stones > options_.within)
      return fail("won too late: " + std::to_string(holder_stones) + " stones, more than the limit of " +
                      std::to_string(options_.within),
                  at);
    return holder_stones;
  }

  // The holder is to move. Returns the holder's stones in its slowest win below, or kFailed.
  int holder_turn(const Stones& stones) {
    if (const Cell win = player_.winning_move(stones); win >= 0) {
      ++report_.games_won;
      ++report_.by_rule[static_cast<int>(PlayRule::WinNow)];
      return won(std::popcount(stones.of(me_)) + 1, stones);
    }
    const CanonicalForm form = player_.canonicaliser().canonical(stones);
    if (const auto known = done_.find(form.stones); known != done_.end()) return known->second;

    if (++report_.positions % 4096 == 0 && options_.on_progress) options_.on_progress(report_.positions, seconds());
    const DictionaryChoice choice = player_.choose(stones, &form);
    if (choice.cell < 0) return fail("no move: the dictionary does not cover this position", stones);
    ++report_.by_rule[static_cast<int>(choice.rule)];
    if (choice.entry >= 0 && !report_.entry_reached[choice.entry]) {
      report_.entry_reached[choice.entry] = true;
      if (player_.rules().forced_win && player_.has_forced_win(form))
        report_.entries_with_forced_win.push_back(choice.entry);
    }
    if (options_.keep_moves) report_.moves.push_back({stones, choice.cell, choice.rule});

    int result;
    if (choice.rule == PlayRule::ForcedWin && options_.forced_win_ends_branch) {
      ++report_.forced_branches;
      result = won(std::popcount(stones.of(me_)) + choice.forced_length, stones);
    } else {
      path_.push_back(choice.cell);
      result = after_holder_move(stones, choice.cell);
      path_.pop_back();
    }
    if (result != kFailed) done_.emplace(form.stones, static_cast<int8_t>(result));
    return result;
  }

  int after_holder_move(Stones stones, Cell move) {
    stones.place(me_, move);
    if (const int end = game_end(stones, me_, move); end != kGoesOn) return end;
    if (options_.within && std::popcount(stones.of(me_)) >= options_.within)
      return fail("no win within " + std::to_string(options_.within) + " stones", stones);
    return opponent_turn(stones);
  }

  // The opponent is to move (the board is not full): every legal reply.
  int opponent_turn(const Stones& stones) {
    const CellMask replies = board_.legal(stones);
    int slowest = 0;
    for (CellMask m = replies; m; m &= m - 1) {
      const Cell reply = std::countr_zero(m);
      ++report_.replies;
      Stones next = stones;
      next.place(1 - me_, reply);
      path_.push_back(reply);
      int result = game_end(next, 1 - me_, reply);
      if (result == kGoesOn) result = holder_turn(next);
      path_.pop_back();
      if (result == kFailed) return kFailed;
      slowest = std::max(slowest, result);
    }
    return slowest;
  }

  DictionaryPlayer& player_;
  const BoardMasks& board_;
  const DictionaryVerifyOptions& options_;
  const int me_;
  const Clock::time_point start_ = Clock::now();
  // Positions (canonical) already shown to be won, with the holder's stones in the slowest win.
  std::unordered_map<Stones, int8_t, StonesHash> done_;
  std::vector<Cell> path_;
  DictionaryVerification report_;
};

}  // namespace

DictionaryVerification verify_dictionary(DictionaryPlayer& player, const DictionaryVerifyOptions& options) {
  return DictionaryVerifier(player, options).run();
}

Strategy certificate_strategy(const DictionaryVerification& verification, int holder, int cells) {
  Strategy strategy;
  strategy.holder = holder;
  strategy.claim = Claim::Win;
  strategy.win_now_rule = true;
  for (const CheckedMove& m : verification.moves)
    if (m.rule != PlayRule::WinNow) strategy.entries.push_back({owners_of(m.stones, cells), {m.move}});
  return strategy;
}

}  // namespace kinrow
