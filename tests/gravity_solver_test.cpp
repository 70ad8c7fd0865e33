// The gravity bitboard solver against the generic hypergraph board (random positions of
// several sizes, k and goals), and against Pons' published test-set scores.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/hashing.h"
#include "core/error.h"
#include "core/notation.h"
#include "games/families.h"
#include "games/gravity_bitboard.h"
#include "search/gravity_solver.h"
#include "search/solver.h"
#include "search/table_file.h"
#include "search/transposition_table.h"
#include "cli_support.h"
#include "process_support.h"
#include "test_names.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::random_position;
using testing::sanitized;

struct SizeCase {
  const char* spec;
  int empties;
  int positions;
};

class BitboardAgreesWithGenericBoard : public ::testing::TestWithParam<SizeCase> {};

TEST_P(BitboardAgreesWithGenericBoard, OnRandomPositions) {
  const SizeCase& b = GetParam();
  const Game game = make_game(b.spec);
  ASSERT_TRUE(gravity_solver_applies(game)) << b.spec;
  SplitMix64 random(std::hash<std::string>{}(b.spec));
  SolveOptions fast, generic;
  fast.table_megabytes = generic.table_megabytes = 4;
  // A near-leaf table small enough to be used beside the 4 MiB one, where the board's
  // keys fit it (on 10x7x5 they do not, and it is left out).
  fast.gravity.near_table_megabytes = 1;
  fast.gravity.near_empty_cells = 9;
  generic.generic_board = true;
  for (int i = 0; i < b.positions; ++i) {
    const Position position = random_position(game, b.empties, random);
    const std::string where =
        std::string(b.spec) + " after \"" + format_turns(game, position.history()) + "\"";
    const SolveResult bit = solve(position, fast);
    const SolveResult ref = solve(position, generic);
    ASSERT_TRUE(gravity_table_fits(game, TranspositionTable(fast.table_megabytes))) << b.spec;
    ASSERT_TRUE(bit.bitboard && !ref.bitboard);
    ASSERT_EQ(bit.value, ref.value) << where;
    ASSERT_EQ(bit.score, ref.score) << where;
    ASSERT_EQ(bit.plies, ref.plies) << where;
    ASSERT_EQ(bit.connect_score, ref.connect_score) << where;

    // The bitboard's best move keeps the value, by the generic board's reckoning.
    ASSERT_TRUE(bit.best_move.has_value()) << where;
    Position after = position;
    ASSERT_EQ(after.why_illegal(*bit.best_move), "") << where;
    after.play(*bit.best_move);
    if (!after.over()) {
      EXPECT_EQ(-solve(after, generic).score, ref.score) << where << " best " << format_turn(game, *bit.best_move);
    }

    fast.weak = true;
    EXPECT_EQ(solve(position, fast).value, ref.value) << where << " (weak)";
    fast.weak = false;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Sizes, BitboardAgreesWithGenericBoard,
    ::testing::Values(SizeCase{"connect:4x4x4", 10, 30}, SizeCase{"connect:5x4x4", 11, 25},
                      SizeCase{"connect:4x5x3", 11, 25}, SizeCase{"connect:5x4x3,misere", 11, 25},
                      SizeCase{"connect:4x4x4,misere", 11, 25}, SizeCase{"connect:6x3x3", 11, 25},
                      SizeCase{"connect:3x5x2", 10, 20}, SizeCase{"connect:7x6x4", 12, 15},
                      SizeCase{"connect:7x6x4,misere", 12, 10}, SizeCase{"connect:5x5x5", 12, 10},
                      // Past 64 bits: the same search on 128-bit words.
                      SizeCase{"connect:10x6x4", 12, 8}, SizeCase{"connect:9x7x4", 12, 8},
                      SizeCase{"connect:8x8x4,misere", 12, 6}, SizeCase{"connect:13x5x3", 12, 6},
                      SizeCase{"connect:10x7x5", 12, 5}, SizeCase{"connect:26x2x3,misere", 12, 4}),
    [](const auto& info) { return testing::test_name(info.param.spec); });

// A line the side to move completes at once is the best move, weak or strong; the weak
// solve took the centre first and proved it kept the win (9.7 M nodes here), where the
// strong one had no such choice.
TEST(GravitySolver, AWinAtOnceIsTheBestMoveWithoutASearch) {
  const Game game = make_game("connect:9x7x4");
  const Position position = play_moves(game, "1 1 2 2 9 9 8 8 1 1 2 2 9 9 8 8 3 7 3 7");  // x x x . on row 1
  for (const bool weak : {true, false}) {
    SolveOptions options;
    options.table_megabytes = 16;
    options.gravity.threads = 1;
    options.weak = weak;
    const SolveResult r = solve(position, options);
    EXPECT_EQ(r.value, Value::Win);
    ASSERT_TRUE(r.best_move);
    EXPECT_EQ(format_turn(game, *r.best_move), "4");
    EXPECT_LT(r.nodes, 100u) << (weak ? "weak" : "strong");
  }
}

// An expected outcome orders the questions and nothing else: whatever is expected, right
// or wrong, every score and value is the one asked without it.
TEST(GravitySolver, AnExpectedOutcomeChangesNoScore) {
  int expected_losses = 0;  // weak solves right about a loss of the side to move
  for (const char* spec : {"connect:5x4x4", "connect:6x4x4", "connect:5x4x3,misere"}) {
    const Game game = make_game(spec);
    SplitMix64 random(std::hash<std::string>{}(spec) + 1);
    SolveOptions options;
    options.table_megabytes = 4;
    for (int i = 0; i < 12; ++i) {
      const Position position = random_position(game, 12 - i % 2, random);  // either side to move
      const std::string where =
          std::string(spec) + " after \"" + format_turns(game, position.history()) + "\"";
      for (const bool weak : {false, true}) {
        options.weak = weak;
        options.gravity.expected_first_player_sign = 0;
        const SolveResult plain = solve(position, options);
        for (const int expected : {-1, 1}) {
          options.gravity.expected_first_player_sign = expected;
          const SolveResult r = solve(position, options);
          ASSERT_TRUE(r.bitboard) << where;
          EXPECT_EQ(r.value, plain.value) << where << " expecting " << expected << (weak ? " (weak)" : "");
          EXPECT_EQ(r.score, plain.score) << where << " expecting " << expected << (weak ? " (weak)" : "");
          EXPECT_EQ(r.plies, plain.plies) << where << " expecting " << expected << (weak ? " (weak)" : "");
          // Right about a loss of the side to move: the sign in one window, not two.
          const bool mover_loses = plain.value == Value::Loss;
          if (weak && mover_loses && expected == (position.turns_played() % 2 == 0 ? -1 : 1)) {
            EXPECT_EQ(r.windows, 1) << where << " expecting " << expected;
            ++expected_losses;
          }
        }
      }
    }
  }
  EXPECT_GT(expected_losses, 5);
}

// Positions near the leaves go to the near table instead of the main one: with every
// position counted near, the main table learns nothing, not even the root; without the
// near table it holds the root. The score is the same.
TEST(GravitySolver, PositionsNearTheLeavesStayOutOfTheMainTable) {
  const Game game = make_game("connect:5x4x4");
  const std::vector<int> columns = {2, 2, 1};
  const GravityGeometry<uint64_t> geometry(5, 4, 4);
  GravityBitboard<uint64_t> board(geometry);
  for (int x : columns) board.play_column(x);
  auto knows_root = [&](const TranspositionTable& t) {
    return t.probe(board.key()).has_value() || t.probe(board.mirrored_key()).has_value();
  };
  GravitySettings settings;
  settings.near_table_megabytes = 1;
  settings.near_empty_cells = 20;
  TranspositionTable with(4), without(4);
  const int score = GravitySolver(game, with, {}, settings).solve(columns, false).score;
  settings.techniques.near_table = false;
  EXPECT_EQ(GravitySolver(game, without, {}, settings).solve(columns, false).score, score);
  EXPECT_FALSE(knows_root(with));
  EXPECT_TRUE(knows_root(without));
}

// A board whose keys need more bits than the table's 64 and bucket index holds goes to
// the generic board rather than risk two positions sharing an entry.
TEST(GravitySolver, BoardsTheTableCannotTellApartGoToTheGenericBoard) {
  const Game wide = make_game("connect:16x7x4");  // 128 bits: 64 of index would be needed
  EXPECT_TRUE(gravity_solver_applies(wide));
  EXPECT_FALSE(gravity_table_fits(wide, TranspositionTable(4)));
  EXPECT_TRUE(gravity_table_fits(make_game("connect:10x6x4"), TranspositionTable(1)));
  EXPECT_TRUE(gravity_table_fits(make_game("connect:7x6x4"), TranspositionTable(1)));
  EXPECT_FALSE(gravity_solver_applies(make_game("connect:17x7x4")));  // 136 bits
  SolveOptions options;
  options.table_megabytes = 4;
  SplitMix64 random(7);
  const Position position = random_position(wide, 9, random);
  EXPECT_FALSE(solve(position, options).bitboard);
}

// A table kept in a file: what is stored comes back only into a table of the same size
// and label; a damaged file is refused with the reason.
TEST(TableFile, RoundTripsAndRefusesWhatItIsNot) {
  testing::TemporaryDirectory dir("kinrow-table-file");
  const std::string path = (dir / "t.table").string();
  TranspositionTable table(1);
  for (uint64_t key = 1; key <= 1000; ++key) table.store(key * 0x1234567, -3, 5, static_cast<int>(key % 7), key);
  table.save(path, "gravity bitboard connect:7x6x4");
  EXPECT_FALSE(std::filesystem::exists(path + ".part"));
  TranspositionTable back(1);
  back.load(path, "gravity bitboard connect:7x6x4");
  int found = 0;
  for (uint64_t key = 1; key <= 1000; ++key) {
    const auto a = table.probe(key * 0x1234567), b = back.probe(key * 0x1234567);
    ASSERT_EQ(a.has_value(), b.has_value());
    if (!a) continue;
    ++found;
    EXPECT_EQ(a->lower, b->lower);
    EXPECT_EQ(a->upper, b->upper);
    EXPECT_EQ(a->move, b->move);
  }
  EXPECT_GT(found, 900);

  auto refused = [&](TranspositionTable& t, const std::string& file, const std::string& label, const char* reason) {
    try {
      t.load(file, label);
      ADD_FAILURE() << "accepted: " << reason;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(reason), std::string::npos) << e.what();
    }
  };
  refused(back, path, "gravity bitboard connect:8x6x4", "is of \"gravity bitboard connect:7x6x4\"");
  TranspositionTable larger(2);
  refused(larger, path, "gravity bitboard connect:7x6x4", "--tt-mb");
  const auto size = std::filesystem::file_size(path);
  std::filesystem::resize_file(path, size - 1);
  refused(back, path, "gravity bitboard connect:7x6x4", "cut short");
  std::filesystem::resize_file(path, size + 1);
  refused(back, path, "gravity bitboard connect:7x6x4", "bytes after");
  std::ofstream(path) << "not a table\n";
  refused(back, path, "gravity bitboard connect:7x6x4", "not a kinrow table");
  refused(back, (dir / "missing").string(), "x", "cannot read");

  // A label from before labels named the key scheme reads as scheme 1's, and only so.
  table.save(path, "gravity bitboard connect:7x6x4");
  EXPECT_NO_THROW(back.load(path, "gravity bitboard key 1 connect:7x6x4"));
  refused(back, path, "gravity bitboard key 2 connect:7x6x4", "is of \"gravity bitboard connect:7x6x4\"");
  refused(back, path, "gravity bitboard key 1 connect:8x6x4", "is of \"gravity bitboard connect:7x6x4\"");
  EXPECT_TRUE(label_reads_as("df-pn mnk:8x8x5, reduced keys", "df-pn key 1 mnk:8x8x5, reduced keys"));
  EXPECT_FALSE(label_reads_as("df-pn mnk:8x8x5, reduced keys", "df-pn key 2 mnk:8x8x5, reduced keys"));
  EXPECT_FALSE(label_reads_as("df-pn mnk:8x8x5, plain keys", "df-pn key 1 mnk:8x8x5, reduced keys"));
  EXPECT_FALSE(label_reads_as("df-pn key 1 mnk:8x8x5, reduced keys", "df-pn mnk:8x8x5, reduced keys"));
}

