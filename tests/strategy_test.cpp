// The misère Connect-k strategies of Steele & Larremore, verified against every defence, checked
// against exact search, and turned into certificates the independent checker accepts.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.h"
#include "core/notation.h"
#include "games/families.h"
#include "proof/checker.h"
#include "search/solver.h"
#include "strategy/misere_paper.h"
#include "strategy/verifier.h"
#include "test_support.h"

namespace kinrow {
namespace {

std::string spec(int w, int h, int k) {
  return "connect:" + std::to_string(w) + "x" + std::to_string(h) + "x" + std::to_string(k) + ",misere";
}

// Verifies `name` for `player` (0/1) and returns the result; the strategy must apply.
StrategyVerification verify(const std::string& game_spec, const std::string& name, int player, bool relaxed = false) {
  const Game game = make_game(game_spec);
  const KnowledgeStrategy& s = find_strategy(name);
  EXPECT_TRUE(s.promise(game, player, relaxed).applies) << game_spec << " " << name;
  VerifyOptions options;
  options.relaxed = relaxed;
  return verify_strategy(game, s, player, options);
}

// Whether the verification holds what the strategy's source claims there.
bool holds_claim(const std::string& game_spec, const std::string& name, int player, bool relaxed = false) {
  const Game game = make_game(game_spec);
  const StrategyPromise p = find_strategy(name).promise(game, player, relaxed);
  const StrategyVerification v = verify(game_spec, name, player, relaxed);
  if (!v.complete || v.guarantee == Guarantee::None) return false;
  return !p.has_claim || p.claim == Claim::NotLose || v.guarantee == Guarantee::Win;
}

TEST(Strategies, TakeEvenWinsEveryEvenHeightForTheSecondPlayer) {
  for (int k = 2; k <= 4; ++k)
    for (int h = 2; h <= 4; h += 2)
      for (int w = k; w <= 6; ++w) {
        const StrategyVerification v = verify(spec(w, h, k), "take-even", 1);
        EXPECT_TRUE(v.complete);
        EXPECT_EQ(v.guarantee, Guarantee::Win) << spec(w, h, k) << " " << v.failure;
        EXPECT_GT(v.positions, 0u);
      }
  // The standard board: Theorem 1.
  EXPECT_EQ(verify("connect:7x6x4,misere", "take-even", 1).guarantee, Guarantee::Win);
}

TEST(Strategies, DelayedTakeEvenWinsForTheSideThatEndsRowZero) {
  for (int k = 3; k <= 4; ++k)
    for (int h = 3; h <= 5; h += 2)
      for (int w = k; w <= 7; ++w) {
        const int winner = w % 2 == 0 ? 1 : 0;
        EXPECT_EQ(verify(spec(w, h, k), "delayed-take-even", winner).guarantee, Guarantee::Win) << spec(w, h, k);
        // The other side has no such strategy: verification finds the game it loses or
        // where it cannot go on, never success.
        const StrategyVerification wrong = verify(spec(w, h, k), "delayed-take-even", 1 - winner);
        EXPECT_EQ(wrong.guarantee, Guarantee::None) << spec(w, h, k);
        EXPECT_FALSE(wrong.failure.empty());
        EXPECT_FALSE(wrong.counterexample.empty());
      }
  // k = 2 (Theorem 4): the second player on every width.
  for (int w = 2; w <= 7; ++w) EXPECT_EQ(verify(spec(w, 3, 2), "delayed-take-even", 1).guarantee, Guarantee::Win) << w;
}

TEST(Strategies, ACounterexampleIsALegalGameTheStrategyLoses) {
  const Game game = make_game("connect:7x5x4,misere");
  const StrategyVerification v = verify(game.spec, "delayed-take-even", 1);
  ASSERT_EQ(v.guarantee, Guarantee::None);
  Position position(game);
  for (Cell c : v.counterexample) {
    ASSERT_EQ(position.why_illegal({c}), "");
    position.play({c});
  }
  // Either the game is over and the second player lost, or the strategy had no move.
  if (position.over()) {
    EXPECT_EQ(position.winner(), 0);
  } else {
    EXPECT_NE(v.failure.find("no move"), std::string::npos) << v.failure;
  }
}

TEST(Strategies, TallyPlaysMatchLemmasOneAndTwo) {
  for (int w = 2; w <= 14; ++w) {
    const bool drawn = w == 2 || w == 4 || w == 6;
    const StrategyVerification second = verify(spec(w, 1, 2), "tally", 1);
    EXPECT_EQ(second.guarantee, drawn ? Guarantee::NotLose : Guarantee::Win) << w;
    if (drawn) {
      EXPECT_EQ(verify(spec(w, 1, 2), "tally", 0).guarantee, Guarantee::NotLose) << w;
    }
  }
}

TEST(Strategies, PairBalancingAndCanonicalBoardsNeverConnect) {
  for (int k = 3; k <= 4; ++k)
    for (int w = k; w <= 12; ++w)
      for (int player = 0; player < 2; ++player) {
        EXPECT_TRUE(holds_claim(spec(w, 1, k), "take-other-rightmost", player)) << w << " " << player;
        // The relaxed game: the opponent may connect as often as it likes.
        const StrategyVerification v = verify(spec(w, 1, k), "canonical-boards", player, true);
        EXPECT_NE(v.guarantee, Guarantee::None) << w << " " << player << " " << v.failure;
      }
}

TEST(Strategies, PlayOnTopDrawsEveryNarrowBoardForEitherPlayer) {
  // Section III.6: on a board narrower than k only columns connect, and playing on top of
  // the opponent keeps either player from being made to connect one. Up to height 10.
  int boards = 0;
  for (int k = 2; k <= 5; ++k)
    for (int w = 1; w < k; ++w)
      for (int h = k; h <= 10; ++h) {
        ++boards;
        for (int player = 0; player < 2; ++player) {
          const StrategyVerification v = verify(spec(w, h, k), "play-on-top", player);
          EXPECT_TRUE(v.complete);
          EXPECT_EQ(v.guarantee, Guarantee::NotLose) << spec(w, h, k) << " player " << player + 1 << " " << v.failure;
          EXPECT_GT(v.games_ended, 0u);
        }
      }
  EXPECT_EQ(boards, 1 * 9 + 2 * 8 + 3 * 7 + 4 * 6);
  // An annulus narrower than k still has wrapping diagonals: the paper's argument claims nothing there.
  const Game ring = make_game("connect:4x8x5,misere,cylinder");
  EXPECT_FALSE(find_strategy("play-on-top").promise(ring, 0, false).has_claim);
}

TEST(Strategies, TheRelaxedGameIsHarderThanTheRealOne) {
  // The tally plays win 7x1 with k = 2 for the second player because the first player's
  // own pairs end the game; when they do not (the relaxed game of Appendix A), the first
  // player connects at will and the tally plays lose. The canonical boards are made for it.
  const StrategyVerification real = verify(spec(7, 1, 2), "tally", 1);
  const StrategyVerification relaxed = verify(spec(7, 1, 2), "tally", 1, true);
  EXPECT_EQ(real.guarantee, Guarantee::Win);
  EXPECT_EQ(relaxed.guarantee, Guarantee::None);
  EXPECT_FALSE(relaxed.counterexample.empty());
  EXPECT_NE(verify(spec(9, 1, 3), "canonical-boards", 0, true).guarantee, Guarantee::None);
}

TEST(Strategies, SayWhenTheyAreOutsideTheirDomain) {
  const auto why = [](const std::string& game_spec, const std::string& name, int player) {
    const StrategyPromise p = find_strategy(name).promise(make_game(game_spec), player, false);
    EXPECT_FALSE(p.applies) << game_spec << " " << name;
    return p.why_not;
  };
  EXPECT_NE(why("connect:7x5x4,misere", "take-even", 1).find("even height"), std::string::npos);
  EXPECT_NE(why("connect:7x6x4,misere", "take-even", 0).find("second player"), std::string::npos);
  EXPECT_NE(why("connect:7x6x4", "take-even", 1).find("misere"), std::string::npos);
  EXPECT_NE(why("mnk:3x3x3", "take-even", 1).find("gravity"), std::string::npos);
  EXPECT_NE(why("connect:7x6x4,misere", "delayed-take-even", 1).find("odd height"), std::string::npos);
  EXPECT_NE(why("connect:7x2x4,misere", "tally", 1).find("height 1"), std::string::npos);
  EXPECT_NE(why("connect:7x1x4,misere", "tally", 1).find("k = 2"), std::string::npos);
  EXPECT_NE(why("connect:5x8x5,misere", "play-on-top", 0).find("narrower than k"), std::string::npos);
  EXPECT_THROW(find_strategy("take-odd"), InputError);
}

TEST(Strategies, VerifiedStrategiesAgreeWithExactSearch) {
  // Wherever a strategy verifies a win, the solver (which knows no strategy) finds the
  // same winner; where both sides' strategies verify a draw, the solver finds a draw.
  for (int k = 2; k <= 4; ++k)
    for (int h = 1; h <= 4; ++h)
      for (int w = 1; w * h <= 16 && w <= 8; ++w) {
        Game game;
        try {
          game = make_game(spec(w, h, k));
        } catch (const InputError&) {
          continue;
        }
        Guarantee best[2] = {Guarantee::None, Guarantee::None};
        for (int player = 0; player < 2; ++player)
          for (const auto& s : knowledge_strategies()) {
            const StrategyPromise p = s->promise(game, player, false);
            if (!p.applies || !p.has_claim) continue;
            best[player] = verify_strategy(game, *s, player).guarantee;
            break;
          }
        SolveOptions options;
        options.weak = true;
        options.table_megabytes = 4;
        const Value value = solve(Position(game), options).value;
        if (best[0] == Guarantee::Win) {
          EXPECT_EQ(value, Value::Win) << game.spec;
        }
        if (best[1] == Guarantee::Win) {
          EXPECT_EQ(value, Value::Loss) << game.spec;
        }
        if (best[0] == Guarantee::NotLose && best[1] == Guarantee::NotLose) {
          EXPECT_EQ(value, Value::Draw) << game.spec;
        }
        // And the paper agrees with the search.
        const std::optional<Outcome> paper = misere_paper_claim(k, w, h, false);
        ASSERT_TRUE(paper.has_value());
        const Outcome searched = value == Value::Win ? Outcome::First : value == Value::Loss ? Outcome::Second : Outcome::Draw;
        EXPECT_EQ(searched, *paper) << game.spec;
      }
}

TEST(Strategies, VerifiedStrategyIsACertificateTheCheckerAccepts) {
  for (const auto& [game_spec, name, player] : {std::tuple{"connect:5x4x3,misere", "take-even", 1},
                                                std::tuple{"connect:5x3x3,misere", "delayed-take-even", 0},
                                                std::tuple{"connect:6x1x3,misere", "take-other-rightmost", 1},
                                                std::tuple{"connect:3x7x4,misere", "play-on-top", 0},
                                                std::tuple{"connect:6x4x3,misere,cylinder", "take-even", 1}}) {
    const Game game = make_game(game_spec);
    VerifyOptions options;
    options.certificate = true;
    const StrategyVerification v = verify_strategy(game, find_strategy(name), player, options);
    ASSERT_TRUE(v.strategy.has_value()) << game_spec;
    Certificate certificate;
    certificate.spec = game.spec;
    certificate.strategies.push_back(*v.strategy);
    // Through the text form, as kinrow verify reads it.
    std::stringstream text;
    write_certificate(text, game, certificate);
    const Certificate read = read_certificate(text, game);
    const CheckReport report = check_certificate(game, read);
    EXPECT_TRUE(report.ok) << game_spec << ": " << report.error;

    // Tampered: the answers at the holder's second turn taken out.
    Certificate tampered = read;
    auto& entries = tampered.strategies[0].entries;
    const auto stones = [](const StrategyEntry& e) {
      return std::count_if(e.owner.begin(), e.owner.end(), [](int8_t o) { return o != kNoPlayer; });
    };
    const auto second_turn = player + 2;
    const std::size_t before = entries.size();
    std::erase_if(entries, [&](const StrategyEntry& e) { return stones(e) == second_turn; });
    ASSERT_LT(entries.size(), before);
    EXPECT_FALSE(check_certificate(game, tampered).ok) << game_spec;
  }
}

}  // namespace
}  // namespace kinrow

