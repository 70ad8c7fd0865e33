// The bounds of the costliest positions kept beside a table file (search/kept_bounds.h):
// written as a search finds them, read back with or without the table, and sound — a
// search that starts from them finds every value a search from nothing finds.
#include "search/kept_bounds.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/error.h"
#include "core/hashing.h"
#include "core/notation.h"
#include "games/families.h"
#include "search/solver.h"
#include "search/transposition_table.h"
#include "cli_support.h"
#include "process_support.h"
#include "test_support.h"

namespace kinrow {
namespace {

std::size_t lines_of(const std::string& path) {
  std::ifstream in(path);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

using testing::error_of;

TEST(KeptBounds, LiveBesideTheTableFile) {
  EXPECT_EQ(kept_bounds_path("dir/9x6x4.table"), "dir/9x6x4.bounds");
  EXPECT_EQ(kept_bounds_path("t"), "t.bounds");
  EXPECT_EQ(kept_bounds_path(".table"), ".table.bounds");
}

// A solve keeps the positions that cost it at least the threshold; with its table gone,
// a solve from the kept bounds alone finds the same score and best move, from far fewer
// nodes. A search too small to keep any leaves no file.
TEST(KeptBounds, AStartFromTheKeptBoundsAloneFindsTheSameValue) {
  testing::TemporaryDirectory dir("kinrow-kept-bounds");
  const Game game = make_game("connect:7x5x4");
  const Position position(game);
  SolveOptions options;
  options.table_megabytes = 16;
  options.gravity.threads = 1;
  options.table_file = (dir / "7x5x4.table").string();
  const std::string bounds = kept_bounds_path(options.table_file);
  options.kept_bounds_nodes = 1 << 14;
  const SolveResult first = solve(position, options);
  EXPECT_EQ(first.kept_bounds_read, 0u);
  ASSERT_TRUE(std::filesystem::exists(bounds));
  const std::size_t kept = lines_of(bounds) - 1;
  EXPECT_GT(kept, 10u);
  EXPECT_LT(kept, 5000u);  // a few positions, not the table

  std::filesystem::remove(options.table_file);
  options.kept_bounds_nodes = 0;  // read, keep none
  const SolveResult again = solve(position, options);
  EXPECT_EQ(again.kept_bounds_read, kept);
  EXPECT_EQ(again.score, first.score);
  EXPECT_EQ(again.plies, first.plies);
  EXPECT_EQ(again.best_move, first.best_move);
  EXPECT_LT(again.nodes, first.nodes / 10);
  EXPECT_EQ(lines_of(bounds), kept + 1);

  std::filesystem::remove(options.table_file);
  std::filesystem::remove(bounds);
  options.kept_bounds_nodes = uint64_t{1} << 40;
  solve(position, options);
  EXPECT_FALSE(std::filesystem::exists(bounds));
}

// Soundness: bounds kept by the solves of the empty board (weak, then strong), read into
// the table of each of many positions below it, change no score from a search without
// them (strong, so that the bounds read are put to use against exact scores).
TEST(KeptBounds, NoScoreChangesOnRandomPositions) {
  testing::TemporaryDirectory dir("kinrow-kept-sound");
  const Game game = make_game("connect:6x5x4");
  SolveOptions keep;
  keep.table_megabytes = 16;
  keep.gravity.threads = 1;
  keep.table_file = (dir / "6x5x4.table").string();
  keep.kept_bounds_nodes = 1 << 8;
  for (const bool weak : {true, false}) {
    keep.weak = weak;
    solve(Position(game), keep);
    std::filesystem::remove(keep.table_file);
  }
  ASSERT_GT(lines_of(kept_bounds_path(keep.table_file)), 100u);

  SplitMix64 random(20261201);
  for (int i = 0; i < 40; ++i) {
    const Position position = testing::random_position(game, 22 + static_cast<int>(random.below(6)), random);
    SCOPED_TRACE(format_turns(game, position.history()));
    SolveOptions plain;
    plain.table_megabytes = 16;
    plain.gravity.threads = 1;
    const SolveResult expected = solve(position, plain);
    std::filesystem::remove(keep.table_file);  // the kept bounds alone
    SolveOptions from_kept = plain;
    from_kept.table_file = keep.table_file;
    from_kept.kept_bounds_nodes = 0;
    const SolveResult got = solve(position, from_kept);
    EXPECT_GT(got.kept_bounds_read, 0u);
    EXPECT_EQ(got.score, expected.score);
    EXPECT_EQ(got.plies, expected.plies);
  }
}

TEST(KeptBounds, RefusesAnotherSearchsFileAndLinesThatDoNotRead) {
  testing::TemporaryDirectory dir("kinrow-kept-refused");
  const std::string path = (dir / "t.bounds").string();
  TranspositionTable table(1);
  std::ofstream(path) << "kinrow-kept-bounds 1 gravity bitboard connect:7x6x4\n";
  EXPECT_NE(error_of([&] { KeptBounds::read(path, "gravity bitboard connect:8x6x4", table); }).find("line 1"),
            std::string::npos);
  EXPECT_NE(error_of([&] { KeptBounds k(path, "gravity bitboard connect:8x6x4", 1); }).find("another search"),
            std::string::npos);
  EXPECT_EQ(KeptBounds::read(path, "gravity bitboard connect:7x6x4", table), 0u);
  EXPECT_EQ(KeptBounds::read((dir / "missing").string(), "x", table), 0u);
  for (const char* line : {"3 0 1f -1 0 2", "3 0 1f 1 0 2 29", "3 0 zz -1 0 2 29", "3 0 1f -1 0 2 29 extra",
                           "-1 0 1f -1 0 2 29", "3 0 1f -1 0 2 0"}) {
    std::ofstream(path) << "kinrow-kept-bounds 1 gravity bitboard connect:7x6x4\n3 0 1f -1 0 2 29\n" << line << "\n";
    const std::string error = error_of([&] { KeptBounds::read(path, "gravity bitboard connect:7x6x4", table); });
    EXPECT_NE(error.find("line 3"), std::string::npos) << line << ": " << error;
  }
}

// The command: --bounds-over with --table-file keeps them, and a run with the table gone
// says it went on from them; without a table file the option is refused.
TEST(KeptBounds, SolveAndTableKeepAndReadThem) {
  testing::TemporaryDirectory dir("kinrow-kept-cli");
  const std::string table = (dir / "g.table").string();
  const std::string solve = "solve connect:7x5x4 --weak --threads 1 --tt-mb 16 --json --quiet --bounds-over 65536 --table-file " + table;
  testing::CliRun run = testing::kinrow(solve);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\"bounds_read\":0"), std::string::npos) << run.out;
  std::filesystem::remove(table);
  run = testing::kinrow(solve);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\"value\":\"draw\""), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"resumed\":true"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("\"bounds_read\":0"), std::string::npos) << run.out;

  run = testing::kinrow("table connect --weak --width 7 --height 5 --threads 1 --tt-mb 16 --json --quiet "
                        "--bounds-over 65536 --table-dir " + (dir / "boards").string());
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "boards" / "7x5x4.bounds"));
  std::filesystem::remove(dir / "boards" / "7x5x4.table");
  run = testing::kinrow("table connect --weak --width 7 --height 5 --threads 1 --tt-mb 16 --json --quiet "
                        "--table-dir " + (dir / "boards").string());
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\"resumed\":true"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"bounds_read\":"), std::string::npos) << run.out;

  EXPECT_EQ(testing::kinrow("solve connect:7x5x4 --bounds-over 5").status, 2);
  EXPECT_EQ(testing::kinrow("table connect --width 5 --height 4 --bounds-over 5").status, 2);
}

}  // namespace
}  // namespace kinrow
