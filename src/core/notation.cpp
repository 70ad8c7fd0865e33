#include "core/notation.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "core/error.h"

namespace kinrow {
namespace {

// Gravity boards with columns and rows are written as column numbers, like the classic
// Connect Four solvers; everything else by coordinates.
bool uses_column_digits(const Game& game) { return game.rules.gravity && game.extent.size() == 2; }

// Wider than 9 columns, a column needs more than one digit, so stones are separated.
bool columns_need_separators(const Game& game) { return game.width() > 9; }

// 0 -> "a", 25 -> "z", 26 -> "aa": spreadsheet-style column letters.
std::string column_letters(int x) {
  std::string letters;
  for (++x; x > 0; x = (x - 1) / 26) letters.insert(letters.begin(), static_cast<char>('a' + (x - 1) % 26));
  return letters;
}

bool is_separator(char c) { return c == ' ' || c == ',' || c == '.' || c == '\t' || c == '\n'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// A number of at most 6 digits (longer ones cannot name anything on a supported board).
int small_number(std::string_view digits) {
  if (digits.empty() || digits.size() > 6) return -1;
  int value = 0;
  for (char c : digits) value = value * 10 + (c - '0');
  return value;
}

// One stone of the input, as typed; or a character that belongs to no stone, reported
// when play reaches it so that the message can name the move it spoils.
struct Token {
  std::string text;
  bool bad = false;
  std::size_t offset = 0;  // where the text starts in the input
  bool separated = false;  // a separator stands between it and the token before
};

std::vector<Token> split_stones(const Game& game, std::string_view moves) {
  std::vector<Token> tokens;
  const bool single_digits = uses_column_digits(game) && !columns_need_separators(game);
  std::size_t i = 0;
  bool separated = false;
  auto add = [&](std::size_t begin) {
    tokens.push_back({std::string(moves.substr(begin, i - begin)), false, begin, separated});
    separated = false;
  };
  auto bad_character = [&]() {
    tokens.push_back({std::string(moves.substr(i, 1)), true, i, separated});
    ++i;
  };
  while (i < moves.size()) {
    const char c = moves[i];
    const std::size_t begin = i;
    if (is_separator(c)) {
      ++i;
      separated = true;
    } else if (c == '#') {
      ++i;
      while (i < moves.size() && is_digit(moves[i])) ++i;
      add(begin);
    } else if (uses_column_digits(game)) {
      if (!is_digit(c)) {
        bad_character();
        continue;
      }
      ++i;
      if (!single_digits)
        while (i < moves.size() && is_digit(moves[i])) ++i;
      add(begin);
    } else if (is_letter(c)) {
      while (i < moves.size() && is_letter(moves[i])) ++i;
      while (i < moves.size() && is_digit(moves[i])) ++i;
      while (i + 1 < moves.size() && moves[i] == ':' && is_digit(moves[i + 1])) {
        ++i;
        while (i < moves.size() && is_digit(moves[i])) ++i;
      }
      add(begin);
    } else {
      bad_character();
    }
  }
  return tokens;
}

std::string stone_separator(const Game& game) {
  return uses_column_digits(game) && columns_need_separators(game) ? "," : "";
}

}  // namespace

// Reads cell names: a table from coordinates to cells, built once per reader.
class CellNames {
 public:
  explicit CellNames(const Game& game) : game_(game) {
    for (Cell c = 0; c < game.cell_count(); ++c) at_[game.coords[c]] = c;
  }

  // The cell a stone names; `pending` are the stones already placed this turn (a gravity
  // stone lands on them). Throws a message without the "move N" prefix.
  Cell parse(const std::string& text, const Position& position, const Turn& pending) const {
    if (text[0] == '#') {
      const int index = small_number(std::string_view(text).substr(1));
      if (index < 0 || index >= game_.cell_count())
        throw InputError("no cell " + printable(text) + " (cells are #0 to #" + std::to_string(game_.cell_count() - 1) + ")");
      return index;
    }
    if (uses_column_digits(game_)) return drop(text, position, pending);

    std::size_t i = 0;
    int x = 0;
    for (; i < text.size() && is_letter(text[i]); ++i) {
      x = x * 26 + (std::tolower(text[i]) - 'a' + 1);
      if (x > 1 << 16) throw InputError("not a cell");
    }
    --x;
    std::vector<int> coord{x};
    while (i < text.size()) {
      if (text[i] == ':') ++i;
      const std::size_t begin = i;
      while (i < text.size() && is_digit(text[i])) ++i;
      const int value = small_number(std::string_view(text).substr(begin, i - begin));
      if (value < 1) throw InputError("not a cell: rows and layers are numbered from 1");
      coord.push_back(value - 1);
    }
    const std::size_t axes = game_.extent.size();
    if (axes == 1 && coord.size() == 2 && coord[1] == 0) coord.pop_back();  // "c1" on a line of cells
    if (coord.size() != axes) {
      if (axes <= 2) throw InputError("not a cell: write a column letter and a row, like c3");
      std::string example = "b2";
      for (std::size_t layer = 2; layer < axes; ++layer) example += ":" + std::to_string(layer);
      throw InputError("not a cell: write column, row and " + std::to_string(axes - 2) +
                       (axes == 3 ? " layer, like " : " layers, like ") + example);
    }
    const auto it = at_.find(coord);
    if (it == at_.end()) throw InputError("no such cell on this board");
    return it->second;
  }

