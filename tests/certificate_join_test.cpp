// Joining certificates proved apart (proof/certificate_join.h): a board's first moves
// proved one by one by df-pn, joined, prove the board's value to the checker; a join
// that leaves out one first move is rejected, so the join hides no gap; positions given
// twice are written once; and inputs that cannot be joined are refused with the reason.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/notation.h"
#include "games/families.h"
#include "proof/certificate.h"
#include "proof/certificate_join.h"
#include "proof/checker.h"
#include "search/dfpn_solve.h"
#include "certificate_text.h"
#include "cli_support.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::contains;

// The text of df-pn's certificate for `moves`, asking only whether `winner` wins.
std::string proved_text(const Game& game, const std::string& moves, int winner) {
  DfpnOptions options;
  options.table_megabytes = 4;
  const DfpnResult r = dfpn_solve(play_moves(game, moves), options, true, winner);
  EXPECT_TRUE(r.complete && r.certificate) << game.spec << " after \"" << moves << "\"";
  std::ostringstream out;
  write_certificate(out, game, *r.certificate);
  return out.str();
}

struct Joined {
  JoinReport report;
  std::string text;
};

Joined join(const Game& game, const std::vector<std::string>& texts, const std::string& start = "") {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < texts.size(); ++i) names.push_back("input " + std::to_string(i + 1));
  std::ostringstream out;
  CertificateWriter writer(out, game);
  Joined joined;
  joined.report = join_certificates(game, start, names,
                                    [&](std::size_t i) { return std::make_unique<std::istringstream>(texts[i]); },
                                    writer);
  joined.text = out.str();
  return joined;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), {}};
}

CheckReport check(const Game& game, const std::string& text) {
  std::istringstream in(text);
  return check_certificate(game, in);
}

// The first player's moves up to the symmetries of the square boards.
std::vector<std::string> first_moves(const Game& game) {
  return game.cell_count() == 9 ? std::vector<std::string>{"a1", "b1", "b2"}
                                : std::vector<std::string>{"a1", "b1", "c1", "b2", "c2", "c3"};  // 5x5
}
const std::vector<std::string> kFirstMoves = {"a1", "b1", "b2"};  // on 3x3

class JoinedFirstMoves : public ::testing::TestWithParam<const char*> {};