// The command's table names the bitboard's key scheme: a table of another scheme is
// refused, and one saved before the label named it (scheme 1's keys) is read while 1 is
// the scheme.
TEST(TableFile, TheCommandNamesTheKeyScheme) {
  testing::TemporaryDirectory dir("kinrow-table-scheme");
  const std::string path = (dir / "t.table").string();
  const std::string solve = "solve connect:5x4x4 --weak --threads 1 --tt-mb 1 --json --quiet --table-file " + path;
  testing::CliRun run = testing::kinrow(solve);
  ASSERT_EQ(run.status, 0) << run.err;
  std::ifstream in(path);
  std::string format, label;
  std::getline(in, format);
  std::getline(in, label);
  EXPECT_EQ(label, "gravity bitboard key " + std::to_string(kGravityKeyScheme) + " connect:5x4x4");

  TranspositionTable table(1);
  table.store(1, 0, 0, 0, 1);
  table.save(path, "gravity bitboard key " + std::to_string(kGravityKeyScheme + 1) + " connect:5x4x4");
  run = testing::kinrow(solve);
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_NE(run.err.find("is of \"gravity bitboard key " + std::to_string(kGravityKeyScheme + 1)), std::string::npos)
      << run.err;
  if (kGravityKeyScheme == 1) {
    table.save(path, "gravity bitboard connect:5x4x4");
    run = testing::kinrow(solve);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("\"resumed\":true"), std::string::npos) << run.out;
  }
}

