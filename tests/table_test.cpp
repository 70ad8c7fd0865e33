// `kinrow table connect` regenerates the published table of Connect Four outcomes and last
// moves (small boards here; docs/connect4.md holds the larger ones), and a
// disagreement with the reference file is flagged and fails the command.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.h"
#include "process_support.h"
#include "test_support.h"

namespace {

using kinrow::testing::kinrow;

const std::string kPublished = std::string(KINROW_SOURCE_DIR) + "/bench/data/connect4-sizes.txt";

// The boards of a --json run, one object a line.
std::vector<nlohmann::json> boards_of(const std::string& out) {
  std::vector<nlohmann::json> boards;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) boards.push_back(nlohmann::json::parse(line));
  return boards;
}

TEST(TableCommand, SmallBoardsMatchThePublishedTable) {
  const auto run = kinrow("table connect --max-sum 11 --tt-mb 64 --json --check " + kPublished);
  ASSERT_EQ(run.status, 0) << run.err;
  const auto boards = boards_of(run.out);
  for (const auto& cell : boards) {
    EXPECT_TRUE(cell["computed"].get<bool>()) << cell;
    EXPECT_TRUE(cell["agrees_with_published"].get<bool>()) << cell;
  }
  EXPECT_EQ(boards.size(), 10u);  // widths and heights from 4, w + h <= 11
}

// --weak: who wins only, compared with the published outcome alone (a wrong last move in
// the file is no disagreement then; a wrong outcome still is).
TEST(TableCommand, WeakComparesTheOutcomeOnly) {
  const auto path = std::filesystem::temp_directory_path() / ("kinrow_table_weak_" + std::to_string(::getpid()));
  std::ofstream(path) << "6 4 second 99\n5 4 draw 20\n";
  const std::string page = path.string() + ".md";
  const auto run = kinrow("table connect --weak --width 5..6 --height 4 --tt-mb 16 --check " + path.string() +
                          " --markdown " + page);
  EXPECT_EQ(run.status, 0) << run.err;
  std::ifstream in(page);
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(text.find("| 2nd ✓ |"), std::string::npos) << text;
  EXPECT_NE(text.find("who wins only"), std::string::npos) << text;
  EXPECT_NE(text.find("winner under perfect play"), std::string::npos) << text;
  std::filesystem::remove(page);
  const auto json = kinrow("table connect --weak --width 5..6 --height 4 --tt-mb 16 --json --check " + path.string());
  ASSERT_EQ(json.status, 0) << json.err;
  for (const auto& cell : boards_of(json.out)) {
    EXPECT_FALSE(cell.contains("last_move")) << cell;
    EXPECT_TRUE(cell["agrees_with_published"].get<bool>()) << cell;
  }
  std::ofstream(path) << "6 4 draw 24\n";
  const auto wrong = kinrow("table connect --weak --width 6 --height 4 --tt-mb 16 --check " + path.string());
  EXPECT_EQ(wrong.status, 1);
  EXPECT_NE(wrong.out.find("2nd ✗ published: draw |"), std::string::npos) << wrong.out;
  std::filesystem::remove(path);
}

// A --check file that is not a table of results (an empty file, a page of HTML) is an
// error, naming the first line that is not a result where there is one, not a check that
// silently compared nothing.
TEST(TableCommand, ACheckFileWithoutResultsIsAnError) {
  const kinrow::testing::TemporaryDirectory dir("kinrow-table-check");
  const auto path = dir.path() / "published.txt";
  for (const std::string& text : {std::string(""), std::string("# only a comment\n\n"), std::string("<html>\n")}) {
    std::ofstream(path) << text;
    const auto run = kinrow("table connect --width 4 --height 4 --tt-mb 16 --check " + path.string());
    EXPECT_EQ(run.status, 2) << text << ": " << run.out << run.err;
    EXPECT_NE(run.err.find("WIDTH HEIGHT first|second|draw LAST-MOVE"), std::string::npos) << text << ": " << run.err;
  }
  std::ofstream(path) << "<html>\n4 4 draw 16\n";
  EXPECT_NE(kinrow("table connect --width 4 --height 4 --tt-mb 16 --check " + path.string()).err.find("line 1"),
            std::string::npos);
}

