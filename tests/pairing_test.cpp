// Pairings and matching sets (Uiterwijk): the finder, the catalogue of Table 1, plan
// certificates and their checker, and the pairing cut-off in the search.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "core/error.h"
#include "core/hashing.h"
#include "core/notation.h"
#include "games/families.h"
#include "proof/certificate.h"
#include "proof/checker.h"
#include "search/pairing.h"
#include "search/pairing_catalog.h"
#include "search/solver.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::random_position;
using testing::sanitized;

Certificate plan_certificate(const Position& position, const std::vector<std::pair<int, MatchingPlan>>& plans) {
  Certificate certificate;
  certificate.spec = position.game().spec;
  certificate.start = format_turns(position.game(), position.history());
  for (const auto& [holder, plan] : plans) {
    Strategy s;
    s.holder = holder;
    s.claim = position.game().rules.goal == Goal::MakerBreaker ? Claim::Win : Claim::NotLose;
    s.plan = plan;
    certificate.strategies.push_back(std::move(s));
  }
  return certificate;
}

// Plays the plan against random attackers: the attacker must never complete a line.
// An independent check of the checker's structural argument, by playing it out.
void play_out(const Position& start, int defender, const MatchingPlan& plan, SplitMix64& random, int games) {
  const Game& game = start.game();
  for (int i = 0; i < games; ++i) {
    Position p = start;
    std::vector<MatchingComponent> left = plan.components;
    if (p.to_move() == defender) p.play({plan.opening});
    while (!p.over()) {
      const std::vector<Turn> turns = p.legal_turns();
      const Turn attack = turns[random.below(turns.size())];
      p.play(attack);
      if (p.over()) break;
      Cell reply = follow_plan(left, attack[0]);
      ASSERT_TRUE(reply < 0 || p.owner(reply) != 1 - defender) << "the plan answers on a taken cell";
      if (reply < 0 || p.owner(reply) != kNoPlayer) {  // no answer needed: any free cell
        const std::vector<Turn> free = p.legal_turns();
        reply = free[random.below(free.size())][0];
      }
      p.play({reply});
    }
    ASSERT_NE(p.winner(), 1 - defender) << game.spec << " after " << format_turns(game, p.history());
  }
}

TEST(HalesJewett, ProvesEveryNxNxNBoardFromFiveToTwelveADraw) {
  for (int n = 5; n <= 12; ++n) {
    const Game game = make_game("mnk:" + std::to_string(n) + "x" + std::to_string(n) + "x" + std::to_string(n));
    const Position empty(game);
    std::vector<std::pair<int, MatchingPlan>> plans;
    for (int defender = 0; defender < 2; ++defender) {
      const auto proof = prove_defence(empty, defender, PairingMode::HalesJewett);
      ASSERT_TRUE(proof) << game.spec << " defender " << defender;
      EXPECT_EQ(proof->plan.pairs(), proof->plan.components.size()) << "plain pairs only";
      EXPECT_EQ(proof->plan.opening >= 0, defender == 0);
      plans.emplace_back(defender, proof->plan);
    }
    const CheckReport report = check_certificate(game, plan_certificate(empty, plans));
    EXPECT_TRUE(report.ok) << report.error;
    EXPECT_EQ(report.proves, "draw") << game.spec;
  }
}

TEST(HalesJewett, FindsNoPairingWhereCellsRunShort) {
  // Tic-tac-toe: 8 lines need 16 cells; 4x4x4: 10 lines, 16 cells, but the second player
  // cannot pair them (the paper's point).
  for (const char* spec : {"mnk:3x3x3", "mnk:4x4x4"}) {
    const Game game = make_game(spec);
    EXPECT_FALSE(prove_defence(Position(game), 1, PairingMode::HalesJewett)) << spec;
  }
}