// A solve stopped by its time budget keeps what it learnt: run again with the same file,
// it finds the same score with fewer nodes than a search from nothing.
TEST(TableFile, AStoppedSolveGoesOnWhereItStopped) {
  testing::TemporaryDirectory dir("kinrow-table-resume");
  const Game game = make_game("connect:8x4x4");
  const Position position(game);
  SolveOptions options;
  options.table_megabytes = 16;
  options.gravity.threads = 1;
  const SolveResult fresh = solve(position, options);

  struct Stop {};
  options.table_file = (dir / "8x4.table").string();
  options.monitor.interval_seconds = 0;
  options.monitor.on_progress = [](const SearchProgress&) { throw Stop{}; };  // at the first million nodes
  EXPECT_THROW(solve(position, options), Stop);
  ASSERT_TRUE(std::filesystem::exists(options.table_file));

  options.monitor.on_progress = nullptr;
  const SolveResult resumed = solve(position, options);
  EXPECT_EQ(resumed.score, fresh.score);
  EXPECT_EQ(resumed.plies, fresh.plies);
  EXPECT_LT(resumed.nodes, fresh.nodes);
  // Solved, the file answers at once.
  EXPECT_LT(solve(position, options).nodes, fresh.nodes / 100);

  // Only where the bitboard path is taken.
  options.generic_board = true;
  EXPECT_THROW(solve(position, options), InputError);
}

