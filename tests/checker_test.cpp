// The certificate checker on hand-made games: sound strategies are accepted, and every
// way a certificate can be wrong (a gap, an illegal move, a lost or only drawn game, a
// malformed or contradictory certificate, a bogus symmetry) is rejected with a message
// that says where. Strategies come from hand-written text or from plain minimax.
#include "proof/checker.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>

#include "core/error.h"
#include "core/notation.h"
#include "certificate_text.h"
#include "hand_games.h"

namespace kinrow {
namespace {

using testing::certificate_from_text;
using testing::contains;

using testing::board_symmetries;
using testing::hand_board;
using testing::hand_strip;
using testing::hand_tictactoe;
using testing::identity_only;
using testing::naive_strategy;

// Checked two ways, which must agree: read whole, then checked; and checked as read.
CheckReport check_text(const std::string& text, const Game& game, const SymmetryGroup& group) {
  const CheckReport whole = check_certificate(game, certificate_from_text(text, game), group);
  std::istringstream in(text);
  const CheckReport streamed = check_certificate(game, in, group);
  EXPECT_EQ(whole.ok, streamed.ok);
  EXPECT_EQ(whole.error, streamed.error);
  EXPECT_EQ(whole.proves, streamed.proves);
  EXPECT_EQ(whole.to_move_value, streamed.to_move_value);
  EXPECT_EQ(whole.positions_checked, streamed.positions_checked);
  EXPECT_EQ(whole.immediate_wins, streamed.immediate_wins);
  EXPECT_EQ(whole.dead_ends, streamed.dead_ends);
  EXPECT_EQ(whole.paired_ends, streamed.paired_ends);
  if (whole.ok) {
    EXPECT_EQ(whole.entries, streamed.entries);
  }
  EXPECT_EQ(whole.entries_unreached, streamed.entries_unreached);
  return whole;
}

// The strip a1 b1 c1 where two adjacent cells make a line: the first player takes b1 and
// wins next turn whatever the reply.
const std::string kStripHead = "kinrow-certificate 1\ngame mnk:3x1x2\n";

// A certificate for the value minimax finds from `start`, and what it should prove.
struct Expected {
  Certificate certificate;
  std::string proves;
  std::string to_move_value;
};

Expected naive_certificate(const Game& game, const std::string& start_moves = "") {
  const Position start = play_moves(game, start_moves);
  Position scratch = start;
  const int value = testing::NaiveValues().value(scratch);
  const int mover = start.to_move();
  Expected e;
  e.certificate.spec = game.spec;
  e.certificate.start = start_moves;
  if (value == 0) {
    e.certificate.strategies.push_back(naive_strategy(start, 0, Claim::NotLose));
    e.certificate.strategies.push_back(naive_strategy(start, 1, Claim::NotLose));
    e.proves = e.to_move_value = "draw";
  } else {
    const int winner = value > 0 ? mover : 1 - mover;
    e.certificate.strategies.push_back(naive_strategy(start, winner, Claim::Win));
    e.proves = winner == 0 ? "first-player-win" : "second-player-win";
    e.to_move_value = value > 0 ? "win" : "loss";
  }
  return e;
}

void expect_proves(const Game& game, const Expected& e, const SymmetryGroup& group) {
  const CheckReport report = check_certificate(game, e.certificate, group);
  ASSERT_TRUE(report.ok) << game.spec << ": " << report.error;
  EXPECT_EQ(report.proves, e.proves) << game.spec;
  EXPECT_EQ(report.to_move_value, e.to_move_value) << game.spec;
  EXPECT_GT(report.positions_checked, 0u);
}

// ---- Hand-written strategies ------------------------------------------------------------

TEST(Checker, AcceptsAHandWrittenWin) {
  const Game game = hand_strip();
  const CheckReport report =
      check_text(kStripHead + "strategy first win win-now\n.X.\n", game, board_symmetries(game));
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.proves, "first-player-win");
  EXPECT_EQ(report.to_move_value, "win");
  EXPECT_EQ(report.entries, 1u);
  EXPECT_EQ(report.entries_unreached, 0u);
  // The empty board and b1; then b1 a1 and b1 c1 end by the win-now rule's shortcut.
  EXPECT_EQ(report.positions_checked, 2u);
  EXPECT_EQ(report.immediate_wins, 2u);
}

TEST(Checker, TheDefaultGroupIsTheGamesOwn) {
  const Game game = hand_strip();
  const Certificate c = certificate_from_text(kStripHead + "strategy first win win-now\n.X.\n", game);
  const CheckReport report = check_certificate(game, c);
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.positions_checked + report.immediate_wins, 4u);
}

