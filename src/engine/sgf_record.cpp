#include "engine/sgf_record.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <utility>

#include "core/error.h"
#include "core/notation.h"
#include "core/spec.h"
#include "engine/setup_stones.h"
#include "games/families.h"

namespace kinrow {
namespace {

// SGF's point letters: a..z for 1 to 26, A..Z for 27 to 52 (FF[4]).
constexpr int kLargestSide = 52;

char point_letter(int i) { return static_cast<char>(i < 26 ? 'a' + i : 'A' + i - 26); }

int letter_index(char c) {
  if (c >= 'a' && c <= 'z') return c - 'a';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
  return -1;
}

int row_of(const Game& game, Cell cell) { return game.coords[cell].size() > 1 ? game.coords[cell][1] : 0; }

void check_drawable(const Game& game) {
  if (game.extent.size() > 2)
    throw InputError("SGF points are two-dimensional; " + game.spec + " has " + std::to_string(game.extent.size()) +
                     " axes");
  if (game.width() > kLargestSide || game.height() > kLargestSide)
    throw InputError("SGF points reach 52x52; " + game.spec + " is " + std::to_string(game.width()) + "x" +
                     std::to_string(game.height()));
}

std::string who(int player) { return player == 0 ? "Black (first player)" : "White (second player)"; }

bool contains_word(std::string text, const std::string& word) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text.find(word) != std::string::npos;
}

// The board SZ gives: columns and rows, or nothing if absent.
std::pair<int, int> board_size(const SgfNode& root, int fallback) {
  const SgfProperty* sz = root.find("SZ");
  if (!sz) return {fallback, fallback};
  const std::string& text = sz->values.front();
  auto number = [&](std::string_view digits) {
    int n = 0;
    if (digits.empty() || digits.size() > 3) return -1;
    for (char c : digits) {
      if (c < '0' || c > '9') return -1;
      n = n * 10 + (c - '0');
    }
    return n;
  };
  const std::size_t colon = text.find(':');
  const int w = number(std::string_view(text).substr(0, colon));
  const int h = colon == std::string::npos ? w : number(std::string_view(text).substr(colon + 1));
  if (w < 1 || h < 1 || w > kLargestSide || h > kLargestSide)
    throw InputError("SGF byte " + std::to_string(root.offset + 1) + ": SZ[" + printable(text) +
                     "] is not a board size (N or COLUMNS:ROWS, 1 to 52)");
  return {w, h};
}

// The nodes from the root to the n-th leaf, depth first (n = 1: the main line).
std::size_t leaves(const SgfTree& tree) {
  if (tree.variations.empty()) return 1;
  std::size_t n = 0;
  for (const SgfTree& v : tree.variations) n += leaves(v);
  return n;
}

std::vector<const SgfNode*> line_of(const SgfTree& root, std::size_t n) {
  const std::size_t total = leaves(root);
  if (n < 1 || n > total)
    throw InputError("variation " + std::to_string(n) + ": the game tree has " + std::to_string(total) +
                     (total == 1 ? " line (no variations)" : " lines, numbered 1 (the main line) to " + std::to_string(total)));
  std::vector<const SgfNode*> line;
  const SgfTree* tree = &root;
  while (true) {
    for (const SgfNode& node : tree->sequence) line.push_back(&node);
    if (tree->variations.empty()) return line;
    for (const SgfTree& v : tree->variations) {
      const std::size_t below = leaves(v);
      if (n <= below) {
        tree = &v;
        break;
      }
      n -= below;
    }
  }
}

bool has_move_of_several_stones(const std::vector<const SgfNode*>& line) {
  int last = -1;
  for (const SgfNode* node : line)
    for (int player = 0; player < 2; ++player)
      if (const SgfProperty* move = node->find(player == 0 ? "B" : "W")) {
        if (move->values.size() > 1 || move->values.front().size() > 3 || last == player) return true;
        last = player;
      }
  return false;
}

// The game a record is of, canonical: KR, else what GM, EV and the moves say.
std::string spec_of(const std::vector<const SgfNode*>& line, const SgfImportOptions& options,
                    std::vector<std::string>& notes) {
  const SgfNode& root = *line.front();
  const SgfProperty* kr = root.find("KR");
  if (!options.spec.empty()) {
    if (kr && format_spec(parse_spec(kr->values.front())) != format_spec(parse_spec(options.spec)))
      notes.push_back("the file says KR[" + kr->values.front() + "]; read as " + options.spec + " as asked");
    return options.spec;
  }
  if (kr) return kr->values.front();
  const SgfProperty* gm = root.find("GM");
  const std::string number = gm ? gm->values.front() : "1";
  const SgfProperty* ev = root.find("EV");
  const bool connect6 = (ev && contains_word(ev->values.front(), "connect6")) || has_move_of_several_stones(line);
  if (number == "4") {
    const auto [w, h] = board_size(root, 15);
    if (root.find("RU")) notes.push_back("RU[" + root.find("RU")->values.front() + "]: read as free-style Gomoku "
                                         "(five or more in a row wins; kinrow has no renju restrictions)");
    return "mnk:" + std::to_string(w) + "x" + std::to_string(h) + "x5";
  }
  if (number == "1" && connect6) {
    const auto [w, h] = board_size(root, 19);
    return "mnk:" + std::to_string(w) + "x" + std::to_string(h) + "x6,p=2,q=1";
  }
  throw InputError(std::string("the record does not say which game it is (") +
                   (gm ? "GM[" + printable(number) + "] is no game kinrow knows by number" : "no GM") +
                   ", no KR[spec]); give it with --spec, e.g. --spec mnk:15x15x5");
}

// Cells by coordinates, and SGF's point values read into cells.
class PointReader {
 public:
  explicit PointReader(const Game& game) : game_(game) {
    for (Cell c = 0; c < game.cell_count(); ++c) at_[{game.coords[c][0], row_of(game, c)}] = c;
  }