// Reads the first `lines` "MOVES SCORE" lines of one of Pons' sets as column lists.
std::vector<std::pair<std::vector<int>, int>> pons_positions(const Game& game, const char* name, int lines) {
  std::vector<std::pair<std::vector<int>, int>> positions;
  std::ifstream in(std::string(KINROW_DATA_DIR) + "/connect4/" + name);
  std::string moves;
  int expected = 0;
  for (int i = 0; i < lines && in >> moves >> expected; ++i) {
    const Position position = play_moves(game, moves);
    std::vector<int> columns;
    for (const Turn& turn : position.history()) columns.push_back(game.coords[turn[0]][0]);
    positions.emplace_back(columns, expected);
  }
  return positions;
}

// Pons' test sets: "MOVES SCORE" lines for 7x6 Connect Four. The CI runs the first lines of
// each (the hard sets take seconds a position); bench/connect4-testsets runs them all.
TEST(GravitySolver, ReproducesPonsTestSetScores) {
  const Game game = make_game("connect4");
  TranspositionTable table(64);
  GravitySolver solver(game, table);
  const std::pair<const char*, int> sets[] = {
      {"Test_L3_R1", 200}, {"Test_L2_R1", 100}, {"Test_L2_R2", 10}, {"Test_L1_R1", 50}, {"Test_L1_R2", 5}};
  for (auto [name, lines] : sets) {
    if (sanitized()) lines = std::max(1, lines / 10);
    const auto positions = pons_positions(game, name, lines);
    ASSERT_EQ(static_cast<int>(positions.size()), lines) << name;
    for (const auto& [columns, expected] : positions) EXPECT_EQ(solver.solve(columns, false).score, expected) << name;
  }
}