TEST(Checker, RejectsAGapNamingThePosition) {
  const Game game = hand_strip();
  // Without the win-now rule the winning third moves must be listed.
  const CheckReport report =
      check_text(kStripHead + "strategy first win\n.X.\n", game, board_symmetries(game));
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(contains(report.error, "first player's strategy: gap")) << report.error;
  EXPECT_TRUE(contains(report.error, "after \"b1 a1\"")) << report.error;
  EXPECT_TRUE(contains(report.error, "(ox., first player to move)")) << report.error;

  // An empty strategy has a gap at the start.
  const CheckReport empty =
      check_text(kStripHead + "strategy first win win-now\n", game, board_symmetries(game));
  EXPECT_FALSE(empty.ok);
  EXPECT_TRUE(contains(empty.error, "after the empty board")) << empty.error;
}

TEST(Checker, OneEntryServesItsMirrorImage) {
  const Game game = hand_strip();
  const std::string text = kStripHead + "strategy first win\n.X.\noxX\n";
  // b1 c1 is not listed, but it is b1 a1 reflected; the move reflects with it.
  const CheckReport merged = check_text(text, game, board_symmetries(game));
  ASSERT_TRUE(merged.ok) << merged.error;
  EXPECT_EQ(merged.entries_unreached, 0u);
  // Without the reflection it is a gap.
  const CheckReport alone = check_text(text, game, identity_only(game));
  EXPECT_FALSE(alone.ok);
  EXPECT_TRUE(contains(alone.error, "gap")) << alone.error;
  EXPECT_TRUE(contains(alone.error, "after \"b1 c1\"")) << alone.error;
}

TEST(Checker, RejectsAWinClaimThatOnlyDraws) {
  const Game game = hand_strip();
  // a1 first: o takes b1, x must block at c1, and the board fills without a line.
  const std::string text = kStripHead + "strategy first win win-now\nX..\nxoX\n";
  const CheckReport report = check_text(text, game, board_symmetries(game));
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(contains(report.error, "the holder only draws after \"a1 b1 c1\"")) << report.error;
  // The same strategy does hold a draw.
  const std::string draw = kStripHead + "strategy first at-least-draw win-now\nX..\nxoX\n";
  const CheckReport held = check_text(draw, game, board_symmetries(game));
  ASSERT_TRUE(held.ok) << held.error;
  EXPECT_EQ(held.proves, "first-player-not-lose");
  EXPECT_EQ(held.to_move_value, "not-lose");
}

TEST(Checker, RejectsALosingStrategy) {
  const Game game = hand_strip();
  // The second player cannot hold the strip: after b1 a1, x completes b1 c1.
  const std::string text = kStripHead + "strategy second at-least-draw\nxO.\nOx.\n";
  const CheckReport report = check_text(text, game, board_symmetries(game));
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(contains(report.error, "second player's strategy")) << report.error;
  EXPECT_TRUE(contains(report.error, "the holder loses after \"b1 a1 c1\"")) << report.error;
}

TEST(Checker, RejectsAnIllegalMoveNamingItsLine) {
  Rules gravity;
  gravity.gravity = true;
  const Game game = hand_board("connect:3x3x3", 3, 3, 3, gravity);
  // Cell 0 is the top left: it cannot be played on an empty gravity board.
  const std::string text =
      "kinrow-certificate 1\ngame connect:3x3x3\n\nstrategy first at-least-draw\nX........\n";
  const CheckReport report = check_text(text, game, board_symmetries(game));
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(contains(report.error, "line 5: the move 1 is illegal after the empty board"))
      << report.error;
  EXPECT_TRUE(contains(report.error, "column not filled")) << report.error;
}

