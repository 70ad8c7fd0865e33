#include "games/line_board.h"

#include "core/hashing.h"

namespace kinrow {

LineBoardTables::LineBoardTables(const Game& game, const SymmetryGroup& symmetry,
                                 std::size_t max_key_symmetries)
    : rules(game.rules), cells(game.cell_count()), lines(game.line_count()),
      max_turns(game.max_turns()) {
  if (rules.goal == Goal::MakerBreaker) lines_count[1] = false;

  cell_lines_begin.push_back(0);
  for (Cell c = 0; c < cells; ++c) {
    for (int l : game.lines_of_cell[c]) cell_lines.push_back(l);
    cell_lines_begin.push_back(static_cast<int32_t>(cell_lines.size()));
    centrality.push_back(static_cast<int32_t>(game.lines_of_cell[c].size()));
  }
  line_cells_begin.push_back(0);
  for (const Line& line : game.lines) {
    for (Cell c : line) line_cells.push_back(static_cast<int16_t>(c));
    line_cells_begin.push_back(static_cast<int32_t>(line_cells.size()));
    line_size.push_back(static_cast<uint8_t>(line.size()));
  }

  below.assign(cells, -1);
  above.assign(cells, -1);
  if (rules.gravity)
    for (Cell c = 0; c < cells; ++c)
      if (game.below[c] >= 0) {
        below[c] = static_cast<int16_t>(game.below[c]);
        above[game.below[c]] = static_cast<int16_t>(c);
      }

  SplitMix64 random(0x6b696e726f77ull);  // "kinrow": fixed, so node counts repeat
  zobrist.resize(2 * static_cast<std::size_t>(cells));
  for (uint64_t& z : zobrist) z = random.next();

  if (symmetry.size() > 1) {
    const std::size_t folded = std::min(symmetry.size(), max_key_symmetries);
    for (std::size_t g = 0; g < folded; ++g) {
      const Permutation& map = symmetry.maps[g];
      key_maps.emplace_back(map.begin(), map.end());
      Permutation back = inverse(map);
      key_inverse.emplace_back(back.begin(), back.end());
    }
  }
}

}  // namespace kinrow
