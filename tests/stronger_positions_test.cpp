// Stronger positions in certificates (the `stronger` rule, docs/certificates.md): a draw's
// not-lose strategy answers every turn of the attacker inside a declared set of cells by
// one position where he owns them all. Df-pn writes them from its zones of disproofs; the
// checker plays each such position out and trusts nothing else in the line. Here: the
// checker accepts df-pn's certificates with them; every turn a stronger position answers
// is, by alpha-beta, no win for the attacker (the lemma the rule rests on, replayed); and
// lines that say too much, too little or where the rule does not apply are rejected.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/position.h"
#include "games/board.h"
#include "games/families.h"
#include "proof/certificate.h"
#include "proof/checker.h"
#include "search/dfpn_solve.h"
#include "certificate_text.h"
#include "dfpn_games.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::certificate_from_text;

// Df-pn's certificate of the game's value from the empty board (a draw on these boards).
Certificate draw_certificate(const Game& game) {
  DfpnOptions options;
  options.table_megabytes = 8;
  const DfpnResult r = dfpn_solve(Position(game), options, true);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.value, Value::Draw);
  EXPECT_TRUE(r.certificate.has_value());
  return r.certificate.value_or(Certificate{});
}

std::string text_of(const Game& game, const Certificate& certificate) {
  std::ostringstream out;
  write_certificate(out, game, certificate);
  return out.str();
}

std::size_t stronger_lines(const Certificate& certificate) {
  std::size_t n = 0;
  for (const Strategy& s : certificate.strategies) n += s.stronger.size();
  return n;
}

class StrongerPositions : public ::testing::TestWithParam<const char*> {};
class StrongerPositionsReplayed : public ::testing::TestWithParam<const char*> {};

TEST_P(StrongerPositions, DfpnWritesThemAndTheCheckerAcceptsThem) {
  const Game game = make_game(GetParam());
  const Certificate certificate = draw_certificate(game);
  ASSERT_GT(stronger_lines(certificate), 0u) << "zones of disproofs cut on this board, so the rule is used";
  for (const Strategy& s : certificate.strategies) EXPECT_TRUE(s.stronger_rule);
  const CheckReport report = check_certificate(game, certificate);
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.proves, "draw");
  EXPECT_GT(report.stronger_answers, 0u);
  EXPECT_EQ(report.entries_unreached, 0u);
  // The text form keeps them: `stronger` lines and `+G` entries.
  const std::string text = text_of(game, certificate);
  EXPECT_NE(text.find("\nstronger "), std::string::npos);
  EXPECT_NE(text.find("\n+"), std::string::npos);
  const CheckReport reread = check_certificate(game, certificate_from_text(text, game));
  EXPECT_TRUE(reread.ok) << reread.error;
  EXPECT_EQ(reread.stronger_answers, report.stronger_answers);
  // Checked as it is read, the same lines count as the same entries.
  std::istringstream in(text);
  const CheckReport streamed = check_certificate(game, in);
  EXPECT_TRUE(streamed.ok) << streamed.error;
  EXPECT_EQ(streamed.entries, report.entries);
}

// The lemma, replayed: at each stronger line of the game as played (nothing given yet),
// every turn of the attacker inside its cells leaves the holder a position alpha-beta does
// not lose.
TEST_P(StrongerPositionsReplayed, EveryTurnTheyAnswerIsNoWinForTheAttacker) {
  const Game game = make_game(GetParam());
  const Certificate certificate = draw_certificate(game);
  const std::size_t most_lines = testing::sanitized() ? 3 : 12;
  std::size_t turns = 0;
  for (const Strategy& s : certificate.strategies) {
    std::size_t lines = 0;
    for (const StrongerEntry& line : s.stronger) {
      if (line.given != 0 || lines == most_lines) continue;
      ++lines;
      Position position = testing::position_with(game, line.owner);
      ASSERT_NE(position.to_move(), s.holder);
      for (const Turn& turn : position.legal_turns()) {
        if (!std::all_of(turn.begin(), turn.end(), [&](Cell c) {
              return std::find(line.cells.begin(), line.cells.end(), c) != line.cells.end();
            }))
          continue;
        position.play(turn);
        const bool attacker_won = position.over() && position.winner() == 1 - s.holder;
        const Value holder = position.over() ? Value::Draw : testing::alphabeta_value(position);
        position.undo();
        EXPECT_FALSE(attacker_won);
        EXPECT_NE(holder, Value::Loss) << format_turn(game, turn) << " inside a stronger line's cells";
        ++turns;
      }
    }
  }
  EXPECT_GT(turns, 0u);
}

