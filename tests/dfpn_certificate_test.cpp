// Df-pn certificates and what they rest on: the checker accepts df-pn's strategies on
// small games of every rule and their values agree with alpha-beta; tampered strategies
// are rejected; the checker's dead-end rule (the opponent's lines all spoiled) ends only
// the claims it may end; and the two reductions df-pn uses, the orbit representatives of
// a position's symmetries and the live cells, agree with brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/notation.h"
#include "core/symmetry.h"
#include "search/canonical.h"
#include "games/families.h"
#include "proof/certificate.h"
#include "proof/checker.h"
#include "search/dfpn_solve.h"
#include "search/solver.h"
#include "certificate_text.h"
#include "cli_support.h"
#include "dfpn_games.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::certificate_from_text;
using testing::contains;

using testing::alphabeta_value;

std::string moves_text(const Position& position) {
  const std::string text = format_turns(position.game(), position.history());
  return text.empty() ? std::string("the empty board") : "\"" + text + "\"";
}

// ---- 1. Df-pn's certificates hold, and its values agree with alpha-beta ---------------

class DfpnCertificateAccepted : public ::testing::TestWithParam<const char*> {};

TEST_P(DfpnCertificateAccepted, OnTheEmptyBoardAndRandomPositions) {
  const Game game = make_game(GetParam());
  const SymmetryGroup group = automorphisms(game, 4096);
  SplitMix64 random(7013);
  const int trials = testing::sanitized() ? 4 : 21;
  for (int trial = 0; trial < trials; ++trial) {
    const int empties = std::max(1, game.cell_count() - static_cast<int>(random.below(game.cell_count())));
    const Position position = trial == 0 ? Position(game) : testing::random_position(game, empties, random);
    const Value expected = alphabeta_value(position);
    // Every combination of the knowledge and the reductions on the empty board (they
    // change the moves the walk takes), one of them in turn on the random positions.
    for (int variant = 0; variant < 4; ++variant) {
      if (trial > 0 && variant != trial % 4) continue;
      DfpnOptions options;
      options.threats = variant % 2 == 0;
      options.reductions = variant < 2;
      options.table_megabytes = 4;
      const std::string where = std::string(GetParam()) + " after " + moves_text(position) + " (threats " +
                                std::to_string(options.threats) + ", reductions " +
                                std::to_string(options.reductions) + ")";
      const DfpnResult r = dfpn_solve(position, options, true);
      ASSERT_TRUE(r.complete) << where;
      EXPECT_EQ(r.value, expected) << where;
      ASSERT_TRUE(r.certificate.has_value()) << where;
      const Certificate& certificate = *r.certificate;
      EXPECT_EQ(certificate.spec, game.spec);
      EXPECT_EQ(certificate.start, format_turns(game, position.history()));
      ASSERT_EQ(certificate.strategies.size(), r.value == Value::Draw ? 2u : 1u) << where;
      const CheckReport report = check_certificate(game, certificate, group);
      ASSERT_TRUE(report.ok) << where << ": " << report.error;
      EXPECT_EQ(report.to_move_value, value_name(r.value)) << where;
      EXPECT_EQ(report.proves, game_value_name(r.value, position.to_move())) << where;
      // The walk writes one entry per class of positions the checker then reaches.
      EXPECT_EQ(report.entries_unreached, 0u) << where;
      // The certificate survives its text form.
      std::ostringstream text;
      write_certificate(text, game, certificate);
      const CheckReport reread = check_certificate(game, certificate_from_text(text.str(), game), group);
      EXPECT_TRUE(reread.ok) << where << ": " << reread.error;
      EXPECT_EQ(reread.to_move_value, report.to_move_value) << where;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(DfpnCertificate, DfpnCertificateAccepted, ::testing::ValuesIn(testing::dfpn_small_games()),
                         testing::spec_test_name);

// One question (solve --wins): "does this player win?" is answered yes exactly where
// alpha-beta says he wins, and either answer comes with a certificate the checker accepts
// for that much: his win, or the other player's not-lose.
TEST_P(DfpnCertificateAccepted, OneQuestionAlone) {
  const Game game = make_game(GetParam());
  const SymmetryGroup group = automorphisms(game, 4096);
  SplitMix64 random(9151);
  const int trials = testing::sanitized() ? 3 : 8;
  for (int trial = 0; trial < trials; ++trial) {
    const int empties = std::max(1, game.cell_count() - static_cast<int>(random.below(game.cell_count())));
    const Position position = trial == 0 ? Position(game) : testing::random_position(game, empties, random);
    const Value expected = alphabeta_value(position);
    const int me = position.to_move();
    for (int player = 0; player < 2; ++player) {
      const std::string where = std::string(GetParam()) + " after " + moves_text(position) + ", does player " +
                                std::to_string(player + 1) + " win";
      DfpnOptions options;
      options.table_megabytes = 4;
      const DfpnResult r = dfpn_solve(position, options, true, player);
      ASSERT_TRUE(r.complete) << where;
      const bool wins = expected == (player == me ? Value::Win : Value::Loss);
      ASSERT_EQ(!r.not_lose.has_value(), wins) << where;
      if (wins) EXPECT_EQ(r.value, expected) << where;
      else EXPECT_EQ(*r.not_lose, 1 - player) << where;
      ASSERT_TRUE(r.certificate.has_value()) << where;
      ASSERT_EQ(r.certificate->strategies.size(), 1u) << where;
      const CheckReport report = check_certificate(game, *r.certificate, group);
      ASSERT_TRUE(report.ok) << where << ": " << report.error;
      const std::string other = player == 0 ? "second" : "first";
      EXPECT_EQ(report.proves, wins ? std::string(game_value_name(expected, me)) : other + "-player-not-lose") << where;
    }
  }
}

// Df-pn without pairings: 4x4x4's draw then takes thousands of entries, which the
// tampering tests below need.
DfpnOptions without_pairings() {
  DfpnOptions options;
  options.pairing = false;
  return options;
}

// Progress, as `kinrow verify` shows it: each strategy is read, then played out, with
// word in between on a check of some length (6x6x4's win: about 49,000 visits, so
// several of the reports every 16,384); the totals only grow, and the last report
// matches the check's counts.
TEST(DfpnCertificate, TheCheckReportsItsProgress) {
  const Game game = make_game("mnk:6x6x4");
  DfpnOptions options;
  options.table_megabytes = 16;
  const DfpnResult proof = dfpn_solve(Position(game), options, true);
  ASSERT_TRUE(proof.certificate);
  std::ostringstream text;
  write_certificate(text, game, *proof.certificate);
  std::vector<CheckProgress> heard;
  CheckOptions check;
  check.on_progress = [&](const CheckProgress& p) { heard.push_back(p); };
  std::istringstream in(text.str());
  const CheckReport report = check_certificate(game, in, check);
  ASSERT_TRUE(report.ok) << report.error;
  ASSERT_FALSE(heard.empty());
  EXPECT_TRUE(heard.front().reading);
  EXPECT_EQ(heard.front().strategy, 1);
  EXPECT_EQ(heard.front().holder, 0);
  for (std::size_t i = 1; i < heard.size(); ++i) {
    EXPECT_GE(heard[i].strategy, heard[i - 1].strategy);
    EXPECT_GE(heard[i].entries, heard[i - 1].entries);
    EXPECT_GE(heard[i].positions, heard[i - 1].positions);
  }
  const auto playing = std::count_if(heard.begin(), heard.end(), [](const CheckProgress& p) { return !p.reading; });
  EXPECT_GE(playing, 4) << "playing out: a word at the start, at least two on the way, one at the end";
  const auto midway = std::find_if(heard.begin(), heard.end(), [&](const CheckProgress& p) {
    return !p.reading && p.positions > 0 && p.positions < report.positions_checked;
  });
  EXPECT_NE(midway, heard.end()) << "no report while the strategy was played out";
  EXPECT_FALSE(heard.back().reading);
  EXPECT_EQ(heard.back().entries, report.entries);
  EXPECT_EQ(heard.back().positions, report.positions_checked);
}

TEST(DfpnCertificate, ASmallTableForgetsAndTheWalkSearchesAgain) {
  // 4x4x4 is a draw whose two proofs overflow a 1 MiB table: the walk must re-decide the
  // positions the table lost, and the result must still hold.
  const Game game = make_game("mnk:4x4x4");
  DfpnOptions options = without_pairings();
  options.table_megabytes = 1;
  const DfpnResult r = dfpn_solve(Position(game), options, true);
  ASSERT_TRUE(r.complete);
  EXPECT_EQ(r.value, Value::Draw);
  EXPECT_GT(r.certificate_nodes, 0u) << "the table forgot nothing: the case tests no re-search";
  ASSERT_TRUE(r.certificate.has_value());
  const CheckReport report = check_certificate(game, *r.certificate);
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.proves, "draw");
  EXPECT_EQ(report.entries_unreached, 0u);
}

TEST(DfpnCertificate, AWalkOverItsBudgetWritesNoCertificateButKeepsTheValue) {
  // The same re-searching walk with a budget of one node: the value stands, the
  // certificate is reported as not written (not a logic error, as a failed proof would be).
  const Game game = make_game("mnk:4x4x4");
  DfpnOptions options = without_pairings();
  options.table_megabytes = 1;
  options.certificate_max_nodes = 1;
  const DfpnResult r = dfpn_solve(Position(game), options, true);
  ASSERT_TRUE(r.complete);
  EXPECT_EQ(r.value, Value::Draw);
  EXPECT_TRUE(r.certificate_out_of_budget);
  EXPECT_FALSE(r.certificate.has_value());
  // Enough budget: written as before.
  options.certificate_max_nodes = 1u << 30;
  const DfpnResult full = dfpn_solve(Position(game), options, true);
  EXPECT_FALSE(full.certificate_out_of_budget);
  ASSERT_TRUE(full.certificate.has_value());
  EXPECT_TRUE(check_certificate(game, *full.certificate).ok);
}

TEST(DfpnCertificate, TheAnswerIsGivenBeforeTheWalkBegins) {
  // on_decided hears the value before the certificate's first line, so that a caller can
  // keep it (solve --split), and hears it even where the walk then gives up.
  const Game game = make_game("mnk:4x4x4");
  DfpnOptions options = without_pairings();
  options.table_megabytes = 1;
  options.certificate_max_nodes = 1;
  CertificateBuilder sink;
  int heard = 0;
  options.on_decided = [&](const DfpnResult& decided) {
    ++heard;
    EXPECT_TRUE(decided.complete);
    EXPECT_EQ(decided.value, Value::Draw);
    EXPECT_GT(decided.nodes, 0u);
    EXPECT_TRUE(sink.certificate().spec.empty()) << "the walk began before the answer was given";
  };
  const DfpnResult r = dfpn_solve(Position(game), options, &sink);
  EXPECT_TRUE(r.certificate_out_of_budget);
  EXPECT_EQ(heard, 1);
  EXPECT_FALSE(sink.certificate().spec.empty());  // the walk did begin, after the answer
}

// ---- 2. Tampered certificates are rejected --------------------------------------------

// Whether the holder, to move in `position`, keeps `claim` by playing `c` (by alpha-beta).
bool move_keeps_claim(Position position, Cell c, int holder, Claim claim) {
  position.play(Turn{c});
  if (position.over()) {
    const int w = position.winner();
    return w == holder || (claim == Claim::NotLose && w == kNoPlayer);
  }
  const Value opponent = alphabeta_value(position);  // the opponent is to move
  return claim == Claim::Win ? opponent == Value::Loss : opponent != Value::Win;
}

Certificate dfpn_certificate(const Game& game, Value expected, const DfpnOptions& options = {}) {
  const DfpnResult r = dfpn_solve(Position(game), options, true);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.value, expected) << game.spec;
  if (!r.certificate) throw std::logic_error("no certificate for " + game.spec);
  return *r.certificate;
}

// Deleting an entry the checker reaches leaves a gap: df-pn writes no entry where the
// holder wins at once (normal play), so the win-now rule cannot fill in for it.
void expect_deletions_rejected(const Game& game, const Certificate& original, const SymmetryGroup& group,
                               std::size_t max_per_strategy) {
  const CheckReport base = check_certificate(game, original, group);
  ASSERT_TRUE(base.ok) << base.error;
  ASSERT_EQ(base.entries_unreached, 0u) << "the deletions below assume every entry is used";
  for (std::size_t s = 0; s < original.strategies.size(); ++s) {
    const std::size_t n = original.strategies[s].entries.size();
    const std::size_t step = std::max<std::size_t>(1, n / max_per_strategy);
    for (std::size_t i = 0; i < n; i += step) {
      Certificate tampered = original;
      tampered.strategies[s].entries.erase(tampered.strategies[s].entries.begin() + i);
      const CheckReport report = check_certificate(game, tampered, group);
      EXPECT_FALSE(report.ok) << game.spec << ": strategy " << s << " without entry " << i << " accepted";
      EXPECT_TRUE(contains(report.error, "gap")) << game.spec << ": " << report.error;
    }
  }
}

// Replacing entries' moves by moves that do not keep the claim (alpha-beta says so) is
// rejected; replacements that still keep it are left alone. Entries are taken in a fixed
// shuffled order until `max_bad` such replacements per strategy (at most
// `max_cells_per_entry` per entry) have been tried. Returns how many were tried.
int expect_bad_moves_rejected(const Game& game, const Certificate& original, const SymmetryGroup& group,
                              int max_bad, int max_cells_per_entry) {
  int total = 0;
  SplitMix64 random(5);
  for (std::size_t s = 0; s < original.strategies.size(); ++s) {
    const Strategy& strategy = original.strategies[s];
    std::vector<std::size_t> order(strategy.entries.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[random.below(i)]);
    int bad = 0;
    for (std::size_t k = 0; k < order.size() && bad < max_bad; ++k) {
      const std::size_t i = order[k];
      const StrategyEntry& entry = strategy.entries[i];
      if (entry.given != 0) continue;  // a stronger position's: no game reaches it (stronger_positions_test.cpp)
      const Position at = testing::position_with(game, entry.owner);
      int tried = 0;
      for (Cell c = 0; c < game.cell_count() && tried < max_cells_per_entry && bad < max_bad; ++c) {
        if (entry.owner[c] != kNoPlayer || Turn{c} == entry.move) continue;
        if (move_keeps_claim(at, c, strategy.holder, strategy.claim)) continue;
        ++tried, ++bad;
        Certificate tampered = original;
        tampered.strategies[s].entries[i].move = Turn{c};
        const CheckReport report = check_certificate(game, tampered, group);
        EXPECT_FALSE(report.ok) << game.spec << ": strategy " << s << ", entry " << i << " after "
                                << moves_text(at) << " now playing " << format_turn(game, Turn{c})
                                << " (which does not keep the claim) accepted";
      }
    }
    total += bad;
  }
  return total;
}

TEST(DfpnCertificateTamper, DeletingTheRootEntryIsAGap) {
  for (const char* spec : {"mnk:4x4x3", "mnk:3x3x3", "mnk:4x4x4"}) {
    const Game game = make_game(spec);
    const Value expected = std::string(spec) == "mnk:4x4x3" ? Value::Win : Value::Draw;
    Certificate certificate = dfpn_certificate(game, expected);
    ASSERT_TRUE(check_certificate(game, certificate).ok) << spec;
    // The first player moves at the start: his strategy has an entry for the empty board.
    Strategy& first = *std::find_if(certificate.strategies.begin(), certificate.strategies.end(),
                                    [](const Strategy& s) { return s.holder == 0; });
    const std::vector<int8_t> empty(game.cell_count(), kNoPlayer);
    const auto root = std::find_if(first.entries.begin(), first.entries.end(),
                                   [&](const StrategyEntry& e) { return e.owner == empty; });
    ASSERT_NE(root, first.entries.end()) << spec << ": no entry for the start";
    EXPECT_EQ(std::count_if(first.entries.begin(), first.entries.end(),
                            [&](const StrategyEntry& e) { return e.owner == empty; }),
              1)
        << spec;
    first.entries.erase(root);
    const CheckReport report = check_certificate(game, certificate);
    EXPECT_FALSE(report.ok) << spec;
    EXPECT_TRUE(contains(report.error, "gap: no entry for the position after the empty board")) << report.error;
  }
}

TEST(DfpnCertificateTamper, DeletingAnyEntryIsAGap) {
  {
    const Game game = make_game("mnk:4x4x3");
    expect_deletions_rejected(game, dfpn_certificate(game, Value::Win), automorphisms(game), 1000);
  }
  {
    const Game game = make_game("mnk:3x3x3");
    expect_deletions_rejected(game, dfpn_certificate(game, Value::Draw), automorphisms(game), 1000);
  }
  {
    const Game game = make_game("mnk:4x4x4");
    expect_deletions_rejected(game, dfpn_certificate(game, Value::Draw, without_pairings()), automorphisms(game),
                              testing::sanitized() ? 3 : 12);
    expect_deletions_rejected(game, dfpn_certificate(game, Value::Draw), automorphisms(game), 12);
  }
}

TEST(DfpnCertificateTamper, ALosingFirstMoveIsRejected) {
  // mnk:4x3x3 is a first-player win, but not from every opening (every opening of
  // mnk:4x4x3 wins, so its tampering is left to the deeper entries below): put each
  // opening alpha-beta finds not winning at the root of df-pn's strategy.
  const Game game = make_game("mnk:4x3x3");
  const SymmetryGroup group = automorphisms(game);
  const Certificate original = dfpn_certificate(game, Value::Win);
  ASSERT_EQ(original.strategies.size(), 1u);
  const Strategy& win = original.strategies[0];
  const std::vector<int8_t> empty(game.cell_count(), kNoPlayer);
  const auto root = std::find_if(win.entries.begin(), win.entries.end(),
                                 [&](const StrategyEntry& e) { return e.owner == empty; });
  ASSERT_NE(root, win.entries.end());
  const std::size_t index = root - win.entries.begin();
  int losing = 0;
  for (Cell c = 0; c < game.cell_count(); ++c) {
    Position after(game);
    after.play(Turn{c});
    const Value o = alphabeta_value(after);
    if (Turn{c} == root->move) {
      EXPECT_EQ(o, Value::Loss) << "the certificate's own first move " << format_turn(game, Turn{c});
      continue;
    }
    if (o == Value::Loss) continue;  // another winning first move: no claim either way
    ++losing;
    Certificate tampered = original;
    tampered.strategies[0].entries[index].move = Turn{c};
    const CheckReport report = check_certificate(game, tampered, group);
    EXPECT_FALSE(report.ok) << "opening " << format_turn(game, Turn{c}) << " (o then " << value_name(o)
                            << "s) accepted as a win";
  }
  EXPECT_GT(losing, 0) << "every first move wins: the tampering above tested nothing";
}

TEST(DfpnCertificateTamper, MovesThatDoNotKeepTheClaimAreRejected) {
  {  // every entry, every bad move
    const Game game = make_game("mnk:4x4x3");
    EXPECT_GT(expect_bad_moves_rejected(game, dfpn_certificate(game, Value::Win), automorphisms(game), 100000, 16), 0);
  }
  {  // every entry, two bad moves each
    const Game game = make_game("mnk:3x3x3");
    EXPECT_GT(expect_bad_moves_rejected(game, dfpn_certificate(game, Value::Draw), automorphisms(game), 100000, 2), 0);
  }
  {  // a sample of the 4x4x4 draw's entries
    const Game game = make_game("mnk:4x4x4");
    const int per_strategy = testing::sanitized() ? 3 : 10;
    EXPECT_EQ(expect_bad_moves_rejected(game, dfpn_certificate(game, Value::Draw, without_pairings()),
                                        automorphisms(game), per_strategy, 1),
              2 * per_strategy);
  }
}

// ---- 3. The dead-end rule: the opponent's lines all spoiled -----------------------------

// mnk:4x1x3 has two lines, a1 b1 c1 and b1 c1 d1: a stone on b1 or c1 spoils both.
const std::string kStrip4 = "kinrow-certificate 1\ngame mnk:4x1x3\n";

TEST(DfpnCertificateDeadEnds, ANotLoseClaimEndsWhereTheOpponentsLinesAreSpoiled) {
  const Game game = make_game("mnk:4x1x3");
  ASSERT_EQ(game.lines.size(), 2u);
  // x takes b1 and has no entry for later: only the rule can end the walk.
  const CheckReport report = check_certificate(game, certificate_from_text(kStrip4 + "strategy first at-least-draw\n.X..\n", game));
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.proves, "first-player-not-lose");
  EXPECT_GT(report.dead_ends, 0u);
  // Not on a1: b1 c1 d1 stays open for o, and x has no entry for the replies.
  const CheckReport open = check_certificate(game, certificate_from_text(kStrip4 + "strategy first at-least-draw\nX...\n", game));
  EXPECT_FALSE(open.ok);
  EXPECT_TRUE(contains(open.error, "gap")) << open.error;
  EXPECT_EQ(open.dead_ends, 0u);
}

