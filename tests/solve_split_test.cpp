// kinrow solve --split (cli/solve_split.cpp over parallel/root_split.h): df-pn on each root
// move apart gives the same values as df-pn on the whole position — draws, wins and
// losses — with certificates the checker accepts; a split kept in --split-dir is taken up
// again, not redone; and what it cannot do is refused with the reason.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "certificate_text.h"
#include "core/text_file.h"
#include "cli_support.h"

namespace kinrow {
namespace {

using testing::contains;
using testing::kinrow;

std::string temporary(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("kinrow_split_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

// The "value" field of a one-line JSON answer.
std::string value_of(const std::string& json) {
  const std::size_t at = json.find("\"value\":\"");
  if (at == std::string::npos) return "";
  const std::size_t begin = at + 9;
  return json.substr(begin, json.find('"', begin) - begin);
}

struct SplitCase {
  const char* spec;
  const char* moves;
  const char* value;  // what plain df-pn says too (checked below)
};

class SplitSolve : public ::testing::TestWithParam<SplitCase> {};

TEST_P(SplitSolve, AgreesWithDfpnAndItsCertificateIsAccepted) {
  const SplitCase c = GetParam();
  const std::string moves = std::string(" --moves \"") + c.moves + "\"";
  const testing::CliRun whole = kinrow(std::string("solve ") + c.spec + moves + " --method pns --json --quiet");
  ASSERT_EQ(whole.status, 0) << whole.err;
  EXPECT_EQ(value_of(whole.out), c.value);

  const std::string cert = temporary("cert.gz");
  const testing::CliRun split = kinrow(std::string("solve ") + c.spec + moves +
                                       " --method pns --split --threads 2 --json --quiet --certificate " + cert);
  ASSERT_EQ(split.status, 0) << split.err;
  EXPECT_EQ(value_of(split.out), c.value) << split.out;
  EXPECT_TRUE(contains(split.out, "\"split\":[")) << split.out;
  const testing::CliRun verified = kinrow(std::string("verify ") + c.spec + " " + cert);
  EXPECT_EQ(verified.status, 0) << verified.out << verified.err;
  EXPECT_TRUE(contains(verified.out, std::string("proved: ") + c.value)) << verified.out;
  std::filesystem::remove(cert);
}

INSTANTIATE_TEST_SUITE_P(
    SmallGames, SplitSolve,
    ::testing::Values(SplitCase{"tictactoe", "", "draw"},            // every first move refuted, then the second's question
                      SplitCase{"mnk:5x5x4", "", "draw"},            // six first moves up to symmetry
                      SplitCase{"mnk:4x4x3", "", "first-player-win"},  // a move that wins ends the split
                      SplitCase{"tictactoe", "b2 b1 a1", "first-player-win"},  // o to move loses: the opponent's proof
                      SplitCase{"mnk:5x5x4,p=2,q=1", "c3", "draw"}));  // two-stone turns

TEST(SplitSolveDir, ASecondRunTakesUpTheFirstsAnswers) {
  const std::string dir = temporary("dir");
  const std::string command = "solve mnk:5x5x4 --method pns --split --threads 1 --json --quiet --split-dir " + dir;
  const testing::CliRun first = kinrow(command);
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_TRUE(contains(first.out, "\"resumed\":false")) << first.out;
  EXPECT_FALSE(contains(first.out, "\"resumed\":true")) << first.out;
  const testing::CliRun again = kinrow(command);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(value_of(again.out), "draw");
  EXPECT_TRUE(contains(again.out, "\"resumed\":true")) << again.out;
  EXPECT_FALSE(contains(again.out, "\"resumed\":false")) << again.out;  // every move from the first run
  // The opponent's question too: nothing is searched again.
  EXPECT_FALSE(contains(first.out, "\"opponent_resumed\"")) << first.out;
  EXPECT_TRUE(contains(again.out, "\"opponent_resumed\":true")) << again.out;
  EXPECT_TRUE(contains(again.out, "\"nodes\":0,")) << again.out;

  // The directory belongs to that position: another is refused.
  const testing::CliRun other =
      kinrow("solve mnk:5x5x4 --moves c3 --method pns --split --quiet --split-dir " + dir);
  EXPECT_NE(other.status, 0);
  EXPECT_TRUE(contains(other.err, "holds another split")) << other.err;
  std::filesystem::remove_all(dir);
}

TEST(SplitSolveDir, AStoppedSplitGoesOnFromTheMovesLeft) {
  const std::string dir = temporary("stopped");
  const std::string cert = temporary("stopped.cert.gz");
  // Every answer kept as it is found (search/kept_proofs.h), in move-N.proofs.
  const std::string command = "solve mnk:5x5x4 --method pns --split --threads 1 --tt-mb 16 --json --quiet --split-dir " +
                              dir + " --certificate " + cert + " --bounds-over 1";
  // A budget of a millisecond stops the first move's proof (each takes several).
  const testing::CliRun stopped = kinrow(command + " --seconds 0.001");
  EXPECT_EQ(stopped.status, 4) << stopped.out << stopped.err;
  EXPECT_TRUE(contains(stopped.out, "\"stopped\":\"seconds\"")) << stopped.out;
  EXPECT_FALSE(std::filesystem::exists(cert));
  // The stopped move's table is kept, named with its size, to go on from.
  auto tables = [&](const std::string& extension = ".table") {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
      if (entry.path().extension() == extension) names.push_back(entry.path().filename().string());
    return names;
  };
  EXPECT_EQ(tables(), std::vector<std::string>{"move-1.16MiB.table"});
  EXPECT_EQ(tables(".open"), std::vector<std::string>{"move-1.open"});  // saved with it (search/kept_open.h)
  // A run with another table size goes on from the kept table at its own size.
  const std::string other_size = "solve mnk:5x5x4 --method pns --split --threads 1 --tt-mb 8 --json --quiet --split-dir " +
                                 dir + " --certificate " + cert + " --seconds 0.001";
  EXPECT_EQ(kinrow(other_size).status, 4);
  EXPECT_EQ(tables(), std::vector<std::string>{"move-1.16MiB.table"});
  // Each run says how many kept answers it read for the move it proved: all the stopped
  // runs kept (a header line, then an answer a line).
  const std::filesystem::path kept = std::filesystem::path(dir) / "move-1.proofs";
  ASSERT_TRUE(std::filesystem::exists(kept));
  const auto kept_answers = static_cast<std::size_t>(std::ranges::count(read_text_file(kept.string()), '\n') - 1);
  EXPECT_EQ(nlohmann::json::parse(stopped.out)["split"][0]["proofs_read"], 0) << stopped.out;
  const testing::CliRun again = kinrow(command);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(value_of(again.out), "draw");
  const nlohmann::json answer = nlohmann::json::parse(again.out);
  EXPECT_EQ(answer["split"][0]["proofs_read"], kept_answers) << again.out;
  EXPECT_EQ(answer["opponent_proofs_read"], 0) << again.out;  // its question asked first in this run
  EXPECT_TRUE(tables().empty());  // every question answered: no table is wanted any more
  EXPECT_TRUE(tables(".proofs").empty());  // nor its kept answers
  EXPECT_TRUE(tables(".open").empty());    // nor its open nodes
  const testing::CliRun verified = kinrow("verify mnk:5x5x4 " + cert);
  EXPECT_TRUE(contains(verified.out, "proved: draw")) << verified.out << verified.err;
  std::filesystem::remove_all(dir);
  std::filesystem::remove(cert);
}

TEST(SplitSolveDir, AMoveWhoseTableWasLostGoesOnFromItsOpenNodes) {
  // The machine that held a stopped move's table is gone; its kept files are not
  // (search/kept_open.h): the next run reads move-N.open and says so, on the move.
  const std::string dir = temporary("lost");
  const std::string command = "solve mnk:5x5x4 --method pns --split --threads 1 --tt-mb 16 --json --quiet --split-dir " +
                              dir + " --bounds-over 1";
  EXPECT_EQ(kinrow(command + " --seconds 0.001").status, 4);
  const std::filesystem::path table = std::filesystem::path(dir) / "move-1.16MiB.table";
  const std::filesystem::path open = std::filesystem::path(dir) / "move-1.open";
  ASSERT_TRUE(std::filesystem::exists(table));
  ASSERT_TRUE(std::filesystem::exists(open));
  const auto open_nodes = static_cast<std::size_t>(std::ranges::count(read_text_file(open.string()), '\n') - 1);
  ASSERT_GT(open_nodes, 0u);
  std::filesystem::remove(table);
  const testing::CliRun again = kinrow(command);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(value_of(again.out), "draw");
  const nlohmann::json answer = nlohmann::json::parse(again.out);
  EXPECT_EQ(answer["split"][0]["open_read"], open_nodes) << again.out;
  EXPECT_EQ(answer["split"][1]["open_read"], 0) << again.out;  // never stopped: looked, none
  EXPECT_EQ(answer["opponent_open_read"], 0) << again.out;  // its table missing too: looked, none
  EXPECT_FALSE(std::filesystem::exists(open));  // answered: forgotten
  std::filesystem::remove_all(dir);
}

TEST(SplitSolveDir, AnAnswerWhoseCertificateIsOwedIsKeptAndTheCertificateWrittenLater) {
  // An answer is kept before its certificate's walk, which can outlast the proof; a walk
  // stopped leaves the answer without its certificate (as an answer put in by hand is). The
  // next run takes the answer up and writes the certificate it owes, proved again.
  const std::string dir = temporary("owed");
  const std::string cert = temporary("owed.cert.gz");
  const std::string command = "solve mnk:5x5x4 --method pns --split --threads 1 --tt-mb 16 --json --quiet --split-dir " +
                              dir + " --certificate " + cert;
  ASSERT_EQ(kinrow(command).status, 0);
  const std::filesystem::path answer = std::filesystem::path(dir) / "move-2.json";
  const std::filesystem::path owed = std::filesystem::path(dir) / "move-2.cert.gz";
  ASSERT_TRUE(std::filesystem::exists(answer));
  std::filesystem::remove(owed);
  std::filesystem::remove(cert);
  const testing::CliRun again = kinrow(command);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(value_of(again.out), "draw");
  EXPECT_FALSE(contains(again.out, "\"resumed\":false")) << again.out;  // every answer the first run's
  EXPECT_TRUE(std::filesystem::exists(owed));
  const testing::CliRun verified = kinrow("verify mnk:5x5x4 " + cert);
  EXPECT_TRUE(contains(verified.out, "proved: draw")) << verified.out << verified.err;

  // An answer the proof contradicts (put in by hand, say) is named, not trusted.
  std::string text = read_text_file(answer.string());
  const std::string refuted = "\"wins\":false";
  const std::size_t at = text.find(refuted);
  ASSERT_NE(at, std::string::npos) << text;
  text.replace(at, refuted.size(), "\"wins\":true");
  std::ofstream(answer) << text;
  std::filesystem::remove(owed);
  const testing::CliRun contradicted = kinrow(command);
  EXPECT_NE(contradicted.status, 0) << contradicted.out;
  EXPECT_TRUE(contains(contradicted.err, "but its proof says it is refuted")) << contradicted.err;
  std::filesystem::remove_all(dir);
  std::filesystem::remove(cert);
}

TEST(SplitSolveDir, RefusesWhatItCannotSplit) {
  auto refused = [](const std::string& arguments, const std::string& why) {
    const testing::CliRun run = kinrow("solve " + arguments + " --quiet");
    EXPECT_NE(run.status, 0) << arguments;
    EXPECT_TRUE(contains(run.err, why)) << arguments << ": " << run.err;
  };
  refused("tictactoe --method pns --split --wins second", "splits the side to move's question");
  refused("tictactoe --method alphabeta --split", "--split is for df-pn");
  refused("tictactoe --method pns --split-dir x", "--split-dir goes with --split");
  refused("tictactoe --method pns --split --table-file t", "not a table file");
  refused("tictactoe --moves b2 --method pns --split --certificate c --certificate-from-empty", "not --split");
}

}  // namespace
}  // namespace kinrow
