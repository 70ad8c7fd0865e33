// Fuzzing the user-facing parsers: random bytes, random grammar-shaped specs and small
// mutations of valid specs and move strings go through parse_spec, make_game and
// play_moves. The only exception allowed out is an InputError with a non-empty one-line
// message; no crash, no hang. Accepted specs must also keep their canonical form.
// (tests/input_fuzz_test.cpp covers the same ground with another generator and seeds.)
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/hashing.h"
#include "core/notation.h"
#include "core/spec.h"
#include "games/families.h"

namespace kinrow {
namespace {

// Readable in a failure message: control bytes escaped.
std::string shown(const std::string& input) {
  return std::string("\"") + printable(input) + "\"";
}

// Runs `f`; it may return or throw an InputError with a non-empty one-line message.
// Returns whether it returned.
template <class F>
bool returns_or_input_error(const std::string& input, F&& f) {
  try {
    f();
    return true;
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_FALSE(message.empty()) << shown(input);
    EXPECT_EQ(message.find('\n'), std::string::npos) << shown(input) << " -> " << message;
    EXPECT_EQ(message.find('\r'), std::string::npos) << shown(input) << " -> " << message;
  } catch (const std::exception& e) {
    ADD_FAILURE() << shown(input) << " threw something other than InputError: " << e.what();
  } catch (...) {
    ADD_FAILURE() << shown(input) << " threw a non-exception";
  }
  return false;
}

std::string random_bytes(SplitMix64& random, std::size_t max_length) {
  std::string bytes(random.below(max_length + 1), '\0');
  for (char& c : bytes) c = static_cast<char>(random.below(256));
  return bytes;
}

// 1 to 4 random edits (insert, delete, replace), mostly with characters that keep the
// text near valid input, sometimes with any byte.
std::string mutate(std::string text, SplitMix64& random) {
  static const std::string near = "0123456789xX:,=-.#abcdhz pqmnkconectubesquarfilgvyrsd\t\n";
  const int edits = 1 + static_cast<int>(random.below(4));
  for (int i = 0; i < edits; ++i) {
    const char c = random.below(8) == 0 ? static_cast<char>(random.below(256))
                                        : near[random.below(near.size())];
    const std::size_t at = text.empty() ? 0 : random.below(text.size() + 1);
    switch (random.below(3)) {
      case 0:
        text.insert(text.begin() + static_cast<long>(at), c);
        break;
      case 1:
        if (at < text.size()) text.erase(at, 1);
        break;
      default:
        if (at < text.size()) text[at] = c;
    }
  }
  return text;
}

// Whether make_game can build this parsed spec in well under a millisecond or so: bounds
// the cells and the generators' work (cube lines are searched in (3^D - 1) / 2 directions
// from every cell; square:N has about N^3 / 3 lines). File specs are read only from our
// own temporary files, never from whatever path a mutation made up.
bool cheap_to_build(const GameSpec& spec, const std::string& own_file_prefix) {
  if (spec.family == "file") return spec.path.rfind(own_file_prefix, 0) == 0;
  if (spec.family == "square") return spec.params[0] <= 30;
  if (spec.family == "cube") {
    long work = 1;
    for (int d = 0; d < spec.params[1]; ++d) {
      work *= 3L * spec.params[0];
      if (work > 200000) return false;
    }
    return true;
  }
  return 1L * spec.params[0] * spec.params[1] <= 10000;
}

class ParserFuzz : public ::testing::Test {
 protected:
  void SetUp() override {
    prefix_ = ::testing::TempDir() + "kinrow_parser_fuzz_" + std::to_string(getpid()) + "_";
    std::ofstream(prefix_ + "ok.json") << R"({"cells": [[0,0],[1,0],[0,1],[1,1]],
                                             "lines": [[0,1],[2,3],[0,3]]})";
    std::ofstream(prefix_ + "bad.json") << R"({"cells": 3, "lines": [[0, 5]]})";
  }
  void TearDown() override {
    std::remove((prefix_ + "ok.json").c_str());
    std::remove((prefix_ + "bad.json").c_str());
  }

  // Parses `input`; if accepted, checks the canonical form is stable and, when cheap,
  // builds the game and checks it records that form.
  void check_spec(const std::string& input) {
    GameSpec spec;
    if (!returns_or_input_error(input, [&] { spec = parse_spec(input); })) return;
    const std::string canonical = format_spec(spec);
    GameSpec again;
    if (!returns_or_input_error(canonical, [&] { again = parse_spec(canonical); })) {
      ADD_FAILURE() << shown(input) << " was accepted but its canonical form " << shown(canonical)
                    << " is not";
      return;
    }
    EXPECT_EQ(format_spec(again), canonical) << shown(input);
    if (!cheap_to_build(spec, prefix_)) return;
    returns_or_input_error(input, [&] {
      const Game game = make_game(spec);
      EXPECT_EQ(game.spec, canonical) << shown(input);
    });
  }

  std::string prefix_;
};

TEST_F(ParserFuzz, SpecsOfRandomBytes) {
  SplitMix64 random(11);
  for (int i = 0; i < 3000; ++i) check_spec(random_bytes(random, 32));
  const std::string heads[] = {"mnk:", "connect:", "cube:", "square:", "file:", "tictactoe,"};
  for (int i = 0; i < 1500; ++i)
    check_spec(heads[random.below(std::size(heads))] + random_bytes(random, 16));
}