TEST(DfpnCertificateDeadEnds, AWinClaimInNormalPlayIsNotEndedBySpoiledLines) {
  const Game game = make_game("mnk:4x1x3");
  // The game is a draw, so x cannot hold a win, although after b1 o has no line left.
  ASSERT_EQ(alphabeta_value(Position(game)), Value::Draw);
  const CheckReport report = check_certificate(game, certificate_from_text(kStrip4 + "strategy first win\n.X..\n", game));
  EXPECT_FALSE(report.ok) << "a win claimed from spoiled lines alone: " << report.proves;
  EXPECT_EQ(report.dead_ends, 0u);
  // Nor with the win-now rule, which has no win to find.
  const CheckReport now = check_certificate(game, certificate_from_text(kStrip4 + "strategy first win win-now\n.X..\n", game));
  EXPECT_FALSE(now.ok) << now.proves;
  // With an entry for every reply the games are played to the end, and each is a draw.
  const std::string full = "strategy first win win-now\n.X..\noxX.\nXxo.\n.xXo\n";
  const CheckReport drawn = check_certificate(game, certificate_from_text(kStrip4 + full, game));
  EXPECT_FALSE(drawn.ok) << drawn.proves;
  EXPECT_TRUE(contains(drawn.error, "only draws")) << drawn.error;
  EXPECT_EQ(drawn.dead_ends, 0u);
}

