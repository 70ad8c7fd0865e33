// Which board for search: the measurement behind games/board.h (docs/benchmarks.md, "One
// board for search").
//
// Two designs were candidates. A mask board keeps only the two players' cell sets and
// answers every question by walking the line masks (dictionary/board_masks.h was one,
// for 64 cells; here it is templated on Bits<W>). An incremental board keeps per-line
// counts and the sets the questions ask for, updated by each stone (games/board.h). Both
// run the same work on the same random positions: for every empty cell, put the side to
// move's stone there, ask whether it completed a line, where each side could now win at
// once, and where the side to move could make a new threat (a threat search's
// candidates), then take it back. That is what a proof search does at each node it
// expands.
//
//   build/kinrow_bench_boards [RUNS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/hashing.h"
#include "core/position.h"
#include "core/symmetry.h"
#include "games/board_dispatch.h"
#include "games/families.h"

namespace kinrow {
namespace {

template <int W>
class MaskBoard {
 public:
  using Cells = Bits<W>;
  explicit MaskBoard(const Game& game) : all_(Cells::first_n(game.cell_count())) {
    for (const Line& line : game.lines) {
      Cells mask;
      for (Cell c : line) mask.set(c);
      lines_.push_back(mask);
    }
    for (Cell c = 0; c < game.cell_count(); ++c) {
      through_.emplace_back();
      for (int l : game.lines_of_cell[c]) through_.back().push_back(lines_[l]);
    }
  }
  bool completes(const Cells& mine, Cell c) const {
    for (const Cells& line : through_[c])
      if (line.subset_of(mine)) return true;
    return false;
  }
  // Cells where a stone of the owner of `mine` completes a line free of `theirs`.
  Cells wins(const Cells& mine, const Cells& theirs) const {
    Cells out;
    for (const Cells& line : lines_) {
      if (line.intersects(theirs)) continue;
      const Cells missing = line.minus(mine);
      if (missing.one()) out |= missing;
    }
    return out;
  }
  Cells threat_making(const Cells& mine, const Cells& theirs) const {
    Cells out;
    for (const Cells& line : lines_) {
      if (line.intersects(theirs)) continue;
      const Cells missing = line.minus(mine);
      if (missing.count() == 2) out |= missing;
    }
    return out;
  }
  const Cells& all() const { return all_; }

 private:
  Cells all_;
  std::vector<Cells> lines_;
  std::vector<std::vector<Cells>> through_;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Random positions a third full, with the game still going.
std::vector<Position> positions_of(const Game& game, int count) {
  SplitMix64 random(7);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count) {
    Position p(game);
    while (!p.over() && p.empty_count() > 2 * game.cell_count() / 3) {
      const auto turns = p.legal_turns();
      p.play(turns[random.below(turns.size())]);
    }
    if (!p.over()) out.push_back(p);
  }
  return out;
}

template <int W>
void compare(const Game& game, int runs) {
  using Cells = Bits<W>;
  const std::vector<Position> positions = positions_of(game, 200);
  uint64_t expansions = 0, check_mask = 0, check_board = 0;
  std::vector<double> mask_times, board_times;
  const MaskBoard<W> masks(game);
  BoardOptions options;
  options.live = false;  // as alpha-beta runs it; df-pn adds the live cells
  const BoardTables tables(game, options);
  for (int run = 0; run < runs; ++run) {
    expansions = check_mask = check_board = 0;
    // The mask board: positions are values, a child is a copy with one more bit.
    auto start = std::chrono::steady_clock::now();
    for (const Position& p : positions) {
      Cells own[2];
      for (Cell c = 0; c < game.cell_count(); ++c)
        if (p.owner(c) >= 0) own[p.owner(c)].set(c);
      const int mover = p.to_move();
      const Cells empty = masks.all().minus(own[0] | own[1]);
      for (int c : empty) {
        Cells mine = own[mover];
        mine.set(c);
        const Cells left = empty.minus(Cells::single(c));
        check_mask += masks.completes(mine, c);
        check_mask += (masks.wins(own[1 - mover], mine) & left).count();
        check_mask += (masks.wins(mine, own[1 - mover]) & left).count();
        check_mask += (masks.threat_making(mine, own[1 - mover]) & left).count();
        ++expansions;
      }
    }
    mask_times.push_back(seconds_since(start));
    // The incremental board: play and take back.
    std::vector<Board<W>> boards;
    for (const Position& p : positions) {
      boards.emplace_back(tables);
      for (const Turn& t : p.history()) boards.back().play(board_move(tables, t));
    }
    start = std::chrono::steady_clock::now();
    for (Board<W>& board : boards) {
      const int mover = board.to_move();
      const Cells empty = board.empty();
      for (int c : empty) {
        check_board += board.place(c);
        const Cells left = board.empty();
        check_board += (board.threats(1 - mover) & left).count();
        check_board += (board.threats(mover) & left).count();
        Cells making;
        for (int32_t l : board.near_lines(mover, 2)) making |= board.line(l);
        check_board += (making & left).count();
        board.remove(c);
      }
    }
    board_times.push_back(seconds_since(start));
  }
  const double mask = median(mask_times), board = median(board_times);
  std::printf("%-22s %5d cells %5d lines  %5d words  mask %8.1f ns  incremental %7.1f ns  %5.1fx%s\n",
              game.spec.c_str(), game.cell_count(), game.line_count(), W, 1e9 * mask / expansions,
              1e9 * board / expansions, mask / board, check_mask == check_board ? "" : "  (answers differ!)");
}

}  // namespace
}  // namespace kinrow

int main(int argc, char** argv) {
  using namespace kinrow;
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  std::printf("per child of an expanded node (place, completed?, both sides' wins, threat-making cells, take back);\n"
              "median of %d runs over 200 random positions a third full\n",
              runs);
  for (const char* spec : {"mnk:7x7x5", "cube:4x3", "square:8", "mnk:9x9x5", "mnk:15x15x5", "mnk:19x19x6,p=2,q=1",
                           "mnk:19x19x5"}) {
    const Game game = make_game(spec);
    const BoardTables probe(game);
    with_board(probe, [&](auto board) { compare<decltype(board)::kWords>(game, runs); });
  }
}