TEST(HalesJewett, CoversOnlyTheLinesThroughAZoneWhenAskedTo) {
  const Game game = make_game("mnk:3x3x3");
  const Position empty(game);
  const std::vector<Cell> zone = {parse_cell(game, "a1")};
  const std::vector<Group> near = attacker_groups(empty, 1, &zone);
  EXPECT_EQ(near.size(), 3u);  // the row, the column and the diagonal through a1
  PairingFinder finder;
  std::vector<std::pair<Cell, Cell>> pairs;
  ASSERT_TRUE(finder.pair(near, &pairs));
  for (const Group& g : near)  // each line holds one of the pairs
    EXPECT_TRUE(std::any_of(pairs.begin(), pairs.end(), [&](const auto& p) {
      return std::count(g.begin(), g.end(), p.first) && std::count(g.begin(), g.end(), p.second);
    }));
  EXPECT_FALSE(finder.pair(attacker_groups(empty, 1)));
  EXPECT_FALSE(finder.core().empty()) << "a Hall violator names where pairs run short";
}

TEST(SetMatching, ProvesTheEmptyFourByFourBoardADrawWithoutSearch) {
  const Game game = make_game("mnk:4x4x4");
  const Position empty(game);
  const auto second = prove_defence(empty, 1, PairingMode::Matching);
  const auto first = prove_defence(empty, 0, PairingMode::Matching);
  ASSERT_TRUE(second);
  ASSERT_TRUE(first);
  EXPECT_LT(second->plan.pairs(), second->plan.components.size()) << "needs a matching set";
  const Certificate certificate = plan_certificate(empty, {{0, first->plan}, {1, second->plan}});
  std::ostringstream text;
  write_certificate(text, game, certificate);
  std::istringstream in(text.str());
  const CheckReport report = check_certificate(game, read_certificate(in, game));
  EXPECT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.proves, "draw");
  SplitMix64 random(7);
  play_out(empty, 1, second->plan, random, sanitized() ? 200 : 2000);
  play_out(empty, 0, first->plan, random, sanitized() ? 200 : 2000);
}

// Uiterwijk's Table 1: each configuration on a position holding it and nothing simpler.
class Configurations : public ::testing::TestWithParam<std::size_t> {};

TEST_P(Configurations, PlainPairingFailsAndSetMatchingNeedsThePapersMarkers) {
  const Configuration& c = matching_configurations()[GetParam()];
  const ConfigurationExample example = configuration_example(c);
  const Position position = play_moves(example.game, example.moves);
  ASSERT_EQ(position.to_move(), 0) << "Black (the first player) to move";
  EXPECT_FALSE(prove_defence(position, 1, PairingMode::HalesJewett)) << c.name;
  const auto proof = prove_defence(position, 1, PairingMode::Matching, 1);
  ASSERT_TRUE(proof) << c.name;
  EXPECT_EQ(proof->plan.markers(), static_cast<std::size_t>(c.markers)) << c.name;
  ASSERT_EQ(proof->plan.components.size(), 1u) << c.name;
  const auto guarded = guarded_groups(proof->plan.components[0], attacker_groups(position, 1));
  EXPECT_EQ(guarded.size(), c.groups.size()) << c.name;
  EXPECT_EQ(recognise(proof->plan.components[0].markers, guarded), c.name);
  const CheckReport report = check_certificate(example.game, plan_certificate(position, {{1, proof->plan}}));
  EXPECT_TRUE(report.ok) << c.name << ": " << report.error;
  SplitMix64 random(GetParam());
  play_out(position, 1, proof->plan, random, 300);

  uint64_t nodes[3];
  const PairingMode modes[3] = {PairingMode::Off, PairingMode::HalesJewett, PairingMode::Matching};
  for (int i = 0; i < 3; ++i) {
    SolveOptions options;
    options.pairing = modes[i];
    const SolveResult r = solve(position, options);
    EXPECT_EQ(r.value, Value::Draw) << c.name;
    nodes[i] = r.value_nodes;
  }
  EXPECT_LE(nodes[2], nodes[1]) << c.name << ": set matching needs no more nodes than plain pairing";
  EXPECT_LE(nodes[1], nodes[0]) << c.name;
}

