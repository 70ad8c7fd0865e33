// Spec strings (core/spec.h): every accepted spelling has one canonical form that parses
// back to the same game; aliases, defaults and option order are handled; every malformed
// spec is rejected with a one-line InputError.
#include "core/spec.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "core/error.h"

namespace kinrow {
namespace {

void expect_same_spec(const GameSpec& a, const GameSpec& b, const std::string& context) {
  EXPECT_EQ(a.family, b.family) << context;
  EXPECT_EQ(a.params, b.params) << context;
  EXPECT_EQ(a.path, b.path) << context;
  EXPECT_TRUE(a.rules == b.rules) << context;
}

std::string canonical(const std::string& text) {
  return format_spec(parse_spec(text));
}

TEST(Spec, CanonicalSpecsFormatToThemselves) {
  for (const std::string text :
       {"mnk:3x3x3", "mnk:15x15x5", "mnk:4x4x4,misere", "mnk:5x5x4,maker-breaker",
        "mnk:19x19x6,p=2,q=1", "mnk:5x5x4,p=2", "mnk:5x5x4,q=2", "mnk:4x4x4,cylinder",
        "connect:7x6x4", "connect:4x3x3,cylinder", "connect:5x4x4,misere,p=2", "cube:4x3",
        "cube:4x3x3", "cube:3x2,maker-breaker", "square:4", "square:5,misere",
        "file:games/tiles.json", "file:t.json,gravity", "file:t.json,misere,p=3,q=1"}) {
    EXPECT_EQ(canonical(text), text);
  }
}

TEST(Spec, FormattedSpecParsesBackToTheSameGame) {
  for (const std::string text :
       {"mnk:3x3x3", "connect4,misere", "qubic", "cube:5x2x3", "mnk:6x6x4,q=2,p=3",
        "mnk:7x6x4,gravity,cylinder", "square:6,maker-breaker", "file:x.json,p=2", "connect6",
        "gomoku,misere"}) {
    const GameSpec spec = parse_spec(text);
    const std::string formatted = format_spec(spec);
    expect_same_spec(parse_spec(formatted), spec, text + " -> " + formatted);
    EXPECT_EQ(canonical(formatted), formatted) << text;
  }
}

TEST(Spec, AliasesExpandToTheirSpecs) {
  const std::pair<std::string, std::string> aliases[] = {
      {"tictactoe", "mnk:3x3x3"},
      {"tic-tac-toe", "mnk:3x3x3"},
      {"connect4", "connect:7x6x4"},
      {"qubic", "cube:4x3"},
      {"gomoku", "mnk:15x15x5"},
      {"connect6", "mnk:19x19x6,p=2,q=1"},
      {"connect4,misere", "connect:7x6x4,misere"},
      {"qubic,maker-breaker", "cube:4x3,maker-breaker"},
      {"connect6,p=3", "mnk:19x19x6,p=3,q=1"},
      {"tictactoe,p=2", "mnk:3x3x3,p=2"},
  };
  for (const auto& [alias, spec] : aliases) EXPECT_EQ(canonical(alias), spec) << alias;
}

TEST(Spec, FirstTurnStonesDefaultToStonesPerTurn) {
  const GameSpec two = parse_spec("mnk:5x5x4,p=2");
  EXPECT_EQ(two.rules.stones_per_turn, 2);
  EXPECT_EQ(two.rules.first_turn_stones, 2);
  const GameSpec connect6 = parse_spec("mnk:19x19x6,p=2,q=1");
  EXPECT_EQ(connect6.rules.stones_per_turn, 2);
  EXPECT_EQ(connect6.rules.first_turn_stones, 1);
  const GameSpec first_only = parse_spec("mnk:5x5x4,q=3");
  EXPECT_EQ(first_only.rules.stones_per_turn, 1);
  EXPECT_EQ(first_only.rules.first_turn_stones, 3);
  EXPECT_EQ(canonical("mnk:5x5x4,p=2,q=2"), "mnk:5x5x4,p=2");
  EXPECT_EQ(canonical("mnk:5x5x4,p=1,q=1"), "mnk:5x5x4");
}

TEST(Spec, DefaultsOfEachFamily) {
  const GameSpec mnk = parse_spec("mnk:3x3x3");
  EXPECT_EQ(mnk.family, "mnk");
  EXPECT_EQ(mnk.params, (std::vector<int>{3, 3, 3}));
  EXPECT_TRUE(mnk.rules == Rules{});
  const GameSpec connect = parse_spec("connect:7x6x4");
  EXPECT_TRUE(connect.rules.gravity);
  EXPECT_FALSE(connect.rules.cylinder);
  EXPECT_EQ(connect.rules.goal, Goal::Normal);
  const GameSpec cube = parse_spec("cube:4x3");
  EXPECT_EQ(cube.params, (std::vector<int>{4, 3, 4})) << "K defaults to N";
  EXPECT_FALSE(cube.rules.gravity);
  const GameSpec file = parse_spec("file:some/path.json");
  EXPECT_EQ(file.family, "file");
  EXPECT_EQ(file.path, "some/path.json");
  EXPECT_TRUE(file.params.empty());
}

TEST(Spec, MnkWithGravityBecomesConnect) {
  EXPECT_EQ(canonical("mnk:7x6x4,gravity"), "connect:7x6x4");
  EXPECT_EQ(canonical("mnk:4x3x3,cylinder,gravity"), "connect:4x3x3,cylinder");
  EXPECT_EQ(canonical("connect:7x6x4,gravity"), "connect:7x6x4");
  const GameSpec spec = parse_spec("mnk:7x6x4,gravity");
  EXPECT_EQ(spec.family, "connect");
  EXPECT_TRUE(spec.rules.gravity);
}

TEST(Spec, CubeSpellsDefaultKShort) {
  EXPECT_EQ(canonical("cube:4x3x4"), "cube:4x3");
  EXPECT_EQ(canonical("cube:4x3x3"), "cube:4x3x3");
  EXPECT_EQ(canonical("cube:3x3x3"), "cube:3x3");
}

TEST(Spec, OptionsAreOrderIndependent) {
  const std::string orders[] = {
      "mnk:6x6x4,misere,p=2,q=1,cylinder", "mnk:6x6x4,cylinder,q=1,p=2,misere",
      "mnk:6x6x4,q=1,misere,cylinder,p=2", "mnk:6x6x4,p=2,cylinder,misere,q=1"};
  for (const std::string& text : orders) {
    EXPECT_EQ(canonical(text), "mnk:6x6x4,misere,cylinder,p=2,q=1") << text;
    expect_same_spec(parse_spec(text), parse_spec(orders[0]), text);
  }
  EXPECT_EQ(canonical("mnk:5x4x4,gravity,maker-breaker"),
            canonical("mnk:5x4x4,maker-breaker,gravity"));
}

TEST(Spec, NumbersMayHaveLeadingZeros) {
  EXPECT_EQ(canonical("mnk:03x3x003,p=02"), "mnk:3x3x3,p=2");
}

// parse_spec must throw an InputError with a non-empty one-line message.
void expect_rejected(const std::string& text) {
  try {
    const GameSpec spec = parse_spec(text);
    ADD_FAILURE() << "\"" << text << "\" was accepted as " << format_spec(spec);
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_FALSE(message.empty()) << text;
    EXPECT_EQ(message.find('\n'), std::string::npos) << text << " -> " << message;
  }
}

TEST(Spec, RejectsUnknownFamiliesAndNames) {
  for (const std::string text : {"", "tictac", "chess:8x8", "MNK:3x3x3", "connect", "connect4x",
                                 " mnk:3x3x3", "mnk 3x3x3", ":3x3x3", "qubic:4x3", ","}) {
    expect_rejected(text);
  }
}

TEST(Spec, RejectsWrongNumberOfParams) {
  for (const std::string text :
       {"mnk:3x3", "mnk:3", "mnk:", "mnk:3x3x3x3", "connect:7x6", "cube:4", "cube:4x3x4x2",
        "square:3x3", "square:", "mnk:3xx3", "mnk:x3x3", "mnk:3x3x"}) {
    expect_rejected(text);
  }
}

TEST(Spec, RejectsBadNumbers) {
  for (const std::string text :
       {"mnk:0x3x3",           "mnk:3x0x3",          "mnk:3x3x0",  "mnk:-3x3x3",   "mnk:3x-1x3",
        "mnk:+3x3x3",          "mnk:3x3x3.0",        "mnk:3ax3x3", "mnk:5000x3x3", "mnk:3x4097x3",
        "mnk:99999999999x3x3", "mnk:4294967299x3x3", "cube:0x3",   "cube:4x0",     "cube:4x13",
        "cube:4x3x0",          "square:0",           "square:1",   "square:-4",    "square:4097",
        "connect: 7x6x4",      "connect:7 x6x4"}) {
    expect_rejected(text);
  }
}

TEST(Spec, RejectsLinesLongerThanTheBoard) {
  for (const std::string text :
       {"mnk:3x3x4", "connect:3x2x4", "mnk:1x1x2", "cube:3x3x4", "cube:2x5x3"}) {
    expect_rejected(text);
  }
  EXPECT_NO_THROW(parse_spec("mnk:5x2x5"));  // K may equal the longer side
  EXPECT_NO_THROW(parse_spec("mnk:2x5x5"));
}

TEST(Spec, RejectsUnknownAndEmptyOptions) {
  for (const std::string text :
       {"mnk:3x3x3,misery", "mnk:3x3x3,,misere", "mnk:3x3x3,", "mnk:3x3x3, misere",
        "mnk:3x3x3,Misere", "mnk:3x3x3,p", "mnk:3x3x3,p=", "mnk:3x3x3,p=x", "mnk:3x3x3,p=2x",
        "mnk:3x3x3,r=2", "mnk:3x3x3,gravity=1", "tictactoe,", "connect4,,"}) {
    expect_rejected(text);
  }
}

TEST(Spec, RejectsStoneCountsOutOfRange) {
  for (const std::string text :
       {"mnk:3x3x3,p=0", "mnk:3x3x3,p=9", "mnk:3x3x3,p=5", "mnk:3x3x3,p=-1", "mnk:3x3x3,q=0",
        "mnk:3x3x3,q=9", "mnk:3x3x3,p=2,q=5"}) {
    expect_rejected(text);
  }
  EXPECT_NO_THROW(parse_spec("mnk:3x3x3,p=4,q=4"));
}

TEST(Spec, RejectsCylinderOffMnkAndConnectBoards) {
  for (const std::string text :
       {"cube:4x3,cylinder", "qubic,cylinder", "square:4,cylinder", "file:t.json,cylinder"}) {
    expect_rejected(text);
  }
}

TEST(Spec, RejectsFileWithoutPath) {
  expect_rejected("file:");
  expect_rejected("file:,misere");
}

TEST(Spec, ErrorMessagesNameTheProblem) {
  auto message = [](const std::string& text) {
    try {
      parse_spec(text);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  EXPECT_NE(message("chess:8x8").find("chess"), std::string::npos);
  EXPECT_NE(message("mnk:3x3").find("mnk:WxHxK"), std::string::npos);
  EXPECT_NE(message("mnk:3x3x3,,misere").find("option"), std::string::npos);
  EXPECT_NE(message("mnk:3x3x3,bogus").find("bogus"), std::string::npos);
  EXPECT_NE(message("mnk:3x3x3,p=9").find("p must be between 1 and 4"), std::string::npos);
  // Digits past an int's range are a size out of range, not "not a number".
  EXPECT_NE(message("mnk:9223372036854775808x3x3").find("must be between 1 and"), std::string::npos);
  EXPECT_NE(message("mnk:3x3x3,p=99999999999").find("p must be between 1 and 4, not 99999999999"), std::string::npos);
  EXPECT_NE(message("mnk:3x3x4").find("k = 4"), std::string::npos);
  EXPECT_NE(message("cube:4x3,cylinder").find("cylinder"), std::string::npos);
  EXPECT_NE(message("file:").find("path"), std::string::npos);
  // User text is quoted safely: control bytes come out escaped, never raw.
  const std::string control = message(std::string("mn\nk:3x3x3"));
  EXPECT_EQ(control.find('\n'), std::string::npos);
  EXPECT_NE(control.find("\\x0a"), std::string::npos) << control;
}

}  // namespace
}  // namespace kinrow