TEST(Checker, RejectsEntriesThatCannotBeTheHoldersTurn) {
  const Game game = hand_strip();
  const SymmetryGroup group = board_symmetries(game);
  const CheckReport wrong_side =
      check_text(kStripHead + "strategy first win\n.X.\nxX.\n", game, group);
  EXPECT_FALSE(wrong_side.ok);
  EXPECT_TRUE(contains(wrong_side.error, "line 5: the holder is not the side to move"))
      << wrong_side.error;
  const CheckReport impossible = check_text(kStripHead + "strategy first win\nxxX\n", game, group);
  EXPECT_FALSE(impossible.ok);
  EXPECT_TRUE(contains(impossible.error, "line 4: no game reaches")) << impossible.error;

  // Entries built in code are named by their index.
  Certificate c = certificate_from_text(kStripHead + "strategy first win win-now\n.X.\n", game);
  c.strategies[0].entries.push_back({{0, 1, -1}, {1}, 0});
  const CheckReport taken = check_certificate(game, c, group);
  EXPECT_FALSE(taken.ok);
  EXPECT_TRUE(contains(taken.error, "entry 2: a move onto a taken cell")) << taken.error;
  c.strategies[0].entries.back() = {{0, 1, -1}, {2, 2}, 0};
  EXPECT_TRUE(contains(check_certificate(game, c, group).error, "the same cell twice"));
  c.strategies[0].entries.back() = {{0, 1}, {2}, 0};
  EXPECT_TRUE(contains(check_certificate(game, c, group).error, "wrong number of cells"));
}

TEST(Checker, ConflictingDuplicatesAreRejectedSymmetricOnesAccepted) {
  const Game game = hand_strip();
  const SymmetryGroup group = board_symmetries(game);
  const CheckReport conflict =
      check_text(kStripHead + "strategy first win win-now\n.X.\nX..\n", game, group);
  EXPECT_FALSE(conflict.ok);
  EXPECT_TRUE(contains(conflict.error, "line 5: a different move for the position of line 4"))
      << conflict.error;
  // a1 and c1 on the empty board are one move up to the mirror, which fixes the position.
  const CheckReport same =
      check_text(kStripHead + "strategy first at-least-draw win-now\nX..\n..X\nxoX\n", game, group);
  ASSERT_TRUE(same.ok) << same.error;
  EXPECT_EQ(same.proves, "first-player-not-lose");
  EXPECT_EQ(same.entries_unreached, 0u);
}

TEST(Checker, CountsEntriesPlayNeverReaches) {
  const Game game = hand_strip();
  const CheckReport report = check_text(kStripHead + "strategy first win win-now\n.X.\nxoX\n", game,
                                        board_symmetries(game));
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.entries, 2u);
  EXPECT_EQ(report.entries_unreached, 1u);
}

TEST(Checker, RejectsMalformedCertificates) {
  const Game game = hand_strip();
  const SymmetryGroup group = board_symmetries(game);
  const Certificate good = certificate_from_text(kStripHead + "strategy first win win-now\n.X.\n", game);

  Certificate other = good;
  other.spec = "mnk:4x1x2";
  EXPECT_TRUE(contains(check_certificate(game, other, group).error, "is for mnk:4x1x2"));

  Certificate bad_start = good;
  bad_start.start = "b1 b1";
  EXPECT_TRUE(contains(check_certificate(game, bad_start, group).error, "start: "));

  Certificate none = good;
  none.strategies.clear();
  EXPECT_TRUE(contains(check_certificate(game, none, group).error, "holds no strategy"));

  Certificate twice = good;
  twice.strategies.push_back(good.strategies[0]);
  EXPECT_TRUE(contains(check_certificate(game, twice, group).error,
                       "a second strategy for the first player"));

  // A win for one side beside any strategy for the other cannot both hold.
  const CheckReport contradictory = check_text(
      kStripHead + "strategy first win win-now\n.X.\nstrategy second at-least-draw\nOx.\n", game,
      group);
  EXPECT_FALSE(contradictory.ok);
  EXPECT_TRUE(contains(contradictory.error, "contradictory")) << contradictory.error;
}