TEST(DfpnCertificateDeadEnds, MisereCountsTheOpponentsStonesOnTheHoldersLines) {
  // Misère: the holder cannot lose once each of his own lines holds an opponent stone.
  const Game game = make_game("mnk:4x1x3,misere");
  const std::string head = "kinrow-certificate 1\ngame mnk:4x1x3,misere\n";
  // x a1, o b1: both of x's lines hold an o stone; x needs no entry at all.
  const CheckReport spoiled = check_certificate(game, certificate_from_text(head + "start a1 b1\nstrategy first at-least-draw\n", game));
  ASSERT_TRUE(spoiled.ok) << spoiled.error;
  EXPECT_EQ(spoiled.dead_ends, 1u);
  // mnk:3x1x2 misère after x b1: x's own stone is on both lines, which spoils nothing for
  // x; o answers a1 or c1 and x must complete a line. A false claim, rejected.
  const Game strip = make_game("mnk:3x1x2,misere");
  const Position after_b1 = play_moves(strip, "b1");
  ASSERT_EQ(alphabeta_value(after_b1), Value::Win);  // o to move wins
  const CheckReport wrong = check_certificate(
      strip, certificate_from_text("kinrow-certificate 1\ngame mnk:3x1x2,misere\nstart b1\nstrategy first at-least-draw\n", strip));
  EXPECT_FALSE(wrong.ok) << wrong.proves;
  EXPECT_EQ(wrong.dead_ends, 0u);
}

