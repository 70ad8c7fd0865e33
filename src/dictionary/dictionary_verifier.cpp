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
      : player_(player), board_(player.tables()), options_(options), me_(player.holder()) {
    report_.entry_reached.assign(player.dictionary().entries.size(), false);
  }

  DictionaryVerification run() {
    // The second player's dictionary starts with every first move of the opponent.
    const int slowest = me_ == 0 ? holder_turn() : opponent_turn();
    if (slowest != kFailed) report_.longest_win = slowest;
    report_.seconds = seconds();
    for (bool reached : report_.entry_reached) report_.entries_unreached += !reached;
    report_.forced_win_nodes = player_.forced_win_nodes();
    return std::move(report_);
  }

 private:
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  int fail(const std::string& why) {
    report_.holds = false;
    report_.failure = why;
    report_.game = path_;
    report_.failed_position = board_.stones();
    return kFailed;
  }

  int holder_stones() const { return board_.stones_of(me_).count(); }

  // After `mover`'s stone, which `completed` a line of his or not: kGoesOn, or the
  // finished game's result — the holder's stones in its win, or kFailed with what went
  // wrong.
  int game_end(int mover, bool completed) {
    const int winner = board_.result_after(mover, completed);
    if (winner == kGoesOn) return kGoesOn;
    if (winner == me_) {
      ++report_.games_won;
      return won(holder_stones());
    }
    if (winner == kDrawn) return fail("drawn: the board is full");
    if (!completed) return fail("lost: the board is full");
    return fail(mover == me_ ? "lost: the holder completed a line (misère)" : "lost: the opponent completed a line");
  }

  // A game the holder has won, having placed `stones` of its own: within the limit?
  int won(int stones) {
    if (options_.within && stones > options_.within)
      return fail("won too late: " + std::to_string(stones) + " stones, more than the limit of " +
                  std::to_string(options_.within));
    return stones;
  }

  // The holder is to move. Returns the holder's stones in its slowest win below, or kFailed.
  int holder_turn() {
    if (const Cell win = player_.winning_move(board_); win >= 0) {
      ++report_.games_won;
      ++report_.by_rule[static_cast<int>(PlayRule::WinNow)];
      return won(holder_stones() + 1);
    }
    const CanonicalForm<1> form = player_.canonicaliser().canonical(board_.stones());
    if (const auto known = done_.find(form.stones); known != done_.end()) return known->second;

    if (++report_.positions % 4096 == 0 && options_.on_progress) options_.on_progress(report_.positions, seconds());
    const DictionaryChoice choice = player_.choose(board_, &form);
    if (choice.cell < 0) return fail("no move: the dictionary does not cover this position");
    // The verifier plays by the rules, not by the player's word: every rule's move
    // (a forced win's comes from a search) must be legal here.
    if (!board_.playable().test(choice.cell)) return fail("the player's move is not a legal move here");
    ++report_.by_rule[static_cast<int>(choice.rule)];
    if (choice.entry >= 0 && !report_.entry_reached[choice.entry]) {
      report_.entry_reached[choice.entry] = true;
      if (player_.rules().forced_win && player_.has_forced_win(form))
        report_.entries_with_forced_win.push_back(choice.entry);
    }
    if (options_.keep_moves) report_.moves.push_back({board_.stones(), choice.cell, choice.rule});

    int result;
    if (choice.rule == PlayRule::ForcedWin && options_.forced_win_ends_branch) {
      ++report_.forced_branches;
      result = won(holder_stones() + choice.forced_length);
    } else {
      path_.push_back(choice.cell);
      result = after_holder_move(choice.cell);
      path_.pop_back();
    }
    if (result != kFailed) done_.emplace(form.stones, static_cast<int8_t>(result));
    return result;
  }

  int after_holder_move(Cell move) {
    int result = game_end(me_, board_.place(move));
    if (result == kGoesOn) {
      if (options_.within && holder_stones() >= options_.within)
        result = fail("no win within " + std::to_string(options_.within) + " stones");
      else
        result = opponent_turn();
    }
    board_.remove(move);
    return result;
  }

  // The opponent is to move (the board is not full): every legal reply.
  int opponent_turn() {
    int slowest = 0;
    for (Cell reply : Bits<1>(board_.playable())) {
      ++report_.replies;
      path_.push_back(reply);
      int result = game_end(1 - me_, board_.place(reply));
      if (result == kGoesOn) result = holder_turn();
      board_.remove(reply);
      path_.pop_back();
      if (result == kFailed) return kFailed;
      slowest = std::max(slowest, result);
    }
    return slowest;
  }

  DictionaryPlayer& player_;
  Board<1> board_;
  const DictionaryVerifyOptions& options_;
  const int me_;
  const Clock::time_point start_ = Clock::now();
  // Positions (canonical) already shown to be won, with the holder's stones in the slowest win.
  std::unordered_map<DictionaryStones, int8_t, StonesHash> done_;
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
    if (m.rule != PlayRule::WinNow) strategy.entries.push_back({owners_of(m.stones, cells), {m.move}, 0});
  return strategy;
}

}  // namespace kinrow
