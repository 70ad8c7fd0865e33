// The verifier (threats/defences.h, kinrow defences) against alpha-beta on small boards:
// every defender turn it does not list loses, an empty list means the defender loses,
// and the certificate it writes then is one the checker accepts. With the turns left
// proved by df-pn (search/defences_proof.h), its value is alpha-beta's, and its
// certificates of wins are accepted.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <unistd.h>

#include "cli_support.h"
#include "core/notation.h"
#include "games/board_dispatch.h"
#include "games/families.h"
#include "proof/checker.h"
#include "search/defences_proof.h"
#include "test_support.h"
#include "threats/defences.h"

namespace kinrow {
namespace {

using testing::alphabeta_value;
using testing::random_position;

// Whether the list holds `turn`: a whole turn, or a partial one it extends (a stone that
// completes the defender's line is listed alone: any turn with it wins).
bool listed(const std::vector<Move>& turns, const Turn& turn) {
  return std::any_of(turns.begin(), turns.end(), [&](const Move& m) {
    for (Cell c : to_turn(m))
      if (std::find(turn.begin(), turn.end(), c) == turn.end()) return false;
    return true;
  });
}

TEST(Defences, EveryTurnNotListedLosesAndAnEmptyListIsALoss) {
  int empty_lists = 0;
  for (const char* spec : {"mnk:5x5x4,p=2,q=1", "mnk:6x5x4,p=2,q=2"}) {
    const Game game = make_game(spec);
    BoardOptions options;
    options.near = game.rules.stones_per_turn + ZoneProfile<1>::kMaxExtra;
    const BoardTables tables(game, options);
    ThreatSpaceSearch<1> search(tables);
    SplitMix64 random(2611);
    int lists = 0, refuted = 0;
    const int positions = testing::sanitized() ? 8 : 40;
    // Under the sanitizers fewer, but on until one list comes out empty.
    for (int i = 0; i < 40 && (i < positions || empty_lists == 0); ++i) {
      Position position = random_position(game, 14 + static_cast<int>(random.below(6)), random);
      if (position.stones_this_turn() != game.rules.stones_per_turn) continue;
      Board<1> board = testing::board_of<1>(tables, position);
      const int attacker = 1 - position.to_move();
      const DefenceReport<1> report = list_defences(search, board, attacker, 3, 2);
      ++lists;
      if (report.unrefuted.empty()) {
        ++empty_lists;
        EXPECT_EQ(alphabeta_value(position), Value::Loss) << spec << " after " << format_turns(game, position.history());
      }
      for (const Turn& turn : position.legal_turns()) {
        if (listed(report.unrefuted, turn)) continue;
        position.play(turn);
        ++refuted;
        EXPECT_TRUE(position.over() ? position.winner() == attacker : alphabeta_value(position) == Value::Win)
            << spec << " after " << format_turns(game, position.history()) << ": a turn not listed holds";
        position.undo();
      }
    }
    EXPECT_GT(lists, positions / 4) << spec;
    EXPECT_GT(refuted, 0) << spec;
  }
  EXPECT_GT(empty_lists, 0) << "no position where the attacker wins: the test tests little";
}

// Whether `player` completes a line with one whole turn of his, the defender passing.
bool fills_a_line_in_one_turn(const Position& position, int player) {
  const Game& game = position.game();
  for (const Line& line : game.lines) {
    int missing = 0;
    for (Cell c : line) {
      if (position.owner(c) == 1 - player) missing = game.rules.stones_per_turn + 1;
      missing += position.owner(c) == kNoPlayer;
    }
    if (missing <= game.rules.stones_per_turn) return true;
  }
  return false;
}

TEST(DefencesResult, AgreesWithAlphaBetaAndItsCertificatesCheck) {
  int proved_after_turns_left = 0, held = 0;
  for (const char* spec : {"mnk:5x5x4,p=2,q=1", "mnk:6x5x4", "mnk:5x5x4"}) {
    const Game game = make_game(spec);
    SplitMix64 random(4511);
    // Random positions are mostly draws: as many attacker wins as others are kept, the
    // value by alpha-beta first (the claim checked is prove_defences', not this choice).
    // With p = 2 nearly every win here is one turn deep; with p = 1 many are deeper.
    const int wanted = testing::sanitized() ? 5 : 20;
    int wins = 0, others = 0;
    for (int i = 0; i < 1500 && (wins < wanted || others < wanted); ++i) {
      Position position = random_position(game, 12 + static_cast<int>(random.below(8)), random);
      if (position.over() || position.stones_this_turn() != game.rules.stones_per_turn) continue;
      const bool defender_loses = alphabeta_value(position) == Value::Loss;
      // Most wins of a random position are one turn deep, which the listing's threats see
      // alone; the deeper ones (no line the attacker fills in one turn) are kept first.
      if (defender_loses && wins < wanted / 2 && fills_a_line_in_one_turn(position, 1 - position.to_move()))
        continue;
      if (defender_loses ? wins++ >= wanted : others++ >= wanted) continue;
      const std::string at = std::string(spec) + " after " + format_turns(game, position.history());
      DefencesOptions options;
      // On boards this small threats refute nearly every turn: half the time only
      // immediate wins refute one, so that df-pn has turns to prove.
      options.zone_order = i % 2 ? 1 : 3;
      options.threat_order = i % 2 ? 0 : 2;
      options.dfpn.table_megabytes = 8;
      options.dfpn.threads = 1;
      options.certificate = true;
      const DefencesResult proof = prove_defences(position, options);
      ASSERT_TRUE(proof.attacker_wins.has_value()) << at << ": no budget was set, yet undecided";
      EXPECT_EQ(*proof.attacker_wins, defender_loses) << at;
      const int attacker = 1 - position.to_move();
      if (*proof.attacker_wins) {
        ASSERT_TRUE(proof.strategy) << at;
        Certificate certificate;
        certificate.spec = game.spec;
        certificate.start = format_turns(game, position.history());
        certificate.strategies.push_back(*proof.strategy);
        const CheckReport report = check_certificate(game, certificate);
        EXPECT_TRUE(report.ok) << at << ": " << report.error;
        EXPECT_EQ(report.to_move_value, "loss") << at;
        proved_after_turns_left += !proof.turns.empty();
      } else {
        // The turn named as held (the first with the attacker not winning; none after it
        // is searched): after it the attacker does not win.
        const auto held_turn = std::find_if(proof.turns.begin(), proof.turns.end(),
                                            [](const TurnProof& t) { return t.attacker_wins == false; });
        ASSERT_NE(held_turn, proof.turns.end()) << at;
        EXPECT_TRUE(std::none_of(held_turn + 1, proof.turns.end(), [](const TurnProof& t) { return t.searched; }))
            << at;
        ++held;
        if (held_turn->completes_line) continue;  // the listing's own case, tested above
        position.play(held_turn->turn);
        EXPECT_TRUE(position.over() ? position.winner() != attacker : alphabeta_value(position) != Value::Win)
            << at << " " << format_turn(game, held_turn->turn);
      }
    }
  }
  EXPECT_GT(proved_after_turns_left, 0) << "no win needed df-pn after the threats: the test tests little";
  EXPECT_GT(held, 0) << "no position the defender holds";
}

// The defender's turn may be the game's first, of q stones where the others are p: the
// listing withholds q stones, not p, and the certificate's top answers single stones.
TEST(DefencesResult, TheDefendersFirstTurnOfQStonesIsListedAndProved) {
  for (const char* spec : {"mnk:6x4x4,p=2,q=1", "mnk:5x4x4,p=2,q=1"}) {
    const Game game = make_game(spec);
    const Position empty(game);
    ASSERT_EQ(empty.stones_this_turn(), 1) << spec;
    DefencesOptions options;
    options.prove = true;
    options.certificate = true;
    options.dfpn.table_megabytes = 16;
    options.dfpn.threads = 1;
    const DefencesResult proof = prove_defences(empty, options);
    for (const TurnProof& turn : proof.turns) EXPECT_EQ(turn.turn.size(), 1u) << spec;
    for (const auto& partial : proof.partial) EXPECT_TRUE(partial.placed.empty()) << spec << ": a second stone";
    // Every first stone the listing does not keep loses (alpha-beta, which knows no zones).
    int refuted = 0;
    for (const Turn& turn : empty.legal_turns()) {
      if (std::any_of(proof.turns.begin(), proof.turns.end(), [&](const TurnProof& t) { return t.turn == turn; }))
        continue;
      Position after = empty;
      after.play(turn);
      EXPECT_EQ(alphabeta_value(after), Value::Win) << spec << " " << format_turn(game, turn) << " should lose";
      ++refuted;
    }
    EXPECT_GT(refuted, 0) << spec;
    const bool defender_loses = alphabeta_value(empty) == Value::Loss;
    ASSERT_TRUE(proof.attacker_wins.has_value()) << spec;
    EXPECT_EQ(*proof.attacker_wins, defender_loses) << spec;
    if (!*proof.attacker_wins) continue;
    ASSERT_TRUE(proof.strategy) << spec;
    Certificate certificate;
    certificate.spec = game.spec;
    certificate.strategies.push_back(*proof.strategy);
    const CheckReport report = check_certificate(game, certificate);
    EXPECT_TRUE(report.ok) << spec << ": " << report.error;
    EXPECT_EQ(report.to_move_value, "loss") << spec;
  }
}

TEST(DefencesCli, WritesACertificateVerifyAccepts) {
  const std::string path = ::testing::TempDir() + "kinrow_defences_" + std::to_string(::getpid()) + ".cert";
  const std::string moves = "\"c5 s1s3 d5e5 a19c17 f2f3 q19s15 f4j9 a10s10 k9l9 a14n19 f5m9\"";
  const testing::CliRun run = testing::kinrow("defences connect6 --moves " + moves + " --certificate " + path + " --json");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\"attacker_wins\":true"), std::string::npos) << run.out;
  // The null move places nothing: JSON null, not the text form's "(null)".
  EXPECT_NE(run.out.find("\"partial_turns\":[{\"placed\":null,"), std::string::npos) << run.out;
  const testing::CliRun verify = testing::kinrow("verify connect6 " + path + " --json");
  EXPECT_EQ(verify.status, 0) << verify.out << verify.err;
  EXPECT_NE(verify.out.find("\"to_move_value\":\"loss\""), std::string::npos) << verify.out;
  EXPECT_EQ(verify.out.find("\"zone_answers\":0"), std::string::npos) << verify.out;
  std::remove(path.c_str());
}