INSTANTIATE_TEST_SUITE_P(Draws, StrongerPositions,
                         ::testing::Values("mnk:5x5x4", "mnk:7x6x5", "mnk:5x5x4,p=2,q=1"), testing::spec_test_name);
// Boards alpha-beta settles quickly (7x6x5's positions near its first moves took minutes
// each).
INSTANTIATE_TEST_SUITE_P(Draws, StrongerPositionsReplayed,
                         ::testing::Values("mnk:5x5x4", "mnk:5x4x4,p=2,q=1", "mnk:5x5x4,p=2,q=1"),
                         testing::spec_test_name);

// ---- What the checker refuses ----------------------------------------------------------

const char* kGame = "mnk:5x5x4";

// The first `stronger` line of the text, its index among the lines.
std::size_t first_stronger_line(const std::vector<std::string>& lines) {
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].rfind("stronger ", 0) == 0) return i;
  ADD_FAILURE() << "no stronger line";
  return 0;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

CheckReport check_text(const Game& game, const std::string& text) {
  std::istringstream in(text);
  return check_certificate(game, in);
}

TEST(StrongerPositionsRejected, ASetTheAttackerWinsInIsRejected) {
  const Game game = make_game(kGame);
  std::vector<std::string> lines = lines_of(text_of(game, draw_certificate(game)));
  const std::size_t at = first_stronger_line(lines);
  // Give the attacker every empty cell: a line of his is then complete.
  const std::string board = lines[at].substr(9, game.cell_count());
  std::string widened = "stronger " + board;
  for (Cell c = 0; c < game.cell_count(); ++c)
    if (board[c] == '.') widened += " " + format_cell(game, c);
  lines[at] = widened;
  const CheckReport report = check_text(game, joined(lines));
  EXPECT_FALSE(report.ok);
  EXPECT_NE(report.error.find("loses"), std::string::npos) << report.error;
  EXPECT_NE(report.error.find("given"), std::string::npos) << report.error;
}

TEST(StrongerPositionsRejected, WithoutItsLineItsTurnsAreGaps) {
  const Game game = make_game(kGame);
  std::vector<std::string> lines = lines_of(text_of(game, draw_certificate(game)));
  lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(first_stronger_line(lines)));
  const CheckReport report = check_text(game, joined(lines));
  EXPECT_FALSE(report.ok);
  EXPECT_NE(report.error.find("gap"), std::string::npos) << report.error;
}

TEST(StrongerPositionsRejected, ATakenCellIsRefused) {
  const Game game = make_game(kGame);
  std::vector<std::string> lines = lines_of(text_of(game, draw_certificate(game)));
  const std::size_t at = first_stronger_line(lines);
  const std::string board = lines[at].substr(9, game.cell_count());
  const Cell taken = static_cast<Cell>(board.find_first_not_of('.'));
  lines[at] += " " + format_cell(game, taken);
  const CheckReport report = check_text(game, joined(lines));
  EXPECT_FALSE(report.ok);
  EXPECT_NE(report.error.find("not empty"), std::string::npos) << report.error;
}

// The text form refuses a cell listed twice; a certificate built in memory must be
// refused too (a repeated cell would count as two given stones on one cell).
TEST(StrongerPositionsRejected, ACellListedTwiceIsRefused) {
  const Game game = make_game(kGame);
  Certificate certificate = draw_certificate(game);
  Strategy& first = certificate.strategies.front();
  ASSERT_FALSE(first.stronger.empty());
  first.stronger.front().cells.push_back(first.stronger.front().cells.back());
  const CheckReport report = check_certificate(game, certificate);
  EXPECT_FALSE(report.ok);
  EXPECT_NE(report.error.find("twice"), std::string::npos) << report.error;
}