// A team of two threads (deferring each other's moves, stopping when one answers) finds
// the same scores, ends and best moves as one thread, on positions big enough to start
// the helpers and on small ones that never do.
TEST(GravitySolver, TwoThreadsFindTheSameScoresAndMoves) {
  const Game game = make_game("connect4");
  TranspositionTable table(64), alone_table(64);
  GravitySettings settings;
  settings.threads = 2;
  GravitySolver team(game, table, {}, settings), alone(game, alone_table);
  const int lines = sanitized() ? 2 : 8;
  for (const char* name : {"Test_L1_R2", "Test_L1_R1", "Test_L2_R2", "Test_L3_R1"})
    for (const auto& [columns, expected] : pons_positions(game, name, lines)) {
      const GravitySolution s = team.solve(columns, false), reference = alone.solve(columns, false);
      EXPECT_EQ(s.score, expected) << name;
      EXPECT_EQ(s.end, reference.end) << name;
      EXPECT_EQ(s.best_column, reference.best_column) << name;
    }
}

// A bit set with its columns in reverse order, column by column: how the search mirrored
// a key before the board kept its image.
template <class Bits>
Bits mirror_by_columns(const GravityGeometry<Bits>& g, Bits bits) {
  const int stride = g.height + 1;
  const Bits column_bits = (Bits{1} << stride) - 1;
  Bits mirrored = 0;
  for (int x = 0; x < g.width; ++x)
    mirrored |= ((bits >> (x * stride)) & column_bits) << ((g.width - 1 - x) * stride);
  return mirrored;
}

// The board keeps its mirror image's key as it plays: it agrees with the key mirrored
// column by column at every position of random games, on 64- and 128-bit words, and so
// do the keys of a move not played.
template <class Bits>
void mirrored_keys_agree(int width, int height) {
  const GravityGeometry<Bits> geometry(width, height, 4);
  GravityBitboard<Bits> board(geometry);
  SplitMix64 random(static_cast<uint64_t>(width * 100 + height));
  for (int game = 0; game < 20; ++game) {
    std::vector<Bits> played;
    while (board.playable()) {
      ASSERT_EQ(board.mirrored_key(), mirror_by_columns(geometry, board.key())) << width << "x" << height;
      std::vector<Bits> cells;
      for (Bits open = board.playable(); open; open &= open - 1) cells.push_back(open & -open);
      for (Bits c : cells) {
        const Bits after = board.key_after(c), mirrored_after = board.mirrored_key_after(c);
        EXPECT_EQ(mirrored_after, mirror_by_columns(geometry, after));
        board.play(c);
        EXPECT_EQ(board.key(), after);
        EXPECT_EQ(board.mirrored_key(), mirrored_after);
        board.undo(c);
      }
      const Bits c = cells[random.below(cells.size())];
      const Bits before = board.key();
      board.play(c);
      EXPECT_NE(board.key(), before);
      played.push_back(c);
    }
    while (!played.empty()) board.undo(played.back()), played.pop_back();
    ASSERT_EQ(board.key(), geometry.bottom);
    ASSERT_EQ(board.mirrored_key(), geometry.bottom);
  }
}

TEST(GravityBitboard, KeepsItsMirrorImagesKey) {
  mirrored_keys_agree<uint64_t>(7, 6);
  mirrored_keys_agree<uint64_t>(8, 6);
  mirrored_keys_agree<uint128_t>(10, 6);
  mirrored_keys_agree<uint128_t>(9, 7);
  mirrored_keys_agree<uint128_t>(8, 8);
}