TEST(DefencesCli, ProveDecidesTheTurnsLeftAndWritesACertificate) {
  const std::string path = ::testing::TempDir() + "kinrow_defences_prove_" + std::to_string(::getpid()) + ".cert";
  const std::string moves = "\"c5 s1s3 d5e5 a19c17 f2f3 q19s15 f4j9 a10s10 k9l9 a14n19 j8j7\"";
  const testing::CliRun run = testing::kinrow("defences connect6 --moves " + moves +
                                              " --prove --threads 1 --tt-mb 64 --certificate " + path + " --json");
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("\"proofs\":[{\"turn\":\"o19p19\",\"attacker_wins\":true"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"attacker_wins\":true,\"nodes\""), std::string::npos) << run.out;
  const testing::CliRun verify = testing::kinrow("verify connect6 " + path + " --json");
  EXPECT_EQ(verify.status, 0) << verify.out << verify.err;
  EXPECT_NE(verify.out.find("\"to_move_value\":\"loss\""), std::string::npos) << verify.out;
  std::remove(path.c_str());
}

// Turns past --turn-nodes are searched but not decided, and the summary says so.
TEST(DefencesCli, TurnsPastTheirBudgetAreUndecided) {
  const testing::CliRun run = testing::kinrow("defences mnk:5x5x4,p=2,q=1 --moves c3 --turn-nodes 5 --prove --threads 1 --quiet");
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("proved        0 of 4 turns decided: 0 won by the attacker, 4 undecided (past --turn-nodes)"),
            std::string::npos) << run.out;
  EXPECT_NE(run.out.find("value         not decided: 4 turn(s) undecided"), std::string::npos) << run.out;
}

