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

namespace {

const Game& dictionary_game(const Game& game) {
  check_dictionary_game(game);
  return game;
}

}  // namespace

DictionaryPlayer::DictionaryPlayer(const Game& game, const Dictionary& dictionary, ObviousRules rules)
    : game_(dictionary_game(game)),
      tables_(game, BoardOptions{.key_symmetries = 0, .live = false, .near = 0}),
      canonicaliser_(game),
      dictionary_(dictionary),
      rules_(rules),
      scratch_(tables_) {
  const bool any_rule = rules.win_now || rules.block || rules.forced_win;
  if (any_rule && game.rules.goal == Goal::Misere)
    throw InputError("the obvious-move rules assume completing a line wins; " + game.spec +
                     " is misère (use --rules none)");
  for (int i = 0; i < static_cast<int>(dictionary.entries.size()); ++i) {
    const DictionaryEntry& entry = dictionary.entries[i];
    const Form form = canonicaliser_.canonical(entry.stones);
    if (!table_.emplace(form.stones, Known{canonicaliser_.image(form.map, entry.move), i}).second) ++repeated_;
  }
}

Cell DictionaryPlayer::winning_move(const Board& board) const {
  const int me = dictionary_.holder;
  if (!rules_.win_now || !tables_.lines_count[me]) return -1;
  const Bits<1> wins = board.winning_cells(me);
  return wins.any() ? wins.first() : -1;
}

DictionaryChoice DictionaryPlayer::choose(const DictionaryStones& stones) {
  scratch_.assign(stones);
  return choose(scratch_, nullptr);
}

DictionaryChoice DictionaryPlayer::choose(const Board& board, const Form* known_form) {
  const int me = dictionary_.holder;
  if (const Cell win = winning_move(board); win >= 0) return {win, PlayRule::WinNow};
  if (rules_.block && tables_.lines_count[1 - me])
    if (const Bits<1> threats = board.winning_cells(1 - me); threats.any()) return {threats.first(), PlayRule::Block};

  const Form form = known_form ? *known_form : canonicaliser_.canonical(board.stones());
  if (const auto known = table_.find(form.stones); known != table_.end()) {
    const Cell move = canonicaliser_.preimage(form.map, known->second.move);
    if (!board.playable().test(move)) return {};  // an entry whose move is not legal here covers nothing
    return {move, PlayRule::Dictionary, known->second.entry};
  }
  if (rules_.forced_win) {
    scratch_.assign(form.stones);  // (the board given may be scratch_ itself: it is not read again)
    const ForcedWin win = forced_.find(scratch_, me);
    if (win.move >= 0) return {canonicaliser_.preimage(form.map, win.move), PlayRule::ForcedWin, -1, win.length};
  }
  return {};
}

bool DictionaryPlayer::has_forced_win(const Form& form) {
  scratch_.assign(form.stones);
  return forced_.find(scratch_, holder()).move >= 0;
}

}  // namespace kinrow