namespace kinrow {
namespace {

// The annulus results of docs/misere.md, as certificates written by `kinrow table misere
// --cylinder --certificates DIR`: each must still pass the independent checker.
TEST(Annulus, CommittedCertificatesVerify) {
  const std::filesystem::path dir = std::filesystem::path(KINROW_SOURCE_DIR) / "bench/data/annulus";
  int checked = 0;
  for (const auto& file : std::filesystem::directory_iterator(dir)) {
    if (file.path().extension() != ".cert") continue;
    if (testing::sanitized() && file.file_size() > 20000) continue;
    // connect_5x3x3_misere_cylinder.cert -> connect:5x3x3,misere,cylinder
    std::string spec = file.path().stem().string();
    spec[spec.find('_')] = ':';
    std::replace(spec.begin(), spec.end(), '_', ',');
    const Game game = make_game(spec);
    std::ifstream in(file.path());
    const CheckReport report = check_certificate(game, read_certificate(in, game));
    EXPECT_TRUE(report.ok) << spec << ": " << report.error;
    ++checked;
  }
  EXPECT_GE(checked, 20);
}

// A strategy that says it commutes with the board's symmetries but does not: it takes the
// first empty cell in reading order, which on a rotated board is another cell than the
// rotated one. `claims_symmetry` is what it says.
class FirstEmptyCell final : public KnowledgeStrategy {
 public:
  explicit FirstEmptyCell(bool claims_symmetry) : claims_symmetry_(claims_symmetry) {}
  std::string name() const override { return "first-empty-cell"; }
  std::string summary() const override { return "the first empty cell (a test's)"; }
  StrategyPromise promise(const Game&, int, bool) const override {
    StrategyPromise p;
    p.applies = true;
    p.has_claim = false;
    return p;
  }
  StrategyMove choose(const BoardView& board) const override {
    StrategyMove move;
    const auto empty = std::find(board.owner.begin(), board.owner.end(), kNoPlayer);
    move.cell = empty == board.owner.end() ? -1 : static_cast<Cell>(empty - board.owner.begin());
    move.rule = "first empty";
    return move;
  }
  bool symmetric() const override { return claims_symmetry_; }

