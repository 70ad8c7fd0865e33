// Relevance zones in certificates (the zones rule): df-pn's certificates of multi-stone
// wins answer the opponent's turns by zones and sub-proofs, and the checker accepts them;
// every turn a zone answers really loses; a zone shrunk by a cell its sub-proof reads is
// rejected with the cell named; and df-pn with zones agrees with df-pn without them and
// with alpha-beta.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/notation.h"
#include "games/families.h"
#include "proof/certificate.h"
#include "proof/checker.h"
#include "search/dfpn_solve.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::alphabeta_value;
using testing::random_position;

std::string moves_text(const Position& position) {
  const std::string text = format_turns(position.game(), position.history());
  return text.empty() ? std::string("the empty board") : "\"" + text + "\"";
}

// Df-pn's certificate of a won position (several stones a turn), or none.
std::optional<Certificate> win_certificate(const Position& position) {
  DfpnOptions options;
  options.table_megabytes = 8;
  options.threat_order = 2;  // the orders of the wide boards, on boards small enough to check
  options.zone_order = 3;
  const DfpnResult r = dfpn_solve(position, options, true);
  if (!r.complete || r.value == Value::Draw) return std::nullopt;
  return r.certificate;
}

std::size_t zone_count(const Certificate& certificate) {
  std::size_t n = 0;
  for (const Strategy& s : certificate.strategies) n += s.zones.size();
  return n;
}

// Positions of small multi-stone games that the first or second player wins.
std::vector<Position> won_positions(const Game& game, int count, uint64_t seed) {
  SplitMix64 random(seed);
  std::vector<Position> out;
  for (int tries = 0; static_cast<int>(out.size()) < count && tries < 50 * count; ++tries) {
    const int empties = game.cell_count() / 2 + static_cast<int>(random.below(game.cell_count() / 3));
    const Position position = random_position(game, empties, random);
    if (alphabeta_value(position) != Value::Draw) out.push_back(position);
  }
  return out;
}

class ZoneCertificates : public ::testing::TestWithParam<const char*> {};

TEST_P(ZoneCertificates, AreAcceptedAndAgreeWithAlphaBeta) {
  const Game game = make_game(GetParam());
  std::size_t zones = 0;
  for (const Position& position : won_positions(game, 12, 2611)) {
    const std::optional<Certificate> certificate = win_certificate(position);
    ASSERT_TRUE(certificate) << GetParam() << " after " << moves_text(position);
    const CheckReport report = check_certificate(game, *certificate);
    ASSERT_TRUE(report.ok) << GetParam() << " after " << moves_text(position) << ": " << report.error;
    EXPECT_EQ(report.to_move_value, value_name(alphabeta_value(position))) << moves_text(position);
    zones += zone_count(*certificate);
    // Through the text form as well (the "~W" entries and the zone lines).
    std::ostringstream text;
    write_certificate(text, game, *certificate);
    std::istringstream in(text.str());
    const CheckReport reread = check_certificate(game, in);
    EXPECT_TRUE(reread.ok) << reread.error;
    EXPECT_EQ(reread.zone_answers, report.zone_answers);
    EXPECT_EQ(reread.entries, report.entries);  // zone lines are entries either way
  }
  EXPECT_GT(zones, 0u) << "no certificate used a zone: the test tests nothing";
}

