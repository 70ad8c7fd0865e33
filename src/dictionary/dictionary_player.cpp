#include "dictionary/dictionary_player.h"

#include <sstream>

#include "core/error.h"

namespace kinrow {

ObviousRules parse_obvious_rules(const std::string& text) {
  ObviousRules rules;
  if (text == "none") return rules;
  if (text == "patashnik") return {true, true, true};
  std::istringstream items(text);
  for (std::string item; std::getline(items, item, ',');) {
    if (item == "win") rules.win_now = true;
    else if (item == "block") rules.block = true;
    else if (item == "forced") rules.forced_win = true;
    else
      throw InputError("unknown rule \"" + printable(item) +
                       "\" (known: win, block, forced; or none, patashnik = win,block,forced)");
  }
  return rules;
}

std::string obvious_rules_text(const ObviousRules& rules) {
  std::string text;
  if (rules.win_now) text += ",win";
  if (rules.block) text += ",block";
  if (rules.forced_win) text += ",forced";
  return text.empty() ? "none" : text.substr(1);
}

const char* play_rule_name(PlayRule rule) {
  switch (rule) {
    case PlayRule::WinNow: return "win now";
    case PlayRule::Block: return "block";
    case PlayRule::Dictionary: return "dictionary";
    case PlayRule::ForcedWin: return "forced win";
    case PlayRule::None: break;
  }
  return "none";
}

DictionaryPlayer::DictionaryPlayer(const BoardMasks& board, const Dictionary& dictionary, ObviousRules rules)
    : board_(board), canonicaliser_(board.game()), dictionary_(dictionary), rules_(rules), forced_(board) {
  const bool any_rule = rules.win_now || rules.block || rules.forced_win;
  if (any_rule && board.goal() == Goal::Misere)
    throw InputError("the obvious-move rules assume completing a line wins; " + board.game().spec +
                     " is misère (use --rules none)");
  for (int i = 0; i < static_cast<int>(dictionary.entries.size()); ++i) {
    const DictionaryEntry& entry = dictionary.entries[i];
    const CanonicalForm form = canonicaliser_.canonical(entry.stones);
    if (!table_.emplace(form.stones, Known{canonicaliser_.image(form.map, entry.move), i}).second) ++repeated_;
  }
}

Cell DictionaryPlayer::winning_move(const Stones& stones) const {
  const int me = dictionary_.holder;
  if (!rules_.win_now || !board_.lines_count_for(me)) return -1;
  const CellMask wins = board_.winning_cells(stones.of(me), stones.of(1 - me), board_.legal(stones));
  return wins ? std::countr_zero(wins) : -1;
}

DictionaryChoice DictionaryPlayer::choose(const Stones& stones, const CanonicalForm* known_form) {
  const int me = dictionary_.holder;
  const CellMask legal = board_.legal(stones);
  if (const Cell win = winning_move(stones); win >= 0) return {win, PlayRule::WinNow};
  if (rules_.block && board_.lines_count_for(1 - me))
    if (const CellMask threats = board_.winning_cells(stones.of(1 - me), stones.of(me), legal))
      return {std::countr_zero(threats), PlayRule::Block};

  const CanonicalForm form = known_form ? *known_form : canonicaliser_.canonical(stones);
  if (const auto known = table_.find(form.stones); known != table_.end()) {
    const Cell move = canonicaliser_.preimage(form.map, known->second.move);
    if (!(legal >> move & 1)) return {};  // an entry whose move is not legal here covers nothing
    return {move, PlayRule::Dictionary, known->second.entry};
  }
  if (rules_.forced_win) {
    const ForcedWin win = forced_.find(form.stones, me);
    if (win.move >= 0) return {canonicaliser_.preimage(form.map, win.move), PlayRule::ForcedWin, -1, win.length};
  }
  return {};
}

}  // namespace kinrow
