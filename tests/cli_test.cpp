// The command line as a user meets it: exit statuses, one-line errors, JSON output, and
// a solve -> certificate -> verify round trip through files.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "cli_support.h"

namespace {

using kinrow::testing::CliRun;
using kinrow::testing::kinrow;

int lines(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

TEST(Cli, BadInputIsOneLineAndStatusTwo) {
  for (const char* arguments :
       {"solve mnk:3x3", "solve 'mnk:3x3x3,bogus'", "solve tictactoe --moves z9",
        "solve tictactoe --moves 'b2 b2'", "solve tictactoe --moves 'a1 a2 b1 b2 c1 c2'",
        "solve connect:4x4x4 --moves 11111", "solve tictactoe --tt-mb -4", "info",
        "solve tictactoe --no-such-option", "verify tictactoe /no/such/file", "nonsense",
        "solve tictactoe --method pns --wins third", "solve tictactoe --wins first",
        "solve connect:5x4x4 --expect nobody",
        "solve tictactoe --certificate",  // the --quiet after it is not a file name
        "solve tictactoe extra_word", "help nonsense"}) {
    const CliRun run = kinrow(std::string(arguments) + " --quiet");
    EXPECT_EQ(run.status, 2) << arguments << ": " << run.err;
    EXPECT_EQ(lines(run.err), 1) << arguments << ": " << run.err;
  }
}

TEST(Cli, AFolderIsNotAFile) {
  const std::string folder = ::testing::TempDir();
  for (const std::string& arguments :
       {"info file:" + folder, "solve connect:5x4x4 --batch " + folder, "dict verify mnk:4x4x3 " + folder,
        "tiling verify " + folder, "verify tictactoe " + folder}) {
    const CliRun run = kinrow(arguments);
    EXPECT_EQ(run.status, 2) << arguments << ": " << run.err;
    EXPECT_EQ(lines(run.err), 1) << arguments << ": " << run.err;
    EXPECT_NE(run.err.find("folder"), std::string::npos) << arguments << ": " << run.err;
  }
}

TEST(Cli, AnOptionThatDidNothingIsNamed) {
  // --row-values is solve's, for --method parts only: tic-tac-toe by alpha-beta never reads it.
  const CliRun ignored = kinrow("solve tictactoe --row-values 3 --quiet");
  EXPECT_EQ(ignored.status, 0) << ignored.err;
  EXPECT_NE(ignored.err.find("--row-values had no effect"), std::string::npos) << ignored.err;
  const CliRun used = kinrow("solve tictactoe --moves b2 --json --quiet");
  EXPECT_EQ(used.status, 0) << used.err;
  EXPECT_EQ(used.err, "");
}

TEST(Cli, EveryCommandTakesQuiet) {
  // A script may pass --quiet to every command; those with no progress have nothing to silence.
  for (const char* arguments : {"info tictactoe --quiet", "sgf export tictactoe --moves b2 --quiet",
                                "think tictactoe --nodes 100 --quiet", "book show --db /no/such/dir/x.db --quiet"}) {
    const CliRun run = kinrow(arguments);
    EXPECT_EQ(run.err.find("--quiet"), std::string::npos) << arguments << ": " << run.err;
    EXPECT_EQ(run.err.find("unknown option"), std::string::npos) << arguments << ": " << run.err;
  }
  EXPECT_EQ(kinrow("info tictactoe --quiet").status, 0);
}

TEST(Cli, VersionNamesTheCommit) {
  const CliRun run = kinrow("--version");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(lines(run.out), 1) << run.out;
  EXPECT_EQ(run.out.rfind("kinrow, ", 0), 0u) << run.out;
  EXPECT_NE(run.out.find("commit"), std::string::npos) << run.out;
  // A result kept as a record names the same build.
  const CliRun solved = kinrow("solve tictactoe --json --quiet");
  ASSERT_EQ(solved.status, 0) << solved.err;
  const std::string built_from = nlohmann::json::parse(solved.out).at("built_from");
  EXPECT_EQ(run.out.substr(std::string("kinrow, ").size(), built_from.size()), built_from) << run.out;
  // Built from a git checkout, it names a commit that exists in it (not necessarily HEAD:
  // the binary may be older than the last commit).
  const std::string marker = "kinrow, commit ";
  if (run.out.rfind(marker, 0) == 0) {
    std::string hash = run.out.substr(marker.size(), 12);
    EXPECT_EQ(hash.find_first_not_of("0123456789abcdef"), std::string::npos) << run.out;
    const std::string check = "git -C '" KINROW_SOURCE_DIR "' cat-file -e " + hash + "^{commit} 2>/dev/null";
    if (std::system("git --version >/dev/null 2>&1") == 0) {
      EXPECT_EQ(std::system(check.c_str()), 0) << "no commit " << hash << " in " << KINROW_SOURCE_DIR;
    }
  }
}

TEST(Cli, HelpTeaches) {
  const CliRun run = kinrow("solve --help");
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("examples:"), std::string::npos);
  EXPECT_NE(run.out.find("--tt-mb"), std::string::npos);
}

TEST(Cli, SolveJsonHasTheDocumentedKeys) {
  const CliRun run = kinrow("solve mnk:3x3x3 --moves b2 --json --quiet");
  ASSERT_EQ(run.status, 0) << run.err;
  const auto json = nlohmann::json::parse(run.out);
  for (const char* key : {"game", "moves", "to_move", "value", "to_move_value", "best_move", "plies",
                          "nodes", "seconds"})
    EXPECT_TRUE(json.contains(key)) << key;
  EXPECT_EQ(json["game"], "mnk:3x3x3");
  EXPECT_EQ(json["value"], "draw");
  EXPECT_EQ(json["to_move"], "second");
}

// --wins asks df-pn one question; a "no" is the other player's not-lose, and says so.
TEST(Cli, OneQuestionSaysWhatItAsked) {
  const CliRun no = kinrow("solve tictactoe --method pns --wins first --json --quiet");
  ASSERT_EQ(no.status, 0) << no.err;
  const auto json = nlohmann::json::parse(no.out);
  EXPECT_EQ(json["question"], "first wins");
  EXPECT_EQ(json["value"], "second-player-not-lose");
  EXPECT_EQ(json["to_move_value"], "not-win");
  const CliRun yes = kinrow("solve tictactoe --moves 'b2 a2' --method pns --wins first --json --quiet");
  ASSERT_EQ(yes.status, 0) << yes.err;
  EXPECT_EQ(nlohmann::json::parse(yes.out)["value"], "first-player-win");
}

// --expect orders the windows of the bitboard search: a loss expected and found is one
// window, where the usual order asks two; the value is the same either way.
TEST(Cli, AnExpectedLossIsOneWindow) {
  const CliRun usual = kinrow("solve connect:6x4x4 --weak --json --quiet");
  const CliRun expected = kinrow("solve connect:6x4x4 --weak --expect second --json --quiet");
  ASSERT_EQ(usual.status, 0) << usual.err;
  ASSERT_EQ(expected.status, 0) << expected.err;
  const auto a = nlohmann::json::parse(usual.out), b = nlohmann::json::parse(expected.out);
  EXPECT_EQ(a["value"], "second-player-win");
  EXPECT_EQ(b["value"], "second-player-win");
  EXPECT_EQ(a["windows"], 2);
  EXPECT_EQ(b["windows"], 1);
  EXPECT_EQ(b["expect"], "second");
}

TEST(Cli, InfoReportsTheSymmetryGroup) {
  const CliRun run = kinrow("info qubic --json");
  ASSERT_EQ(run.status, 0) << run.err;
  const auto json = nlohmann::json::parse(run.out);
  EXPECT_EQ(json["cells"], 64);
  EXPECT_EQ(json["lines"], 76);
  EXPECT_EQ(json["symmetries"], 192);
}

TEST(Cli, CertificateRoundTripThroughFiles) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("kinrow_cli_test_" + std::to_string(::getpid()) + ".cert");
  const CliRun solved = kinrow("solve mnk:4x4x3 --quiet --certificate " + path.string());
  ASSERT_EQ(solved.status, 0) << solved.err;
  const CliRun verified = kinrow("verify mnk:4x4x3 " + path.string());
  EXPECT_EQ(verified.status, 0) << verified.out;
  EXPECT_NE(verified.out.find("first-player-win"), std::string::npos) << verified.out;