TEST(DefencesCli, TurnsLeftMeanNoCertificate) {
  const std::string path = ::testing::TempDir() + "kinrow_defences_left_" + std::to_string(::getpid()) + ".cert";
  const std::string moves = "\"c5 s1s3 d5e5 a19c17 f2f3 q19s15 f4j9 a10s10 k9l9 a14n19 j8j7\"";
  const testing::CliRun run = testing::kinrow("defences connect6 --moves " + moves + " --certificate " + path);
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("o19p19"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("not written"), std::string::npos) << run.out;
  // The certificate streams into its file; one not written leaves none behind.
  EXPECT_FALSE(std::filesystem::exists(path)) << path;
  std::remove(path.c_str());
}

TEST(DefencesCli, BadInputIsOneLineAndExitTwo) {
  for (const std::string& arguments :
       {std::string("defences connect4 --moves 4"), std::string("defences connect6 --moves j10j11"),
        std::string("defences connect6 --moves \"j10 k10\""), std::string("defences mnk:3x3x3 --moves \"a1 b1 a2 b2 a3\""),
        std::string("defences connect6 --moves j10 --zone-order 9"),
        std::string("defences connect6 --moves j10 --turn-nodes 100"),
        std::string("defences connect6 --moves j10 --certificate-from-empty")}) {
    const testing::CliRun run = testing::kinrow(arguments);
    EXPECT_EQ(run.status, 2) << arguments << ": " << run.out << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << arguments << ": " << run.err;
  }
}

}  // namespace
}  // namespace kinrow
