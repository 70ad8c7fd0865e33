// The geometric families as hypergraph generators. Each lays out coordinates (cell
// indices in printing order: layer by layer, top row first, left to right) and lists
// its lines; finish_game() does the rest.
#include "games/families.h"

#include <array>
#include <functional>

#include "core/error.h"
#include "games/hypergraph_file.h"
#include "games/polyomino.h"
#include "games/tile_boards.h"

namespace kinrow {
namespace {

// Far above anything a solver can take on, but small enough that listing the lines of
// an absurd spec cannot exhaust memory before the solver's own limit is reported.
constexpr long kMaxGeneratedCells = 1 << 20;
// Likewise for the lines: the total of their sizes (memory) and the cell-direction pairs
// the generator walks (time). cube:3x12 has 265,720 directions; square:1024 has 357
// million squares; both are refused at once rather than listed for hours.
constexpr double kMaxLineCells = 1 << 25;
constexpr double kMaxGeneratorSteps = 1e8;

[[noreturn]] void too_many_lines() {
  throw InputError("board too large: too many lines to list (at most " +
                   std::to_string(static_cast<long>(kMaxLineCells)) + " line cells)");
}

// Cell index of grid coordinates `c` on a board with `extent`, in printing order.
Cell grid_index(const std::vector<int>& extent, const std::vector<int>& c) {
  Cell index = 0, stride = 1;
  for (std::size_t axis = 0; axis < extent.size(); ++axis) {
    const int along = axis == 1 ? extent[1] - 1 - c[1] : c[axis];  // rows print top first
    index += along * stride;
    stride *= extent[axis];
  }
  return index;
}

// All cells of a grid, with coordinates, in printing order.
void lay_out_grid(Game& game, const std::vector<int>& extent) {
  long cells = 1;
  for (int e : extent) {
    cells *= e;
    if (cells > kMaxGeneratedCells)
      throw InputError("board too large: more than " + std::to_string(kMaxGeneratedCells) + " cells");
  }
  game.extent = extent;
  game.coords.assign(cells, {});
  std::vector<int> c(extent.size(), 0);
  for (long n = 0; n < cells; ++n) {
    game.coords[grid_index(extent, c)] = c;
    for (std::size_t axis = 0; axis < c.size() && ++c[axis] == extent[axis]; ++axis) c[axis] = 0;
  }
}

// Lines of k cells in every direction of {-1,0,1}^D whose first non-zero step is +1 (so
// each line is listed once), from every start that keeps it on the board. `wrap_x` wraps
// axis 0 (cylinder).
void add_straight_lines(Game& game, int k, bool wrap_x) {
  const std::vector<int>& extent = game.extent;
  const std::size_t dims = extent.size();
  double directions = 1;
  for (std::size_t a = 0; a < dims; ++a) directions *= 3;
  directions = (directions - 1) / 2;
  if (directions * static_cast<double>(game.coords.size()) > kMaxGeneratorSteps) too_many_lines();
  double line_cells = 0;
  std::vector<int> step(dims, -1), low(dims), high(dims);
  for (;;) {
    // Advance `step` through {-1,0,1}^D like an odometer.
    std::size_t axis = 0;
    while (axis < dims && step[axis] == 1) step[axis++] = -1;
    if (axis == dims) break;
    ++step[axis];
    std::size_t first = 0;
    while (first < dims && step[first] == 0) ++first;
    if (first == dims || step[first] != 1) continue;

    // Only starts that keep the line on the board, so the work follows the lines listed:
    // along each axis, [low, high).
    bool none = false;
    for (std::size_t a = 0; a < dims; ++a) {
      const bool wraps = a == 0 && wrap_x;
      low[a] = step[a] < 0 ? k - 1 : 0;
      high[a] = step[a] > 0 && !wraps ? extent[a] - k + 1 : extent[a];
      none = none || low[a] >= high[a];
    }
    if (none) continue;
    for (std::vector<int> start = low;;) {
      Line line;
      std::vector<int> c = start;
      for (int i = 0; i < k; ++i) {
        line.push_back(grid_index(extent, c));
        for (std::size_t a = 0; a < dims; ++a) c[a] += step[a];
        if (wrap_x) c[0] %= extent[0];
      }
      std::sort(line.begin(), line.end());
      // A wrapped line longer than the circumference would revisit a cell: not a line.
      if (std::adjacent_find(line.begin(), line.end()) == line.end()) {
        if ((line_cells += k) > kMaxLineCells) too_many_lines();
        game.lines.push_back(std::move(line));
      }
      std::size_t a = 0;
      while (a < dims && ++start[a] == high[a]) start[a] = low[a], ++a;
      if (a == dims) break;
    }
  }
}

void make_board(Game& game, const GameSpec& spec) {  // mnk and connect
  lay_out_grid(game, {spec.params[0], spec.params[1]});
  add_straight_lines(game, spec.params[2], spec.rules.cylinder);
}

void make_cube(Game& game, const GameSpec& spec) {
  lay_out_grid(game, std::vector<int>(spec.params[1], spec.params[0]));
  add_straight_lines(game, spec.params[2], false);
}

// Jenrich's square game: a line is the four corners of an axis-parallel square of any size.
void make_square(Game& game, const GameSpec& spec) {
  const int n = spec.params[0];
  double squares = 0;
  for (int size = 1; size < n; ++size) squares += static_cast<double>(n - size) * (n - size);
  if (4 * squares > kMaxLineCells) too_many_lines();
  lay_out_grid(game, {n, n});
  for (int size = 1; size < n; ++size)
    for (int x = 0; x + size < n; ++x)
      for (int y = 0; y + size < n; ++y)
        game.lines.push_back({grid_index(game.extent, {x, y}), grid_index(game.extent, {x + size, y}),
                              grid_index(game.extent, {x, y + size}),
                              grid_index(game.extent, {x + size, y + size})});
}

// Harary's animal tic-tac-toe: every placement of every orientation of the shape.
void make_animal(Game& game, const GameSpec& spec) {
  const int width = spec.params[0], height = spec.params[1];
  lay_out_grid(game, {width, height});
  for (const auto& shape : orientations(find_polyomino(spec.shape))) {
    int span_x = 0, span_y = 0;
    for (auto [x, y] : shape) span_x = std::max(span_x, x + 1), span_y = std::max(span_y, y + 1);
    if (static_cast<double>(width) * height * shape.size() > kMaxLineCells) too_many_lines();
    for (int x0 = 0; x0 + span_x <= width; ++x0)
      for (int y0 = 0; y0 + span_y <= height; ++y0) {
        Line line;
        for (auto [x, y] : shape) line.push_back(grid_index(game.extent, {x0 + x, y0 + y}));
        std::sort(line.begin(), line.end());
        game.lines.push_back(std::move(line));
      }
  }
  if (game.lines.empty())
    throw InputError("the " + spec.shape + " does not fit on a " + std::to_string(width) + "x" +
                     std::to_string(height) + " board");
}

}  // namespace

Game make_game(std::string_view spec) { return make_game(parse_spec(spec)); }

Game make_game_without_files(std::string_view text) {
  const GameSpec spec = parse_spec(text);
  if (spec.family == "file")
    throw InputError("games from files (file:) are not taken here: only games named by a spec");
  return make_game(spec);
}

Game make_game(const GameSpec& spec) {
  Game game;
  game.spec = format_spec(spec);
  game.family = spec.family;
  game.rules = spec.rules;
  if (spec.family == "mnk" || spec.family == "connect") make_board(game, spec);
  else if (spec.family == "cube") make_cube(game, spec);
  else if (spec.family == "square") make_square(game, spec);
  else if (spec.family == "animal") make_animal(game, spec);
  else if (spec.family == "file") read_hypergraph_file(game, spec.path);
  else if (spec.family == "bn" || spec.family == "bnx") make_bn(game, spec, spec.family == "bnx");
  else if (spec.family == "recx") make_recx(game, spec);
  else throw InputError("unknown game family \"" + spec.family + "\"");
  if (game.rules.gravity && game.extent.size() < 2)
    throw InputError("gravity needs a board with rows (at least two axes)");
  if (!game.breaker_only.empty() && !breaker_answers_in_kind(game.rules))
    throw InputError("breaker-only cells belong to the tile games: add maker-breaker and b=N or p=1..P");
  finish_game(game);
  return game;
}

}  // namespace kinrow