TEST(StrongerPositionsRejected, TheRuleMustBeDeclared) {
  const Game game = make_game(kGame);
  std::string text = text_of(game, draw_certificate(game));
  for (std::size_t at; (at = text.find(" stronger\n")) != std::string::npos;) text.replace(at, 10, "\n");
  EXPECT_THROW(check_text(game, text), InputError);
}

// Where a stone more can hurt its owner or cannot be placed at will, the rule is refused,
// whatever the lines say.
TEST(StrongerPositionsRejected, OnlyNotLoseClaimsInNormalPlay) {
  for (const char* spec : {"mnk:3x3x3,misere", "connect:4x4x3", "mnk:4x4x3,exact", "mnk:3x3x3"}) {
    const Game game = make_game(spec);
    const bool win = std::string(spec) == "mnk:3x3x3";
    const std::string text = std::string("kinrow-certificate 1\ngame ") + game.spec + "\nstrategy first " +
                             (win ? "win" : "at-least-draw") + " win-now stronger\n";
    const CheckReport report = check_text(game, text);
    EXPECT_FALSE(report.ok) << spec;
    EXPECT_NE(report.error.find("stronger positions serve not-lose claims"), std::string::npos) << spec << ": " << report.error;
  }
}

// ---- The given stones, in the reference rules and on the search's board ---------------

TEST(GivenStones, KeepTheSideToMoveAndEndTheGameWhereTheyCompleteALine) {
  const Game game = make_game("mnk:4x4x3");
  Position position(game);
  position.play({parse_cell(game, "a1")});
  position.give(0, {parse_cell(game, "c3"), parse_cell(game, "d4")});
  EXPECT_EQ(position.to_move(), 1);
  EXPECT_EQ(position.given(), 2);
  EXPECT_EQ(position.empty_count(), 13);
  EXPECT_FALSE(position.over());
  position.take_back({parse_cell(game, "c3"), parse_cell(game, "d4")});
  position.give(0, {parse_cell(game, "b2"), parse_cell(game, "c3")});  // a1 b2 c3
  EXPECT_TRUE(position.over());
  EXPECT_EQ(position.winner(), 0);
  position.take_back({parse_cell(game, "b2"), parse_cell(game, "c3")});
  EXPECT_FALSE(position.over());
  EXPECT_EQ(position.given(), 0);
}

TEST(GivenStones, CountInNoTurnOnTheBoard) {
  const Game game = make_game("mnk:5x5x4,p=2,q=1");
  const BoardTables tables(game);
  Board<1> board(tables);
  board.place(parse_cell(game, "c3"));  // the first turn, one stone
  ASSERT_EQ(board.to_move(), 1);
  ASSERT_EQ(board.stones_left_in_turn(), 2);
  Bits<1> given;
  for (const char* cell : {"a1", "e5", "a5"}) given.set(parse_cell(game, cell));
  EXPECT_FALSE(board.give(given, 0));
  EXPECT_EQ(board.given(), 3);
  EXPECT_EQ(board.to_move(), 1);
  EXPECT_EQ(board.stones_left_in_turn(), 2);
  EXPECT_TRUE(board.at_turn_start());
  board.place(parse_cell(game, "b2"));
  EXPECT_EQ(board.to_move(), 1);
  EXPECT_EQ(board.stones_left_in_turn(), 1);
  board.place(parse_cell(game, "b3"));
  EXPECT_EQ(board.to_move(), 0);
  board.remove(parse_cell(game, "b3"));
  board.remove(parse_cell(game, "b2"));
  board.take_back_given(given);
  EXPECT_EQ(board.given(), 0);
  EXPECT_EQ(board.to_move(), 1);
}

}  // namespace
}  // namespace kinrow
