// The playing engine (engine/engine.h) against alpha-beta: on positions alpha-beta proves
// won it keeps the win; its claims about excluded turns are re-derived; it finds the
// forced wins of the wide-board positions; it answers bad input clearly.
#include <gtest/gtest.h>

#include "cli_support.h"
#include "core/error.h"
#include "engine/engine.h"
#include "games/families.h"
#include "test_support.h"

namespace kinrow {
namespace {

// A deterministic budget: nodes, no clock.
EngineOptions node_budget(uint64_t nodes) {
  EngineOptions options;
  options.seconds = 0;
  options.nodes = nodes;
  options.table_megabytes = 4;
  return options;
}

Value value_after(Position position, const Turn& turn) {
  position.play(turn);
  if (position.over()) {
    if (position.winner() == kNoPlayer) return Value::Draw;
    return position.winner() == position.to_move() ? Value::Win : Value::Loss;
  }
  return testing::alphabeta_value(position);
}

struct KeepCase {
  const char* spec;
  int empties;  // random positions with this many empty cells
};

class EngineKeepsWins : public ::testing::TestWithParam<KeepCase> {};

// Every position alpha-beta proves won for the side to move: the engine's turn leaves
// the opponent lost; and the engine never calls a position a sure win or loss that
// alpha-beta values otherwise.
TEST_P(EngineKeepsWins, OnPositionsAlphaBetaProvesWon) {
  const KeepCase c = GetParam();
  const Game game = make_game(c.spec);
  SplitMix64 random(0x5eed ^ std::hash<std::string>{}(c.spec));
  const int positions = testing::sanitized() ? 6 : 40;
  int won = 0;
  for (int i = 0; i < positions; ++i) {
    const Position position = testing::random_position(game, c.empties, random);
    const Value value = testing::alphabeta_value(position);
    const EngineResult r = think(position, node_budget(20000));
    ASSERT_EQ(position.why_illegal(r.move), "") << c.spec << " " << format_turns(game, position.history());
    const Value after = value_after(position, r.move);
    if (value == Value::Win) {
      ++won;
      EXPECT_EQ(after, Value::Loss) << c.spec << " after " << format_turns(game, position.history()) << " the engine played "
                                    << format_turn(game, r.move) << " (" << move_source_name(r.source) << ")";
    }
    if (r.evaluation == Evaluation::AttackerWins) {
      EXPECT_EQ(value, Value::Win) << format_turns(game, position.history());
    }
    if (r.evaluation == Evaluation::DefenderWins) {
      EXPECT_EQ(value, Value::Loss) << format_turns(game, position.history());
    }
  }
  EXPECT_GT(won, 0) << "no won position met: the test would prove nothing";
}

INSTANTIATE_TEST_SUITE_P(Games, EngineKeepsWins,
                         ::testing::Values(KeepCase{"mnk:3x3x3", 6}, KeepCase{"mnk:4x4x3", 11},
                                           KeepCase{"mnk:5x5x4", 17}, KeepCase{"mnk:5x5x4,p=2,q=1", 17},
                                           KeepCase{"connect:5x4x4", 12}, KeepCase{"mnk:3x3x3,misere", 6},
                                           KeepCase{"mnk:4x4x3,maker-breaker", 10}, KeepCase{"cube:3x3", 18}),
                         [](const auto& info) { return "game" + std::to_string(info.index); });

// Forced wins on wide boards (tests/wide_board_test.cpp's positions): the engine plays a
// turn after which the winner's threats still win, and says so.
TEST(Engine, FindsTheForcedWinsOfWideBoards) {
  struct Case {
    const char* spec;
    const char* moves;
  };
  const Case cases[] = {
      {"mnk:15x15x5", "c3 b3 d3 o15 e3 m15 f4 k15 f5 i15"},
      {"mnk:15x15x5", "h12 k8 f9 d8 i4 g4 f12 k11 j6 f8 j10 d10 g9 d4 j9 k6 f6 e9 e7 a15 i8 c15"},
      {"mnk:19x19x6,p=2,q=1", "c5 s1s3 d5e5 a19c17 f2f3 q19s15 f4j9 a10s10 k9l9 a14n19"},
  };
  for (const Case& c : cases) {
    const Game game = make_game(c.spec);
    const Position position = play_moves(game, c.moves);
    const EngineResult r = think(position, node_budget(20000));
    EXPECT_EQ(r.evaluation, Evaluation::AttackerWins) << c.moves;
    EXPECT_TRUE(r.source == MoveSource::ThreatSpace || r.source == MoveSource::ProofSearch) << c.moves;
    // The opponent, to move after it, cannot escape: the engine (for him) sees a sure loss
    // or alpha-beta-free check — the winner's threats still win after his best answer.
    Position after = position;
    after.play(r.move);
    ASSERT_FALSE(after.over());
    const EngineResult answer = think(after, node_budget(20000));
    Position next = after;
    next.play(answer.move);
    if (next.over()) continue;  // he completed nothing: a full board cannot happen here
    const EngineResult finish = think(next, node_budget(20000));
    EXPECT_EQ(finish.evaluation, Evaluation::AttackerWins) << c.moves << " then " << format_turn(game, r.move) << " "
                                                           << format_turn(game, answer.move);
  }
}

// The job-level question: the best turn outside a list, or that no other turn wins / all
// others lose. Each claim is re-derived by alpha-beta on every turn outside the list.
TEST(Engine, ExcludedTurnsAndItsClaimsAboutTheOthers) {
  const Game game = make_game("mnk:4x4x3");
  SplitMix64 random(77);
  int claims = 0;
  for (int i = 0; i < (testing::sanitized() ? 6 : 30); ++i) {
    const Position position = testing::random_position(game, 11, random);
    std::vector<Turn> turns = position.legal_turns();
    // Leave out the turns alpha-beta says win (if any), and one other.
    std::vector<Turn> excluded;
    for (const Turn& t : turns)
      if (value_after(position, t) == Value::Loss) excluded.push_back(t);
    if (excluded.size() + 1 < turns.size()) excluded.push_back(turns[random.below(turns.size())]);
    EngineOptions options = node_budget(20000);
    options.excluded = excluded;
    const EngineResult r = think(position, options);
    for (const Turn& e : excluded) EXPECT_NE(r.move, e) << "played an excluded turn";
    if (r.others_do_not_win || r.others_lose) ++claims;
    for (const Turn& t : turns) {
      if (std::find(excluded.begin(), excluded.end(), t) != excluded.end()) continue;
      const Value after = value_after(position, t);
      if (r.others_do_not_win) {
        EXPECT_NE(after, Value::Loss) << "a turn outside the list wins";
      }
      if (r.others_lose) {
        EXPECT_EQ(after, Value::Win) << "a turn outside the list does not lose: " << format_turn(game, t) << " after "
                                     << format_turns(game, position.history());
      }
    }
  }
  EXPECT_GT(claims, 0) << "no claim made: the test checked nothing";
}

TEST(Engine, RefusesWhatItCannotPlay) {
  const Game game = make_game("tictactoe");
  EXPECT_THROW(think(play_moves(game, "a1 b1 a2 b2 a3"), node_budget(100)), InputError);  // over
  EngineOptions none;
  none.seconds = 0;
  EXPECT_THROW(think(Position(game), none), InputError);  // no budget
}

TEST(EngineCli, ThinkAnswersInTextAndJsonAndRejectsBadInput) {
  const testing::CliRun text = testing::kinrow("think tictactoe --moves \"b2 a1\" --nodes 5000");
  EXPECT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("move "), std::string::npos) << text.out;
  const testing::CliRun json = testing::kinrow("think connect4 --moves 4444 --nodes 5000 --json");
  EXPECT_EQ(json.status, 0) << json.err;
  EXPECT_NE(json.out.find("\"evaluation\":"), std::string::npos) << json.out;
  for (const char* bad : {"think tictactoe --moves \"a1 a1\"", "think tictactoe --time abc",
                          "think tictactoe --exclude z9", "think tictactoe --moves \"a1 b1 a2 b2 a3\""}) {
    const testing::CliRun r = testing::kinrow(bad);
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << bad << ": " << r.err;
  }
}

}  // namespace
}  // namespace kinrow
