#include "cli/board_text.h"

#include <map>
#include <vector>

namespace kinrow::cli {

namespace {

char stone(const Position& position, Cell c) {
  const int owner = position.owner(c);
  return owner == 0 ? 'x' : owner == 1 ? 'o' : '.';
}

std::string column_name(const Game& game, int x) {
  if (game.rules.gravity) return std::to_string(x + 1);
  std::string name;
  for (int n = x + 1; n > 0; n = (n - 1) / 26) name.insert(name.begin(), static_cast<char>('a' + (n - 1) % 26));
  return name;
}

}  // namespace

std::string draw_position(const Position& position) {
  const Game& game = position.game();
  if (game.extent.size() < 2) {
    std::string row;
    for (Cell c = 0; c < game.cell_count(); ++c) row += stone(position, c);
    return row + "\n";
  }
  // Cells by (layer index, x, y); missing cells (hypergraph files) are blank.
  const int width = game.extent[0], height = game.extent[1];
  std::map<std::vector<int>, Cell> at;
  int layers = 1;
  for (Cell c = 0; c < game.cell_count(); ++c) {
    int layer = 0;
    for (std::size_t axis = game.extent.size(); axis-- > 2;) layer = layer * game.extent[axis] + game.coords[c][axis];
    at[{layer, game.coords[c][0], game.coords[c][1]}] = c;
  }
  for (std::size_t axis = 2; axis < game.extent.size(); ++axis) layers *= game.extent[axis];

  const int cell_width = game.rules.gravity && width > 9 ? 3 : 2;
  std::string out;
  for (int y = height - 1; y >= 0; --y) {
    std::string label = std::to_string(y + 1);
    out += std::string(3 - std::min<std::size_t>(3, label.size()), ' ') + label + " ";
    for (int layer = 0; layer < layers; ++layer) {
      if (layer) out += "   ";
      for (int x = 0; x < width; ++x) {
        auto it = at.find({layer, x, y});
        std::string cellText(1, it == at.end() ? ' ' : stone(position, it->second));
        out += std::string(cell_width - 1, ' ') + cellText;
      }
    }
    out += "\n";
  }
  out += "    ";
  for (int layer = 0; layer < layers; ++layer) {
    if (layer) out += "   ";
    for (int x = 0; x < width; ++x) {
      std::string name = column_name(game, x);
      out += std::string(cell_width - std::min<int>(cell_width, static_cast<int>(name.size())), ' ') + name;
    }
  }
  out += "\n";
  if (layers > 1) {
    out += "    ";
    for (int layer = 0; layer < layers; ++layer) {
      std::string name = "layer " + std::to_string(layer + 1);
      name.resize(static_cast<std::size_t>(width * cell_width) + (layer + 1 < layers ? 3 : 0), ' ');
      out += name;
    }
    out += "\n";
  }
  return out;
}

}  // namespace kinrow::cli