// A team's progress is the team's: each member adds its nodes to a shared tally, a
// million at a time, and the leader reports the tally, where it used to report its own
// count (a two-thread run said half the nodes it had searched). The helpers' share
// stands ready in the tally; the leader's search is one thread, so the counts are exact.
// Each position the search stores goes to the table of its depth: positions of at least
// `from` stones to the near table, the others to the main one; checked over every position
// up to 8 plies below the root (a probe routed to one table and a store to the other
// would show as a depth with no entries on its side).
TEST(GravitySearch, EachPositionGoesToTheTableOfItsDepth) {
  const GravityGeometry<uint64_t> geometry(5, 4, 4);
  GravityBitboard<uint64_t> board(geometry);
  board.play_column(2);
  board.play_column(2);
  constexpr int kFrom = 6;
  TranspositionTable main(4), near(1);
  GravitySearch<4, false> search(board, main, SearchMonitor{});
  search.use_near_table(&near, kFrom);
  search.search(-1, 1);
  auto knows = [&](const TranspositionTable& t) {
    return t.probe(board.key()).has_value() || t.probe(board.mirrored_key()).has_value();
  };
  EXPECT_TRUE(knows(main));
  std::set<uint64_t> seen;
  int in_main[2] = {0, 0}, in_near[2] = {0, 0};  // [position is near]
  auto visit = [&](auto& self, int depth) -> void {
    if (!seen.insert(board.key()).second) return;
    const bool is_near = board.moves() >= kFrom;
    in_main[is_near] += knows(main);
    in_near[is_near] += knows(near);
    if (depth == 0) return;
    for (uint64_t open = board.playable(); open; open &= open - 1) {
      const uint64_t cell = open & -open;
      board.play(cell);
      self(self, depth - 1);
      board.undo(cell);
    }
  };
  visit(visit, 8);
  EXPECT_GT(in_main[0], 1);
  EXPECT_GT(in_near[1], 100);
  EXPECT_EQ(in_main[1], 0) << "near positions in the main table";
  EXPECT_EQ(in_near[0], 0) << "positions above the near ones in the near table";
}

TEST(GravitySearch, ATeamReportsEveryMembersNodes) {
  const GravityGeometry<uint64_t> geometry(7, 5, 4);
  GravityBitboard<uint64_t> board(geometry);
  board.play_column(0);  // about two million nodes
  TranspositionTable table(16);
  std::vector<uint64_t> reported;
  SearchMonitor monitor;
  monitor.interval_seconds = 0;
  monitor.on_progress = [&](const SearchProgress& p) { reported.push_back(p.nodes); };
  constexpr uint64_t kMillion = 0x100000;  // as the searches count: 2^20
  const uint64_t helpers = 3 * kMillion;
  std::atomic<uint64_t> tally{helpers};
  GravitySearch<4, false> leader(board, table, monitor);
  leader.count_into(&tally);
  leader.search(-1, 1);
  ASSERT_GE(leader.nodes(), kMillion) << "the position must take more than 2^20 nodes";
  ASSERT_FALSE(reported.empty());
  // The first report comes at the leader's first million, on top of the helpers'.
  EXPECT_EQ(reported.front(), helpers + kMillion);
  EXPECT_EQ(reported.back(), helpers + leader.nodes() / kMillion * kMillion);
  EXPECT_EQ(tally.load(), reported.back());
}

// Every report of "does the first player win?" on the empty 7x5 board, a draw: a window
// that fails low, so it searches every root move.
std::vector<SearchProgress> reports_of_a_window_that_fails() {
  const GravityGeometry<uint64_t> geometry(7, 5, 4);
  GravityBitboard<uint64_t> board(geometry);
  TranspositionTable table(16);
  std::vector<SearchProgress> reported;
  SearchMonitor monitor;
  monitor.interval_seconds = 0;
  monitor.on_progress = [&](const SearchProgress& p) { reported.push_back(p); };
  GravitySearch<4, false> search(board, table, monitor);
  EXPECT_LE(search.search(0, 1), 0);
  return reported;
}