TEST(Checker, RefusesMapsThatAreNotSymmetries) {
  const Game game = hand_strip();
  const Certificate c = certificate_from_text(kStripHead + "strategy first win win-now\n.X.\n", game);
  SymmetryGroup rotated = identity_only(game);
  rotated.maps.push_back({1, 2, 0});  // sends the line a1 b1 to b1 c1, but b1 c1 to {a1, c1}
  const CheckReport report = check_certificate(game, c, rotated);
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(contains(report.error, "symmetry 1 of the group sends a line")) << report.error;
  SymmetryGroup broken = identity_only(game);
  broken.maps.push_back({0, 0, 2});
  EXPECT_TRUE(contains(check_certificate(game, c, broken).error, "not a permutation"));
}

// ---- Strategies from minimax ------------------------------------------------------------

TEST(Checker, TicTacToeIsADrawOneStrategyPerSide) {
  const Game game = hand_tictactoe();
  // Minimax knows no symmetry, so its entries for symmetric positions often give moves
  // that are not symmetric: each serves its own position.
  const Expected e = naive_certificate(game);
  ASSERT_EQ(e.proves, "draw");
  expect_proves(game, e, board_symmetries(game));
  expect_proves(game, e, identity_only(game));
  const CheckReport report = check_certificate(game, e.certificate);  // automorphisms(game)
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.proves, "draw");
}

TEST(Checker, OneNotLoseStrategyProvesOnlyThat) {
  const Game game = hand_tictactoe();
  Certificate c = naive_certificate(game).certificate;
  Certificate first = c, second = c;
  first.strategies.pop_back();
  second.strategies.erase(second.strategies.begin());
  const CheckReport a = check_certificate(game, first, board_symmetries(game));
  ASSERT_TRUE(a.ok) << a.error;
  EXPECT_EQ(a.proves, "first-player-not-lose");
  EXPECT_EQ(a.to_move_value, "not-lose");
  const CheckReport b = check_certificate(game, second, board_symmetries(game));
  ASSERT_TRUE(b.ok) << b.error;
  EXPECT_EQ(b.proves, "second-player-not-lose");
  EXPECT_EQ(b.to_move_value, "not-win");
}

TEST(Checker, SymmetricCopiesOfEntriesAreFound) {
  // Keep one entry per symmetry class, each stored in a different orientation.
  const Game game = hand_tictactoe();
  const SymmetryGroup group = board_symmetries(game);
  ASSERT_EQ(group.size(), 8u);
  Certificate c = naive_certificate(game).certificate;
  std::size_t before = 0, after = 0;
  for (Strategy& s : c.strategies) {
    std::vector<StrategyEntry> kept;
    std::vector<std::vector<int8_t>> classes;
    for (const StrategyEntry& e : s.entries) {
      std::vector<int8_t> least = e.owner;
      for (const Permutation& map : group.maps) {
        std::vector<int8_t> image(e.owner.size());
        for (Cell cell = 0; cell < game.cell_count(); ++cell) image[map[cell]] = e.owner[cell];
        least = std::min(least, image);
      }
      if (std::find(classes.begin(), classes.end(), least) != classes.end()) continue;
      classes.push_back(least);
      const Permutation& map = group.maps[kept.size() % group.size()];
      StrategyEntry turned;
      turned.owner.resize(e.owner.size());
      for (Cell cell = 0; cell < game.cell_count(); ++cell) turned.owner[map[cell]] = e.owner[cell];
      for (Cell cell : e.move) turned.move.push_back(map[cell]);
      std::sort(turned.move.begin(), turned.move.end());
      kept.push_back(turned);
    }
    before += s.entries.size();
    after += kept.size();
    s.entries = kept;
  }
  EXPECT_LT(after, before);
  const CheckReport merged = check_certificate(game, c, group);
  ASSERT_TRUE(merged.ok) << merged.error;
  EXPECT_EQ(merged.proves, "draw");
  const CheckReport alone = check_certificate(game, c, identity_only(game));
  EXPECT_FALSE(alone.ok);
  EXPECT_TRUE(contains(alone.error, "gap")) << alone.error;
}

TEST(Checker, TranspositionsAndSymmetriesAreCheckedOnce) {
  const Game game = hand_tictactoe();
  const Certificate c = naive_certificate(game).certificate;
  const CheckReport plain = check_certificate(game, c, identity_only(game));
  const CheckReport merged = check_certificate(game, c, board_symmetries(game));
  ASSERT_TRUE(plain.ok && merged.ok);
  EXPECT_LT(merged.positions_checked, plain.positions_checked);
  // Tic-tac-toe has 5478 legal positions; two strategies visit fewer than that each.
  EXPECT_LT(plain.positions_checked, 2u * 5478u);
}