TEST(DfpnCertificateDeadEnds, TheBreakerWinsWhereTheMakerHasNoFreeLine) {
  const Game game = make_game("mnk:4x1x3,maker-breaker");
  const std::string head = "kinrow-certificate 1\ngame mnk:4x1x3,maker-breaker\n";
  // o answers every first move with b1 or c1 and then has no entry (and no win-now): the
  // maker has no line left, and the full board that follows is the breaker's.
  const std::string answers = "xO..\n.xO.\n.Ox.\n..Ox\n";
  const CheckReport report = check_certificate(game, certificate_from_text(head + "strategy second win\n" + answers, game));
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.proves, "second-player-win");
  EXPECT_EQ(report.to_move_value, "loss");
  EXPECT_GT(report.dead_ends, 0u);
  // Answering c1 with d1 leaves a1 b1 c1 free: no dead end there, and no entry for x's
  // next move. With the mirror the checker never plays that entry (c1 is b1 mirrored, and
  // b1 is already shown; d1 likewise is a1), so it proves the true claim with two entries
  // unused; with the identity alone it must play it, and finds the gap.
  const Certificate bad_answer = certificate_from_text(head + "strategy second win\nxO..\n.xO.\n..xO\n..Ox\n", game);
  const CheckReport mirrored = check_certificate(game, bad_answer);
  EXPECT_TRUE(mirrored.ok) << mirrored.error;
  EXPECT_EQ(mirrored.entries_unreached, 2u);
  SymmetryGroup identity;
  identity.maps.push_back(automorphisms(game).maps[0]);
  const CheckReport open = check_certificate(game, bad_answer, identity);
  EXPECT_FALSE(open.ok);
  EXPECT_TRUE(contains(open.error, "gap")) << open.error;
  const CheckReport good = check_certificate(game, certificate_from_text(head + "strategy second win\n" + answers, game), identity);
  EXPECT_TRUE(good.ok) << good.error;
  EXPECT_EQ(good.dead_ends, 4u);
  // The maker gets no such rule: the breaker has no lines, yet after b1 x still has to
  // complete one, and here cannot (o answers c1).
  ASSERT_EQ(alphabeta_value(Position(game)), Value::Loss);
  const CheckReport maker = check_certificate(game, certificate_from_text(head + "strategy first win\n.X..\n", game));
  EXPECT_FALSE(maker.ok) << maker.proves;
  EXPECT_EQ(maker.dead_ends, 0u);
}

