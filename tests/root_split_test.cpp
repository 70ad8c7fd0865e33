// The split at the root as a library (parallel/root_split.h), apart from its commands:
// its value agrees with df-pn on the whole position; its observer hears every answer
// once, and the opponent's question only when no move wins; a stop asked from outside
// (options.interrupt) stops it with no answer; a second run on the same directory takes
// the kept answers up instead of proving them again; its joined certificate is accepted
// by the checker.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>

#include "core/notation.h"
#include "core/text_file.h"
#include "games/families.h"
#include "parallel/root_split.h"
#include "proof/checker.h"
#include "search/dfpn_solve.h"

namespace kinrow {
namespace {

namespace fs = std::filesystem;

// A directory of the test's own, removed when it goes.
struct ScratchDir {
  explicit ScratchDir(const std::string& name)
      : path((fs::temp_directory_path() / ("kinrow_root_split_" + std::to_string(::getpid()) + "_" + name))
                 .string()) {
    fs::remove_all(path);
  }
  ~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  std::string path;
};

SplitRequest small_request() {
  SplitRequest request;
  request.options.table_megabytes = 8;
  request.threads = 2;
  request.table_megabytes = 16;
  return request;
}

TEST(RootSplit, ValueAgreesWithDfpnOnTheWholePosition) {
  struct Case {
    const char* spec;
    const char* moves;
  };
  // A draw, a first-player win, a position where the side to move loses, and two stones a turn.
  for (const Case& c : {Case{"mnk:3x3x3", ""}, Case{"mnk:4x4x3", ""}, Case{"mnk:4x4x3", "b2"},
                        Case{"mnk:4x4x4", "a1"}, Case{"mnk:5x5x4,p=2,q=1", ""}}) {
    const Game game = make_game(c.spec);
    const Position position = play_moves(game, c.moves);
    DfpnOptions whole;
    whole.table_megabytes = 16;
    const DfpnResult expected = dfpn_solve(position, whole);
    ASSERT_TRUE(expected.complete) << c.spec;
    const SplitResult split = split_solve(position, small_request());
    ASSERT_FALSE(split.stopped) << c.spec;
    EXPECT_EQ(split.value, expected.value) << c.spec << " after \"" << c.moves << "\"";
    EXPECT_EQ(split.winning.has_value(), expected.value == Value::Win) << c.spec;
    EXPECT_EQ(split.opponent.has_value(), expected.value != Value::Win) << c.spec;
  }
}

TEST(RootSplit, ObserverHearsEveryAnswerOnceAndTheOpponentOnlyWhenNoMoveWins) {
  const Game game = make_game("mnk:3x3x3");
  SplitRequest request = small_request();
  std::size_t started = 0, answered = 0, opponent_calls = 0;
  int opponent = -1;
  std::atomic<std::size_t> moves_told{0};
  request.observer.on_start = [&](std::size_t moves, std::size_t earlier, std::size_t owing, int workers,
                                  std::size_t table) {
    ++started;
    moves_told = moves;
    EXPECT_EQ(earlier, 0u);
    EXPECT_EQ(owing, 0u);
    EXPECT_EQ(workers, 2);
    EXPECT_EQ(table, 8u);  // the split's 16 MiB between its two workers
  };
  bool draw_expected = true;
  request.observer.on_answered = [&](const MoveProof& move, std::size_t done, std::size_t moves) {
    ++answered;
    EXPECT_TRUE(move.decided);
    if (draw_expected) {
      EXPECT_FALSE(move.wins);  // no first move wins tic-tac-toe
    }
    EXPECT_EQ(done, answered);
    EXPECT_EQ(moves, moves_told.load());
  };
  request.observer.on_opponent = [&](int player, int) { ++opponent_calls, opponent = player; };
  const SplitResult result = split_solve(Position(game), request);
  EXPECT_EQ(started, 1u);
  EXPECT_EQ(result.moves.size(), 3u);  // corner, edge, centre
  EXPECT_EQ(answered, result.moves.size());
  EXPECT_EQ(opponent_calls, 1u);
  EXPECT_EQ(opponent, 1);
  EXPECT_EQ(result.value, Value::Draw);

  // Where a move wins, the opponent is not asked.
  opponent_calls = 0, answered = 0, started = 0, draw_expected = false;
  const SplitResult win = split_solve(Position(make_game("mnk:4x4x3")), request);
  EXPECT_EQ(win.value, Value::Win);
  EXPECT_EQ(opponent_calls, 0u);
}

TEST(RootSplit, StopAskedFromOutsideStopsItWithNoAnswer) {
  std::atomic<bool> stop{true};
  SplitRequest request = small_request();
  request.options.interrupt = &stop;
  const SplitResult result = split_solve(Position(make_game("mnk:4x4x4")), request);
  EXPECT_TRUE(result.stopped);
  EXPECT_TRUE(result.interrupted);
  for (const MoveProof& m : result.moves) EXPECT_FALSE(m.decided) << m.text;
  EXPECT_FALSE(result.opponent.has_value());
}

TEST(RootSplit, SecondRunOnTheSameDirectoryTakesTheAnswersUp) {
  const ScratchDir dir("kept");
  SplitRequest request = small_request();
  request.dir = dir.path;
  const Game game = make_game("mnk:4x4x4");
  const Position position(game);
  const SplitResult first = split_solve(position, request);
  ASSERT_FALSE(first.stopped);
  EXPECT_GT(first.nodes, 0u);
  const SplitResult again = split_solve(position, request);
  ASSERT_FALSE(again.stopped);
  EXPECT_EQ(again.value, first.value);
  for (const MoveProof& m : again.moves) EXPECT_TRUE(m.resumed) << m.text;
  EXPECT_TRUE(again.opponent_resumed);
  EXPECT_EQ(again.nodes, 0u);  // nothing proved again
}

TEST(RootSplit, JoinedCertificateIsAcceptedByTheChecker) {
  const ScratchDir dir("certificate");
  fs::create_directories(dir.path);
  const Game game = make_game("mnk:4x4x4");
  SplitRequest request = small_request();
  request.certificate = dir.path + "/joined.cert.gz";
  const SplitResult result = split_solve(Position(game), request);
  ASSERT_FALSE(result.stopped);
  EXPECT_EQ(result.certificate_parts, result.moves.size() + 1);  // every move's, then the opponent's
  InputFile in(request.certificate);
  const CheckReport report = check_certificate(game, in);
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.proves, "draw");
  EXPECT_GT(result.certificate_entries, 0u);
}

}  // namespace
}  // namespace kinrow
