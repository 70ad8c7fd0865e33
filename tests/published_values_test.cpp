// kinrow's solver reproduces published values of whole games, and each value comes with
// a certificate that the independent checker accepts; a certificate with one entry
// removed, or one move changed, is rejected.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "games/families.h"
#include "core/symmetry.h"
#include "proof/checker.h"
#include "search/solver.h"
#include "test_names.h"
#include "test_support.h"

namespace kinrow {
namespace {

struct Published {
  const char* spec;
  const char* value;  // as the literature states it, for the first player
  bool heavy;  // skipped under sanitizers, where it would take minutes
};

// Sources: tic-tac-toe folklore; 4x3 and 4x4 three-in-a-row and the 4x4 draw (Uiterwijk;
// Beck); Connect Four board sizes from John Tromp's table; the square game n = 3, 4 from
// Jenrich (docs/bibliography.md).
const Published kPublished[] = {
    {"mnk:3x3x3", "draw", false},         {"mnk:4x3x3", "first-player-win", false},
    {"mnk:4x4x3", "first-player-win", false}, {"mnk:4x4x4", "draw", false},
    {"mnk:3x3x3,misere", "draw", false},  {"connect:4x4x4", "draw", false},
    {"connect:5x4x4", "draw", false},     {"connect:6x4x4", "second-player-win", false},
    {"connect:5x5x4", "draw", true},      {"connect:6x5x4", "draw", true},
    {"connect:4x6x4", "draw", false},     {"square:3", "draw", false},
    {"square:4", "draw", false},
};

using testing::sanitized;

class PublishedValue : public ::testing::TestWithParam<Published> {};

TEST_P(PublishedValue, IsReproducedBySearch) {
  const Published& p = GetParam();
  if (p.heavy && sanitized()) GTEST_SKIP() << "heavy solve, skipped under sanitizers";
  const Game game = make_game(p.spec);
  const SolveResult result = solve(Position(game), SolveOptions{});
  EXPECT_STREQ(game_value_name(result.value, 0), p.value) << p.spec;
}

TEST_P(PublishedValue, CertificateVerifiesAndTamperingIsCaught) {
  const Published& p = GetParam();
  if (p.heavy) GTEST_SKIP() << "certificate too large for the unit suite; see docs/benchmarks.md";
  const Game game = make_game(p.spec);
  SolveOptions options;
  options.certificate = true;
  const SolveResult result = solve(Position(game), options);
  ASSERT_TRUE(result.certificate.has_value());

  // Through the text form, as a user would check it.
  std::stringstream text;
  write_certificate(text, game, *result.certificate);
  const Certificate certificate = read_certificate(text, game);
  const CheckReport report = check_certificate(game, certificate);
  ASSERT_TRUE(report.ok) << p.spec << ": " << report.error;
  EXPECT_EQ(report.proves, p.value);

  // Drop the entry for the first position the holder meets: a gap.
  Certificate dropped = certificate;
  for (Strategy& s : dropped.strategies)
    if (!s.entries.empty()) {
      s.entries.erase(s.entries.begin());
      break;
    }
  EXPECT_FALSE(check_certificate(game, dropped).ok) << p.spec << ": entry removed";

  // Move the first entry's stone to another empty cell that no symmetry of the position
  // relates to it (a symmetric move would be the same strategy, rightly accepted).
  const SymmetryGroup group = automorphisms(game);
  Certificate changed = certificate;
  StrategyEntry& first = changed.strategies.front().entries.front();
  auto symmetric_to_original = [&](Cell c) {
    for (const Permutation& map : group.maps) {
      bool fixes = map[first.move[0]] == c;
      for (Cell d = 0; fixes && d < game.cell_count(); ++d) fixes = first.owner[map[d]] == first.owner[d];
      if (fixes) return true;
    }
    return false;
  };
  auto playable = [&](Cell c) {
    const Cell under = game.rules.gravity ? game.below[c] : -1;
    return first.owner[c] == kNoPlayer && (under < 0 || first.owner[under] != kNoPlayer);
  };
  Cell other = -1;
  for (Cell c = 0; c < game.cell_count(); ++c)
    if (playable(c) && !symmetric_to_original(c)) other = c;
  if (other >= 0) {
    first.move = {other};
    EXPECT_FALSE(check_certificate(game, changed).ok) << p.spec << ": move changed";
  }

  // A move onto a taken cell is always caught.
  Certificate illegal = certificate;
  for (StrategyEntry& e : illegal.strategies.front().entries) {
    const auto taken = std::find_if(e.owner.begin(), e.owner.end(), [](int8_t o) { return o != kNoPlayer; });
    if (taken == e.owner.end()) continue;
    e.move = {static_cast<Cell>(taken - e.owner.begin())};
    break;
  }
  EXPECT_FALSE(check_certificate(game, illegal).ok) << p.spec << ": move onto a taken cell";
}

INSTANTIATE_TEST_SUITE_P(Games, PublishedValue, ::testing::ValuesIn(kPublished),
    [](const auto& info) { return testing::test_name(info.param.spec); });

}  // namespace
}  // namespace kinrow
