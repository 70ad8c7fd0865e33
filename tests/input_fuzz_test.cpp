// Random bytes and near-miss strings fed to the spec and move parsers: the only thing
// that may come out is an InputError with a one-line message, never a crash, a hang or
// another exception.
#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "core/hashing.h"
#include "core/notation.h"
#include "core/spec.h"
#include "games/families.h"

namespace kinrow {
namespace {

// Runs `f`; passes if it returns or throws an InputError with a one-line message.
template <class F>
void expect_clean(F&& f, const std::string& input) {
  try {
    f();
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_FALSE(message.empty()) << input;
    EXPECT_EQ(message.find('\n'), std::string::npos) << input << " -> " << message;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "\"" << input << "\" threw a non-input error: " << e.what();
  }
}

std::string random_bytes(SplitMix64& random, std::size_t max_length) {
  std::string s(random.below(max_length + 1), '\0');
  for (char& c : s) c = static_cast<char>(random.below(256));
  return s;
}

// One random edit (insert, delete or replace a character) from an alphabet that keeps
// the string close to valid input.
std::string mutate(std::string s, SplitMix64& random) {
  static const std::string alphabet = "0123456789xX:,=-.#abcdz pqmnkconectubesquarfil";
  const int edits = 1 + static_cast<int>(random.below(3));
  for (int i = 0; i < edits; ++i) {
    const std::size_t at = s.empty() ? 0 : random.below(s.size());
    const char c = alphabet[random.below(alphabet.size())];
    switch (random.below(3)) {
      case 0: s.insert(s.begin() + static_cast<long>(at), c); break;
      case 1: if (!s.empty()) s.erase(at, 1); break;
      default: if (!s.empty()) s[at] = c;
    }
  }
  return s;
}

// Only build games small enough that a fuzzed size cannot make the test slow.
bool small_enough(const GameSpec& spec) {
  long cells = 1;
  if (spec.family == "cube")
    for (int i = 0; i < spec.params[1]; ++i) cells *= spec.params[0];
  else if (spec.family == "square") cells = 1L * spec.params[0] * spec.params[0];
  else if (spec.family != "file") cells = 1L * spec.params[0] * spec.params[1];
  return cells <= 4096;
}

TEST(InputFuzz, SpecParserTakesAnyBytes) {
  SplitMix64 random(1);
  for (int i = 0; i < 5000; ++i) {
    const std::string input = random_bytes(random, 40);
    expect_clean([&] { parse_spec(input); }, input);
  }
}

TEST(InputFuzz, SpecParserAndGeneratorsTakeNearMisses) {
  SplitMix64 random(2);
  const std::string valid[] = {"mnk:3x3x3",      "connect:7x6x4,misere", "cube:4x3",
                               "square:5",       "mnk:19x19x6,p=2,q=1",  "connect4",
                               "qubic,misere",   "connect:4x3x3,cylinder", "file:/no/such.json"};
  for (int i = 0; i < 5000; ++i) {
    const std::string input = mutate(valid[random.below(std::size(valid))], random);
    expect_clean(
        [&] {
          const GameSpec spec = parse_spec(input);
          if (small_enough(spec)) make_game(spec);
        },
        input);
  }
}

TEST(InputFuzz, MoveParserTakesAnyBytesAndNearMisses) {
  SplitMix64 random(3);
  const Game games[] = {make_game("tictactoe"), make_game("connect4"), make_game("qubic"),
                        make_game("mnk:5x5x4,p=2,q=1"), make_game("connect:12x4x4")};
  const std::string valid[] = {"b2 a1 c3", "4453", "b2:3 a1:1", "c3 b2c1 d4a4", "10,3,12,1"};
  for (int i = 0; i < 4000; ++i) {
    const std::size_t g = random.below(std::size(games));
    const std::string input = i % 2 ? random_bytes(random, 30) : mutate(valid[g], random);
    expect_clean([&] { play_moves(games[g], input); }, input);
  }
}

}  // namespace
}  // namespace kinrow