 private:
  bool claims_symmetry_;
};

// The verifiers merge positions by symmetry only on the strategy's word that it commutes
// with them, and check that word where it moves: a false claim is a failure, named, in
// both walks; the same strategy that claims nothing is walked without merging and fails
// (tic-tac-toe's first empty cell loses) for another reason.
TEST(StrategyVerifier, AFalseClaimOfSymmetryIsCaught) {
  const Game game = make_game("mnk:3x3x3");
  for (const bool depth_first : {false, true}) {
    VerifyOptions options;
    options.depth_first = depth_first;
    options.threads = 1;
    const StrategyVerification lying = verify_strategy(game, FirstEmptyCell(true), 1, options);
    EXPECT_EQ(lying.guarantee, Guarantee::None);
    EXPECT_NE(lying.failure.find("does not commute with the board's symmetries"), std::string::npos)
        << depth_first << ": " << lying.failure;
    const StrategyVerification honest = verify_strategy(game, FirstEmptyCell(false), 1, options);
    EXPECT_EQ(honest.guarantee, Guarantee::None);
    EXPECT_EQ(honest.failure.find("commute"), std::string::npos) << honest.failure;
    EXPECT_FALSE(honest.failure.empty());
  }
  // Take-even does commute: every verification of it above merges and holds.
  EXPECT_TRUE(find_strategy("take-even").symmetric());
  EXPECT_EQ(verify(spec(4, 4, 4), "take-even", 1).failure, "");
}

}  // namespace
}  // namespace kinrow