TEST(TableCommand, ADisagreementIsFlaggedAndFails) {
  // The published 6x4 board (a second-player win on move 24), claimed to be a draw.
  const auto path = std::filesystem::temp_directory_path() / ("kinrow_table_test_" + std::to_string(::getpid()));
  std::ofstream(path) << "# width height outcome last-move\n6 4 draw 24\n5 4 draw 20\n";
  const std::string svg = path.string() + ".svg";
  const auto run = kinrow("table connect --width 5..6 --height 4 --tt-mb 16 --check " + path.string() + " --svg " + svg);
  EXPECT_EQ(run.status, 1);
  EXPECT_NE(run.out.find("2nd 24 ✗ published: draw 24"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("draw 20 ✓"), std::string::npos) << run.out;
  std::ifstream picture(svg);
  const std::string text((std::istreambuf_iterator<char>(picture)), {});
  EXPECT_NE(text.find("stroke=\"#d00000\" stroke-width=\"4\""), std::string::npos);  // the flagged cell
  std::filesystem::remove(path);
  std::filesystem::remove(svg);
}

// A board past its time budget is named, not waited for, and is no disagreement, with
// where it stopped; the exit status is 4, as a stopped solve's. All three boards (10x6 on the 128-bit board) take far longer than a
// second, so each stops in its first window.
TEST(TableCommand, ABoardOutOfTimeIsNamed) {
  const auto run = kinrow("table connect --width 8..10 --height 6 --max-sum 16 --board-seconds 1 --threads 1 "
                          "--tt-mb 16 --json --check " + kPublished);
  ASSERT_EQ(run.status, 4) << run.err;
  const auto boards = boards_of(run.out);
  for (const auto& cell : boards) {
    if (cell["computed"].get<bool>()) {
      EXPECT_TRUE(cell["agrees_with_published"].get<bool>()) << cell;
      continue;
    }
    EXPECT_EQ(cell["not_computed"].get<std::string>(), "not finished in 1.000 s") << cell;
    EXPECT_GE(cell["seconds"].get<double>(), 1.0) << cell;
    EXPECT_TRUE(cell["agrees_with_published"].is_null()) << cell;
    // Where it stopped: the window, and the first player's moves it had finished of all
    // of them (every column is a move on the empty board).
    EXPECT_TRUE(cell.contains("window")) << cell;
    ASSERT_TRUE(cell.contains("root_moves")) << cell;
    EXPECT_EQ(cell["root_moves"].get<int>(), cell["width"].get<int>()) << cell;
    EXPECT_LT(cell["root_moves_done"].get<int>(), cell["root_moves"].get<int>()) << cell;
    // And the path below it: a second step (the replies to the root move being searched)
    // is reached in a second on each of these boards.
    const auto& path = cell["path"];
    ASSERT_GE(path.size(), 2u) << cell;
    EXPECT_EQ(path[0]["done"], cell["root_moves_done"]) << cell;
    for (const auto& step : path) {
      EXPECT_LT(step["done"].get<int>(), step["moves"].get<int>()) << cell;
      EXPECT_LE(step["column"].get<int>(), cell["width"].get<int>()) << cell;
    }
  }
  EXPECT_EQ(boards.size(), 3u);
  EXPECT_NE(run.out.find("\"game\":\"connect:10x6x4\",\"width\":10,\"height\":6,\"computed\":false"),
            std::string::npos) << run.out;
  // Without --json the line that names it says the same.
  const auto text = kinrow("table connect --width 10 --height 6 --board-seconds 1 --threads 1 --tt-mb 16");
  ASSERT_EQ(text.status, 4) << text.err;
  EXPECT_NE(text.err.find("connect:10x6x4: not finished in 1.000 s (window 0, root: "), std::string::npos) << text.err;
  EXPECT_NE(text.err.find(" of 10 moves done)"), std::string::npos) << text.err;
  // With a loss expected, the unfinished board stops in the other question, and says why.
  const auto expecting =
      kinrow("table connect --width 10 --height 6 --board-seconds 1 --threads 1 --tt-mb 16 --expect second --json");
  ASSERT_EQ(expecting.status, 4) << expecting.err;
  const auto expected_boards = boards_of(expecting.out);
  ASSERT_EQ(expected_boards.size(), 1u) << expecting.out;
  EXPECT_EQ(expected_boards[0]["expect"], "second") << expecting.out;
  EXPECT_EQ(expected_boards[0]["window"], -1) << expecting.out;
}

TEST(TableCommand, BadRangesAreRefused) {
  const auto run = kinrow("table connect --width 9..4");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("--width"), std::string::npos) << run.err;
  EXPECT_EQ(kinrow("table tictactoe").status, 2);
  // A selection --max-sum empties is an error that says why, not an empty table.
  const auto empty = kinrow("table connect --width 8 --height 8 --max-sum 15");
  EXPECT_EQ(empty.status, 2);
  EXPECT_NE(empty.err.find("--max-sum"), std::string::npos) << empty.err;
}

