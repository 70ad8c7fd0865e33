// kinrow strategy, play and table misere, run as a user would run them.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_support.h"

namespace kinrow {
namespace {

using testing::kinrow;

std::filesystem::path temp_file(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("kinrow_strategy_cli_" + std::to_string(::getpid()) + "_" + name);
}

TEST(StrategyCli, ListsEveryStrategy) {
  const auto run = kinrow("strategy list");
  EXPECT_EQ(run.status, 0);
  for (const char* name : {"take-even", "delayed-take-even", "take-other-rightmost", "tally", "canonical-boards", "play-on-top"})
    EXPECT_NE(run.out.find(name), std::string::npos) << name;
}

TEST(StrategyCli, VerifyReportsGuaranteeCounterexampleOrDomain) {
  const auto ok = kinrow("strategy verify connect:7x6x4,misere --strategy take-even --player 2");
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_NE(ok.out.find("guarantee   win"), std::string::npos) << ok.out;

  const auto wrong = kinrow("strategy verify connect:7x5x4,misere --strategy delayed-take-even --player 2 --json");
  EXPECT_EQ(wrong.status, 1);
  const auto j = nlohmann::json::parse(wrong.out);
  EXPECT_EQ(j["guarantee"], "none");
  EXPECT_FALSE(j["counterexample"].get<std::string>().empty());

  const auto outside = kinrow("strategy verify connect:7x5x4,misere --strategy take-even --player 2");
  EXPECT_EQ(outside.status, 2);
  EXPECT_NE(outside.err.find("even height"), std::string::npos) << outside.err;

  const auto asked = kinrow("strategy verify connect:6x1x2,misere --strategy tally --player 2 --claim win");
  EXPECT_EQ(asked.status, 1);  // width 6 is a draw: the drawn game shows why it is no win
  EXPECT_NE(asked.out.find("a drawn game"), std::string::npos) << asked.out;
}

TEST(StrategyCli, BothWalksCountTheSamePositions) {
  const std::string verify = "strategy verify connect:8x5x3,misere --strategy delayed-take-even --player 2 --json";
  const auto layered = kinrow(verify + " --threads 2"), deep = kinrow(verify + " --depth-first");
  ASSERT_EQ(layered.status, 0) << layered.err;
  ASSERT_EQ(deep.status, 0) << deep.err;
  const auto a = nlohmann::json::parse(layered.out), b = nlohmann::json::parse(deep.out);
  EXPECT_EQ(a["walk"], "layered");
  EXPECT_EQ(b["walk"], "depth-first");
  EXPECT_EQ(a["positions"], b["positions"]);
  EXPECT_EQ(a["games_ended"], b["games_ended"]);
  EXPECT_GT(a["positions"].get<uint64_t>(), 1000u);
}

TEST(StrategyCli, CertificateFromVerificationPassesVerifyAndTamperedFails) {
  const auto path = temp_file("te.cert");
  const auto made = kinrow("strategy verify connect:5x4x3,misere --strategy take-even --player 2 --certificate " + path.string());
  ASSERT_EQ(made.status, 0) << made.err;
  const auto checked = kinrow("verify connect:5x4x3,misere " + path.string());
  EXPECT_EQ(checked.status, 0) << checked.err;
  EXPECT_NE(checked.out.find("second-player-win"), std::string::npos) << checked.out;

  // Drop the holder's answer to the first player's opening in the middle column (cells
  // are listed from the top row down: x at 17 on the bottom row, O on top of it at 12).
  std::string answer(20, '.');
  answer[17] = 'x';
  answer[12] = 'O';
  std::ifstream in(path);
  std::stringstream kept;
  int dropped = 0;
  for (std::string line; std::getline(in, line);) {
    if (line == answer && !dropped++) continue;
    kept << line << "\n";
  }
  in.close();
  ASSERT_EQ(dropped, 1);
  std::ofstream(path) << kept.str();
  EXPECT_NE(kinrow("verify connect:5x4x3,misere " + path.string()).status, 0);
  std::filesystem::remove(path);
}

TEST(StrategyCli, PlayAnswersMovesFromStandardInput) {
  const auto moves = temp_file("moves");
  std::ofstream(moves) << "4 4 1\n";
  const auto run = kinrow("play connect:7x6x4,misere --strategy take-even --json < " + moves.string());
  std::filesystem::remove(moves);
  EXPECT_EQ(run.status, 0) << run.err;
  std::istringstream lines(run.out);
  std::vector<nlohmann::json> turns;
  for (std::string line; std::getline(lines, line);) turns.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(turns.size(), 6u);
  for (std::size_t i = 0; i + 1 < turns.size(); i += 2) {
    EXPECT_EQ(turns[i]["by"], "you");
    EXPECT_EQ(turns[i + 1]["by"], "take-even");
    EXPECT_EQ(turns[i + 1]["move"], turns[i]["move"]);  // on top of the stone just played
  }
}

TEST(StrategyCli, MisereTableAgreesWithThePaperOnSmallBoards) {
  const auto run = kinrow("table misere --k 2..3 --width 1..5 --height 1..4 --quiet");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("0 disagreements"), std::string::npos) << run.out;
}

// connect:12x2x3,misere is out of alpha-beta's reach in seconds and within the search by
// parts' in one: the table hands the rest of the budget over and writes the certificate
// that the checker accepts. The budget (5 s of alpha-beta, then 7 s) leaves room for a
// loaded machine: with 4 s (2 s each) the search by parts ran out of time once, beside a
// long verification on both cores, setting up its table.
TEST(StrategyCli, MisereTableHandsFlatBoardsToTheSearchByParts) {
  const auto dir = std::filesystem::temp_directory_path() / ("kinrow_parts_table_" + std::to_string(::getpid()));
  const auto run = kinrow("table misere --k 3 --width 12 --height 2 --search-seconds 12 --max-positions 0 --json "
                          "--quiet --certificates " + dir.string());
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  const auto board = nlohmann::json::parse(run.out);
  EXPECT_EQ(board["search"], "second");
  EXPECT_EQ(board["search_method"], "parts");
  const auto verified = kinrow("verify connect:12x2x3,misere " + board["certificate"].get<std::string>());
  EXPECT_EQ(verified.status, 0) << verified.out << verified.err;
  std::filesystem::remove_all(dir);
}

std::vector<std::string> grid_lines(const std::string& page) {  // the table's rows and its summary
  std::vector<std::string> out;
  std::istringstream in(page);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("| **", 0) == 0) out.push_back(line);
    else if (line.find(" boards: ") != std::string::npos) out.push_back(line.substr(0, line.find(" disagreements")));
  return out;
}

