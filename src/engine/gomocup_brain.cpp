#include "engine/gomocup_brain.h"

#include <algorithm>
#include <cctype>
#include <ostream>
#include <sstream>

#include "core/error.h"
#include "engine/setup_stones.h"
#include "games/families.h"

namespace kinrow {

namespace {

// A board command (or a BOARD block) before any START.
constexpr const char* kNoBoardYet = "no board yet: send START first";

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// A whole number and nothing else ("1e3" is not one).
bool parse_whole(const std::string& text, long long& value) {
  std::istringstream in(text);
  std::string rest;
  return static_cast<bool>(in >> value) && !(in >> rest) && in.eof();
}

// "12,7" -> (12, 7); false if malformed.
bool parse_pair(const std::string& text, long& x, long& y) {
  std::istringstream in(text);
  char comma = 0;
  if (!(in >> x >> comma >> y) || comma != ',') return false;
  std::string rest;
  return !(in >> rest);
}

}  // namespace

GomocupBrain::GomocupBrain(std::ostream& out, BrainSettings settings) : out_(out), settings_(settings) {}

GomocupBrain::~GomocupBrain() = default;

void GomocupBrain::start(int width, int height) {
  std::string spec = "mnk:" + std::to_string(width) + "x" + std::to_string(height) + "x" + std::to_string(settings_.k);
  if (settings_.p != 1 || settings_.q != 1)
    spec += ",p=" + std::to_string(settings_.p) + ",q=" + std::to_string(settings_.q);
  if (settings_.exact) spec += ",exact";
  game_ = std::make_unique<Game>(make_game(spec));
  position_ = std::make_unique<Position>(*game_);
  cells_.assign(static_cast<std::size_t>(width * height), -1);
  for (Cell c = 0; c < game_->cell_count(); ++c)
    cells_[static_cast<std::size_t>((height - 1 - game_->coords[c][1]) * width + game_->coords[c][0])] = c;
}

void GomocupBrain::set_rule(long long value) {
  // Gomocup's rule is a bit set: 1 exactly five, 2 a continuous game, 4 renju, 8 caro.
  if (value & 4) held_messages_.push_back("kinrow does not model renju's forbidden moves: it plays without them");
  if (value & 8) held_messages_.push_back("kinrow does not model caro (a five blocked at both ends): it plays without it");
  bool exact = (value & 1) != 0;
  if (exact && (settings_.p != 1 || settings_.q != 1)) {
    held_messages_.push_back("exactly-five applies to one stone a turn: kinrow plays free-style");
    exact = false;
  }
  if (exact == settings_.exact) return;
  settings_.exact = exact;
  if (!game_) return;  // START will build the game under it
  const std::vector<Turn> played = position_->history();
  start(game_->width(), game_->height());
  for (const Turn& turn : played) {
    if (position_->over()) break;
    position_->play(turn);
  }
}

Cell GomocupBrain::cell_at(long x, long y) const {
  return cells_[static_cast<std::size_t>(y * game_->width() + x)];
}

std::string GomocupBrain::turn_text(const Turn& turn) const {
  std::string text;
  for (Cell c : turn) {
    const int x = game_->coords[c][0], y = game_->height() - 1 - game_->coords[c][1];
    text += (text.empty() ? "" : " ") + std::to_string(x) + "," + std::to_string(y);
  }
  return text;
}

// A whole turn of the side to move: "X,Y" pairs separated by spaces, each on the board
// and empty, as many as the turn has stones.
std::optional<Turn> GomocupBrain::parse_turn(const std::string& text, std::string& error) const {
  std::istringstream in(text);
  std::string pair;
  Turn turn;
  while (in >> pair) {
    long x = 0, y = 0;
    if (!parse_pair(pair, x, y)) {
      error = "expected X,Y, not \"" + printable(pair) + "\"";
      return std::nullopt;
    }
    if (x < 0 || y < 0 || x >= game_->width() || y >= game_->height()) {
      error = std::to_string(x) + "," + std::to_string(y) + " is off the " + std::to_string(game_->width()) + "x" +
              std::to_string(game_->height()) + " board";
      return std::nullopt;
    }
    turn.push_back(cell_at(x, y));
  }
  std::sort(turn.begin(), turn.end());
  const std::string why = position_->why_illegal(turn);
  if (!why.empty()) {
    error = why;
    return std::nullopt;
  }
  return turn;
}

EngineOptions GomocupBrain::budget() const {
  EngineOptions options;
  // A turn's time: the manager's timeout_turn, no more than a share of the match time
  // left (as if 20 more moves were to come), less a margin for the answer to travel.
  double ms = timeout_turn_ >= 0 ? static_cast<double>(timeout_turn_) : settings_.default_turn_seconds * 1000;
  if (time_left_) ms = std::min(ms, std::max(0.0, static_cast<double>(*time_left_)) / 20);
  // The margin: 30 ms, or 8% of a longer turn (the search overruns its time by up to
  // about 5%). A fifth, as before, left a second of a five-second turn unused.
  ms = std::max(ms - std::max(30.0, ms * 0.08), 10.0);  // timeout_turn 0 means "as fast as possible"
  options.seconds = ms / 1000;
  // Both tables (heuristic and df-pn) within max_memory, with room for the rest.
  if (max_memory_ > 0)
    options.table_megabytes = static_cast<std::size_t>(std::clamp<long long>(max_memory_ / (4 << 20), 1, 64));
  return options;
}

void GomocupBrain::play_own_turn() {
  if (position_->over()) {
    out_ << "ERROR the game is over" << std::endl;
    return;
  }
  const EngineResult r = think(*position_, budget());
  position_->play(r.move);
  out_ << turn_text(r.move) << std::endl;
}

// BOARD's stones into turns: the side to move is the brain, so the first player is the
// brain if both have as many turns' stones, the opponent if he has one turn more.
void GomocupBrain::board_command_done() {
  if (block_error_.empty() && !game_) block_error_ = kNoBoardYet;  // an empty BOARD
  if (!block_error_.empty()) {
    out_ << "ERROR BOARD: " << block_error_ << std::endl;
    board_stones_[0].clear();
    board_stones_[1].clear();
    return;
  }
  const Position fresh(*game_);
  *position_ = fresh;
  const int mine = static_cast<int>(board_stones_[0].size()), theirs = static_cast<int>(board_stones_[1].size());
  auto turns_of = [&](int stones, bool first) {
    // Stones of a side after t turns: q + (t - 1) p for the first player, t p for the second.
    for (int t = 0; t <= stones; ++t) {
      const int held = first ? (t == 0 ? 0 : settings_.q + (t - 1) * settings_.p) : t * settings_.p;
      if (held == stones) return t;
      if (held > stones) break;
    }
    return -1;
  };
  int brain = -1;  // 0: the brain played first
  if (turns_of(mine, true) >= 0 && turns_of(theirs, false) >= 0 && turns_of(mine, true) == turns_of(theirs, false))
    brain = 0;
  else if (turns_of(theirs, true) >= 0 && turns_of(mine, false) >= 0 && turns_of(theirs, true) == turns_of(mine, false) + 1)
    brain = 1;
  if (brain < 0) {
    out_ << "ERROR BOARD: " << mine << " own and " << theirs << " opponent stones are not whole turns with the brain to move"
         << std::endl;
    board_stones_[0].clear();
    board_stones_[1].clear();
    return;
  }
  // An order of the stones into turns in which no line completes before the last: the
  // protocol lets the manager list them in any order (under exactly five, a five inside
  // what ends as an overline would otherwise end a replay in the order given).
  std::array<std::vector<Cell>, 2> stones = {board_stones_[brain == 0 ? 0 : 1], board_stones_[brain == 0 ? 1 : 0]};
  board_stones_[0].clear();
  board_stones_[1].clear();
  std::string why;
  try {
    play_setup_stones(*position_, std::move(stones));
  } catch (const InputError& error) {
    why = error.what();
  }
  if (why.empty() && position_->over()) why = "a line is complete";
  if (!why.empty()) {
    *position_ = fresh;
    out_ << "ERROR BOARD: the stones do not make a game in progress (" << why << ")" << std::endl;
    return;
  }
  play_own_turn();
}

// A line of a block (BOARD ... DONE): each problem is kept, and the block is answered
// once, at DONE, so that the manager reads one answer for it.
void GomocupBrain::block_line(const std::string& line) {
  if (block_ != "BOARD" || !block_error_.empty()) return;
  if (!game_) {
    block_error_ = kNoBoardYet;
    return;
  }
  std::istringstream in(line);
  long x = 0, y = 0, field = 0;
  char c1 = 0, c2 = 0;
  std::string rest;
  if (!(in >> x >> c1 >> y >> c2 >> field) || (in >> rest) || c1 != ',' || c2 != ',' || field < 1 || field > 3 ||
      x < 0 || y < 0 || x >= game_->width() || y >= game_->height()) {
    block_error_ = "expected X,Y,FIELD on the board, not \"" + printable(line) + "\"";
  } else if (field == 3) {
    // A stone of a continuous game (part of a line already won): kinrow plays no
    // continuous games, and counting it as either side's would be a different position.
    block_error_ = "field 3 (a continuous game's stone) is not played by kinrow";
  } else {
    board_stones_[field == 1 ? 0 : 1].push_back(cell_at(x, y));
  }
}

bool GomocupBrain::handle(const std::string& raw) {
  const std::string line = trim(raw);
  if (line.empty()) return true;
  const std::size_t space = line.find_first_of(" \t");
  const std::string command = upper(line.substr(0, space));
  const std::string rest = space == std::string::npos ? "" : trim(line.substr(space + 1));
  if (command == "END") return false;  // also inside a block: the manager is leaving
  if (!block_.empty()) {
    if (command != "DONE") {
      block_line(line);
      return true;
    }
    const std::string block = block_;
    block_.clear();
    if (block == "BOARD") board_command_done();
    else out_ << "UNKNOWN command \"" << printable(block) << "\"" << std::endl;
    block_error_.clear();
    return true;
  }
  if (command != "INFO") {
    for (const std::string& message : held_messages_) out_ << "MESSAGE " << message << std::endl;
    held_messages_.clear();
  }
  // Commands whose lines run to DONE: BOARD, and those kinrow does not play (Gomocup's
  // SWAP2BOARD, Yixin-Board's YXBOARD), answered once at DONE.
  if (command == "BOARD" || command == "SWAP2BOARD" || command == "YXBOARD") {
    block_ = command;
    block_error_.clear();
    board_stones_[0].clear();
    board_stones_[1].clear();
    return true;
  }
  if (command == "ABOUT") {
    out_ << "name=\"kinrow\", version=\"1\", author=\"kinrow developers\", country=\"-\", www=\"docs/engine.md\"" << std::endl;
    return true;
  }
  if (command == "START" || command == "RECTSTART") {
    long w = 0, h = 0;
    bool ok;
    if (command == "START") {
      std::istringstream in(rest);
      ok = static_cast<bool>(in >> w) && !(in >> std::ws).good();
      h = w;
    } else {
      ok = parse_pair(rest, w, h);
    }
    std::string error;
    if (!ok) error = command + " takes " + (command == "START" ? "a size" : "W,H") + ", not \"" + printable(rest) + "\"";
    else if (w < 1 || h < 1) error = "a board needs at least one row and one column";
    else if (w < settings_.k && h < settings_.k) error = "a board smaller than " + std::to_string(settings_.k) + " each way has no line";
    else if (w * h > 1024 || w > 32 || h > 32) error = "boards up to 32x32 only";
    if (error.empty()) {
      start(static_cast<int>(w), static_cast<int>(h));
      out_ << "OK" << std::endl;
    } else {
      // A START that fails leaves no board: the game before it is over for the manager.
      game_.reset();
      position_.reset();
      out_ << "ERROR " << error << std::endl;
    }
    return true;
  }
  if (command == "INFO") {
    const std::size_t gap = rest.find_first_of(" \t");
    const std::string key = rest.substr(0, gap);
    long long value = 0;
    // INFO folder, evaluate ...: nothing the brain needs; a value that is not a whole
    // number ("1e3") is not guessed at.
    if (gap == std::string::npos || !parse_whole(trim(rest.substr(gap + 1)), value)) return true;
    if (key == "timeout_turn") timeout_turn_ = static_cast<long>(std::max(0LL, value));
    else if (key == "time_left") time_left_ = static_cast<long>(value);
    else if (key == "max_memory") max_memory_ = value;
    else if (key == "rule") set_rule(value);
    return true;
  }
  static const char* const kBoardCommands[] = {"RESTART", "BEGIN", "TURN", "TAKEBACK"};
  const bool board_command = std::find(std::begin(kBoardCommands), std::end(kBoardCommands), command) != std::end(kBoardCommands);
  if (!board_command) {
    out_ << "UNKNOWN command \"" << printable(command) << "\"" << std::endl;
    return true;
  }
  if (!game_) {
    out_ << "ERROR " << kNoBoardYet << std::endl;
    return true;
  }
  if (command == "RESTART") {
    *position_ = Position(*game_);
    out_ << "OK" << std::endl;
    return true;
  }
  if (command == "BEGIN") {
    if (position_->turns_played() != 0) {
      out_ << "ERROR BEGIN on a board with stones: send RESTART first" << std::endl;
      return true;
    }
    play_own_turn();
    return true;
  }
  if (command == "TURN") {
    std::string error;
    const std::optional<Turn> turn = position_->over() ? std::nullopt : parse_turn(rest, error);
    if (!turn) {
      out_ << "ERROR TURN " << printable(rest) << ": " << (position_->over() ? "the game is over" : error) << std::endl;
      return true;
    }
    position_->play(*turn);
    if (position_->over()) {
      out_ << "MESSAGE the game is over" << std::endl;
      return true;
    }
    play_own_turn();
    return true;
  }
  if (command == "TAKEBACK") {
    long x = 0, y = 0;
    const std::vector<Turn>& history = position_->history();
    if (!parse_pair(rest, x, y) || history.empty()) {
      out_ << "ERROR TAKEBACK " << printable(rest) << ": " << (history.empty() ? "no stone to take back" : "expected X,Y")
           << std::endl;
      return true;
    }
    const Turn& last = history.back();
    if (x < 0 || y < 0 || x >= game_->width() || y >= game_->height() ||
        std::find(last.begin(), last.end(), cell_at(x, y)) == last.end()) {
      out_ << "ERROR TAKEBACK " << printable(rest) << ": not a stone of the last turn" << std::endl;
      return true;
    }
    position_->undo();
    out_ << "OK" << std::endl;
    return true;
  }
  return true;
}

}  // namespace kinrow
