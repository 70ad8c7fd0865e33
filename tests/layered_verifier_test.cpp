// The two strategy verifiers, layered (the default) and depth first, against each other:
// they must walk the same positions, so every count agrees, and a counterexample or drawn
// game either reports must be a real game that ends as it says.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/error.h"
#include "core/position.h"
#include "games/families.h"
#include "strategy/verifier.h"

namespace kinrow {
namespace {

struct Case {
  const char* spec;
  const char* strategy;
  int player;
  bool relaxed = false;
};

// Claims that hold and claims that do not, on plain boards, an annulus, height 1 and the
// relaxed game, with symmetric strategies (take-even: the games found are then rebuilt to
// a mirror image's representative) and strategies that are not.
const Case kCases[] = {
    {"connect:6x4x3,misere", "take-even", 1},
    {"connect:5x4x4,misere,cylinder", "take-even", 1},
    {"connect:3x6x4,misere", "take-even", 1},  // narrower than k: drawn games, mirror images merged
    {"connect:7x5x4,misere", "delayed-take-even", 0},
    {"connect:6x5x3,misere", "delayed-take-even", 1},
    {"connect:6x5x3,misere", "delayed-take-even", 0},  // no claim: it fails
    {"connect:7x5x4,misere", "delayed-take-even", 1},  // no claim: it fails
    {"connect:8x3x2,misere", "delayed-take-even", 1},
    {"connect:10x1x3,misere", "take-other-rightmost", 0},
    {"connect:11x1x4,misere", "take-other-rightmost", 1},
    {"connect:9x1x2,misere", "tally", 1},
    {"connect:6x1x2,misere", "tally", 0},
    {"connect:7x1x2,misere", "tally", 1, true},  // the relaxed game: it fails
    {"connect:10x1x3,misere", "canonical-boards", 0, true},
    {"connect:3x7x4,misere", "play-on-top", 0},
    {"connect:2x6x3,misere", "play-on-top", 1},
};

StrategyVerification run(const Case& c, bool depth_first, int threads = 0, uint64_t max_positions = 0,
                         const std::string& checkpoint = "") {
  VerifyOptions options;
  options.checkpoint = checkpoint;
  options.relaxed = c.relaxed;
  options.depth_first = depth_first;
  options.threads = threads;
  options.max_positions = max_positions;
  return verify_strategy(make_game(c.spec), find_strategy(c.strategy), c.player, options);
}

// Plays `moves` from the empty board; they must be legal. The position reached.
Position replay(const Game& game, const std::vector<Cell>& moves) {
  Position position(game);
  for (Cell m : moves) {
    EXPECT_EQ(position.why_illegal({m}), "") << game.spec;
    if (!position.why_illegal({m}).empty()) break;
    position.play({m});
  }
  return position;
}

TEST(LayeredVerifier, WalksTheSamePositionsAsTheDepthFirstOne) {
  int failed = 0, held = 0;
  for (const Case& c : kCases) {
    const StrategyVerification layered = run(c, false), deep = run(c, true);
    const std::string what = std::string(c.spec) + " " + c.strategy + " player " + std::to_string(c.player + 1);
    ASSERT_TRUE(layered.complete && deep.complete) << what;
    EXPECT_EQ(layered.guarantee, deep.guarantee) << what;
    if (layered.guarantee == Guarantee::None) {
      // The depth-first walk stops at the first loss it meets; the layered one at the end
      // of the first layer with one, so its game is a shortest one.
      ++failed;
      EXPECT_FALSE(layered.failure.empty()) << what;
      EXPECT_LE(layered.counterexample.size(), deep.counterexample.size()) << what;
      continue;
    }
    ++held;
    EXPECT_EQ(layered.positions, deep.positions) << what;
    EXPECT_EQ(layered.opponent_moves, deep.opponent_moves) << what;
    EXPECT_EQ(layered.games_ended, deep.games_ended) << what;
    EXPECT_GT(layered.positions, 0u) << what;
  }
  EXPECT_EQ(failed, 3);
  EXPECT_EQ(held, 13);
}

TEST(LayeredVerifier, ItsGamesAreRealAndEndAsReported) {
  for (const Case& c : kCases) {
    if (c.relaxed) continue;  // a relaxed game is not a game of the rules Position plays
    const Game game = make_game(c.spec);
    const StrategyVerification v = run(c, false);
    const std::string what = std::string(c.spec) + " " + c.strategy;
    if (v.guarantee == Guarantee::None) {
      const Position end = replay(game, v.counterexample);
      // Lost: the game is over and the holder is not the winner; or the strategy had no move.
      if (end.over()) {
        EXPECT_EQ(end.winner(), 1 - c.player) << what;
      } else {
        EXPECT_NE(v.failure.find("no move"), std::string::npos) << what << ": " << v.failure;
      }
    } else if (v.guarantee == Guarantee::NotLose) {
      const Position end = replay(game, v.drawn_game);
      EXPECT_TRUE(end.over()) << what;
      EXPECT_EQ(end.winner(), kNoPlayer) << what;
      EXPECT_EQ(static_cast<int>(v.drawn_game.size()), game.cell_count()) << what;
    }
  }
}

TEST(LayeredVerifier, ThreadsDoNotChangeTheAnswer) {
  for (const Case& c : kCases) {
    const StrategyVerification one = run(c, false, 1), three = run(c, false, 3);
    EXPECT_EQ(one.guarantee, three.guarantee) << c.spec;
    EXPECT_EQ(one.positions, three.positions) << c.spec;
    EXPECT_EQ(one.games_ended, three.games_ended) << c.spec;
    EXPECT_EQ(one.counterexample, three.counterexample) << c.spec;
    EXPECT_EQ(one.failure, three.failure) << c.spec;
    EXPECT_EQ(one.drawn_game, three.drawn_game) << c.spec;
  }
}

TEST(LayeredVerifier, StopsIncompleteAtThePositionLimit) {
  const Case c{"connect:7x6x4,misere", "take-even", 1};
  const StrategyVerification cut = run(c, false, 2, 1000);
  EXPECT_FALSE(cut.complete);
  // The limit is checked as positions are found and again when a layer is done, so the
  // walk stops within the layer that passes it.
  EXPECT_LE(cut.positions, 1000u + 1000u);
  EXPECT_TRUE(run(c, false, 2).complete);
}

std::string checkpoint_path(const char* name) {
  return ::testing::TempDir() + "kinrow_checkpoint_" + name + "_" + std::to_string(::getpid());
}

// A walk stopped part way (at a position limit, as a killed run would be) and resumed from
// its checkpoint ends exactly as one uninterrupted walk: the same counts, the same game.
TEST(LayeredVerifier, ResumesFromACheckpointToTheSameAnswer) {
  const Case cases[] = {
      {"connect:7x5x4,misere", "delayed-take-even", 0},  // a win
      {"connect:3x6x4,misere", "take-even", 1},          // at least a draw
      {"connect:7x5x4,misere", "delayed-take-even", 1},  // a loss, found after the resumption
      {"connect:10x1x3,misere", "take-other-rightmost", 0},
  };
  const std::string path = checkpoint_path("resume");
  for (const Case& c : cases) {
    const std::string what = std::string(c.spec) + " " + c.strategy + " player " + std::to_string(c.player + 1);
    const StrategyVerification whole = run(c, false, 2);
    std::filesystem::remove(path);
    const StrategyVerification cut = run(c, false, 2, whole.positions / 2, path);
    ASSERT_FALSE(cut.complete) << what;
    ASSERT_TRUE(std::filesystem::exists(path)) << what;
    // Resumed twice over: once more stopped, then to the end, on another number of threads.
    const StrategyVerification again = run(c, false, 1, whole.positions * 3 / 4, path);
    EXPECT_GT(again.resumed_positions, 0u) << what;
    const StrategyVerification resumed = run(c, false, 3, 0, path);
    ASSERT_TRUE(resumed.complete) << what;
    EXPECT_GE(resumed.resumed_positions, again.resumed_positions) << what;
    EXPECT_EQ(resumed.guarantee, whole.guarantee) << what;
    EXPECT_EQ(resumed.positions, whole.positions) << what;
    if (whole.guarantee != Guarantee::None) {  // a loss ends the walk with its layer half expanded
      EXPECT_EQ(resumed.opponent_moves, whole.opponent_moves) << what;
      EXPECT_EQ(resumed.games_ended, whole.games_ended) << what;
    }
    EXPECT_EQ(resumed.counterexample, whole.counterexample) << what;
    EXPECT_EQ(resumed.failure, whole.failure) << what;
    EXPECT_EQ(resumed.drawn_game, whole.drawn_game) << what;
    EXPECT_FALSE(std::filesystem::exists(path)) << what << ": a finished walk removes its checkpoint";
  }
}

TEST(LayeredVerifier, RefusesACheckpointOfAnotherVerificationOrADamagedOne) {
  const std::string path = checkpoint_path("refuse");
  std::filesystem::remove(path);
  const Case c{"connect:7x6x4,misere", "take-even", 1};
  ASSERT_FALSE(run(c, false, 2, 1000, path).complete);
  const Case other{"connect:7x6x4,misere", "take-even", 1, true};  // the relaxed game is another verification
  EXPECT_THROW(run(other, false, 2, 0, path), InputError);
  EXPECT_THROW(run({"connect:8x6x4,misere", "take-even", 1}, false, 2, 0, path), InputError);

  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 3);  // cut short
  EXPECT_THROW(run(c, false, 2, 0, path), InputError);
  std::ofstream(path) << "not a checkpoint\n";
  EXPECT_THROW(run(c, false, 2, 0, path), InputError);

  // A hand-made checkpoint (from an audit) with no layer left to expand: it would end the
  // walk as verified with nothing checked, where the strategy loses.
  std::ofstream(path) << "kinrow layered verification checkpoint 1\n"
                         "identity connect:8x5x4,misere strategy delayed-take-even player 1 keys 1x0\n"
                         "holder-moves 1\npositions 0\nreplies 0\ngame-ends 0\nseconds 0\nkey-words 1\nlayer-words 0\n";
  const Case loses{"connect:8x5x4,misere", "delayed-take-even", 0};
  EXPECT_NE(run(loses, false, 1).guarantee, Guarantee::Win);
  try {
    run(loses, false, 1, 0, path);
    ADD_FAILURE() << "an empty checkpoint was resumed";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("holds no positions"), std::string::npos) << e.what();
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace kinrow