TEST_P(JoinedFirstMoves, ProveTheDrawAndNoLessThanEveryFirstMove) {
  const Game game = make_game(GetParam());
  const std::vector<std::string> moves = first_moves(game);
  std::vector<std::string> parts;
  for (const std::string& m : moves) parts.push_back(proved_text(game, m, 0));
  parts.push_back(proved_text(game, "", 1));  // the second player does not win either

  const Joined all = join(game, parts);
  EXPECT_EQ(all.report.inputs, parts.size());
  EXPECT_EQ(all.report.strategies, 2u);
  const CheckReport report = check(game, all.text);
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.proves, "draw");

  // Without one first move's proof the checker finds the gap: the join proves only what
  // its parts prove.
  for (std::size_t left_out = 0; left_out < parts.size(); ++left_out) {
    std::vector<std::string> some;
    for (std::size_t i = 0; i < parts.size(); ++i)
      if (i != left_out) some.push_back(parts[i]);
    const CheckReport partial = check(game, join(game, some).text);
    if (left_out < moves.size()) {
      EXPECT_FALSE(partial.ok) << "without " << moves[left_out];
    } else {  // without the second player's part: only that the second player does not lose
      ASSERT_TRUE(partial.ok) << partial.error;
      EXPECT_EQ(partial.proves, "second-player-not-lose");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(SmallBoards, JoinedFirstMoves, ::testing::Values("mnk:3x3x3", "mnk:5x5x4"));

TEST(CertificateJoin, WritesAPositionGivenTwiceOnce) {
  const Game game = make_game("mnk:5x5x4");
  const std::string part = proved_text(game, "b2", 0);
  const Joined once = join(game, {part});
  const Joined twice = join(game, {part, part});
  EXPECT_EQ(once.report.duplicates, 0u);
  EXPECT_EQ(twice.report.lines, once.report.lines);
  EXPECT_EQ(twice.report.duplicates, once.report.lines);
  EXPECT_EQ(twice.text, once.text);
}

TEST(CertificateJoin, KeepsTheFirstMoveWhereTwoInputsDisagree) {
  // The same position with two moves: the checker refuses such a certificate, the join
  // keeps the first input's move.
  const Game game = make_game("mnk:3x3x3");
  const std::string header = "kinrow-certificate 1\ngame mnk:3x3x3\nstrategy first win win-now\n";
  const Joined joined = join(game, {header + "X........\n", header + "....X....\n"});
  EXPECT_EQ(joined.report.duplicates, 1u);
  EXPECT_TRUE(contains(joined.text, "X........")) << joined.text;
  EXPECT_FALSE(contains(joined.text, "....X....")) << joined.text;
}

TEST(CertificateJoin, RefusesWhatCannotBeJoined) {
  const Game game = make_game("mnk:3x3x3");
  const std::string part = proved_text(game, "a1", 0);
  auto refused = [&](const std::vector<std::string>& texts, const std::string& start, const std::string& why) {
    try {
      join(game, texts, start);
      ADD_FAILURE() << "joined, expected: " << why;
    } catch (const InputError& e) {
      EXPECT_TRUE(contains(e.what(), why)) << e.what();
    }
  };
  refused({}, "", "no certificates");
  refused({part}, "b2", "does not begin with the join's start");
  refused({part, "kinrow-certificate 1\ngame mnk:4x4x3\nstrategy first win\n"}, "", "input 2: line 2: the certificate is for mnk:4x4x3");
  refused({"kinrow-certificate 1\ngame mnk:3x3x3\nstrategy second at-least-draw matching\n(a1,b1)\n"}, "",
          "matching-plan");
  refused({"not a certificate\n"}, "", "input 1: line 1");
  // A start the inputs extend is fine.
  EXPECT_NO_THROW(join(game, {part}, "a1"));
}

TEST(CertificateJoinCli, JoinsFilesAndTheCheckerAcceptsTheJoin) {
  const auto dir = std::filesystem::temp_directory_path() / ("kinrow_join_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const Game game = make_game("mnk:3x3x3");
  std::string files;
  for (const std::string& m : kFirstMoves) {
    std::ofstream(dir / (m + ".cert")) << proved_text(game, m, 0);
    files += " " + (dir / (m + ".cert")).string();
  }
  std::ofstream(dir / "second.cert") << proved_text(game, "", 1);
  files += " " + (dir / "second.cert").string();
  const std::string out = (dir / "all.cert.gz").string();

  const testing::CliRun joined = testing::kinrow("certificate join " + out + files + " --json");
  ASSERT_EQ(joined.status, 0) << joined.err;
  EXPECT_TRUE(contains(joined.out, "\"inputs\":4")) << joined.out;
  const testing::CliRun verified = testing::kinrow("verify mnk:3x3x3 " + out);
  EXPECT_EQ(verified.status, 0) << verified.out << verified.err;
  EXPECT_TRUE(contains(verified.out, "proved: draw")) << verified.out;

  // OUT among the inputs, however spelled, is refused and left as it was.
  const std::string a1 = (dir / "a1.cert").string();
  const std::string before = read_file(a1);
  for (const std::string& out_name : {a1, (dir / "." / "a1.cert").string()}) {
    const testing::CliRun same = testing::kinrow("certificate join " + out_name + files);
    EXPECT_NE(same.status, 0);
    EXPECT_TRUE(contains(same.err, "also a certificate to join")) << same.err;
    EXPECT_EQ(read_file(a1), before);
  }
  // An OUT that cannot be written is named as given, not by the partial name written first.
  const std::string nowhere = (dir / "no-such-folder" / "all.cert").string();
  const testing::CliRun unwritable = testing::kinrow("certificate join " + nowhere + files);
  EXPECT_EQ(unwritable.status, 2) << unwritable.err;
  EXPECT_TRUE(contains(unwritable.err, "cannot write \"" + nowhere + "\"")) << unwritable.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace kinrow