  // The stones of one value: "jj", "kkik", "j9l11" (Little Golem), or "aa:cc" where a
  // rectangle is allowed (setup lists). `what` names the property for messages.
  std::vector<Cell> read(const std::string& value, const std::string& what, bool rectangles) const {
    if (value.empty() || (value == "tt" && game_.width() <= 19 && game_.height() <= 19))
      throw InputError(what + " is a pass; kinrow's games have no passes");
    if (std::any_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return little_golem(value, what);
    const std::size_t colon = value.find(':');
    if (colon != std::string::npos) {
      if (!rectangles || colon != 2 || value.size() != 5) throw InputError(what + ": not a point");
      const auto [x0, y0] = letters(value.substr(0, 2), what);
      const auto [x1, y1] = letters(value.substr(3, 2), what);
      std::vector<Cell> cells;
      for (int y = std::min(y0, y1); y <= std::max(y0, y1); ++y)
        for (int x = std::min(x0, x1); x <= std::max(x0, x1); ++x) cells.push_back(cell(x, y, what));
      return cells;
    }
    if (value.size() % 2) throw InputError(what + ": not a point (two letters, column then row, like jj)");
    std::vector<Cell> cells;
    for (std::size_t i = 0; i < value.size(); i += 2) {
      const auto [x, y] = letters(value.substr(i, 2), what);
      cells.push_back(cell(x, y, what));
    }
    return cells;
  }

 private:
  // Column and row (counted from the top) of a two-letter point.
  std::pair<int, int> letters(const std::string& point, const std::string& what) const {
    const int x = letter_index(point[0]), y = letter_index(point[1]);
    if (x < 0 || y < 0) throw InputError(what + ": not a point (two letters, column then row, like jj)");
    return {x, y};
  }

  Cell cell(int x, int top_row, const std::string& what) const {
    const auto it = at_.find({x, game_.height() - 1 - top_row});
    if (top_row >= game_.height() || it == at_.end())
      throw InputError(what + ": off the " + std::to_string(game_.width()) + "x" + std::to_string(game_.height()) +
                       " board");
    return it->second;
  }

  // Column letters and a row number from the bottom, repeated: kinrow's own cell names.
  std::vector<Cell> little_golem(const std::string& value, const std::string& what) const {
    std::vector<Cell> cells;
    std::size_t i = 0;
    while (i < value.size()) {
      int x = 0, y = 0;
      const std::size_t begin = i;
      while (i < value.size() && value[i] >= 'a' && value[i] <= 'z' && x <= kLargestSide) x = x * 26 + (value[i++] - 'a' + 1);
      const std::size_t digits = i;
      while (i < value.size() && value[i] >= '0' && value[i] <= '9' && y <= kLargestSide) y = y * 10 + (value[i++] - '0');
      if (i == begin || digits == begin || i == digits)
        throw InputError(what + ": not a point (letters then digits, like j10, or two letters, like jj)");
      cells.push_back(cell(x - 1, game_.height() - y, what));
    }
    return cells;
  }

  const Game& game_;
  std::map<std::pair<int, int>, Cell> at_;
};

std::string where(const SgfNode& node) { return "SGF byte " + std::to_string(node.offset + 1); }

std::string values_text(const SgfProperty& property) {
  std::string text = property.id;
  for (const std::string& v : property.values) text += "[" + v + "]";
  return printable(text);
}

// Setup stones (AB, AW in the root) as moves, in an order of kinrow's choosing
// (engine/setup_stones.h).
void play_setup(Position& position, const SgfNode& root, const PointReader& points) {
  std::array<std::vector<Cell>, 2> stones;
  for (int player = 0; player < 2; ++player)
    if (const SgfProperty* add = root.find(player == 0 ? "AB" : "AW"))
      for (const std::string& v : add->values)
        for (Cell c : points.read(v, where(root) + ": " + values_text(*add), true)) stones[player].push_back(c);
  try {
    play_setup_stones(position, stones);
  } catch (const InputError& error) {
    throw InputError(where(root) + ": setup stones: " + error.what());
  }
}

}  // namespace

SgfRecord import_sgf(std::string_view text, const SgfImportOptions& options) {
  const std::vector<SgfTree> collection = parse_sgf(text);
  if (options.game < 1 || options.game > collection.size())
    throw InputError("game " + std::to_string(options.game) + ": the file holds " + std::to_string(collection.size()) +
                     " game(s)");
  const std::vector<const SgfNode*> line = line_of(collection[options.game - 1], options.variation);
  const SgfNode& root = *line.front();

  SgfRecord record;
  const std::string spec = spec_of(line, options, record.notes);
  const Game game = options.game_files ? make_game(spec) : make_game_without_files(spec);
  check_drawable(game);
  record.spec = game.spec;
  if (root.find("SZ")) {
    const auto [w, h] = board_size(root, 0);
    if (w != game.width() || h != game.height())
      throw InputError(where(root) + ": SZ[" + root.find("SZ")->values.front() + "] is not the board of " + game.spec +
                       " (" + std::to_string(game.width()) + "x" + std::to_string(game.height()) + ")");
  }
  auto text_of = [&](const char* id) {
    const SgfProperty* p = root.find(id);
    return p ? p->values.front() : std::string();
  };
  record.info = {text_of("PB"), text_of("PW"), text_of("RE"), text_of("DT"), text_of("EV"), text_of("C")};

  const PointReader points(game);
  Position position(game);
  play_setup(position, root, points);
  if (position.turns_played() > 0)
    record.notes.push_back("setup stones AB/AW read as the first " + std::to_string(position.turns_played()) +
                           " turns, in an order of kinrow's choosing");
  if (const SgfProperty* pl = root.find("PL")) {
    const std::string& v = pl->values.front();
    const int player = v == "B" || v == "b" || v == "1" ? 0 : v == "W" || v == "w" || v == "2" ? 1 : -1;
    if (player != position.to_move())
      throw InputError(where(root) + ": PL[" + printable(v) + "] says who moves first, but " + who(position.to_move()) +
                       " is to move after the setup stones");
  }
  record.comments.assign(position.turns_played(), "");

  // Stones of one colour in consecutive nodes make one turn (a stone per node, or all in one).
  struct Pending {
    int player = kNoPlayer;
    Turn stones;
    std::string text;  // as written, for messages
    const SgfNode* node = nullptr;
    std::string comment;
  } pending;
  auto move_name = [&]() { return "move " + std::to_string(position.turns_played() + 1); };
  auto flush = [&]() {
    if (pending.stones.empty()) return;
    Turn turn = pending.stones;
    std::sort(turn.begin(), turn.end());
    std::string why = position.why_illegal(turn);
    if (std::adjacent_find(turn.begin(), turn.end()) != turn.end()) why = "a stone given twice in one turn";
    if (!why.empty()) throw InputError(where(*pending.node) + " (" + move_name() + ", " + pending.text + "): " + why);
    position.play(turn);
    record.comments.push_back(pending.comment);
    pending = Pending{};
  };
  for (std::size_t i = 0; i < line.size(); ++i) {
    const SgfNode& node = *line[i];
    if (i > 0)
      for (const char* setup : {"AB", "AW", "AE"})
        if (node.find(setup))
          throw InputError(where(node) + ": setup stones (" + setup + ") after the first node; kinrow reads a game "
                           "as moves from one position");
    const SgfProperty* moves[2] = {node.find("B"), node.find("W")};
    if (moves[0] && moves[1]) throw InputError(where(node) + ": a node with both B and W");
    const int player = moves[0] ? 0 : moves[1] ? 1 : kNoPlayer;
    if (player != kNoPlayer) {
      if (pending.player != player || static_cast<int>(pending.stones.size()) >= position.stones_this_turn()) flush();
      const std::string text = values_text(*moves[player]);
      if (position.over())
        throw InputError(where(node) + " (" + move_name() + ", " + text + "): the game is already over");
      if (player != position.to_move())
        throw InputError(where(node) + " (" + move_name() + ", " + text + "): " + who(player) + " plays, but it is " +
                         who(position.to_move()) + "'s turn" +
                         (pending.stones.empty() ? "" : " (the turn before placed too few stones)"));
      if (pending.stones.empty()) pending.node = &node;
      pending.player = player;
      pending.text += (pending.text.empty() ? "" : ";") + text;
      for (const std::string& v : moves[player]->values)
        for (Cell c : points.read(v, where(node) + " (" + move_name() + ", " + text + ")", false))
          pending.stones.push_back(c);
    }
    if (i == 0) continue;  // the root's comment is the game's (info.comment)
    if (const SgfProperty* c = node.find("C")) {
      std::string& target = !pending.stones.empty() ? pending.comment
                            : record.comments.empty() ? record.info.comment
                                                      : record.comments.back();
      target += (target.empty() ? "" : "\n") + c->values.front();
    }
  }
  if (!pending.stones.empty() && static_cast<int>(pending.stones.size()) < position.fewest_stones_this_turn()) {
    Turn cut_short = pending.stones;  // a last turn ended by its own win, as Connect6 records write it
    std::sort(cut_short.begin(), cut_short.end());
    if (!position.play_cut_short_by_a_line(cut_short))
      throw InputError(where(*pending.node) + " (" + move_name() + ", " + pending.text + "): the record ends inside a turn of " +
                       std::to_string(position.stones_this_turn()) + " stones");
    record.comments.push_back(pending.comment);
    pending = Pending{};
  }
  flush();

  record.moves = format_turns(game, position.history());
  record.turns = position.turns_played();
  record.over = position.over();
  record.winner = position.winner();
  if (record.over && !record.info.result.empty()) {
    const char said = static_cast<char>(std::toupper(static_cast<unsigned char>(record.info.result[0])));
    const char is = record.winner == 0 ? 'B' : record.winner == 1 ? 'W' : 'D';
    if ((said == 'B' || said == 'W' || said == 'D' || said == '0') && said != is && !(said == '0' && is == 'D'))
      record.notes.push_back("RE[" + record.info.result + "] disagrees with the moves, which end in " +
                             sgf_result(position));
  }
  return record;
}

std::string sgf_point(const Game& game, Cell cell) {
  const int x = game.coords[cell][0];
  const int top_row = game.height() - 1 - row_of(game, cell);
  return {point_letter(x), point_letter(top_row)};
}

SgfProperty sgf_move(const Game& game, int player, const Turn& turn) {
  Turn ordered = turn;
  // Under gravity a turn's stones are listed bottom first, the order they can be dropped.
  std::stable_sort(ordered.begin(), ordered.end(),
                   [&](Cell a, Cell b) { return game.rules.gravity && row_of(game, a) < row_of(game, b); });
  SgfProperty move{player == 0 ? "B" : "W", {}};
  for (Cell c : ordered) move.values.push_back(sgf_point(game, c));
  return move;
}

std::string sgf_result(const Position& position) {
  return position.winner() == 0 ? "B+" : position.winner() == 1 ? "W+" : "Draw";
}

SgfNode sgf_root(const Game& game, const SgfGameInfo& info) {
  check_drawable(game);
  SgfNode root;
  root.add("FF", "4");
  const Rules& r = game.rules;
  const bool gomoku_like = game.family == "mnk" && r.goal == Goal::Normal && r.stones_per_turn == 1 &&
                           r.first_turn_stones == 1 && !r.gravity && !r.cylinder;
  if (gomoku_like) root.add("GM", "4");
  root.add("CA", "UTF-8");
  root.add("AP", "kinrow");
  root.add("SZ", game.width() == game.height() ? std::to_string(game.width())
                                               : std::to_string(game.width()) + ":" + std::to_string(game.height()));
  root.add("KR", game.spec);
  const std::pair<const char*, const std::string*> fields[] = {{"EV", &info.event}, {"DT", &info.date},
                                                               {"PB", &info.black}, {"PW", &info.white},
                                                               {"RE", &info.result}, {"C", &info.comment}};
  for (const auto& [id, value] : fields)
    if (!value->empty()) root.add(id, *value);
  return root;
}

std::string export_sgf(const Position& position, const SgfGameInfo& info, const std::vector<std::string>& comments) {
  const Game& game = position.game();
  SgfGameInfo written = info;
  if (position.over()) written.result = sgf_result(position);
  SgfTree tree;
  tree.sequence.push_back(sgf_root(game, written));
  const std::vector<Turn>& turns = position.history();
  for (std::size_t i = 0; i < turns.size(); ++i) {
    SgfNode node;
    node.properties.push_back(sgf_move(game, static_cast<int>(i % 2), turns[i]));
    if (i < comments.size() && !comments[i].empty()) node.add("C", comments[i]);
    tree.sequence.push_back(std::move(node));
  }
  return write_sgf({tree});
}

}  // namespace kinrow