 private:
  // The lowest cell of the column that is neither taken nor pending.
  Cell drop(const std::string& text, const Position& position, const Turn& pending) const {
    const int column = small_number(text);
    if (column < 1 || column > game_.width())
      throw InputError("no column " + printable(text) + " (columns are 1 to " + std::to_string(game_.width()) + ")");
    for (int y = 0; y < game_.height(); ++y) {
      const auto it = at_.find({column - 1, y});
      if (it == at_.end()) continue;
      const Cell c = it->second;
      if (position.owner(c) == kNoPlayer && std::find(pending.begin(), pending.end(), c) == pending.end())
        return c;
    }
    throw InputError("column " + printable(text) + " is full");
  }

  const Game& game_;
  std::map<std::vector<int>, Cell> at_;
};

// From the coordinates alone: no table (certificate writers name cells by the hundred
// thousand).
std::string format_cell(const Game& game, Cell cell) {
  const std::vector<int>& c = game.coords[cell];
  if (uses_column_digits(game)) return std::to_string(c[0] + 1);
  std::string text = column_letters(c[0]);
  text += std::to_string(c.size() > 1 ? c[1] + 1 : 1);
  for (std::size_t axis = 2; axis < c.size(); ++axis) text += ":" + std::to_string(c[axis] + 1);
  return text;
}

CellReader::CellReader(const Game& game) : names_(std::make_unique<const CellNames>(game)), empty_(game) {}

CellReader::~CellReader() = default;

Cell CellReader::parse(const std::string& text) const {
  if (text.empty()) throw InputError("an empty cell name");
  if (text[0] != '#' && uses_column_digits(empty_.game()))
    throw InputError("cells of a gravity board are named by index, like #17, not " + printable(text));
  try {
    return names_->parse(text, empty_, {});
  } catch (const InputError& e) {
    throw InputError(printable(text) + ": " + e.what());
  }
}

Cell parse_cell(const Game& game, const std::string& text) { return CellReader(game).parse(text); }

std::string format_turn(const Game& game, const Turn& turn) {
  Turn ordered = turn;
  // Under gravity, stones are written in an order they can be dropped: bottom first.
  if (game.rules.gravity && game.extent.size() >= 2)
    std::stable_sort(ordered.begin(), ordered.end(),
                     [&](Cell a, Cell b) { return game.coords[a][1] < game.coords[b][1]; });
  std::string text;
  for (std::size_t i = 0; i < ordered.size(); ++i)
    text += (i ? stone_separator(game) : "") + format_cell(game, ordered[i]);
  return text;
}

std::string format_turns(const Game& game, const std::vector<Turn>& turns) {
  const std::string separator = uses_column_digits(game) ? stone_separator(game) : " ";
  std::string text;
  for (std::size_t i = 0; i < turns.size(); ++i) text += (i ? separator : "") + format_turn(game, turns[i]);
  return text;
}

Position play_moves(const Game& game, std::string_view moves) { return play_moves(Position(game), moves); }

Position play_moves(Position position, std::string_view moves) {
  const Game& game = position.game();
  const CellNames names(game);
  Turn turn;
  std::string turn_text;
  // Where the maker chooses his turn's size (tile games), a separator ends his turn.
  auto play_turn = [&](const std::string& where) {
    std::sort(turn.begin(), turn.end());
    const std::string why = position.why_illegal(turn);
    if (!why.empty()) throw InputError(where + why);
    position.play(turn);
    turn.clear();
    turn_text.clear();
  };
  auto chosen_size = [&]() {
    return !turn.empty() && position.fewest_stones_this_turn() < position.stones_this_turn() &&
           static_cast<int>(turn.size()) >= position.fewest_stones_this_turn();
  };
  for (const Token& token : split_stones(game, moves)) {
    if (token.separated && chosen_size())
      play_turn("move " + std::to_string(position.turns_played() + 1) + " (\"" + printable(turn_text) + "\"): ");
    const std::string where = "move " + std::to_string(position.turns_played() + 1) + " (\"" +
                              printable(turn_text + token.text) + "\"): ";
    if (token.bad)
      throw InputError(where + "unexpected character '" + printable(token.text) + "' at position " +
                       std::to_string(token.offset + 1) + " of the moves");
    if (position.over()) throw InputError(where + "the game is already over");
    Cell cell;
    try {
      cell = names.parse(token.text, position, turn);
    } catch (const InputError& e) {
      throw InputError(where + e.what());
    }
    turn.push_back(cell);
    turn_text += token.text;
    if (static_cast<int>(turn.size()) < position.stones_this_turn()) continue;
    play_turn(where);
  }
  if (chosen_size()) play_turn("move " + std::to_string(position.turns_played() + 1) + " (\"" + printable(turn_text) + "\"): ");
  std::sort(turn.begin(), turn.end());
  if (!turn.empty() && !position.play_cut_short_by_a_line(turn))
    throw InputError("move " + std::to_string(position.turns_played() + 1) + " (\"" + printable(turn_text) +
                     "\"): incomplete, this turn places " + std::to_string(position.stones_this_turn()) +
                     " stones");
  return position;
}

std::string format_cell_moves(const Game& game, const std::vector<Cell>& cells) {
  std::vector<Turn> turns;
  for (Cell c : cells) turns.push_back(Turn{c});
  return format_turns(game, turns);
}

}  // namespace kinrow