TEST(DfpnCertificateDeadEnds, DfpnCertificatesUseTheRule) {
  // Df-pn's walk stops where the checker's rule does, so its draws end in dead ends.
  const Game game = make_game("mnk:4x4x4");
  const DfpnResult r = dfpn_solve(Position(game), without_pairings(), true);
  ASSERT_TRUE(r.certificate.has_value());
  const CheckReport report = check_certificate(game, *r.certificate);
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_GT(report.dead_ends, 0u);
}

TEST(DfpnCertificatePairings, DrawsEndWherePairingsHoldAndNeedTheDeclaredRule) {
  // With pairings, 4x4x4's draw is a handful of entries: after x's first stone o pairs
  // x's lines, and every x opening is answered by o's first stone into a pairing.
  const Game game = make_game("mnk:4x4x4");
  const Certificate certificate = dfpn_certificate(game, Value::Draw);
  const CheckReport report = check_certificate(game, certificate);
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_GT(report.paired_ends, 0u);
  EXPECT_LT(report.entries, 100u);
  bool declared = false;
  for (const Strategy& s : certificate.strategies) declared = declared || s.pairing_rule;
  EXPECT_TRUE(declared);
  // The rule is the certificate's to declare: without it, the same entries leave gaps.
  Certificate undeclared = certificate;
  for (Strategy& s : undeclared.strategies) s.pairing_rule = false;
  const CheckReport gap = check_certificate(game, undeclared);
  EXPECT_FALSE(gap.ok);
  EXPECT_TRUE(contains(gap.error, "gap")) << gap.error;
  // And it survives the text form.
  std::ostringstream text;
  write_certificate(text, game, certificate);
  EXPECT_NE(text.str().find(" win-now pairs"), std::string::npos);
  EXPECT_TRUE(check_certificate(game, certificate_from_text(text.str(), game)).ok);
}

