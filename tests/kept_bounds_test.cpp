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
  std::size_t read = 99;
  options.on_kept_bounds_read = [&read](std::size_t n) { read = n; };
  const SolveResult first = solve(position, options);
  EXPECT_EQ(read, 0u);
  ASSERT_TRUE(std::filesystem::exists(bounds));
  const std::size_t kept = lines_of(bounds) - 1;
  EXPECT_GT(kept, 10u);
  EXPECT_LT(kept, 5000u);  // a few positions, not the table

  std::filesystem::remove(options.table_file);
  options.kept_bounds_nodes = 0;  // read, keep none
  const SolveResult again = solve(position, options);
  EXPECT_EQ(read, kept);
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
    std::size_t read = 0;
    from_kept.on_kept_bounds_read = [&read](std::size_t n) { read = n; };
    const SolveResult got = solve(position, from_kept);
    EXPECT_GT(read, 0u);
    EXPECT_EQ(got.score, expected.score);
    EXPECT_EQ(got.plies, expected.plies);
  }
}

// The keys and scores of connect:7x6x4 (56 bits: the high word is 0).
const KeptKeys k7x6{.cells = 42, .width = 7, .max_score = 22, .high_end = 1};
const char* const kLabel7x6 = "gravity bitboard key 1 connect:7x6x4";

// Two threads of a team finishing one position with the same bounds keep one line; a
// tighter bound later is a line of its own, and reading merges them as the table does.
TEST(KeptBounds, KeepsEachBoundOnce) {
  testing::TemporaryDirectory dir("kinrow-kept-once");
  const std::string path = (dir / "t.bounds").string();
  {
    KeptBounds kept(path, kLabel7x6, 1);
    kept.keep(3, 0, 0x1f, -22, 0, 2, uint64_t{1} << 29);
    kept.keep(3, 0, 0x1f, -22, 0, 2, uint64_t{1} << 29);
    kept.keep(3, 0, 0x1f, 0, 0, 2, uint64_t{1} << 30);
  }
  EXPECT_EQ(lines_of(path), 3u);
  TranspositionTable table(1);
  EXPECT_EQ(KeptBounds::read(path, kLabel7x6, k7x6, table), 2u);
  const auto entry = table.probe(0x1f);
  ASSERT_TRUE(entry);
  EXPECT_EQ(entry->lower, 0);
  EXPECT_EQ(entry->upper, 0);
}

// A process killed in the middle of a line leaves it without its newline: reading skips
// it, and the next run ends it before appending, so no line joins it.
TEST(KeptBounds, ALastLineCutShortIsSkippedAndDropped) {
  testing::TemporaryDirectory dir("kinrow-kept-cut");
  const std::string path = (dir / "t.bounds").string();
  std::ofstream(path) << "kinrow-kept-bounds 1 " << kLabel7x6 << "\n3 0 1f -22 0 2 29\n5 0 2f 0 2";
  TranspositionTable table(1);
  EXPECT_EQ(KeptBounds::read(path, kLabel7x6, k7x6, table), 1u);
  {
    KeptBounds kept(path, kLabel7x6, 1);
    kept.keep(4, 0, 0x3f, -22, 0, 1, uint64_t{1} << 29);
  }
  // The fragment is gone, not ended: ended, it would be a line the next sitting refuses
  // (an audit found a copy cut mid-line would block every later start).
  EXPECT_EQ(lines_of(path), 3u);
  EXPECT_EQ(KeptBounds::read(path, kLabel7x6, k7x6, table), 2u);
}

TEST(KeptBounds, RefusesAnotherSearchsFileAndLinesThatDoNotRead) {
  testing::TemporaryDirectory dir("kinrow-kept-refused");
  const std::string path = (dir / "t.bounds").string();
  TranspositionTable table(1);
  const std::string header = std::string("kinrow-kept-bounds 1 ") + kLabel7x6 + "\n";
  std::ofstream(path) << header;
  EXPECT_NE(error_of([&] { KeptBounds::read(path, "gravity bitboard key 1 connect:8x6x4", k7x6, table); }).find("line 1"),
            std::string::npos);
  EXPECT_NE(error_of([&] { KeptBounds k(path, "gravity bitboard key 1 connect:8x6x4", 1); }).find("another search"),
            std::string::npos);
  EXPECT_EQ(KeptBounds::read(path, kLabel7x6, k7x6, table), 0u);
  EXPECT_EQ(KeptBounds::read((dir / "missing").string(), "x", k7x6, table), 0u);
  // Windows line ends read as Unix ones.
  std::ofstream(path) << "kinrow-kept-bounds 1 " << kLabel7x6 << "\r\n3 0 1f -1 0 2 29\r\n";
  EXPECT_EQ(KeptBounds::read(path, kLabel7x6, k7x6, table), 1u);
  // Malformed, or outside the board: a key with a high word on a 56-bit board (it would
  // index a bucket past the table), scores past 22, a move past column 7, more stones
  // than cells, or bounds that leave the position of the line before no score.
  for (const char* line : {"3 0 1f 1 5 2 29", "3 0 1f -1 0 2", "3 0 1f 1 0 2 29", "3 0 zz -1 0 2 29", "3 0 1f -1 0 2 29 extra",
                           "-1 0 1f -1 0 2 29", "3 0 1f -1 0 2 0", "3 ffffffffffffffff 1f -1 0 2 29",
                           "3 1 1f -1 0 2 29", "3 0 1f -23 0 2 29", "3 0 1f 0 23 2 29", "3 0 1f -1 0 7 29",
                           "43 0 1f -1 0 2 29"}) {
    std::ofstream(path) << header << "3 0 1f -1 0 2 29\n" << line << "\n";
    const std::string error = error_of([&] { KeptBounds::read(path, kLabel7x6, k7x6, table); });
    EXPECT_NE(error.find("line 3"), std::string::npos) << line << ": " << error;
  }
  std::ofstream(path) << header << "3 0 1f -1 0 2 29\n3 0 1f 0 5 2 29\n";  // narrowed, not contradicted
  EXPECT_EQ(KeptBounds::read(path, kLabel7x6, k7x6, table), 2u);
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

  // A stopped run says so too (every long sitting is one): its bounds file keeps only the
  // deepest position, which does not answer the root.
  std::filesystem::remove(table);
  {
    std::ifstream in(kept_bounds_path(table));
    std::string header, line, deepest;
    std::getline(in, header);
    int most = -1;
    while (std::getline(in, line))
      if (const int moves = std::stoi(line); moves > most) most = moves, deepest = line;
    std::ofstream(kept_bounds_path(table)) << header << "\n" << deepest << "\n";
  }
  run = testing::kinrow("solve connect:7x5x4 --threads 1 --tt-mb 16 --json --quiet --seconds 0.001 --table-file " + table);
  EXPECT_EQ(run.status, 4) << run.err;
  EXPECT_NE(run.out.find("\"resumed\":true,\"bounds_read\":1"), std::string::npos) << run.out;

  EXPECT_EQ(testing::kinrow("solve connect:7x5x4 --bounds-over 5").status, 2);
  EXPECT_EQ(testing::kinrow("table connect --width 5 --height 4 --bounds-over 5").status, 2);
}

}  // namespace
}  // namespace kinrow