INSTANTIATE_TEST_SUITE_P(Table1, Configurations,
                         ::testing::Range<std::size_t>(0, matching_configurations().size()),
                         [](const auto& info) {
                           std::string name;
                           for (char ch : matching_configurations()[info.param].name)
                             if (std::isalnum(static_cast<unsigned char>(ch))) name += ch;
                           return name;
                         });

TEST(PlanChecker, RejectsBrokenPlans) {
  const Game game = make_game("mnk:4x4x4");
  const Position empty(game);
  const auto proof = prove_defence(empty, 1, PairingMode::Matching);
  ASSERT_TRUE(proof);
  auto rejects = [&](MatchingPlan plan, const std::string& what) {
    const CheckReport r = check_certificate(game, plan_certificate(empty, {{1, plan}}));
    EXPECT_FALSE(r.ok) << what;
    return r.error;
  };
  EXPECT_TRUE(check_certificate(game, plan_certificate(empty, {{1, proof->plan}})).ok);

  MatchingPlan dropped = proof->plan;  // one component less: some line is unguarded
  dropped.components.pop_back();
  EXPECT_NE(rejects(dropped, "dropped component").find("guards"), std::string::npos);

  MatchingPlan opening = proof->plan;  // the second player is not to move
  opening.opening = 5;
  rejects(opening, "opening out of turn");

  for (std::size_t i = 0; i < proof->plan.components.size(); ++i) {
    if (proof->plan.components[i].is_pair()) continue;
    MatchingPlan wrong = proof->plan;  // a reply outside the component's markers
    auto& covering = wrong.components[i].coverings[0];
    covering.reply = covering.attack;
    rejects(wrong, "reply = attack");
    MatchingPlan missing = proof->plan;  // a marker without a covering
    missing.components[i].coverings.pop_back();
    rejects(missing, "missing covering");
    MatchingPlan weak = proof->plan;  // every sub-plan emptied: lines go unguarded
    for (auto& k : weak.components[i].coverings) k.then.clear();
    rejects(weak, "empty sub-plans");
  }

  // A plan on a taken cell, and a plan claiming a win in a normal game.
  const Position after = play_moves(game, "a1");
  const auto later = prove_defence(after, 1, PairingMode::Matching);
  ASSERT_TRUE(later);
  MatchingPlan taken = later->plan;
  taken.components.push_back(make_pair_component(parse_cell(game, "a1"), parse_cell(game, "b2")));
  EXPECT_FALSE(check_certificate(game, plan_certificate(after, {{1, taken}})).ok);
  Certificate win = plan_certificate(empty, {{1, proof->plan}});
  win.strategies[0].claim = Claim::Win;
  EXPECT_FALSE(check_certificate(game, win).ok);
}

TEST(PlanChecker, ReadsAndRejectsPlanText) {
  const Game game = make_game("mnk:4x4x4");
  auto read = [&](const std::string& body) {
    std::istringstream in("kinrow-certificate 1\ngame mnk:4x4x4\nstrategy second at-least-draw matching\n" + body);
    return read_certificate(in, game);
  };
  const Certificate c = read("[a1 b1 c1 | a1->b1 {} b1->a1 {} c1->a1 {}]\n(a2,b2)\n");
  ASSERT_TRUE(c.strategies[0].plan);
  EXPECT_EQ(c.strategies[0].plan->components.size(), 2u);
  EXPECT_TRUE(c.strategies[0].plan->components[1].is_pair());
  EXPECT_THROW(read("(a1,z9)\n"), InputError);
  EXPECT_THROW(read("[a1 b1 | a1->b1 {}\n"), InputError);
  EXPECT_THROW(read("(a1 b1)\n"), InputError);
  EXPECT_FALSE(check_certificate(game, c).ok);  // it guards almost nothing
}