// A board named by --width and --height is solved whatever its sum (12x4: w + h = 16, past
// the default table of w + h <= 15; three in a row, so that it takes a moment).
TEST(TableCommand, ANamedBoardIsSolvedPastTheDefaultSum) {
  const auto run = kinrow("table connect --k 3 --width 12 --height 4 --tt-mb 16 --json");
  ASSERT_EQ(run.status, 0) << run.err;
  const auto boards = boards_of(run.out);
  ASSERT_EQ(boards.size(), 1u);
  EXPECT_EQ(boards[0]["game"], "connect:12x4x3");
  EXPECT_TRUE(boards[0]["computed"].get<bool>()) << boards[0];
}

}  // namespace

namespace {

// `kinrow table mnk`: Connect6's rules on the smallest boards, each value the checker's
// word on a certificate that is also written out and verifies as a file; a board past its
// budget is named.
TEST(TableMnk, SmallConnect6BoardsAreProvedWithCertificates) {
  const auto dir = std::filesystem::temp_directory_path() / ("kinrow_table_mnk_" + std::to_string(::getpid()));
  // 7x7 only where it is quick: under the sanitizers its proof and check take half a
  // minute, and SmallConnect6 proves it with the library's own calls there too.
  const std::string largest = kinrow::testing::sanitized() ? "6" : "7";
  const auto run =
      kinrow("table mnk --size 6.." + largest + " --board-seconds 60 --tt-mb 16 --json --certificates " + dir.string());
  ASSERT_EQ(run.status, 0) << run.err;
  const auto boards = boards_of(run.out);
  ASSERT_EQ(boards.size(), kinrow::testing::sanitized() ? 1u : 2u);
  for (const auto& board : boards) {
    EXPECT_TRUE(board["solved"].get<bool>()) << board;
    EXPECT_EQ(board["value"], "draw") << board;
    EXPECT_GT(board["paired_ends"].get<int>(), 0) << board;
  }
  const auto verify = kinrow("verify mnk:" + largest + "x" + largest + "x6,p=2,q=1 " +
                             (dir / (largest + "x" + largest + ".cert")).string() + " --json");
  EXPECT_EQ(verify.status, 0) << verify.err;
  EXPECT_EQ(nlohmann::json::parse(verify.out)["proves"], "draw") << verify.out;
  std::filesystem::remove_all(dir);

  const auto late = kinrow("table mnk --size 9 --board-seconds 1 --tt-mb 16 --json");
  ASSERT_EQ(late.status, 4) << late.err;  // a board not proved
  const auto named = boards_of(late.out);
  ASSERT_EQ(named.size(), 1u);
  EXPECT_FALSE(named[0]["solved"].get<bool>());
  EXPECT_EQ(named[0]["not_solved"], "not finished in 1.000 s") << named[0];

  // With --table-dir the board stopped by its budget keeps its table, and the same
  // command goes on from it.
  const kinrow::testing::TemporaryDirectory tables("kinrow-table-mnk-dir");
  const std::string again = "table mnk --size 8 --board-seconds 1 --tt-mb 4 --json --table-dir " + tables.path().string();
  const auto first = kinrow(again);
  ASSERT_EQ(first.status, 4) << first.err;
  const auto first_board = boards_of(first.out).at(0);
  EXPECT_FALSE(first_board["solved"].get<bool>());
  EXPECT_FALSE(first_board.contains("resumed")) << first_board;
  EXPECT_EQ(first_board["table_file"], (tables.path() / "8x8x6-p2-q1.table").string());
  EXPECT_TRUE(std::filesystem::exists(tables.path() / "8x8x6-p2-q1.table"));
  const auto second = kinrow(again);
  ASSERT_EQ(second.status, 4) << second.err;
  EXPECT_EQ(boards_of(second.out).at(0)["resumed"], true) << second.out;
  const auto other_size =
      kinrow("table mnk --size 8 --board-seconds 1 --tt-mb 8 --json --table-dir " + tables.path().string());
  EXPECT_NE(other_size.status, 0);
  EXPECT_NE(other_size.err.find("give the same --tt-mb"), std::string::npos) << other_size.err;

  const auto wrong = kinrow("table gomoku");
  EXPECT_NE(wrong.status, 0);
  EXPECT_NE(wrong.err.find("this command knows: connect, misere, mnk"), std::string::npos) << wrong.err;
}


// `kinrow table mnk --split`: each first move proved on its own (as solve --split does), the
// value still the checker's word on the joined certificate; --split-dir keeps the moves'
// answers, and the same command goes on from them.
TEST(TableMnk, SplitAtTheRootKeepsEachFirstMove) {
  const kinrow::testing::TemporaryDirectory dir("kinrow-table-mnk-split");
  const std::string command = "table mnk --k 4 --size 5 --split --threads 1 --tt-mb 16 --json --split-dir " +
                              (dir.path() / "moves").string() + " --certificates " + (dir.path() / "certs").string();
  const auto first = kinrow(command);
  ASSERT_EQ(first.status, 0) << first.err;
  const auto board = boards_of(first.out).at(0);
  EXPECT_TRUE(board["solved"].get<bool>()) << board;
  EXPECT_EQ(board["value"], "draw") << board;  // alpha-beta's too (docs/results.md)
  EXPECT_EQ(board["split"], true);
  EXPECT_FALSE(board.contains("resumed")) << board;
  const auto kept = dir.path() / "moves" / "5x5x4-p2-q1";
  EXPECT_TRUE(std::filesystem::exists(kept / "move-1.json"));
  EXPECT_NE(first.err.find("refuted"), std::string::npos) << first.err;  // each first move named as it is answered
  const auto verify = kinrow("verify mnk:5x5x4,p=2,q=1 " + (dir.path() / "certs" / "5x5.cert").string() + " --json");
  EXPECT_EQ(verify.status, 0) << verify.err;
  EXPECT_EQ(nlohmann::json::parse(verify.out)["proves"], "draw") << verify.out;

  // Run again: the first moves' answers are taken from the directory, only the second
  // player's question is searched, and the value is checked again.
  const auto second = kinrow(command);
  ASSERT_EQ(second.status, 0) << second.err;
  const auto again = boards_of(second.out).at(0);
  EXPECT_EQ(again["resumed"], true) << again;
  EXPECT_EQ(again["value"], "draw") << again;
  EXPECT_LT(again["nodes"].get<uint64_t>(), board["nodes"].get<uint64_t>()) << again;

  // A first move that wins ends the split: the certificate is that move, then its proof.
  const auto won = kinrow("table mnk --k 3 --size 4 --split --threads 1 --tt-mb 16 --json --certificates " +
                          (dir.path() / "won").string());
  ASSERT_EQ(won.status, 0) << won.err;
  EXPECT_EQ(boards_of(won.out).at(0)["value"], "first-player-win") << won.out;
  const auto won_check = kinrow("verify mnk:4x4x3,p=2,q=1 " + (dir.path() / "won" / "4x4.cert").string() + " --json");
  EXPECT_EQ(won_check.status, 0) << won_check.err;
  EXPECT_EQ(nlohmann::json::parse(won_check.out)["proves"], "first-player-win") << won_check.out;

  // Out of time: named, no certificate kept, and a second run with nothing answered (and
  // no answer kept on the way, --bounds-over 0) is not said to have gone on from anything.
  const std::string late_command = "table mnk --size 8 --split --board-seconds 1 --tt-mb 16 --bounds-over 0 --json --split-dir " +
                                   (dir.path() / "late").string() + " --certificates " +
                                   (dir.path() / "late-certs").string();
  for (int run = 0; run < 2; ++run) {
    const auto late = kinrow(late_command);
    ASSERT_EQ(late.status, 4) << late.err;
    const auto board = boards_of(late.out).at(0);
    EXPECT_EQ(board["not_solved"], "not finished in 1.000 s") << late.out;
    EXPECT_EQ(board["split"], true) << late.out;
    EXPECT_FALSE(board.contains("resumed")) << late.out;
    EXPECT_EQ(board["proofs_read"], 0) << late.out;
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir.path() / "late-certs"));

  const auto lone = kinrow("table mnk --size 6 --split-dir " + dir.path().string());
  EXPECT_NE(lone.status, 0);
  EXPECT_NE(lone.err.find("--split-dir goes with --split"), std::string::npos) << lone.err;
  const auto both = kinrow("table mnk --size 6 --split --table-dir " + dir.path().string());
  EXPECT_NE(both.status, 0);
  EXPECT_NE(both.err.find("not a table in --table-dir"), std::string::npos) << both.err;
}

}  // namespace