  // A truncated certificate is rejected with status 1 or 2 (unreadable), never accepted.
  std::string text;
  {
    std::ifstream in(path);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  {
    std::ofstream out(path);
    out << text.substr(0, text.size() / 2);
  }
  const CliRun truncated = kinrow("verify mnk:4x4x3 " + path.string());
  EXPECT_NE(truncated.status, 0);
  std::filesystem::remove(path);
}

// A certificate named *.gz is written compressed; verify and the browser read it as they
// read plain text, and a compressed file cut short is never accepted.
TEST(Cli, CompressedCertificateRoundTrip) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("kinrow_cli_gz_" + std::to_string(::getpid()) + ".cert.gz");
  const CliRun solved = kinrow("solve mnk:5x5x4 --method pns --quiet --certificate " + path.string());
  ASSERT_EQ(solved.status, 0) << solved.err;
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  ASSERT_GT(bytes.size(), 2u);
  EXPECT_EQ(static_cast<unsigned char>(bytes[0]), 0x1f) << "not gzip";
  EXPECT_EQ(static_cast<unsigned char>(bytes[1]), 0x8b) << "not gzip";
  const CliRun verified = kinrow("verify mnk:5x5x4 " + path.string() + " --json");
  ASSERT_EQ(verified.status, 0) << verified.out << verified.err;
  EXPECT_EQ(nlohmann::json::parse(verified.out)["proves"], "draw");
  const CliRun shown = kinrow("certificate show " + path.string() + " --json");
  EXPECT_EQ(shown.status, 0) << shown.err;