// A long window's progress says how far it has gone at the root: a window that fails low
// (the empty 7x5 board is a draw, so "does the first player win?" fails) searches every
// root move, and the reports walk through them in order.
TEST(GravitySearch, ProgressReportsTheRootMovesDone) {
  const std::vector<SearchProgress> reported = reports_of_a_window_that_fails();
  ASSERT_GE(reported.size(), 2u);
  std::set<int> columns;
  for (std::size_t i = 0; i < reported.size(); ++i) {
    const ProgressStep& root = reported[i].path[0];
    ASSERT_GE(reported[i].path_length, 1);
    ASSERT_EQ(root.moves, 7);
    ASSERT_GE(root.done, 0);
    ASSERT_LT(root.done, 7);
    ASSERT_GE(root.column, 0);
    ASSERT_LT(root.column, 7);
    if (i > 0) {
      const ProgressStep& before = reported[i - 1].path[0];
      ASSERT_GE(root.done, before.done);
      if (root.done == before.done) {
        ASSERT_EQ(root.column, before.column);
      }
    }
    columns.insert(root.column);
  }
  EXPECT_GE(columns.size(), 2u) << "the reports never left the first root move";
  EXPECT_GT(reported.back().path[0].done, reported.front().path[0].done);
}

// Below the root the path is the leading thread's: each step is a position one ply under
// the step before it, searching a column, with fewer moves finished than it has; and
// while the steps above a step stand still, that step's count of finished moves only grows.
TEST(GravitySearch, ProgressPathStepsAreConsistent) {
  const std::vector<SearchProgress> reported = reports_of_a_window_that_fails();
  ASSERT_GE(reported.size(), 2u);
  int deepest = 0;
  for (std::size_t i = 0; i < reported.size(); ++i) {
    const SearchProgress& p = reported[i];
    ASSERT_GE(p.path_length, 1);
    ASSERT_LE(p.path_length, kProgressDepth);
    deepest = std::max(deepest, p.path_length);
    // Replayed from the empty board, each step's column is a legal move, and a step has
    // no more moves than the columns open there.
    std::array<int, 7> height{};
    for (int s = 0; s < p.path_length; ++s) {
      int open = 0;
      for (int h : height) open += h < 5;
      ASSERT_GE(p.path[s].moves, 1) << "report " << i << ", step " << s;
      ASSERT_LE(p.path[s].moves, open) << "report " << i << ", step " << s;
      if (p.path[s].column >= 0) {
        ASSERT_LT(height[p.path[s].column]++, 5) << "report " << i << ", step " << s;
      }
      ASSERT_LT(p.path[s].done, p.path[s].moves) << "report " << i << ", step " << s;
      ASSERT_LT(p.path[s].column, 7);
      // A step below exists only under a move being searched.
      if (s + 1 < p.path_length) {
        ASSERT_GE(p.path[s].column, 0) << "report " << i << ", step " << s;
      }
    }
    if (i == 0) continue;
    const SearchProgress& q = reported[i - 1];
    for (int s = 0; s < std::min(p.path_length, q.path_length); ++s) {
      bool same_above = true;
      for (int a = 0; a < s; ++a)
        same_above = same_above && p.path[a].done == q.path[a].done && p.path[a].column == q.path[a].column;
      if (same_above) {
        ASSERT_GE(p.path[s].done, q.path[s].done) << "report " << i << ", step " << s;
      }
    }
  }
  EXPECT_EQ(deepest, kProgressDepth) << "the path never reached its third ply";
}

// Every technique can be switched off (to measure what it buys) without changing a score.
TEST(GravitySolver, EachTechniqueOffFindsTheSameScores) {
  const Game game = make_game("connect4");
  const int lines = sanitized() ? 3 : 25;
  const auto positions = pons_positions(game, "Test_L2_R2", lines);
  for (int off = 0; off < 6; ++off) {
    GravitySettings settings;
    settings.near_table_megabytes = 2;  // on beside the 16 MiB table, unless switched off
    settings.near_empty_cells = 14;
    GravityTechniques& t = settings.techniques;
    bool* flags[] = {&t.claimeven,    &t.child_bounds, &t.transposition_cutoffs,
                     &t.mirror,       &t.threat_order, &t.near_table};
    *flags[off] = false;
    TranspositionTable table(16);
    GravitySolver solver(game, table, {}, settings);
    for (const auto& [columns, expected] : positions) EXPECT_EQ(solver.solve(columns, false).score, expected) << off;
  }
}

}  // namespace
}  // namespace kinrow
