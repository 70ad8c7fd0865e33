// What a search board reads and never writes: a game's lines, cells and keys laid out
// for the hot path (flat arrays, line masks in the board's width), built once per game
// and shared by every board of every thread, so that copying a board copies only its
// state.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/symmetry.h"

namespace kinrow {

// The version of the Zobrist keys' making (the seed and the order they are drawn in
// board_tables.cpp, the keys and reduced keys board.h builds from them), named in the
// files that keep df-pn's keys beyond a run (search/dfpn.h): a change to any of these
// bumps it, so that those files are refused rather than misread.
inline constexpr int kZobristKeyScheme = 1;

// The widest board: 16 words of cells (32x32). Beyond it a search board is refused.
constexpr int kMaxBoardCells = 1024;

// Every board width, for explicit instantiations: a solver's templates are compiled once
// per width in its own .cpp (`KINROW_FOR_EACH_WIDTH(INSTANTIATE)`), not in every user.
#define KINROW_FOR_EACH_WIDTH(X) X(1) X(2) X(4) X(8) X(16)

// The words of 64 cells a board of `cells` cells takes: 1, 2, 4, 8 or 16. InputError
// beyond kMaxBoardCells.
int board_words(int cells, const std::string& spec);

struct BoardOptions {
  // Symmetries folded into Board::key, the first of the group given to the tables
  // (alpha-beta merges symmetric positions by it; a subset of the group is sound, it only
  // merges fewer). 0: none.
  std::size_t key_symmetries = 0;
  // Keep the live cells and the reduced key (df-pn's table merges positions that differ
  // only on cells no line can use any more).
  bool live = true;
  // Keep, per player, the lines free of the opponent that miss at most this many cells
  // (threat search and multi-stone knowledge read them). 0: the rules' 2p.
  int near = 0;
};

struct BoardTables {
  // `symmetry` is read only for key_symmetries.
  explicit BoardTables(const Game& game, const BoardOptions& options = {}, const SymmetryGroup* symmetry = nullptr);

  const Game* game;
  Rules rules;
  int cells = 0;
  int lines = 0;
  int words = 1;  // of a cell set: the board's width (board_words)
  int max_turns = 0;
  bool lines_count[2] = {true, true};  // maker-breaker: only the maker's lines count
  bool track_live = true;  // never under rules.exact: a dead cell may still flank a line
  int near_limit = 2;
  int shortest_line = 0;  // the fewest cells of any line

  std::vector<int32_t> cell_lines_begin;  // lines through cell c: [begin[c], begin[c+1])
  std::vector<int32_t> cell_lines;
  std::vector<int32_t> line_cells_begin;  // cells of line l: [begin[l], begin[l+1])
  std::vector<int16_t> line_cells;
  std::vector<uint8_t> line_size;
  std::vector<uint64_t> line_words;  // line l's cells as a set: words [l * words, (l + 1) * words)
  // The same sets in cell_lines' order (the lines through each cell, one after another),
  // for loops over the lines through a cell that read the sets: contiguous in memory.
  std::vector<uint64_t> cell_line_words;
  std::vector<int16_t> below, above;  // -1 where none (and everywhere without gravity)
  std::vector<int16_t> bottom_up;  // every cell, each after the one below it (Board::assign)
  std::vector<int32_t> centrality;  // lines through a cell: the static part of move order
  // Under rules.exact (an overline does not win): the lines each cell flanks (is the cell
  // just beyond one end of), [flanked_begin[c], flanked_begin[c+1]); empty otherwise.
  std::vector<int32_t> flanked_begin;
  std::vector<int32_t> flanked;
  // Under rules.exact, each line's flanks as a set: words [l * words, (l + 1) * words),
  // and the same in cell_lines' order (as cell_line_words); empty otherwise.
  std::vector<uint64_t> line_flank_words;
  std::vector<uint64_t> cell_line_flank_words;

  // Zobrist keys: stones [player * cells + cell]; a dead cell [cell] and the number of
  // empty dead cells [n] for the reduced key (Board::reduced_key). Their making is
  // kZobristKeyScheme's.
  std::vector<uint64_t> zobrist, zobrist_dead, zobrist_empty_dead;
  // The symmetries folded into Board::key: key_maps[g][cell] = image of cell under g.
  std::vector<std::vector<int16_t>> key_maps;
  std::vector<std::vector<int16_t>> key_inverse;

  // Stones placed on turn `turn` (0-based), and the turn the n-th stone (0-based) is part of.
  int stones_on_turn(int turn) const { return turn == 0 ? rules.first_turn_stones : rules.stones_per_turn; }
  int turn_of_stone(int n) const {
    const int q = rules.first_turn_stones, p = rules.stones_per_turn;
    if (n < q) return 0;
    return 1 + (p == 1 ? n - q : (n - q) / p);  // no division on the common path
  }
};

}  // namespace kinrow
