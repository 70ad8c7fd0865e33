// kinrow match (engine/match.h): the Elo arithmetic against values worked by hand, small
// matches in process and against `kinrow pbrain` as a child process, and external
// engines that cannot start, crash, hang or write garbage: each loses its games with the
// reason said, and the match goes on.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "cli_support.h"
#include "engine/elo.h"
#include "engine/match.h"
#include "games/families.h"
#include "test_support.h"

namespace kinrow {
namespace {

TEST(Elo, FromScore) {
  EXPECT_NEAR(elo_from_score(0.75), 190.8485, 1e-3);  // -400 log10(1/3)
  EXPECT_NEAR(elo_from_score(0.25), -190.8485, 1e-3);
  EXPECT_EQ(elo_from_score(0.5), 0);
  EXPECT_TRUE(std::isinf(elo_from_score(1)) && elo_from_score(1) > 0);
  EXPECT_TRUE(std::isinf(elo_from_score(0)) && elo_from_score(0) < 0);
}

// Eight games, four pairs: WL, WW, DD, WD. Worked by hand (and in a calculator):
// score 11/16; pairs' means 1/2, 1, 1/2, 3/4, their spread sqrt(0.04296875) = 0.20729,
// standard error 0.10365, the interval's scores 0.48436 .. 0.89064.
TEST(Elo, PentanomialIntervalFromThePairs) {
  const std::vector<double> points = {1, 0, 1, 1, 0.5, 0.5, 1, 0.5};
  const std::array<int, 5> pairs = pentanomial(points);
  EXPECT_EQ(pairs, (std::array<int, 5>{0, 0, 2, 1, 1}));
  const EloEstimate paired = estimate_elo(points, true);
  EXPECT_TRUE(paired.paired);
  EXPECT_DOUBLE_EQ(paired.score, 0.6875);
  EXPECT_NEAR(paired.elo, 136.969, 1e-3);
  EXPECT_NEAR(paired.low, -10.871, 1e-3);
  EXPECT_NEAR(paired.high, 364.337, 1e-3);
  EXPECT_NEAR(paired.margin, (364.337 + 10.871) / 2, 1e-3);
  EXPECT_NEAR(paired.superiority, 0.96478, 1e-4);
  // The same games as independent ones: per-game spread sqrt(0.16015625), a wider interval.
  const EloEstimate single = estimate_elo(points, false);
  EXPECT_FALSE(single.paired);
  EXPECT_NEAR(single.elo, 136.969, 1e-3);
  EXPECT_NEAR(single.low, -37.415, 1e-3);
  EXPECT_NEAR(single.high, 445.749, 1e-3);
  // An odd count cannot be paired.
  EXPECT_FALSE(estimate_elo({1, 0, 1}, true).paired);
}

TEST(Elo, EvenAndOneSidedScores) {
  const EloEstimate even = estimate_elo({1, 0, 0.5, 0.5, 0, 1}, true);  // every pair 1-1
  EXPECT_EQ(even.elo, 0);
  EXPECT_EQ(even.margin, 0);  // the pairs do not vary: the model sees no noise
  EXPECT_EQ(even.superiority, 0.5);
  const EloEstimate all_won = estimate_elo({1, 1, 1, 1}, true);
  EXPECT_TRUE(std::isinf(all_won.elo) && all_won.elo > 0);
  EXPECT_EQ(all_won.superiority, 1);
  const EloEstimate none = estimate_elo({}, true);
  EXPECT_EQ(none.games, 0);
  EXPECT_TRUE(std::isinf(none.margin));
}

PlayerSpec kinrow_nodes(const std::string& name, uint64_t nodes, bool proofs = true) {
  PlayerSpec spec;
  spec.name = name;
  spec.budget.seconds = 0;
  spec.budget.nodes = nodes;
  spec.budget.proofs = proofs;
  spec.budget.table_megabytes = 4;
  return spec;
}

TEST(Match, TicTacToeBetweenGoodPlayersIsAllDraws) {
  const Game game = make_game("tictactoe");
  MatchOptions options;
  options.games = testing::sanitized() ? 2 : 6;
  options.openings.check_nodes = 500;
  int reported = 0;
  const MatchResult r = play_match(game, kinrow_nodes("A", 2000), kinrow_nodes("B", 2000), options,
                                   [&](const GameRecord&, int finished) { EXPECT_EQ(finished, ++reported); });
  EXPECT_EQ(reported, options.games);
  ASSERT_EQ(static_cast<int>(r.games.size()), options.games);
  for (const GameRecord& g : r.games) {
    EXPECT_EQ(g.winner, -1) << g.reason;
    EXPECT_EQ(g.reason, "board full");
    EXPECT_EQ(g.turns.size(), 9u);
    EXPECT_EQ(g.a_first, g.index % 2 == 0);
    EXPECT_EQ(g.opening, g.index / 2 % static_cast<int>(r.openings.openings.size()));
    // The game starts with its opening's turns.
    const std::vector<Turn>& opening = r.openings.openings[static_cast<std::size_t>(g.opening)].turns;
    EXPECT_EQ(std::vector<Turn>(g.turns.begin(), g.turns.begin() + static_cast<std::ptrdiff_t>(opening.size())), opening);
  }
  const Tally t = tally(r.games, 0);
  EXPECT_EQ(t.draws, options.games);
  EXPECT_EQ(r.elo.elo, 0);
  EXPECT_TRUE(r.elo.paired);
}

TEST(Match, OpeningsAreDistinctJudgedEvenAndReproducible) {
  const Game game = make_game("mnk:9x9x5");
  OpeningOptions options;
  options.count = 4;
  options.seed = 7;
  options.check_nodes = 500;
  const OpeningSet one = make_openings(game, options), two = make_openings(game, options);
  ASSERT_EQ(one.openings.size(), 4u);
  EXPECT_EQ(one.distinct, 4);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(one.openings[i].turns, two.openings[i].turns);
    EXPECT_EQ(one.openings[i].turns.size(), 2u);  // 81 cells: two turns
    const Evaluation e = one.openings[i].evaluation;
    EXPECT_TRUE(e == Evaluation::Stable || e == Evaluation::Unstable1 || e == Evaluation::Unstable2 ||
                e == Evaluation::Attacker1 || e == Evaluation::Defender1)
        << evaluation_name(e);
    for (std::size_t j = 0; j < i; ++j) EXPECT_NE(one.openings[i].turns, one.openings[j].turns);
  }
  options.seed = 8;
  EXPECT_NE(make_openings(game, options).openings[0].turns, one.openings[0].turns);
}

PlayerSpec external(const std::string& name, std::vector<std::string> command, double seconds, double grace) {
  PlayerSpec spec;
  spec.name = name;
  spec.command = std::move(command);
  spec.budget.seconds = seconds;
  spec.grace_seconds = grace;
  return spec;
}

TEST(Match, AgainstKinrowPbrainAsAChildProcess) {
  const Game game = make_game("mnk:9x9x5");
  MatchOptions options;
  options.games = testing::sanitized() ? 1 : 2;
  options.openings.check_nodes = 500;
  // A generous grace: the child's time on a loaded machine is not what is tested.
  const PlayerSpec brain = external("B", {KINROW_BINARY, "pbrain"}, 0.05, testing::sanitized() ? 60 : 10);
  const MatchResult r = play_match(game, kinrow_nodes("A", 3000), brain, options);
  ASSERT_EQ(static_cast<int>(r.games.size()), options.games);
  for (const GameRecord& g : r.games) {
    EXPECT_EQ(g.reason.find("forfeits"), std::string::npos) << g.reason;
    EXPECT_GT(g.moves[1], 0);  // the brain played
    // The game was played to its end by the rules.
    Position position(game);
    for (const Turn& t : g.turns) {
      ASSERT_EQ(position.why_illegal(t), "");
      position.play(t);
    }
    EXPECT_TRUE(position.over());
  }
}

// B is a broken engine; every game is A's, with the reason.
void expect_b_forfeits(const std::vector<std::string>& command, const std::string& reason, double seconds = 0.05,
                       double grace = 5) {
  const Game game = make_game("mnk:7x7x4");
  MatchOptions options;
  options.games = 2;
  options.openings.check_nodes = 300;
  const MatchResult r = play_match(game, kinrow_nodes("A", 300), external("B", command, seconds, grace), options);
  ASSERT_EQ(r.games.size(), 2u);
  for (const GameRecord& g : r.games) {
    EXPECT_EQ(g.winner, 0) << g.reason;
    EXPECT_EQ(g.reason.rfind("B forfeits: ", 0), 0u) << g.reason;
    EXPECT_NE(g.reason.find(reason), std::string::npos) << g.reason;
  }
  EXPECT_TRUE(std::isinf(r.elo.elo));
}

TEST(Match, AnEngineThatCannotStartLoses) {
  expect_b_forfeits({"/nonexistent/kinrow-brain"}, "cannot run \"/nonexistent/kinrow-brain\": No such file or directory");
}

TEST(Match, AnEngineThatCrashesLoses) {
  expect_b_forfeits({"sh", "-c", "exit 3"}, "crashed: exited with status 3");
  // Mid-game, after its INFO lines and first command, with a word on standard error.
  expect_b_forfeits({"sh", "-c", "read l; echo OK; read a; read b; read c; echo dying >&2; exit 5"},
                    "crashed: exited with status 5 (its last words: \"dying\")");
  expect_b_forfeits({"sh", "-c", "read l; echo OK; read a; read b; read c; kill -SEGV $$"}, "killed by signal 11");
}

TEST(Match, AnEngineThatWritesGarbageOrRefusesLoses) {
  expect_b_forfeits({"sh", "-c", "read l; echo OK; while read l; do echo banana; done"},
                    "answered \"banana\", not a turn of X,Y pairs");
  expect_b_forfeits({"sh", "-c", "read l; echo OK; while read l; do echo ERROR no idea; done"},
                    "answered \"ERROR no idea\"");
  expect_b_forfeits({"sh", "-c", "read l; echo 'ERROR size'"}, "answered START 7 with \"ERROR size\"");
  // A cell off the board.
  expect_b_forfeits({"sh", "-c", "read l; echo OK; while read l; do echo 9,9; done"}, "played 9,9, off the 7x7 board");
}

TEST(Match, AnEngineThatHangsLosesOnTime) {
  // Answers START, then never a move: it forfeits after time + grace, and is killed
  // with its child (sleep), so nothing is left running.
  expect_b_forfeits({"sh", "-c", "read l; echo OK; sleep 600"}, "no answer within 0.25 s", 0.05, 0.2);
}

TEST(MatchCli, BadInputIsOneLineAndExitTwo) {
  for (const char* arguments :
       {"match tictactoe --games 0", "match tictactoe --a time=abc", "match tictactoe --a speed=3",
        "match tictactoe --a nodes", "match connect4 --a-command sh", "match tictactoe --a nodes=10 --a-command sh",
        "match tictactoe --b proofs=off --b-command sh", "match tictactoe --a-command \"sh -c 'exit\"",
        "match nosuchgame"}) {
    const testing::CliRun run = testing::kinrow(arguments);
    EXPECT_EQ(run.status, 2) << arguments;
    EXPECT_TRUE(run.out.empty()) << arguments;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << arguments << ": " << run.err;
    EXPECT_EQ(run.err.rfind("kinrow match: ", 0), 0u) << run.err;
  }
}

TEST(MatchCli, JsonAndTables) {
  const testing::CliRun json = testing::kinrow("match tictactoe --games 2 --a nodes=1000 --b nodes=1000,proofs=off --json");
  ASSERT_EQ(json.status, 0) << json.err;
  const auto out = nlohmann::json::parse(json.out);
  ASSERT_EQ(out["games"].size(), 2u);
  EXPECT_EQ(out["games"][0]["first"], "A");
  EXPECT_EQ(out["games"][1]["first"], "B");
  EXPECT_EQ(out["games"][0]["opening"], out["games"][1]["opening"]);
  EXPECT_EQ(out["elo"]["model"], "pentanomial");
  // A progress line a game on standard error.
  EXPECT_NE(json.err.find("[2/2] game "), std::string::npos) << json.err;
  const testing::CliRun text = testing::kinrow("match tictactoe --games 2 --a nodes=1000 --b nodes=1000 --quiet");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_TRUE(text.err.empty());
  EXPECT_NE(text.out.find("Elo A - B    +0.0"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("total"), std::string::npos);
}

}  // namespace
}  // namespace kinrow