// Shared pairs, which the checker's own rule does not look for, are listed as "paired"
// positions: 6x6x5's draw ends in them; they survive the text form; a deleted one leaves
// a gap, and a pair moved off its line is rejected by name.
TEST(DfpnCertificatePairings, SharedPairsAreListedAndChecked) {
  const Game game = make_game("mnk:6x6x5");
  const Certificate certificate = dfpn_certificate(game, Value::Draw);
  const CheckReport report = check_certificate(game, certificate);
  ASSERT_TRUE(report.ok) << report.error;
  std::size_t listed = 0;
  for (const Strategy& s : certificate.strategies) listed += s.paired.size();
  ASSERT_GT(listed, 0u);
  EXPECT_EQ(report.entries_unreached, 0u);
  std::ostringstream text;
  write_certificate(text, game, certificate);
  ASSERT_NE(text.str().find("\npaired "), std::string::npos);
  const CheckReport again = check_certificate(game, certificate_from_text(text.str(), game));
  EXPECT_TRUE(again.ok) << again.error;
  EXPECT_EQ(again.paired_ends, report.paired_ends);

  for (std::size_t i = 0; i < certificate.strategies.size(); ++i) {
    if (certificate.strategies[i].paired.empty()) continue;
    Certificate deleted = certificate;
    deleted.strategies[i].paired.erase(deleted.strategies[i].paired.begin());
    const CheckReport gap = check_certificate(game, deleted);
    EXPECT_FALSE(gap.ok);
    Certificate moved = certificate;
    auto& pairs = moved.strategies[i].paired.front().pairs;
    // Swap partners between the first two pairs: no longer on one line together.
    if (pairs.size() >= 2) {
      std::swap(pairs[0].second, pairs[1].second);
      const CheckReport bad = check_certificate(game, moved);
      EXPECT_FALSE(bad.ok);
      EXPECT_TRUE(contains(bad.error, "the pairs do not hold")) << bad.error;
    }
  }
  // A "paired" line needs the pairs rule.
  std::string undeclared = text.str();
  for (std::size_t at; (at = undeclared.find(" win-now pairs")) != std::string::npos;) undeclared.replace(at, 14, " win-now");
  EXPECT_THROW(certificate_from_text(undeclared, game), InputError);
}