INSTANTIATE_TEST_SUITE_P(Games, ZoneCertificates,
                         ::testing::Values("mnk:5x4x4,p=2,q=1", "mnk:6x5x4,p=2,q=2", "mnk:6x4x4,p=2,q=1"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

// The position a zone stands at, if its stones make a game position with the opponent
// to move a whole turn (a null move of the game as played, not one nested in a sub-proof).
std::optional<Position> defender_position(const Game& game, const ZoneEntry& zone, int holder) {
  std::vector<Cell> stones[2];
  for (Cell c = 0; c < game.cell_count(); ++c)
    if (zone.owner[c] == 0 || zone.owner[c] == 1) stones[zone.owner[c]].push_back(c);
  Position position(game);
  std::size_t next[2] = {0, 0};
  while (next[0] < stones[0].size() || next[1] < stones[1].size()) {
    const int mover = position.to_move();
    const int n = position.stones_this_turn();
    if (next[mover] + n > stones[mover].size()) return std::nullopt;
    Turn turn(stones[mover].begin() + next[mover], stones[mover].begin() + next[mover] + n);
    next[mover] += n;
    if (!position.why_illegal(turn).empty()) return std::nullopt;
    position.play(turn);
    if (position.over()) return std::nullopt;
  }
  if (position.to_move() == holder || position.stones_this_turn() != zone.withheld) return std::nullopt;
  return position;
}

// The checker's rule, written again: stones that can be ordered s1, s2, ... with s_i
// outside zone i.
bool irrelevant(const Turn& turn, const std::vector<uint8_t>& level) {
  std::vector<int> first;
  for (Cell c : turn) first.push_back(level[c] == 0 ? 1000 : level[c]);
  std::sort(first.begin(), first.end());
  for (std::size_t i = 0; i < first.size(); ++i)
    if (first[i] <= static_cast<int>(i) + 1) return false;
  return true;
}

TEST(ZoneCertificates, EveryTurnAZoneAnswersLoses) {
  const Game game = make_game("mnk:6x5x4,p=2,q=2");
  int checked = 0;
  for (const Position& position : won_positions(game, 6, 4101)) {
    const std::optional<Certificate> certificate = win_certificate(position);
    ASSERT_TRUE(certificate);
    for (const Strategy& s : certificate->strategies)
      for (const ZoneEntry& zone : s.zones) {
        std::optional<Position> at = defender_position(game, zone, s.holder);
        if (!at) continue;
        for (const Turn& turn : at->legal_turns()) {
          if (!irrelevant(turn, zone.level)) continue;
          at->play(turn);
          ++checked;
          EXPECT_TRUE(at->over() ? at->winner() == s.holder : alphabeta_value(*at) == Value::Win)
              << "a turn the zone answers holds: " << moves_text(*at);
          at->undo();
        }
      }
  }
  EXPECT_GT(checked, 20) << "too few turns answered by zones to test";
}

TEST(ZoneCertificates, AZoneShrunkByACellItsSubProofReadsIsRejectedNamingIt) {
  const Game game = make_game("mnk:6x5x4,p=2,q=2");
  const std::vector<Position> positions = won_positions(game, 6, 4101);
  ASSERT_FALSE(positions.empty());
  int rejected = 0, tries = 0;
  for (const Position& position : positions) {
    const std::optional<Certificate> certificate = win_certificate(position);
    ASSERT_TRUE(certificate);
    for (std::size_t s = 0; s < certificate->strategies.size(); ++s)
      for (std::size_t z = 0; z < certificate->strategies[s].zones.size() && tries < 60; ++z)
        for (Cell c = 0; c < game.cell_count() && tries < 60; ++c) {
          if (certificate->strategies[s].zones[z].level[c] == 0) continue;
          Certificate tampered = *certificate;
          tampered.strategies[s].zones[z].level[c] = 0;
          ++tries;
          const CheckReport report = check_certificate(game, tampered);
          if (report.ok) continue;  // the cell was not needed there (or another zone covers it)
          ++rejected;
          EXPECT_NE(report.error.find("misses " + format_cell(game, c)), std::string::npos) << report.error;
          break;  // one cell of each zone is enough
        }
  }
  EXPECT_GT(rejected, 3) << "of " << tries << " shrunk zones";
}

// Two-stone games whose first turn is one stone, won by the second player: his
// certificates answer that first stone by zones too.
const char* const kFirstTurnOfOne[] = {"mnk:6x4x4,p=2,q=1", "mnk:6x5x4,p=2,q=1", "mnk:7x4x4,p=2,q=1"};

TEST(ZoneCertificates, TheOpponentsFirstTurnOfFewerStonesIsAnsweredToo) {
  // The zone writer once took every turn of the opponent's for p stones; at the game's
  // first turn of q < p the walk then played two stones for one, and no turn of the
  // holder's kept the claim (a logic error, no certificate).
  for (const char* spec : kFirstTurnOfOne) {
    const Game game = make_game(spec);
    const std::optional<Certificate> certificate = win_certificate(Position(game));
    ASSERT_TRUE(certificate) << spec;
    const CheckReport report = check_certificate(game, *certificate);
    ASSERT_TRUE(report.ok) << spec << ": " << report.error;
    if (!testing::sanitized() || std::string(spec) == kFirstTurnOfOne[0]) {  // the reference search: 4 s for the three
      EXPECT_EQ(report.to_move_value, value_name(alphabeta_value(Position(game)))) << spec;
    }
    EXPECT_GT(zone_count(*certificate), 0u) << spec;
  }
}

TEST(ZoneCertificates, ASubProofThatPlaysOutsideItsZoneIsRejectedNamingTheCell) {
  // A sub-proof (an entry with stones withheld) whose turn takes a cell its zone leaves
  // out: a defender turn the zone lets through may hold that very cell. Made by taking the
  // cell out of the zone declared at the sub-proof's position; the checker, which
  // re-derives the cells a sub-proof reads rather than trusting the zone, must reject it
  // and name the cell.
  int tampered = 0;
  for (const char* spec : kFirstTurnOfOne) {
    const Game game = make_game(spec);
    const std::optional<Certificate> certificate = win_certificate(Position(game));
    ASSERT_TRUE(certificate) << spec;
    for (std::size_t s = 0; s < certificate->strategies.size(); ++s) {
      const Strategy& strategy = certificate->strategies[s];
      for (const StrategyEntry& entry : strategy.entries) {
        const auto zone = std::find_if(strategy.zones.begin(), strategy.zones.end(), [&](const ZoneEntry& z) {
          return entry.withheld > 0 && z.withheld == entry.withheld && z.owner == entry.owner;
        });
        if (zone == strategy.zones.end()) continue;
        for (Cell c : entry.move) {
          if (zone->level[c] == 0) continue;
          Certificate moved = *certificate;
          moved.strategies[s].zones[zone - strategy.zones.begin()].level[c] = 0;
          ++tampered;
          const CheckReport report = check_certificate(game, moved);
          EXPECT_FALSE(report.ok) << spec << ": a sub-proof playing " << format_cell(game, c)
                                  << ", outside its zone, was accepted";
          EXPECT_NE(report.error.find("misses " + format_cell(game, c)), std::string::npos) << report.error;
        }
      }
    }
  }
  EXPECT_GT(tampered, 3) << "too few sub-proofs below zones to test";
}

// Df-pn with `knowledge` against df-pn without the threat knowledge and alpha-beta, on
// `count` random positions of `spec` with `fewest_empty` + [0, `more_empty`) empty cells.
struct Agreement {
  std::size_t won = 0;  // positions not drawn
  std::size_t cut = 0;  // positions the knowledge searched in fewer nodes
};
Agreement agree_with_plain_search(const char* spec, uint64_t seed, int count, int fewest_empty, int more_empty,
                                  DfpnOptions knowledge) {
  const Game game = make_game(spec);
  SplitMix64 random(seed);
  Agreement out;
  for (int i = 0; i < count; ++i) {
    const int empties = fewest_empty + static_cast<int>(random.below(more_empty));
    const Position position = random_position(game, empties, random);
    DfpnOptions plain;
    knowledge.table_megabytes = plain.table_megabytes = 2;
    plain.threats = false;
    const DfpnResult a = dfpn_solve(position, knowledge), b = dfpn_solve(position, plain);
    EXPECT_TRUE(a.complete && b.complete) << spec << " after " << moves_text(position);
    const Value reference = alphabeta_value(position);
    EXPECT_EQ(a.value, reference) << spec << " after " << moves_text(position);
    EXPECT_EQ(b.value, reference) << spec << " after " << moves_text(position);
    out.won += reference != Value::Draw;
    out.cut += a.nodes < b.nodes;
  }
  return out;
}

// Two stones a turn: df-pn with zones (the orders of the wide boards), on boards small
// enough for all three.
TEST(ZoneSearch, AgreesWithPlainSearchOnRandomPositions) {
  DfpnOptions zones;
  zones.threat_order = 2;
  zones.zone_order = 3;
  for (const char* spec : {"mnk:5x4x4,p=2,q=1", "mnk:5x5x4,p=2,q=2", "mnk:6x4x4,p=2,q=1"})
    agree_with_plain_search(spec, 777, testing::sanitized() ? 15 : 120, 8, make_game(spec).cell_count() - 10, zones);
}

// One stone a turn: df-pn with its threat knowledge (continuous-threat wins, and the
// relevance zones of the opponent's that restrict a turn to the cells that stop them), on
// Gomoku-like boards.
TEST(ZoneSearch, OneStoneATurnAgreesWithPlainSearchOnRandomPositions) {
  Agreement all;
  for (const char* spec : {"mnk:5x5x4", "mnk:6x5x4", "mnk:6x6x5"}) {
    const Agreement one = agree_with_plain_search(spec, 4242, testing::sanitized() ? 15 : 500, 8, 11, {});
    all.won += one.won;
    all.cut += one.cut;
  }
  EXPECT_GT(all.cut, 0u) << "the threat knowledge never cut a search: the test compares nothing";
  EXPECT_GT(all.won, testing::sanitized() ? 5u : 300u) << "too few won positions: the zones had little to decide";
}

// The text form and the checker refuse zones that would answer nothing, rather than pass
// over them: a zone line of ~W with more than W zones (zone i answers the i-th withheld
// stone), and zones in a tile game, where the maker picks his turn's size.
TEST(ZoneCertificates, ZonesThatWouldAnswerNothingAreRefused) {
  auto check = [](const std::string& spec, const std::string& strategy) {
    std::istringstream in("kinrow-certificate 1\ngame " + spec + "\nstrategy first win win-now zones\n" + strategy);
    return check_certificate(make_game(spec), in);
  };
  try {
    check("mnk:5x5x4,p=2", "zone ~1 ......................... a1 | b2\n");
    ADD_FAILURE() << "a zone line of ~1 with two zones was read";
  } catch (const InputError& e) {  // unreadable, as verify's exit status 2 says
    EXPECT_NE(std::string(e.what()).find("at most 1 zones"), std::string::npos) << e.what();
  }
  const CheckReport tiles = check("mnk:5x5x4,maker-breaker,p=1..2", "");
  EXPECT_FALSE(tiles.ok);
  EXPECT_NE(tiles.error.find("zones serve wins"), std::string::npos) << tiles.error;
}

}  // namespace
}  // namespace kinrow