TEST(Checker, AcceptedMutantsNeverProveAFalseValue) {
  // Random damage to a tic-tac-toe draw certificate may leave it valid, but whatever the
  // checker accepts must be true: never a win, since the game is a draw.
  const Game game = hand_tictactoe();
  std::ostringstream out;
  write_certificate(out, game, naive_certificate(game).certificate);
  std::vector<std::string> lines;
  std::istringstream in(out.str());
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::mt19937 rng(20261123);
  const std::string letters = ".xoXO";
  int accepted = 0, checked_wins = 0;
  for (int trial = 0; trial < 400; ++trial) {
    std::vector<std::string> mutant = lines;
    for (int changes = 1 + trial % 3; changes > 0; --changes) {
      std::string& line = mutant[rng() % mutant.size()];
      if (line.size() != 9) continue;  // only entries
      line[rng() % 9] = letters[rng() % letters.size()];
    }
    const bool claims_win = trial % 2;
    if (claims_win) {  // the first strategy alone, now claiming a win
      const auto second =
          std::find(mutant.begin(), mutant.end(), "strategy second at-least-draw win-now");
      mutant.erase(second, mutant.end());
      std::replace(mutant.begin(), mutant.end(),
                   std::string("strategy first at-least-draw win-now"),
                   std::string("strategy first win win-now"));
    }
    std::string text;
    for (const std::string& line : mutant) text += line + "\n";
    Certificate certificate;
    try {
      certificate = certificate_from_text(text, game);
    } catch (const InputError&) {
      continue;
    }
    const CheckReport report = check_certificate(game, certificate, board_symmetries(game));
    checked_wins += claims_win;
    if (!report.ok) continue;
    ++accepted;
    EXPECT_TRUE(report.proves == "draw" || report.proves == "first-player-not-lose" ||
                report.proves == "second-player-not-lose")
        << report.proves << " from:\n"
        << text;
  }
  EXPECT_GT(accepted, 0);  // some damage is harmless (a stone changed in an unused entry)
  EXPECT_GT(checked_wins, 0);
}

TEST(Checker, AStartPositionOtherThanTheEmptyBoard) {
  const Game game = hand_tictactoe();
  // x in the centre, o on an edge: a first-player win, x to move.
  const Expected x_to_move = naive_certificate(game, "b2 b3");
  ASSERT_EQ(x_to_move.proves, "first-player-win");
  expect_proves(game, x_to_move, board_symmetries(game));
  // One winning x move further on, o is to move and loses.
  const Strategy& win = x_to_move.certificate.strategies[0];
  Position after = play_moves(game, "b2 b3");
  after.play(win.entries[0].move);
  const Expected o_to_move = naive_certificate(game, format_turns(game, after.history()));
  EXPECT_EQ(o_to_move.to_move_value, "loss");
  expect_proves(game, o_to_move, board_symmetries(game));
  // The other side's moves do not fit the start: its entries are for positions x never
  // faces, so the strategy has a gap at once.
  Certificate moved = x_to_move.certificate;
  moved.start = "b2 a3";
  EXPECT_FALSE(check_certificate(game, moved, board_symmetries(game)).ok);
}

TEST(Checker, TamperedMinimaxMoveIsCaught) {
  const Game game = hand_board("mnk:4x3x3", 4, 3, 3);
  Expected e = naive_certificate(game);
  ASSERT_EQ(e.proves, "first-player-win");
  expect_proves(game, e, board_symmetries(game));
  // Open on a cell no symmetry relates to the original opening: the rest of the strategy
  // does not know the positions that follow.
  const SymmetryGroup group = board_symmetries(game);
  StrategyEntry& opening = e.certificate.strategies[0].entries[0];
  ASSERT_EQ(opening.owner, std::vector<int8_t>(12, kNoPlayer));
  const Cell original = opening.move[0];
  Cell other = 0;
  while (std::any_of(group.maps.begin(), group.maps.end(),
                     [&](const Permutation& map) { return map[original] == other; }))
    ++other;
  opening.move = {other};
  EXPECT_FALSE(check_certificate(game, e.certificate, board_symmetries(game)).ok);
}

