// A dictionary behind the strategy interface (strategy/strategy.h), so `kinrow play` and
// everything else that takes a strategy can play by one.
#pragma once

#include <memory>
#include <string>

#include "dictionary/dictionary_player.h"
#include "strategy/strategy.h"

namespace kinrow {

class DictionaryStrategy : public KnowledgeStrategy {
 public:
  // Reads the dictionary at `path` for `holder` (a certificate's own holder wins).
  DictionaryStrategy(const Game& game, const std::string& path, int holder, ObviousRules rules);

  int holder() const { return dictionary_.holder; }
  std::string name() const override { return "dictionary"; }
  std::string summary() const override;
  StrategyPromise promise(const Game& game, int player, bool relaxed) const override;
  StrategyMove choose(const BoardView& board) const override;
  bool symmetric() const override { return true; }

 private:
  std::string path_;
  Dictionary dictionary_;
  std::unique_ptr<DictionaryPlayer> player_;  // stateful (its forced-win memo), hence not const
};

}  // namespace kinrow
