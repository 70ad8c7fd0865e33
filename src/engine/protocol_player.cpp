#include "engine/protocol_player.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/error.h"
#include "engine/child_process.h"

namespace kinrow {

std::string protocol_cannot_play(const Game& game) {
  if (game.family != "mnk") return "the Gomocup protocol plays mnk boards only, not " + game.family;
  if (game.rules.goal != Goal::Normal) return "the Gomocup protocol plays the normal goal only";
  if (game.rules.gravity || game.rules.cylinder) return "the Gomocup protocol has no gravity or cylinder";
  if (breaker_answers_in_kind(game.rules)) return "the Gomocup protocol has no tile games";
  if (game.width() > 32 || game.height() > 32) return "the Gomocup protocol plays boards up to 32x32";
  return "";
}

namespace {

using Clock = ChildProcess::Clock;

// Seconds with two decimals, for reasons.
std::string seconds_text(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", s);
  return text;
}

bool starts_with(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

class ProtocolPlayer final : public Player {
 public:
  explicit ProtocolPlayer(const PlayerSpec& spec) : spec_(spec) {}

  ~ProtocolPlayer() override {
    if (child_) {
      child_->write_line("END");
      child_->stop(0.5);
    }
  }

  std::string new_game(const Game& game) override {
    const std::string why = protocol_cannot_play(game);
    if (!why.empty()) return why;
    game_ = &game;
    synced_ = 0;
    cells_.assign(static_cast<std::size_t>(game.cell_count()), -1);
    for (Cell c = 0; c < game.cell_count(); ++c)
      cells_[static_cast<std::size_t>((game.height() - 1 - game.coords[c][1]) * game.width() + game.coords[c][0])] = c;
    const double wait = std::max(5.0, spec_.budget.seconds + spec_.grace_seconds);
    if (child_) {
      std::string answer;
      if (child_->write_line("RESTART") && answer_line(answer, wait).empty() && starts_with(answer, "OK")) return "";
      drop_child();  // no RESTART: a fresh process, as managers do
    }
    child_ = std::make_unique<ChildProcess>(spec_.command);
    if (!child_->start_error().empty()) {
      const std::string error = child_->start_error();
      drop_child();
      return error;
    }
    const bool square = game.width() == game.height();
    const std::string start = square ? "START " + std::to_string(game.width())
                                     : "RECTSTART " + std::to_string(game.width()) + "," + std::to_string(game.height());
    std::string answer;
    std::string failure = child_->write_line(start) ? answer_line(answer, wait) : dead_reason();
    if (failure.empty() && !starts_with(answer, "OK")) failure = "answered " + start + " with \"" + printable(answer) + "\"";
    if (!failure.empty()) {
      drop_child();
      return failure;
    }
    child_->write_line("INFO timeout_turn " + std::to_string(std::lround(spec_.budget.seconds * 1000)));
    // Rule bit 1: exactly five (an overline does not win), as the judge plays it.
    child_->write_line(game.rules.exact ? "INFO rule 1" : "INFO rule 0");
    return "";
  }

  PlayerMove move(const Position& position) override {
    const auto started = Clock::now();
    PlayerMove m;
    m.forfeit = ask(position, m.turn);
    m.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    if (m.forfeit.empty()) synced_ = position.turns_played() + 1;
    return m;
  }

  void game_over(bool forfeited) override {
    if (forfeited) drop_child();
  }

 private:
  // Sends what the brain needs to learn of `position` and reads its turn; "" or why not.
  std::string ask(const Position& position, Turn& turn) {
    if (!child_) return "its process is gone";
    const int turns = position.turns_played();
    std::vector<std::string> lines;
    if (turns == 0) {
      lines.push_back("BEGIN");
    } else if (synced_ == turns - 1) {
      lines.push_back("TURN " + turn_text(position.history().back()));
    } else {
      // The opening: every stone at once, 1 the brain's (the side to move), 2 the other's.
      lines.push_back("BOARD");
      for (Cell c = 0; c < game_->cell_count(); ++c)
        if (position.owner(c) != kNoPlayer)
          lines.push_back(cell_text(c) + "," + (position.owner(c) == position.to_move() ? "1" : "2"));
      lines.push_back("DONE");
    }
    for (const std::string& line : lines)
      if (!child_->write_line(line)) return dead_reason();
    const double allowed = spec_.budget.seconds + spec_.grace_seconds;
    std::string answer;
    const std::string failure = answer_line(answer, allowed);
    if (!failure.empty()) return failure;
    if (starts_with(answer, "ERROR") || starts_with(answer, "UNKNOWN"))
      return "answered \"" + printable(answer) + "\" to " + lines.front();
    std::istringstream in(answer);
    for (std::string pair; in >> pair;) {
      long x = -1, y = -1;
      char comma = 0;
      std::string rest;
      std::istringstream p(pair);
      if (!(p >> x >> comma >> y) || comma != ',' || (p >> rest))
        return "answered \"" + printable(answer) + "\", not a turn of X,Y pairs";
      if (x < 0 || y < 0 || x >= game_->width() || y >= game_->height())
        return "played " + pair + ", off the " + std::to_string(game_->width()) + "x" + std::to_string(game_->height()) +
               " board";
      turn.push_back(cell_at(static_cast<int>(x), static_cast<int>(y)));
    }
    std::sort(turn.begin(), turn.end());
    const std::string illegal = turn.empty() ? "an empty answer" : position.why_illegal(turn);
    if (!illegal.empty()) return "played \"" + printable(answer) + "\": " + illegal;
    return "";
  }

  // The next answer line (past MESSAGE, DEBUG and SUGGEST lines) within `seconds`; ""
  // or why there is none.
  std::string answer_line(std::string& line, double seconds) {
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    for (;;) {
      switch (child_->read_line(line, deadline)) {
        case ChildProcess::Read::Line: break;
        case ChildProcess::Read::Timeout: return "no answer within " + seconds_text(seconds);
        case ChildProcess::Read::TooLong: return "wrote a line of more than 64 KiB";
        case ChildProcess::Read::Closed: return dead_reason();
      }
      const auto first = line.find_first_not_of(" \t");
      if (first == std::string::npos) continue;
      line = line.substr(first);
      if (starts_with(line, "MESSAGE") || starts_with(line, "DEBUG") || starts_with(line, "SUGGEST")) continue;
      return "";
    }
  }

  std::string dead_reason() {
    const std::string how = child_->exit_reason(1.0);
    const std::string words = child_->last_error_line();
    return "crashed: " + (how.empty() ? "it stopped reading and writing" : how) +
           (words.empty() ? "" : " (its last words: \"" + printable(words.substr(0, 200)) + "\")");
  }

  void drop_child() {
    if (child_) child_->stop(0);
    child_.reset();
  }

  // The protocol's X,Y: X the column from 0, Y the row from 0 at the top.
  std::string cell_text(Cell c) const {
    return std::to_string(game_->coords[c][0]) + "," + std::to_string(game_->height() - 1 - game_->coords[c][1]);
  }
  std::string turn_text(const Turn& turn) const {
    std::string text;
    for (Cell c : turn) text += (text.empty() ? "" : " ") + cell_text(c);
    return text;
  }
  Cell cell_at(int x, int y) const { return cells_[static_cast<std::size_t>(y * game_->width() + x)]; }

  PlayerSpec spec_;
  const Game* game_ = nullptr;
  std::vector<Cell> cells_;  // by Y * width + X
  std::unique_ptr<ChildProcess> child_;
  int synced_ = 0;  // the turns of this game the brain has been told of or played
};

}  // namespace

std::unique_ptr<Player> make_protocol_player(const PlayerSpec& spec) {
  if (spec.budget.nodes > 0 || spec.budget.seconds <= 0)
    throw InputError("an external engine plays by time (time=S): the protocol has no node budget");
  if (!spec.budget.proofs) throw InputError("proofs=off is kinrow's own option, not the protocol's");
  return std::make_unique<ProtocolPlayer>(spec);
}

}  // namespace kinrow
