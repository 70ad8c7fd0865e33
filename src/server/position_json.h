// A position as the web app draws it: the board's geometry (cells with coordinates and
// names), the stones with their turns, whose turn it is and how many stones it places,
// the cells playable now, a completed line, and the threats — lines holding one player's
// stones only, one or two stones from completion. docs/workbench.md lists the fields.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/game.h"
#include "core/position.h"

namespace kinrow::server {

nlohmann::json position_json(const Position& position);

// A game and a position from a request's "spec" and "moves" (both validated: a bad spec
// or an illegal move is an ApiError 400 naming it).
struct RequestedPosition {
  Game game;
  std::string moves;  // canonical notation
};
RequestedPosition requested_position(const nlohmann::json& body);

// Reads a string field (absent: `fallback`); a field of another type is a 400.
std::string string_field(const nlohmann::json& body, const char* name, const std::string& fallback = "");

}  // namespace kinrow::server