// ---- 4. Orbit representatives -----------------------------------------------------------

Stones<1> stones_from(const Game& game, const std::string& moves) { return stones_of<1>(play_moves(game, moves)); }

Bits<1> cells(std::initializer_list<Cell> list) {
  Bits<1> out;
  for (Cell c : list) out.set(c);
  return out;
}

TEST(DfpnCertificateOrbits, TicTacToe) {
  const Game game = make_game("tictactoe");
  const Canonicaliser<1> canon(game);
  ASSERT_EQ(canon.group_size(), 8u);
  const Bits<1> all = Bits<1>::first_n(game.cell_count());
  // Empty board: a corner, an edge and the centre (the lowest cell of each orbit).
  const Bits<1> empty = canon.orbit_representatives(Stones<1>{}, all);
  EXPECT_EQ(empty.count(), 3);
  EXPECT_EQ(empty, cells({0, 1, 4}));
  // After the centre: a corner and an edge.
  const Stones<1> centre = stones_from(game, "b2");
  EXPECT_EQ(canon.orbit_representatives(centre, all.minus(centre.occupied())), cells({0, 1}));
  // x a3, o c2: no symmetry but the identity keeps both stones, so every move stays.
  const Stones<1> lopsided = stones_from(game, "a3 c2");
  const Bits<1> moves = all.minus(lopsided.occupied());
  EXPECT_EQ(canon.orbit_representatives(lopsided, moves), moves);
  // x a3, o c1: the diagonal mirror keeps them and pairs b3 with a2, c3 with a1, c2 with b1.
  const Stones<1> diagonal = stones_from(game, "a3 c1");
  EXPECT_EQ(canon.orbit_representatives(diagonal, all.minus(diagonal.occupied())).count(), 4);
}

// Orbits against brute force, on one word and on two (a board past 64 cells).
template <int W>
void orbits_agree(const char* spec) {
  const Game game = make_game(spec);
  const Canonicaliser<W> canon(game);
  const Bits<W> all = Bits<W>::first_n(game.cell_count());
  SplitMix64 random(99);
  const int trials = testing::sanitized() ? 40 : 300;
  int with_symmetry = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const int empties = 1 + static_cast<int>(random.below(game.cell_count()));
    const Position position = trial == 0 ? Position(game) : testing::random_position(game, empties, random);
    const Stones<W> s = stones_of<W>(position);
    const Bits<W> free = all.minus(s.occupied());
    Bits<W> part;
    for (int i = 0; i < W; ++i) part.word[i] = random.next();
    // All empty cells, then a random part of them.
    for (const Bits<W> moves : {free, free & part}) {
      std::vector<int> fixing;
      for (int map = 0; map < static_cast<int>(canon.group_size()); ++map)
        if (canon.image(map, s) == s) fixing.push_back(map);
      Bits<W> expected;
      for (Cell c : moves) {
        const bool lowest = std::none_of(fixing.begin(), fixing.end(), [&](int map) {
          const Cell image = canon.image(map, c);
          return image < c && moves.test(image);
        });
        if (lowest) expected.set(c);
      }
      with_symmetry += fixing.size() > 1;
      EXPECT_EQ(canon.orbit_representatives(s, moves), expected) << spec << " after " << moves_text(position);
    }
  }
  EXPECT_GT(with_symmetry, 0) << spec << ": no position with a symmetry was tried";
}

TEST(DfpnCertificateOrbits, AgreeWithBruteForce) {
  for (const char* spec : {"mnk:4x4x4", "mnk:4x4x3", "connect:4x4x3", "cube:3x2"}) orbits_agree<1>(spec);
  orbits_agree<2>("mnk:9x9x5");
}

// ---- 5. Live cells ----------------------------------------------------------------------

TEST(DfpnCertificateLiveCells, AgreeWithBruteForceFromTheLines) {
  for (const char* spec : {"mnk:4x4x3", "mnk:4x4x3,misere", "mnk:4x4x3,maker-breaker", "connect:5x4x4",
                           "square:3", "cube:3x2", "mnk:4x1x3,maker-breaker"}) {
    const Game game = make_game(spec);
    const BoardTables tables(game);
    const bool maker_breaker = game.rules.goal == Goal::MakerBreaker;
    SplitMix64 random(31337);
    const int trials = testing::sanitized() ? 30 : 200;
    int partly_dead = 0;
    for (int trial = 0; trial < trials; ++trial) {
      const int empties = static_cast<int>(random.below(game.cell_count()));
      const Position position = trial == 0 ? Position(game) : testing::random_position(game, std::max(1, empties), random);
      const Board<1> board = testing::board_of<1>(tables, position);
      Bits<1> expected;
      bool free_of[2] = {false, false};  // some line holds no stone of player p
      for (const Line& line : game.lines) {
        bool has[2] = {false, false};
        for (Cell c : line)
          if (position.owner(c) == 0 || position.owner(c) == 1) has[position.owner(c)] = true;
        const bool first_can = !has[1];                    // x's line, o has not touched it
        const bool second_can = !maker_breaker && !has[0];  // o's line, where o's lines count
        if (first_can || second_can)
          for (Cell c : line) expected.set(c);
        for (int p : {0, 1}) free_of[p] = free_of[p] || !has[p];
      }
      partly_dead += expected != board.all();
      EXPECT_EQ(board.live(), expected) << spec << " after " << moves_text(position);
      EXPECT_EQ(board.lines_free_of(0) > 0, free_of[0]) << spec << " after " << moves_text(position);
      EXPECT_EQ(board.lines_free_of(1) > 0, free_of[1]) << spec << " after " << moves_text(position);
    }
    EXPECT_GT(partly_dead, 0) << spec << ": every position tried had all cells live";
  }
}