TEST(Checker, TwoStonesATurn) {
  // Connect6-style turns on tic-tac-toe: one stone first, then two a turn.
  Rules rules;
  rules.stones_per_turn = 2;
  const Game game = hand_board("mnk:3x3x3,p=2", 3, 3, 3, rules);
  const Expected e = naive_certificate(game);
  expect_proves(game, e, board_symmetries(game));
  expect_proves(game, e, identity_only(game));

  // A one-stone move where two are due is refused before any play.
  const std::string text =
      "kinrow-certificate 1\ngame mnk:3x3x3,p=2\nstrategy second at-least-draw\n....xO...\n";
  const CheckReport report = check_text(text, game, board_symmetries(game));
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(contains(report.error, "line 4: the move places 1 stone(s); this turn places 2"))
      << report.error;
}

TEST(Checker, GravityGames) {
  Rules rules;
  rules.gravity = true;
  for (const int w : {3, 4}) {
    const std::string spec = std::string("connect:") + std::to_string(w) + "x3x3";
    const Game game = hand_board(spec, w, 3, 3, rules);
    const Expected e = naive_certificate(game);
    expect_proves(game, e, board_symmetries(game));
    const CheckReport report = check_certificate(game, e.certificate);
    EXPECT_TRUE(report.ok) << spec << ": " << report.error;
  }
}

TEST(Checker, MisereTicTacToeIsADraw) {
  Rules rules;
  rules.goal = Goal::Misere;
  const Game game = hand_board("mnk:3x3x3,misere", 3, 3, 3, rules);
  const Expected e = naive_certificate(game);
  EXPECT_EQ(e.proves, "draw");
  expect_proves(game, e, board_symmetries(game));
}

TEST(Checker, MisereCompletingOnesOwnLineLoses) {
  Rules rules;
  rules.goal = Goal::Misere;
  const Game game = hand_board("mnk:3x1x2,misere", 3, 1, 2, rules);
  const std::string head = "kinrow-certificate 1\ngame mnk:3x1x2,misere\n";
  // After b1 a1 x has only c1, which completes x's own line: no win now to re-derive.
  const CheckReport gap =
      check_text(head + "strategy first at-least-draw win-now\n.X.\n", game, identity_only(game));
  EXPECT_TRUE(contains(gap.error, "gap")) << gap.error;
  const CheckReport lost = check_text(head + "strategy first at-least-draw win-now\n.X.\noxX\n",
                                      game, board_symmetries(game));
  EXPECT_TRUE(contains(lost.error, "the holder loses after \"b1 a1 c1\"")) << lost.error;
  // Minimax finds the real value, and its certificate holds.
  expect_proves(game, naive_certificate(game), board_symmetries(game));
}

TEST(Checker, MakerBreaker) {
  Rules rules;
  rules.goal = Goal::MakerBreaker;
  // Tic-tac-toe: the maker wins.
  const Game ttt = hand_board("mnk:3x3x3,maker-breaker", 3, 3, 3, rules);
  const Expected maker = naive_certificate(ttt);
  EXPECT_EQ(maker.proves, "first-player-win");
  expect_proves(ttt, maker, board_symmetries(ttt));
  // Four cells, three in a row: the breaker blocks both lines with one stone and wins when
  // the board is full, a win the win-now rule re-derives on its last turn.
  const Game strip = hand_board("mnk:4x1x3,maker-breaker", 4, 1, 3, rules);
  const Expected breaker = naive_certificate(strip);
  EXPECT_EQ(breaker.proves, "second-player-win");
  expect_proves(strip, breaker, board_symmetries(strip));
  // A breaker strategy that lets the maker through is refused: on a1 b1 c1 with pairs as
  // lines, o answering b1 at a1 lets x complete b1 c1.
  const Game three = hand_board("mnk:3x1x2,maker-breaker", 3, 1, 2, rules);
  const std::string text =
      "kinrow-certificate 1\ngame mnk:3x1x2,maker-breaker\nstrategy second win win-now\n"
      "xO.\nOx.\n";
  const CheckReport report = check_text(text, three, board_symmetries(three));
  EXPECT_FALSE(report.ok);
  EXPECT_TRUE(contains(report.error, "the holder loses after \"b1 a1 c1\"")) << report.error;
}

}  // namespace
}  // namespace kinrow
