#include "core/error.h"
#include "strategy/misere_strategies.h"

namespace kinrow {

const std::vector<std::unique_ptr<KnowledgeStrategy>>& knowledge_strategies() {
  static const std::vector<std::unique_ptr<KnowledgeStrategy>> all = [] {
    std::vector<std::unique_ptr<KnowledgeStrategy>> v;
    v.push_back(make_take_even());
    v.push_back(make_delayed_take_even());
    v.push_back(make_take_other_rightmost());
    v.push_back(make_tally());
    v.push_back(make_canonical_boards());
    v.push_back(make_play_on_top());
    return v;
  }();
  return all;
}

const KnowledgeStrategy& find_strategy(const std::string& name) {
  std::string known;
  for (const auto& s : knowledge_strategies()) {
    if (s->name() == name) return *s;
    known += (known.empty() ? "" : ", ") + s->name();
  }
  throw InputError("unknown strategy \"" + printable(name) + "\" (known: " + known + ")");
}

}  // namespace kinrow
