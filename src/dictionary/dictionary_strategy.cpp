#include "dictionary/dictionary_strategy.h"

namespace kinrow {

DictionaryStrategy::DictionaryStrategy(const Game& game, const std::string& path, int holder, ObviousRules rules)
    : path_(path),
      dictionary_(read_dictionary_file(path, game, holder)),
      player_(std::make_unique<DictionaryPlayer>(game, dictionary_, rules)) {}

std::string DictionaryStrategy::summary() const {
  return path_ + " (" + std::to_string(dictionary_.entries.size()) + " entries; rules " +
         obvious_rules_text(player_->rules()) + ")";
}

StrategyPromise DictionaryStrategy::promise(const Game& game, int player, bool relaxed) const {
  StrategyPromise promise;
  promise.applies = game.spec == player_->game().spec && player == dictionary_.holder && !relaxed;
  if (!promise.applies)
    promise.why_not = "the dictionary plays the " + std::string(dictionary_.holder == 0 ? "first" : "second") +
                      " player of " + player_->game().spec;
  promise.claim = Claim::Win;
  promise.source = summary();
  return promise;
}

StrategyMove DictionaryStrategy::choose(const BoardView& board) const {
  const DictionaryChoice choice = player_->choose(stones_of<1>(board.owner));
  StrategyMove move;
  move.cell = choice.cell;
  if (choice.cell < 0) {
    move.why_none = "the dictionary does not cover this position, and no rule gives a move";
    return move;
  }
  move.rule = play_rule_name(choice.rule);
  if (choice.rule == PlayRule::Dictionary)
    move.rule += " (line " + std::to_string(dictionary_.entries[choice.entry].line) + ")";
  if (choice.rule == PlayRule::ForcedWin) move.rule += " (wins in " + std::to_string(choice.forced_length) + ")";
  return move;
}

}  // namespace kinrow