// Shared pairs (one pair for every line through both its cells) prove draws plain
// pairings cannot: on 7x7 with six in a row the second player pairs from the empty board
// and the first after one stone. The plan checker, which knows nothing of how the pairs
// were found, accepts both plans.
TEST(SharedPairing, ProvesDrawsPlainPairingsCannot) {
  const Game game = make_game("mnk:7x7x6");
  const Position empty(game);
  EXPECT_FALSE(prove_defence(empty, 1, PairingMode::HalesJewett));
  std::vector<std::pair<int, MatchingPlan>> plans;
  for (int defender : {0, 1}) {
    const auto proof = prove_defence(empty, defender, PairingMode::Shared);
    ASSERT_TRUE(proof) << "defender " << defender;
    EXPECT_EQ(proof->plan.opening >= 0, defender == 0);
    plans.emplace_back(defender, proof->plan);
  }
  const CheckReport report = check_certificate(game, plan_certificate(empty, plans));
  EXPECT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.proves, "draw");
  SplitMix64 random(9);
  play_out(empty, 1, plans[1].second, random, 200);
  // A pair moved so it no longer lies on a line with its partner leaves lines unguarded.
  MatchingPlan broken = plans[1].second;
  std::swap(broken.components[0].markers[1], broken.components[1].markers[1]);
  broken.components[0] = make_pair_component(broken.components[0].markers[0], broken.components[0].markers[1]);
  broken.components[1] = make_pair_component(broken.components[1].markers[0], broken.components[1].markers[1]);
  EXPECT_FALSE(check_certificate(game, plan_certificate(empty, {{1, broken}})).ok);
}

TEST(PairingCutoff, NeverChangesASolvedValue) {
  const char* specs[] = {"mnk:3x3x3", "mnk:4x3x3", "mnk:4x4x3", "mnk:4x4x4", "mnk:5x4x4",
                         "mnk:4x4x4,maker-breaker", "mnk:3x3x3,maker-breaker", "square:4"};
  SplitMix64 random(2026);
  for (const char* spec : specs) {
    const Game game = make_game(spec);
    const int samples = sanitized() ? 4 : 40;
    // The matching search for a plan that does not exist grows fast with the empty cells:
    // one position of 4x4 of three with 13 took 18 s of the sanitized run's 22.
    const int spread = sanitized() ? 7 : 10;
    for (int i = 0; i < samples; ++i) {
      const int empties = 4 + static_cast<int>(random.below(std::min(game.cell_count() - 3, spread)));
      const Position p = random_position(game, empties, random);
      int score[4];
      const PairingMode modes[4] = {PairingMode::Off, PairingMode::HalesJewett, PairingMode::Matching,
                                    PairingMode::Shared};
      for (int m = 0; m < 4; ++m) {
        SolveOptions options;
        options.pairing = modes[m];
        options.table_megabytes = 4;
        score[m] = solve(p, options).score;
      }
      for (int m = 1; m < 4; ++m)
        EXPECT_EQ(score[0], score[m]) << spec << " after " << format_turns(game, p.history()) << " ("
                                      << pairing_mode_name(modes[m]) << ")";

      // Any plan found here holds up: the checker accepts it and play cannot break it.
      for (int defender = 0; defender < 2; ++defender) {
        const auto proof = prove_defence(p, defender, PairingMode::Matching, 1);
        if (!proof) continue;
        const CheckReport r = check_certificate(game, plan_certificate(p, {{defender, proof->plan}}));
        EXPECT_TRUE(r.ok) << spec << ": " << r.error;
        play_out(p, defender, proof->plan, random, 20);
        if (game.rules.goal == Goal::MakerBreaker) continue;
        EXPECT_GE(defender == p.to_move() ? score[0] : -score[0], 0) << spec << ": a plan for a loser";
      }
    }
  }
}

}  // namespace
}  // namespace kinrow
