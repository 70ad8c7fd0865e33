#include "games/board_tables.h"

#include <algorithm>

#include "core/error.h"
#include "core/hashing.h"

namespace kinrow {

int board_words(int cells, const std::string& spec) {
  for (int words = 1; words <= kMaxBoardCells / 64; words *= 2)
    if (cells <= 64 * words) return words;
  throw InputError("search boards hold at most " + std::to_string(kMaxBoardCells) + " cells; " + spec + " has " +
                   std::to_string(cells));
}

BoardTables::BoardTables(const Game& g, const BoardOptions& options, const SymmetryGroup* symmetry)
    : game(&g), rules(g.rules), cells(g.cell_count()), lines(g.line_count()), words(board_words(cells, g.spec)),
      max_turns(g.max_turns()), track_live(options.live && !g.rules.exact) {
  // The search board derives the turn from the stone count; a tile game's turns have the
  // size the maker chooses, which only the tile search plays (src/tiles/).
  if (breaker_answers_in_kind(rules))
    throw InputError(g.spec + ": the maker chooses each turn's size here (p=1..P, b=N); kinrow solve searches "
                     "such games with its tile search, boards of at most 64 cells (docs/tiles.md)");
  if (rules.goal == Goal::MakerBreaker) lines_count[1] = false;
  near_limit = options.near > 0 ? options.near : 2 * std::max(rules.stones_per_turn, rules.first_turn_stones);

  cell_lines_begin.push_back(0);
  for (Cell c = 0; c < cells; ++c) {
    for (int l : g.lines_of_cell[c]) cell_lines.push_back(l);
    cell_lines_begin.push_back(static_cast<int32_t>(cell_lines.size()));
    centrality.push_back(static_cast<int32_t>(g.lines_of_cell[c].size()));
  }
  line_cells_begin.push_back(0);
  line_words.assign(static_cast<std::size_t>(lines) * words, 0);
  for (int l = 0; l < lines; ++l) {
    for (Cell c : g.lines[l]) {
      line_cells.push_back(static_cast<int16_t>(c));
      line_words[static_cast<std::size_t>(l) * words + c / 64] |= uint64_t{1} << (c % 64);
    }
    line_cells_begin.push_back(static_cast<int32_t>(line_cells.size()));
    line_size.push_back(static_cast<uint8_t>(g.lines[l].size()));
    if (l == 0 || static_cast<int>(g.lines[l].size()) < shortest_line) shortest_line = static_cast<int>(g.lines[l].size());
  }

  if (rules.exact) {
    std::vector<std::vector<int32_t>> by_cell(cells);
    for (int l = 0; l < lines; ++l)
      for (Cell f : g.flanks[l])
        if (f >= 0) by_cell[f].push_back(l);
    flanked_begin.push_back(0);
    for (Cell c = 0; c < cells; ++c) {
      flanked.insert(flanked.end(), by_cell[c].begin(), by_cell[c].end());
      flanked_begin.push_back(static_cast<int32_t>(flanked.size()));
    }
    line_flank_words.assign(static_cast<std::size_t>(lines) * words, 0);
    for (int l = 0; l < lines; ++l)
      for (Cell f : g.flanks[l])
        if (f >= 0) line_flank_words[static_cast<std::size_t>(l) * words + f / 64] |= uint64_t{1} << (f % 64);
    for (int32_t l : cell_lines)
      for (int i = 0; i < words; ++i)
        cell_line_flank_words.push_back(line_flank_words[static_cast<std::size_t>(l) * words + i]);
  }

  for (int32_t l : cell_lines)
    for (int i = 0; i < words; ++i) cell_line_words.push_back(line_words[static_cast<std::size_t>(l) * words + i]);

  below.assign(cells, -1);
  above.assign(cells, -1);
  if (rules.gravity)
    for (Cell c = 0; c < cells; ++c)
      if (g.below[c] >= 0) {
        below[c] = static_cast<int16_t>(g.below[c]);
        above[g.below[c]] = static_cast<int16_t>(c);
      }

  std::vector<int> depth(cells, 0);
  for (Cell c = 0; c < cells; ++c)
    for (Cell d = below[c]; d >= 0; d = below[d]) ++depth[c];
  for (Cell c = 0; c < cells; ++c) bottom_up.push_back(static_cast<int16_t>(c));
  std::stable_sort(bottom_up.begin(), bottom_up.end(), [&](int16_t a, int16_t b) { return depth[a] < depth[b]; });

  SplitMix64 random(0x6b696e726f77ull);  // "kinrow": fixed, so node counts repeat (kZobristKeyScheme)
  zobrist.resize(2 * static_cast<std::size_t>(cells));
  for (uint64_t& z : zobrist) z = random.next();
  zobrist_dead.resize(cells);
  for (uint64_t& z : zobrist_dead) z = random.next();
  zobrist_empty_dead.resize(static_cast<std::size_t>(cells) + 1);
  for (uint64_t& z : zobrist_empty_dead) z = random.next();
  zobrist_empty_dead[0] = 0;

  if (symmetry && symmetry->size() > 1 && options.key_symmetries > 0) {
    const std::size_t folded = std::min(symmetry->size(), options.key_symmetries);
    for (std::size_t m = 0; m < folded; ++m) {
      const Permutation& map = symmetry->maps[m];
      key_maps.emplace_back(map.begin(), map.end());
      const Permutation back = inverse(map);
      key_inverse.emplace_back(back.begin(), back.end());
    }
  }
}

}  // namespace kinrow