TEST_F(ParserFuzz, SpecsNearValidOnes) {
  SplitMix64 random(12);
  const std::string valid[] = {"mnk:3x3x3",
                               "connect:7x6x4,misere",
                               "cube:4x3",
                               "cube:3x3x2",
                               "square:5",
                               "mnk:19x19x6,p=2,q=1",
                               "connect4",
                               "qubic,misere",
                               "connect:4x3x3,cylinder",
                               "gomoku,maker-breaker",
                               "tic-tac-toe,p=2",
                               "connect6",
                               "mnk:7x6x4,gravity",
                               "file:" + prefix_ + "ok.json,misere",
                               "file:" + prefix_ + "bad.json",
                               "file:/no/such/file.json"};
  for (int i = 0; i < 4000; ++i) check_spec(mutate(valid[random.below(std::size(valid))], random));
}

// Specs assembled from the grammar's pieces with numbers at and past the limits.
TEST_F(ParserFuzz, SpecsFromGrammarPieces) {
  SplitMix64 random(13);
  const std::string families[] = {"mnk:", "connect:", "cube:", "square:", "file:", "chess:", ""};
  const std::string numbers[] = {"0", "1",  "2",  "3",    "4",          "5",
                                 "7", "12", "13", "4096", "4097",       "-1",
                                 "",  "+3", "03", "1e3",  "2147483648", "99999999999999999999",
                                 "x"};
  const std::string options[] = {
      "normal", "misere", "maker-breaker", "gravity", "cylinder", "p=", "q=", "", "p", "misère"};
  for (int i = 0; i < 4000; ++i) {
    std::string text = families[random.below(std::size(families))];
    const int dimensions = static_cast<int>(random.below(5));
    for (int d = 0; d < dimensions; ++d)
      text += (d ? "x" : "") + numbers[random.below(std::size(numbers))];
    const int option_count = static_cast<int>(random.below(4));
    for (int o = 0; o < option_count; ++o) {
      std::string option = options[random.below(std::size(options))];
      if (option == "p=" || option == "q=") option += numbers[random.below(std::size(numbers))];
      text += "," + option;
    }
    check_spec(text);
  }
}

TEST_F(ParserFuzz, MovesOfRandomBytesAndNearValidMoves) {
  SplitMix64 random(14);
  struct Case {
    Game game;
    std::string valid_moves;
  };
  const Case cases[] = {
      {make_game("tictactoe"), "b2 a1 c3 a3"},
      {make_game("connect4"), "4453 2"},
      {make_game("connect:12x6x4"), "10,3,12,1,11"},
      {make_game("qubic"), "b2:3 a1:1 d4:4 #17"},
      {make_game("cube:3x4"), "b2:2:2 a1:1:3"},
      {make_game("mnk:5x5x4,p=2,q=1"), "c3 b2c1 d4a4"},
      {make_game("connect:5x4x4,p=2"), "3345 11"},
      {make_game("connect:4x4x4,misere"), "1111 2222"},
      {make_game("square:5"), "a1 e5 #3"},
      {make_game("file:" + prefix_ + "ok.json,p=2,q=1"), "a1 b1a2"},
      {make_game("mnk:30x3x5"), "aa1 ad3 z2"},
  };
  for (int i = 0; i < 6000; ++i) {
    const Case& c = cases[random.below(std::size(cases))];
    std::string moves;
    switch (random.below(3)) {
      case 0:
        moves = random_bytes(random, 24);
        break;
      case 1:
        moves = mutate(c.valid_moves, random);
        break;
      default:
        moves = mutate(mutate(c.valid_moves + " " + c.valid_moves, random), random);
    }
    returns_or_input_error(moves, [&] {
      const Position position = play_moves(c.game, moves);
      // Whatever was accepted is written back in a form that is accepted again.
      const std::string written = format_turns(c.game, position.history());
      EXPECT_EQ(play_moves(c.game, written).history(), position.history())
          << c.game.spec << " " << shown(moves) << " -> " << shown(written);
    });
  }
}

// The length of the message of the InputError `f` throws (0 if it throws none).
template <class F>
std::size_t error_length(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return std::string(e.what()).size();
  }
  return 0;
}

TEST(ParserFuzzLongInput, SpecErrorsQuoteLongInputShort) {
  EXPECT_GT(error_length([] { parse_spec("mnk:" + std::string(100000, '9') + "x3x3"); }), 0u);
  EXPECT_LT(error_length([] { parse_spec("mnk:" + std::string(100000, '9') + "x3x3"); }), 400u);
  EXPECT_LT(error_length([] { parse_spec(std::string(100000, 'q')); }), 400u);
  EXPECT_LT(error_length([] { parse_spec("mnk:3x3x3," + std::string(100000, 'p')); }), 400u);
}

// A move error is one line meant for a terminal: a 100 kB token must not be echoed whole.
TEST(ParserFuzzLongInput, MoveErrorsQuoteLongInputShort) {
  const Game wide = make_game("connect:12x6x4");
  const Game tictactoe = make_game("tictactoe");
  const std::string ones(100000, '1');
  const std::string letters = std::string(100000, 'a') + "1";
  const std::string hashes = std::string("#") + std::string(100000, '9');
  EXPECT_GT(error_length([&] { play_moves(wide, ones); }), 0u);
  EXPECT_LT(error_length([&] { play_moves(wide, ones); }), 400u);
  EXPECT_LT(error_length([&] { play_moves(tictactoe, letters); }), 400u);
  EXPECT_LT(error_length([&] { play_moves(tictactoe, hashes); }), 400u);
  EXPECT_EQ(error_length([&] { play_moves(wide, std::string(100000, ',')); }), 0u);
}

}  // namespace
}  // namespace kinrow