// The table drawn from a run's --json lines is the table that run printed; results of
// `strategy verify --json` and `solve --json` join it; a record that contradicts the
// others, or the paper, is flagged, never hidden.
TEST(StrategyCli, MisereTableDrawnFromRecordsIsTheComputedOne) {
  const std::string range = "table misere --k 2..3 --width 1..5 --height 1..4 --quiet ";
  const auto direct = kinrow(range);
  const auto records = kinrow(range + "--json");
  ASSERT_EQ(records.status, 0) << records.err;
  const auto path = temp_file("records.jsonl");
  std::ofstream(path) << records.out;
  const auto drawn = kinrow(range + "--from " + path.string());
  EXPECT_EQ(drawn.status, 0) << drawn.err;
  EXPECT_EQ(grid_lines(drawn.out), grid_lines(direct.out)) << drawn.out;
  EXPECT_EQ(grid_lines(drawn.out).size(), 9u);

  // Search alone on the two rows, joined by a verification and a solve run apart.
  const auto searched = kinrow("table misere --k 3 --width 4..5 --height 1..2 --quiet --search-cells 5 "
                               "--max-positions 0 --json");
  const auto verified = kinrow("strategy verify connect:5x2x3,misere --strategy take-even --player 2 --json --quiet");
  const auto solved = kinrow("solve connect:4x2x3,misere --json");
  const auto more = temp_file("more.jsonl");
  std::ofstream(path) << searched.out << verified.out;
  std::ofstream(more) << solved.out;
  const std::string joined_range = "table misere --k 3 --width 4..5 --height 1..2 --quiet --from ";
  const auto joined = kinrow(joined_range + path.string() + "," + more.string());
  EXPECT_EQ(joined.status, 0) << joined.err;
  EXPECT_NE(joined.out.find("| **k=3 h=1** | draw S ✓ | draw S ✓ |"), std::string::npos) << joined.out;
  EXPECT_NE(joined.out.find("| **k=3 h=2** | 2nd S ✓ | 2nd V ✓ |"), std::string::npos) << joined.out;
  const auto alone = kinrow(joined_range + path.string());
  EXPECT_NE(alone.out.find("| **k=3 h=2** | ? (paper: 2nd) | 2nd V ✓ |"), std::string::npos) << alone.out;

  // The solve result turned over: flagged against the paper, exit status 1.
  std::string turned = solved.out;
  const std::size_t at = turned.find("second-player-win");
  ASSERT_NE(at, std::string::npos) << turned;
  turned.replace(at, 6, "first");
  std::ofstream(more) << turned;
  const auto flagged = kinrow(joined_range + path.string() + "," + more.string());
  EXPECT_EQ(flagged.status, 1);
  EXPECT_NE(flagged.out.find("✗"), std::string::npos) << flagged.out;
  std::filesystem::remove(more);

  std::ofstream(path) << "{\"no game\": 1}\n";
  EXPECT_EQ(kinrow(range + "--from " + path.string()).status, 2);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace kinrow