// ---- 6. The command line ------------------------------------------------------------------

TEST(DfpnCertificateCli, SolveWritesACertificateVerifyAccepts) {
  const std::string path = ::testing::TempDir() + "kinrow_dfpn_certificate_" + std::to_string(::getpid()) + ".cert";
  const testing::CliRun solve = testing::kinrow("solve mnk:4x4x3 --method pns --json --certificate " + path);
  ASSERT_EQ(solve.status, 0) << solve.err;
  EXPECT_TRUE(contains(solve.out, "\"certificate_entries\"")) << solve.out;
  EXPECT_TRUE(contains(solve.out, "\"value\":\"first-player-win\"")) << solve.out;
  const testing::CliRun verify = testing::kinrow("verify mnk:4x4x3 " + path);
  EXPECT_EQ(verify.status, 0) << verify.out << verify.err;
  EXPECT_TRUE(contains(verify.out, "first-player-win")) << verify.out;

  // The same file without its first entry (the empty board's) is rejected.
  std::vector<std::string> lines;
  {
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  const auto entry = std::find_if(lines.begin(), lines.end(), [](const std::string& line) {
    return line.size() == 16 && line.find_first_not_of(".xoXO") == std::string::npos;
  });
  ASSERT_NE(entry, lines.end());
  lines.erase(entry);
  {
    std::ofstream out(path);
    for (const std::string& line : lines) out << line << "\n";
  }
  const testing::CliRun rejected = testing::kinrow("verify mnk:4x4x3 " + path);
  EXPECT_EQ(rejected.status, 1) << rejected.out << rejected.err;
  std::filesystem::remove(path);
}

// A game whose symmetry group (40,320 maps: every cell of the 2x2x2 cube is a twin) is
// larger than the checker lists: the certificate must not merge positions the checker
// cannot match, or it has gaps.
TEST(DfpnCertificate, AHugeSymmetryGroupDoesNotLeaveGaps) {
  const Game game = make_game("cube:2x3,misere");
  const DfpnResult r = dfpn_solve(Position(game), {}, true);
  ASSERT_TRUE(r.certificate);
  const CheckReport report = check_certificate(game, *r.certificate);
  EXPECT_TRUE(report.ok) << report.error;
  EXPECT_EQ(r.value, Value::Loss);
}

// Two targets of the proof-number issue from the empty board: square:5 (Jenrich's
// published first-player win, which needed hand-made restrictions there) and square:6
// (no published value: df-pn and alpha-beta must agree). Each certificate must pass.
TEST(DfpnCertificate, TheSquareGameTargets) {
  if (testing::sanitized()) GTEST_SKIP() << "seconds in a release build; minutes under sanitizers";
  for (const char* spec : {"square:5", "square:6"}) {
    const Game game = make_game(spec);
    const DfpnResult r = dfpn_solve(Position(game), {}, true);
    ASSERT_TRUE(r.complete && r.certificate) << spec;
    SolveOptions options;
    options.weak = true;
    EXPECT_EQ(r.value, solve(Position(game), options).value) << spec;
    if (std::string(spec) == "square:5") {
      EXPECT_EQ(r.value, Value::Win) << "Jenrich: a first-player win";
    }
    const CheckReport report = check_certificate(game, *r.certificate);
    EXPECT_TRUE(report.ok) << spec << ": " << report.error;
    EXPECT_EQ(report.to_move_value, value_name(r.value)) << spec;
  }
}

// mnk:7x7x5 is a draw (Hsu et al., TCS 2020). Df-pn reaches it through shared pairs and
// its certificate is checked; alpha-beta, with shared-pair cut-offs, finds the same value
// by a search of its own; and the value is the published one.
TEST(DfpnCertificate, SevenBySevenFiveIsADraw) {
  if (testing::sanitized()) GTEST_SKIP() << "seconds in a release build; minutes under sanitizers";
  const Game game = make_game("mnk:7x7x5");
  const DfpnResult r = dfpn_solve(Position(game), {}, true);
  ASSERT_TRUE(r.complete && r.certificate);
  EXPECT_EQ(r.value, Value::Draw) << "Hsu et al. (TCS 2020): a draw";
  const CheckReport report = check_certificate(game, *r.certificate);
  EXPECT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.proves, "draw");
  EXPECT_GT(report.paired_ends, 0u);
  SolveOptions options;
  options.weak = true;
  options.pairing = PairingMode::Shared;
  EXPECT_EQ(solve(Position(game), options).value, r.value);
}

}  // namespace
}  // namespace kinrow
