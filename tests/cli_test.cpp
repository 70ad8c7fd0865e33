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
#include "process_support.h"

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
  // Options whose values were checked but that only df-pn or the gravity bitboard use.
  const CliRun unused = kinrow("solve tictactoe --method alphabeta --without mirror --zone-order 2 --quiet");
  EXPECT_EQ(unused.status, 0) << unused.err;
  EXPECT_NE(unused.err.find("--without had no effect"), std::string::npos) << unused.err;
  EXPECT_NE(unused.err.find("--zone-order had no effect"), std::string::npos) << unused.err;
  const CliRun gravity = kinrow("solve connect:5x4x4 --without mirror --quiet");
  EXPECT_EQ(gravity.status, 0) << gravity.err;
  EXPECT_EQ(gravity.err, "");
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
                          "nodes", "seconds", "table_megabytes"})  // table_megabytes: as df-pn's
    EXPECT_TRUE(json.contains(key)) << key;
  EXPECT_EQ(json["game"], "mnk:3x3x3");
  EXPECT_EQ(json["value"], "draw");
  EXPECT_EQ(json["to_move"], "second");
}

// A game already over has the score a search gives it (the side to move lost on turn T:
// -(max_turns + 1 - T)), in the Connect Four convention too, and each solver writes its
// certificate: no entries, the checker reads the end from the position.
TEST(Cli, AFinishedGameHasItsScoreAndCertificate) {
  const CliRun three = kinrow("solve tictactoe --moves 'a1 b1 a2 b2 a3' --json --quiet");
  ASSERT_EQ(three.status, 0) << three.err;
  const auto json = nlohmann::json::parse(three.out);
  EXPECT_EQ(json["to_move_value"], "loss");
  EXPECT_EQ(json["score"], -5);  // lost on turn 5 of at most 9
  EXPECT_EQ(json["plies"], 0);
  const CliRun four = kinrow("solve connect:5x4x4 --moves 1212121 --json --quiet");
  ASSERT_EQ(four.status, 0) << four.err;
  const auto gravity = nlohmann::json::parse(four.out);
  EXPECT_EQ(gravity["score"], -14);         // lost on stone 7 of at most 20
  EXPECT_EQ(gravity["connect_score"], -7);  // Pons: (20 + 2 - 7) / 2
  const kinrow::testing::TemporaryDirectory dir("kinrow-cli-finished");
  for (const char* method : {"alphabeta", "pns"}) {
    const std::string path = (dir.path() / (std::string(method) + ".cert")).string();
    const CliRun solved =
        kinrow("solve tictactoe --moves 'a1 b1 a2 b2 a3' --method " + std::string(method) + " --certificate " + path);
    ASSERT_EQ(solved.status, 0) << method << ": " << solved.err;
    EXPECT_NE(solved.out.find("certificate  " + path), std::string::npos) << method << ": " << solved.out;
    const CliRun verified = kinrow("verify tictactoe " + path + " --json");
    EXPECT_EQ(verified.status, 0) << method << ": " << verified.out << verified.err;
    EXPECT_EQ(nlohmann::json::parse(verified.out)["proves"], "first-player-win") << method;
  }
}

// A solve stopped by --seconds says what it searched, how, for how long, and where it got
// to: alpha-beta on a gravity board names its window and the path of its leading thread.
TEST(Cli, AStoppedSolveSaysWhereItGot) {
  const CliRun text = kinrow("solve connect:9x7x4 --moves 5 --seconds 1 --threads 1 --tt-mb 16 --quiet");
  EXPECT_EQ(text.status, 4) << text.err;
  for (const char* line : {"moves        5\n", "method       alpha-beta\n", "value        not decided: --seconds 1 ran out",
                           "(window ", "time         "})
    EXPECT_NE(text.out.find(line), std::string::npos) << line << " in " << text.out;
  const CliRun json = kinrow("solve connect:9x7x4 --moves 5 --seconds 1 --threads 1 --tt-mb 16 --json --quiet");
  EXPECT_EQ(json.status, 4) << json.err;
  const auto stopped = nlohmann::json::parse(json.out);
  EXPECT_EQ(stopped["stopped"], "seconds");
  EXPECT_TRUE(stopped["value"].is_null());
  EXPECT_TRUE(stopped.contains("window")) << stopped;
  ASSERT_TRUE(stopped.contains("path")) << stopped;
  EXPECT_EQ(stopped["root_moves"], 9) << stopped;
  // A certificate asked for and not written is said so.
  const kinrow::testing::TemporaryDirectory dir("kinrow-cli-stopped");
  const std::string path = (dir.path() / "c.cert").string();
  const CliRun asked = kinrow("solve connect:9x7x4 --moves 5 --seconds 0.5 --tt-mb 16 --certificate " + path + " --quiet");
  EXPECT_EQ(asked.status, 4) << asked.err;
  EXPECT_NE(asked.out.find("certificate  not written"), std::string::npos) << asked.out;
  EXPECT_FALSE(std::filesystem::exists(path));
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
  ASSERT_EQ(shown.status, 0) << shown.err;
  const nlohmann::json root = nlohmann::json::parse(shown.out);
  EXPECT_EQ(root["to_move"], "first");  // players by name, as every command's --json
  EXPECT_TRUE(root["holder"] == "first" || root["holder"] == "second") << root["holder"];

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
  EXPECT_EQ(nlohmann::json::parse(verified.out)["start"], "");

  // Without --certificate-from-empty it proves the position after c3, and verify says so.
  ASSERT_EQ(kinrow("solve mnk:6x5x4 --moves c3 --method pns --wins first --quiet --certificate " + path.string()).status,
            0);
  const CliRun after = kinrow("verify mnk:6x5x4 " + path.string());
  ASSERT_EQ(after.status, 0) << after.out;
  EXPECT_NE(after.out.find("proved: first-player-win (side to move: loss) from the position after c3"),
            std::string::npos)
      << after.out;
  EXPECT_EQ(nlohmann::json::parse(kinrow("verify mnk:6x5x4 " + path.string() + " --json").out)["start"], "c3");
  const CliRun drawn = kinrow("solve tictactoe --moves b2 --method pns --quiet --certificate-from-empty --certificate " +
                              path.string());
  EXPECT_EQ(drawn.status, 2);
  EXPECT_NE(drawn.err.find("wins after it"), std::string::npos) << drawn.err;
  EXPECT_FALSE(std::filesystem::exists(path)) << "a certificate cut short is removed";
  std::filesystem::remove(path);
}

}  // namespace