  for (const std::size_t keep : {bytes.size() / 2, bytes.size() - 8}) {  // mid-stream; the trailer lost
    {
      std::ofstream out(path, std::ios::binary);
      out << bytes.substr(0, keep);
    }
    const CliRun cut = kinrow("verify mnk:5x5x4 " + path.string());
    EXPECT_EQ(cut.status, 2) << keep << " bytes: " << cut.out << cut.err;
  }
  std::filesystem::remove(path);
}

// Df-pn's certificate streams into the file once the value is known: for each value (a
// loss for the side to move, a win, a draw) the file holds the strategies of that value
// only, which the checker accepts, with the count solve reported.
TEST(Cli, DfpnCertificateOfEachValue) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("kinrow_cli_dfpn_" + std::to_string(::getpid()) + ".cert");
  struct Case {
    const char* moves;
    const char* proves;
  };
  for (const Case& c : {Case{"b2 a2 c3", "first-player-win"}, Case{"b2 a2", "first-player-win"},
                        Case{"b2", "draw"}}) {
    const CliRun solved = kinrow(std::string("solve tictactoe --moves '") + c.moves +
                                 "' --method pns --json --quiet --certificate " + path.string());
    ASSERT_EQ(solved.status, 0) << c.moves << ": " << solved.err;
    const nlohmann::json answer = nlohmann::json::parse(solved.out);
    const CliRun verified = kinrow("verify tictactoe " + path.string() + " --json");
    ASSERT_EQ(verified.status, 0) << c.moves << ": " << verified.out << verified.err;
    const nlohmann::json report = nlohmann::json::parse(verified.out);
    EXPECT_EQ(report["proves"], c.proves) << c.moves;
    EXPECT_EQ(report["entries"], answer["certificate_entries"]) << c.moves;
  }
  std::filesystem::remove(path);
}

// --certificate-from-empty: a win after a chosen opening turn becomes a certificate of
// the game, which the checker re-checks from the empty board; where the opening's player
// does not win after it there is nothing to lift, and solve says so.
TEST(Cli, CertificateFromAChosenOpening) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("kinrow_cli_opening_" + std::to_string(::getpid()) + ".cert");
  const CliRun solved =
      kinrow("solve mnk:6x5x4 --moves c3 --method pns --wins first --quiet --certificate-from-empty --certificate " +
             path.string());
  ASSERT_EQ(solved.status, 0) << solved.err;
  std::string text;
  {
    std::ifstream in(path);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  EXPECT_NE(text.find("\nstart\n"), std::string::npos) << "the certificate should start at the empty board";
  const CliRun verified = kinrow("verify mnk:6x5x4 " + path.string() + " --json");
  ASSERT_EQ(verified.status, 0) << verified.out;
  EXPECT_EQ(nlohmann::json::parse(verified.out)["proves"], "first-player-win");
  const CliRun drawn = kinrow("solve tictactoe --moves b2 --method pns --quiet --certificate-from-empty --certificate " +
                              path.string());
  EXPECT_EQ(drawn.status, 2);
  EXPECT_NE(drawn.err.find("wins after it"), std::string::npos) << drawn.err;
  EXPECT_FALSE(std::filesystem::exists(path)) << "a certificate cut short is removed";
  std::filesystem::remove(path);
}

}  // namespace
