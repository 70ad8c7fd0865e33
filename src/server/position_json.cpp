#include "server/position_json.h"

#include <algorithm>
#include <vector>

#include "core/error.h"
#include "core/notation.h"
#include "games/families.h"
#include "server/api_error.h"

namespace kinrow::server {

namespace {

std::string goal_text(Goal goal) {
  switch (goal) {
    case Goal::Normal: return "normal";
    case Goal::Misere: return "misere";
    case Goal::MakerBreaker: return "maker-breaker";
  }
  return "normal";
}

// The first line one player owns entirely (the winner's, or under misère the loser's).
nlohmann::json completed_line(const Position& position) {
  const Game& game = position.game();
  for (int l = 0; l < game.line_count(); ++l) {
    const int first = position.owner(game.lines[l].front());
    if (first != kNoPlayer && position.holds_line(first, l)) return {{"player", first}, {"cells", game.lines[l]}};
  }
  return nullptr;
}

nlohmann::json threats(const Position& position) {
  nlohmann::json list = nlohmann::json::array();
  for (const Line& line : position.game().lines) {
    int player = kNoPlayer;
    bool mixed = false;
    std::vector<Cell> empty;
    for (Cell c : line) {
      const int owner = position.owner(c);
      if (owner == kNoPlayer) {
        empty.push_back(c);
      } else if (player == kNoPlayer) {
        player = owner;
      } else if (owner != player) {
        mixed = true;
        break;
      }
    }
    if (mixed || player == kNoPlayer || empty.empty() || empty.size() > 2) continue;
    list.push_back({{"player", player}, {"missing", empty.size()}, {"cells", line}, {"empty", empty}});
  }
  return list;
}

}  // namespace

nlohmann::json position_json(const Position& position) {
  const Game& game = position.game();
  nlohmann::json cells = nlohmann::json::array();
  for (Cell c = 0; c < game.cell_count(); ++c)
    cells.push_back({{"index", c}, {"coords", game.coords[c]}, {"name", format_cell(game, c)}});

  nlohmann::json stones = nlohmann::json::array();
  nlohmann::json turns = nlohmann::json::array();
  const auto& history = position.history();
  for (std::size_t t = 0; t < history.size(); ++t) {
    turns.push_back(format_turn(game, history[t]));
    for (Cell c : history[t]) stones.push_back({{"cell", c}, {"player", t % 2}, {"turn", t}});
  }
  // Stones given outside the turns (a certificate's stronger positions): no turn of their own.
  if (position.given()) {
    std::vector<char> played(game.cell_count(), 0);
    for (const Turn& turn : history)
      for (Cell c : turn) played[c] = 1;
    for (Cell c = 0; c < game.cell_count(); ++c)
      if (position.owner(c) != kNoPlayer && !played[c])
        stones.push_back({{"cell", c}, {"player", position.owner(c)}, {"turn", -1}, {"given", true}});
  }

  nlohmann::json playable = nlohmann::json::array();
  if (!position.over())
    for (Cell c = 0; c < game.cell_count(); ++c)
      if (position.playable(c)) playable.push_back(c);

  std::size_t k = 0;
  for (const Line& line : game.lines) k = std::max(k, line.size());

  return {
      {"spec", game.spec},
      {"family", game.family},
      {"goal", goal_text(game.rules.goal)},
      {"p", game.rules.stones_per_turn},
      {"q", game.rules.first_turn_stones},
      {"k", k},
      {"gravity", game.rules.gravity},
      {"cylinder", game.rules.cylinder},
      {"extent", game.extent},
      {"cells", cells},
      {"stones", stones},
      {"turns", turns},
      {"moves", format_turns(game, history)},
      {"to_move", position.to_move()},
      {"stones_this_turn", position.over() ? 0 : position.stones_this_turn()},
      {"over", position.over()},
      {"winner", position.over() && position.winner() != kNoPlayer ? nlohmann::json(position.winner())
                                                                    : nlohmann::json(nullptr)},
      {"winning_line", completed_line(position)},
      {"playable", playable},
      {"threats", threats(position)},
  };
}

std::string string_field(const nlohmann::json& body, const char* name, const std::string& fallback) {
  if (!body.is_object()) throw ApiError(400, "the request body must be a JSON object");
  const auto it = body.find(name);
  if (it == body.end() || it->is_null()) return fallback;
  if (!it->is_string()) throw ApiError(400, std::string("\"") + name + "\" must be a string");
  return it->get<std::string>();
}

RequestedPosition requested_position(const nlohmann::json& body) {
  const std::string spec = string_field(body, "spec");
  if (spec.empty()) throw ApiError(400, "\"spec\" is missing (a game such as \"tictactoe\" or \"mnk:15x15x5\")");
  try {
    RequestedPosition requested{make_game_without_files(spec), ""};
    const Position position = play_moves(requested.game, string_field(body, "moves"));
    requested.moves = format_turns(requested.game, position.history());
    return requested;
  } catch (const InputError& error) {
    throw ApiError(400, error.what());
  }
}

}  // namespace kinrow::server
