// The certificate text form: what is written reads back the same, O'Dwyer's compressed
// alternatives expand, and every malformed line is refused with its line number.
#include "proof/certificate.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "core/error.h"
#include "certificate_text.h"
#include "hand_games.h"

namespace kinrow {
namespace {

using testing::certificate_from_text;

using testing::hand_strip;
using testing::hand_tictactoe;

std::string write_text(const Game& game, const Certificate& certificate) {
  std::ostringstream out;
  write_certificate(out, game, certificate);
  return out.str();
}

// The message of the InputError reading `text` throws, or "" if it reads.
std::string read_error(const std::string& text, const Game& game) {
  try {
    certificate_from_text(text, game);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Certificate, ClaimNames) {
  EXPECT_STREQ(claim_name(Claim::Win), "win");
  EXPECT_STREQ(claim_name(Claim::NotLose), "at-least-draw");
}

TEST(Certificate, ReadsTheDocumentedForm) {
  const Game game = hand_tictactoe();
  const Certificate c = certificate_from_text(
      "# a comment before the header\n"
      "kinrow-certificate 1\n"
      "game mnk:3x3x3\n"
      "start b2 a3\n"
      "\n"
      "strategy first win win-now\n"
      "o.. .x. ..X\n"
      "strategy second at-least-draw\n"
      "  O........  \n",
      game);
  EXPECT_EQ(c.spec, "mnk:3x3x3");
  EXPECT_EQ(c.start, "b2 a3");
  ASSERT_EQ(c.strategies.size(), 2u);
  const Strategy& first = c.strategies[0];
  EXPECT_EQ(first.holder, 0);
  EXPECT_EQ(first.claim, Claim::Win);
  EXPECT_TRUE(first.win_now_rule);
  EXPECT_EQ(first.source_line, 6);
  ASSERT_EQ(first.entries.size(), 1u);
  EXPECT_EQ(first.entries[0].source_line, 7);
  EXPECT_EQ(first.entries[0].move, Turn{8});
  const std::vector<int8_t> owners = {1, -1, -1, -1, 0, -1, -1, -1, -1};
  EXPECT_EQ(first.entries[0].owner, owners);
  const Strategy& second = c.strategies[1];
  EXPECT_EQ(second.holder, 1);
  EXPECT_EQ(second.claim, Claim::NotLose);
  EXPECT_FALSE(second.win_now_rule);
  ASSERT_EQ(second.entries.size(), 1u);
  EXPECT_EQ(second.entries[0].move, Turn{0});
}

TEST(Certificate, TrailingCommentsAreNotAllowedInEntries) {
  // '#' names cells by index in move notation, so only whole lines are comments.
  const Game game = hand_tictactoe();
  const std::string error = read_error(
      "kinrow-certificate 1\ngame mnk:3x3x3\nstrategy first win\nX........ # centre\n", game);
  EXPECT_NE(error.find("line 4:"), std::string::npos) << error;
}

TEST(Certificate, RoundTrip) {
  const Game game = hand_tictactoe();
  Certificate original;
  original.spec = game.spec;
  original.start = "b2";
  Position start(game);
  start.play({4});
  original.strategies.push_back(testing::naive_strategy(start, 0, Claim::NotLose, false));
  original.strategies.push_back(testing::naive_strategy(start, 1, Claim::NotLose, true));
  ASSERT_FALSE(original.strategies[0].entries.empty());

  const std::string text = write_text(game, original);
  const Certificate read = certificate_from_text(text, game);
  EXPECT_EQ(read.spec, original.spec);
  EXPECT_EQ(read.start, original.start);
  ASSERT_EQ(read.strategies.size(), original.strategies.size());
  for (std::size_t s = 0; s < read.strategies.size(); ++s) {
    const Strategy& a = original.strategies[s];
    const Strategy& b = read.strategies[s];
    EXPECT_EQ(b.holder, a.holder);
    EXPECT_EQ(b.claim, a.claim);
    EXPECT_EQ(b.win_now_rule, a.win_now_rule);
    ASSERT_EQ(b.entries.size(), a.entries.size());
    for (std::size_t i = 0; i < a.entries.size(); ++i) {
      EXPECT_EQ(b.entries[i].owner, a.entries[i].owner);
      EXPECT_EQ(b.entries[i].move, a.entries[i].move);
      EXPECT_GT(b.entries[i].source_line, 0);
    }
  }
  // Written again, the text is the same.
  EXPECT_EQ(write_text(game, read), text);
}

TEST(Certificate, WritesOneLinePerEntry) {
  const Game game = hand_strip();
  Certificate c;
  c.spec = game.spec;
  Strategy s;
  s.holder = 0;
  s.claim = Claim::Win;
  s.win_now_rule = false;
  s.entries.push_back({{-1, -1, -1}, {1}});
  s.entries.push_back({{1, 0, -1}, {2}});
  c.strategies.push_back(s);
  std::string lines;
  std::istringstream in(write_text(game, c));
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') lines += line + "\n";
  EXPECT_EQ(lines,
            "kinrow-certificate 1\n"
            "game mnk:3x1x2\n"
            "start\n"
            "strategy first win\n"
            ".X.\n"
            "oxX\n");
}

TEST(Certificate, ExpandsAlternatives) {
  // O'Dwyer's notation: "OO.xX" for the first player is two positions, o on a1 or on b1.
  const Game game = testing::hand_board("mnk:5x1x2", 5, 1, 2);
  const Certificate c =
      certificate_from_text("kinrow-certificate 1\ngame mnk:5x1x2\nstrategy first win\nOO.xX\n", game);
  ASSERT_EQ(c.strategies[0].entries.size(), 2u);
  const std::vector<int8_t> a = {1, -1, -1, 0, -1}, b = {-1, 1, -1, 0, -1};
  EXPECT_EQ(c.strategies[0].entries[0].owner, a);
  EXPECT_EQ(c.strategies[0].entries[1].owner, b);
  for (const StrategyEntry& e : c.strategies[0].entries) {
    EXPECT_EQ(e.move, Turn{4});
    EXPECT_EQ(e.source_line, 4);
  }
  // For the second player the roles of the letters swap.
  const Certificate d =
      certificate_from_text("kinrow-certificate 1\ngame mnk:5x1x2\nstrategy second win\nXX.oO\n", game);
  ASSERT_EQ(d.strategies[0].entries.size(), 2u);
  const std::vector<int8_t> e = {0, -1, -1, 1, -1};
  EXPECT_EQ(d.strategies[0].entries[0].owner, e);
  EXPECT_EQ(d.strategies[0].entries[0].move, Turn{4});
}

TEST(Certificate, SeveralStonesInOneMove) {
  const Game game = testing::hand_board("mnk:5x1x3,p=2", 5, 1, 3, Rules{.stones_per_turn = 2});
  const Certificate c =
      certificate_from_text("kinrow-certificate 1\ngame mnk:5x1x3,p=2\nstrategy second win\nx.O.O\n", game);
  EXPECT_EQ(c.strategies[0].entries[0].move, (Turn{2, 4}));
}

TEST(Certificate, AcceptsAnotherSpellingOfTheSpec) {
  Game game = hand_tictactoe();
  const Certificate c =
      certificate_from_text("kinrow-certificate 1\ngame tictactoe\nstrategy first win\nX........\n", game);
  EXPECT_EQ(c.spec, game.spec);
}

struct Malformed {
  const char* text;
  const char* problem;  // the start of the message ("line N: ...") or a part of it
};

// Lines are read in pieces with a bound: one longer than a piece reads whole (a comment of
// 10,000 characters, a last line with no newline); one longer than the bound is refused by
// its line number before it is held whole.
TEST(Certificate, LongLinesReadWholeAndOverlongOnesAreRefused) {
  const Game game = hand_tictactoe();
  const std::string body = "game mnk:3x3x3\nstrategy first win\n";
  const std::string long_comment = "# " + std::string(10000, 'c') + "\n";
  EXPECT_EQ(read_error("kinrow-certificate 1\n" + long_comment + body + "X........", game), "");
  const std::string wide_entry = read_error("kinrow-certificate 1\n" + body + "X" + std::string(5000, '.'), game);
  EXPECT_NE(wide_entry.find("line 4: an entry has one character per cell (9), not 5001"), std::string::npos)
      << wide_entry;
  const std::string overlong = "# " + std::string(std::size_t{17} << 20, 'c') + "\n";
  const std::string error = read_error("kinrow-certificate 1\n" + body + overlong, game);
  EXPECT_NE(error.find("line 4: longer than 16 MiB"), std::string::npos) << error.substr(0, 200);
}

TEST(Certificate, MalformedTextNamesTheLine) {
  const Game game = hand_tictactoe();
  const Malformed cases[] = {
      {"", "not a kinrow certificate"},
      {"# only a comment\n", "not a kinrow certificate"},
      {"game mnk:3x3x3\n", "line 1: expected \"kinrow-certificate 1\""},
      {"kinrow-certificate 2\n", "line 1: unsupported certificate version \"2\""},
      {"kinrow-certificate\n", "line 1: unsupported certificate version"},
      {"kinrow-certificate 1\n", "names no game"},
      {"kinrow-certificate 1\ngame mnk:3x3x3\n", "holds no strategy"},
      {"kinrow-certificate 1\ngame mnk:4x4x4\n", "line 2: the certificate is for mnk:4x4x4"},
      {"kinrow-certificate 1\ngame nonsense:3\n", "line 2: "},
      {"kinrow-certificate 1\ngame\n", "line 2: expected \"game SPEC\""},
      {"kinrow-certificate 1\ngame mnk:3x3x3 extra\n", "line 2: expected \"game SPEC\""},
      {"kinrow-certificate 1\n\ngame mnk:3x3x3\ngame mnk:3x3x3\n", "line 4: a second \"game\""},
      {"kinrow-certificate 1\nstart b2\n", "line 2: \"game SPEC\" must come before \"start\""},
      {"kinrow-certificate 1\nstrategy first win\n", "line 2: \"game SPEC\" must come before"},
      {"kinrow-certificate 1\ngame mnk:3x3x3\nstart b2 b2\n", "line 3: start: "},
      {"kinrow-certificate 1\ngame mnk:3x3x3\nstart z9\n", "line 3: start: "},
      {"kinrow-certificate 1\ngame mnk:3x3x3\nstart\nstart\n", "line 4: a second \"start\""},
      {"kinrow-certificate 1\ngame mnk:3x3x3\nstrategy first win\nX........\nstart b2\n",
       "line 5: \"start\" must come before the strategies"},
      {"kinrow-certificate 1\ngame mnk:3x3x3\nX........\n", "line 3: an entry before any"},
      {"kinrow-certificate 1\ngame mnk:3x3x3\nstrategy third win\n", "line 3: expected \"strategy"},
      {"kinrow-certificate 1\ngame mnk:3x3x3\nstrategy first\n", "line 3: the claim must be"},
      {"kinrow-certificate 1\ngame mnk:3x3x3\nstrategy first draw\n", "line 3: the claim must be"},
      {"kinrow-certificate 1\ngame mnk:3x3x3\nstrategy first win win-later\n",
       "line 3: unknown rule \"win-later\""},
      {"kinrow-certificate 1\ngame mnk:3x3x3\nstrategy first win\nX.......\n",
       "line 4: an entry has one character per cell (9), not 8"},
      {"kinrow-certificate 1\ngame mnk:3x3x3\nstrategy first win\nX.........\n",
       "line 4: an entry has one character per cell (9), not 10"},
      {"kinrow-certificate 1\ngame mnk:3x3x3\nstrategy first win\nX...z....\n",
       "line 4: unexpected character \"z\""},
      {"kinrow-certificate 1\ngame mnk:3x3x3\nstrategy first win\n....x....\n",
       "line 4: no move: mark the holder's stones of this turn with 'X'"},
      {"kinrow-certificate 1\ngame mnk:3x3x3\nstrategy second win\n....x...X\n",
       "line 4: no move: mark the holder's stones of this turn with 'O'"},
      {"kinrow-certificate 1\r\ngame mnk:3x3x3\r\nstrategy first win\r\nX\x01.......\r\n",
       "line 4: unexpected character \"\\x01\""},
  };
  for (const Malformed& m : cases) {
    const std::string error = read_error(m.text, game);
    EXPECT_NE(error, "") << "accepted: " << m.text;
    EXPECT_NE(error.find(m.problem), std::string::npos)
        << "text: " << m.text << "\nerror: " << error << "\nexpected: " << m.problem;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  }
}

}  // namespace
}  // namespace kinrow
