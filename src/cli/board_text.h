// Pictures of positions for the terminal: rows top-down with coordinates, the layers of a
// cube side by side.
#pragma once

#include <string>

#include "core/position.h"

namespace kinrow::cli {

std::string draw_position(const Position& position);

}  // namespace kinrow::cli
