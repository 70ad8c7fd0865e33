// The search by parts (search/sum_solver.h) against alpha-beta and the naive reference
// solver, and its certificates against the checker.
#include <gtest/gtest.h>

#include <sstream>

#include "core/error.h"
#include "games/families.h"
#include "games/board_dispatch.h"
#include "proof/checker.h"
#include "reference_solver.h"
#include "search/sum_certificate.h"
#include "search/sum_solver.h"
#include "test_support.h"
#include "cli_support.h"

namespace kinrow {
namespace {

// The search by parts on a position.
SumSolution solve_parts(SumSolver& solver, const Position& position) {
  Board<1> board(solver.tables());
  replay(board, position);
  return solver.solve(board);
}

// Boards where positions fall apart into parts: long rows and low boards, plane and
// cylinder, gravity and not, normal and misère; a narrow annulus whose diagonals wrap.
const char* const kGames[] = {
    "connect:9x1x3,misere",       "connect:10x1x2,misere",      "connect:8x1x3,misere,cylinder",
    "connect:9x1x4,misere,cylinder", "connect:6x2x3,misere",    "connect:5x3x3,misere",
    "connect:6x2x2,misere,cylinder", "connect:2x5x3,misere,cylinder", "connect:5x3x3",
    "connect:7x2x3",              "mnk:3x3x3",                  "mnk:4x3x3,misere",
    "mnk:8x1x3",                  "mnk:9x1x3,misere",
};

TEST(SumSolver, AgreesWithAlphaBetaOnRandomPositions) {
  SplitMix64 random(20261124);
  const int trials = testing::sanitized() ? 8 : 40;
  for (const char* spec : kGames) {
    const Game game = make_game(spec);
    // On one row of misère play: without combinatorial values, with them for short parts
    // only (the search decides the rest), and by default (every part in reach).
    for (const int row_part : {0, 5, SumSolver::kDefaultRowPart}) {
      SumSolver solver(game, 16);
      solver.value_rows(row_part);
      for (int t = 0; t < trials; ++t) {
        const int empties = 1 + static_cast<int>(random.below(static_cast<uint64_t>(game.cell_count())));
        const Position position = testing::random_position(game, empties, random);
        const Value parts = solve_parts(solver, position).value;
        EXPECT_EQ(parts, testing::alphabeta_value(position))
            << spec << " after " << position.turns_played() << " moves, row values to " << row_part;
      }
    }
  }
}

// The combinatorial values decide most positions of a long row: the same value in far
// fewer nodes.
TEST(SumSolver, RowValuesCutTheSearch) {
  const Game game = make_game("connect:14x1x3,misere");
  const Position position(game);
  SumSolver plain(game, 16), valued(game, 16);
  plain.value_rows(0);
  valued.value_rows(10);
  const SumSolution a = solve_parts(plain, position), b = solve_parts(valued, position);
  EXPECT_EQ(a.value, b.value);
  EXPECT_LT(b.nodes * 3, a.nodes);
}

TEST(SumSolver, AgreesWithTheReferenceSolverOnWholeSmallGames) {
  for (const char* spec : {"connect:7x1x3,misere", "connect:6x1x2,misere,cylinder", "connect:4x2x2,misere",
                           "connect:3x3x3", "mnk:3x3x3,misere", "connect:2x4x3,misere,cylinder"}) {
    const Game game = make_game(spec);
    Position position(game);
    SumSolver solver(game, 4);
    EXPECT_EQ(static_cast<int>(solve_parts(solver, position).value), testing::reference_solve(position).value)
        << spec;
  }
}

// Positions where the parts decide: far apart on a long row, equal parts and mirror images
// are one table entry, so the second solve of a mirrored position answers from the table
// (one node for each of its two null windows).
TEST(SumSolver, MirroredAndReorderedPartsShareTheTable) {
  const Game game = make_game("connect:16x1x3,misere");
  SumSolver solver(game, 16);
  Position a(game), b(game);
  for (Cell c : {0, 1, 9, 10}) a.play(Turn{c});  // x o x o: the parts are cut at each "xo"
  for (Cell c : {15, 14, 6, 5}) b.play(Turn{c});  // the mirror image
  const SumSolution first = solve_parts(solver, a);
  const SumSolution second = solve_parts(solver, b);
  EXPECT_EQ(first.value, second.value);
  EXPECT_EQ(first.value, testing::alphabeta_value(a));
  EXPECT_LE(second.nodes, 2u);
}

TEST(SumSolver, CertificatesPassTheCheckerAndTamperedOnesFail) {
  for (const char* spec : {"connect:8x1x3,misere", "connect:7x1x3,misere,cylinder", "connect:5x2x3,misere",
                           "connect:8x1x2,misere", "mnk:3x3x3", "connect:4x3x3"}) {
    const Game game = make_game(spec);
    const Position position(game);
    SumSolver solver(game, 16);
    const SumSolution solution = solve_parts(solver, position);
    Certificate certificate = sum_certificate(solver, position, solution.value);
    const CheckReport report = check_certificate(game, certificate);
    ASSERT_TRUE(report.ok) << spec << ": " << report.error;
    EXPECT_EQ(report.to_move_value, value_name(solution.value)) << spec;

    // The text form reads back to a certificate that still checks.
    std::stringstream text;
    write_certificate(text, game, certificate);
    EXPECT_TRUE(check_certificate(game, read_certificate(text, game)).ok) << spec;

    // Streamed out entry by entry as the walk finds them, the text is the same, and it
    // checks as it is read in.
    std::stringstream streamed;
    CertificateWriter writer(streamed, game);
    write_sum_certificate(solver, position, solution.value, writer);
    EXPECT_EQ(streamed.str(), text.str()) << spec;
    EXPECT_EQ(writer.entries(), report.entries) << spec;
    const CheckReport read_as_checked = check_certificate(game, streamed);
    EXPECT_TRUE(read_as_checked.ok) << spec << ": " << read_as_checked.error;
    EXPECT_EQ(read_as_checked.positions_checked, report.positions_checked) << spec;

    // Without its first answer to a reply, the holder's strategy has a gap.
    for (Strategy& s : certificate.strategies)
      if (s.entries.size() > 1) {
        s.entries.erase(s.entries.begin() + 1);
        break;
      }
    EXPECT_FALSE(check_certificate(game, certificate).ok) << spec;
  }
}

TEST(SumSolver, RefusesGamesItCannotSplit) {
  EXPECT_TRUE(sum_solver_refusal(make_game("connect:7x6x4")).has_value());  // 42 cells
  EXPECT_TRUE(sum_solver_refusal(make_game("mnk:4x4x4,maker-breaker")).has_value());
  EXPECT_TRUE(sum_solver_refusal(make_game("mnk:4x4x4,p=2")).has_value());
  EXPECT_TRUE(sum_solver_refusal(make_game("cube:2x3")).has_value());
  EXPECT_FALSE(sum_solver_refusal(make_game("connect:30x1x3,misere")).has_value());
  EXPECT_THROW(SumSolver(make_game("cube:2x3"), 1), InputError);
}

TEST(SumSolverCli, SolvesAndWritesACertificateThatVerifies) {
  const std::string cert = (std::filesystem::temp_directory_path() /
                            ("kinrow_parts_" + std::to_string(::getpid()) + ".cert")).string();
  const auto solved = testing::kinrow("solve connect:9x1x3,misere --method parts --json --quiet --certificate " + cert);
  ASSERT_EQ(solved.status, 0) << solved.err;
  EXPECT_NE(solved.out.find("\"method\":\"parts\""), std::string::npos) << solved.out;
  EXPECT_NE(solved.out.find("\"value\":\"draw\""), std::string::npos) << solved.out;
  const auto verified = testing::kinrow("verify connect:9x1x3,misere " + cert);
  EXPECT_EQ(verified.status, 0) << verified.out << verified.err;
  std::filesystem::remove(cert);

  const auto refused = testing::kinrow("solve qubic --method parts");
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("parts"), std::string::npos) << refused.err;
}

}  // namespace
}  // namespace kinrow
