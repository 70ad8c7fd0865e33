// Strategy dictionaries (O'Dwyer): notations, canonical lookup, the forced-win search,
// exhaustive verification, compression, and Patashnik's Qubic proof and the Harary
// oracles from ../shared/data.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <fstream>
#include <set>
#include <sstream>

#include "core/error.h"
#include "core/notation.h"
#include "core/position.h"
#include "search/canonical.h"
#include "threats/forced_win.h"
#include "dictionary/compress.h"
#include "dictionary/dictionary_verifier.h"
#include "games/families.h"
#include "proof/checker.h"
#include "reference_solver.h"
#include "test_support.h"
#include "cli_support.h"
#include <filesystem>
#include <nlohmann/json.hpp>

namespace kinrow {
namespace {

using testing::sanitized;

const std::string kData = KINROW_DATA_DIR;
const std::string kPatashnik = kData + "/qubic/patashnik-qubic.dictionary";
const std::string kPatashnikCompressed = kData + "/qubic/patashnik-qubic-compressed.txt";
const std::string kTwelveLines = kData + "/harary/twelve-line-3-in-a-row-4x4.txt";

using EntrySet = std::set<std::tuple<uint64_t, uint64_t, Cell>>;

EntrySet entry_set(const Dictionary& d) {
  EntrySet out;
  for (const DictionaryEntry& e : d.entries) out.insert({e.stones.first.word[0], e.stones.second.word[0], e.move});
  return out;
}

// The same set with each position (and move) replaced by its canonical form.
EntrySet canonical_set(const Dictionary& d, const Canonicaliser<1>& symmetry) {
  EntrySet out;
  for (const DictionaryEntry& e : d.entries) {
    const CanonicalForm<1> form = symmetry.canonical(e.stones);
    // A symmetric position may map its move several ways: take the greatest image.
    Cell move = -1;
    for (int g = 0; g < static_cast<int>(symmetry.group_size()); ++g)
      if (symmetry.image(g, e.stones) == form.stones) move = std::max(move, symmetry.image(g, e.move));
    out.insert({form.stones.first.word[0], form.stones.second.word[0], move});
  }
  return out;
}

Dictionary dictionary_from_text(const std::string& text, const Game& game, int holder = 0) {
  std::istringstream in(text);
  return read_dictionary(in, game, holder);
}

std::string error_of(const std::string& text, const Game& game) {
  try {
    dictionary_from_text(text, game);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// A mask's image (one instruction with AVX-512 BITALG, else byte tables) is the set of
// its cells' images, for every map, on boards of 9, 49 and 64 cells.
TEST(Canonicaliser, MaskImagesAreTheCellsImages) {
  SplitMix64 random(3);
  for (const char* spec : {"tictactoe", "mnk:7x7x5", "qubic"}) {
    const Game game = make_game(spec);
    const Canonicaliser<1> symmetry(game);
    const Bits<1> all = Bits<1>::first_n(game.cell_count());
    for (int trial = 0; trial < 50; ++trial) {
      Bits<1> cells;
      cells.word[0] = random.next();
      cells &= all;
      for (int map = 0; map < static_cast<int>(symmetry.group_size()); ++map) {
        Bits<1> expected;
        for (Cell c : cells) expected.set(symmetry.image(map, c));
        ASSERT_EQ(symmetry.image(map, cells), expected) << spec << " map " << map;
      }
    }
  }
}

TEST(DictionaryNotation, ReadsBothNotationsAndExpandsAlternatives) {
  const Game game = make_game("mnk:4x4x3");
  const Dictionary cells = dictionary_from_text("OO...xX.OOO.OOOO\n", game);
  EXPECT_EQ(cells.notation, DictionaryNotation::Cells);
  EXPECT_EQ(cells.entry_lines, 1);
  ASSERT_EQ(cells.entries.size(), 9u);
  for (const DictionaryEntry& e : cells.entries) {
    EXPECT_EQ(e.move, 6);
    EXPECT_EQ(e.stones.first, Bits<1>::single(5));
    EXPECT_EQ(e.stones.second.count(), 1);
  }
  const Dictionary runs = dictionary_from_text("# a comment\n 5\nx4o 9\n", game);
  EXPECT_EQ(runs.notation, DictionaryNotation::RunLength);
  ASSERT_EQ(runs.entries.size(), 2u);
  EXPECT_EQ(runs.entries[0].stones, DictionaryStones{});
  EXPECT_EQ(runs.entries[1].stones, (DictionaryStones{Bits<1>::single(0), Bits<1>::single(5)}));
  EXPECT_EQ(runs.entries[1].move, 9);
  EXPECT_EQ(run_length_line(runs.entries[1].stones, 9, 16), "x4o 9");
  EXPECT_EQ(cells_line(runs.entries[1].stones, 9, Bits<1>::single(3) | Bits<1>::single(7), 0, 16), "x..O.o.O.X......");
}

TEST(DictionaryNotation, BadLinesAreNamed) {
  const Game game = make_game("mnk:4x4x3");
  EXPECT_NE(error_of("x4o 99\n", game).find("line 1: move 99 is off the board"), std::string::npos);
  EXPECT_NE(error_of(" 0\nx4o 0\n", game).find("line 2: the move 0 is onto a stone"), std::string::npos);
  EXPECT_NE(error_of("xx3o 9\n", game).find("line 1: 2 x and 1 o do not leave the first player"),
            std::string::npos);
  EXPECT_NE(error_of("....X...........\nxo..X\n", game).find("line 2: expected 16 characters"),
            std::string::npos);
  EXPECT_NE(error_of("x..o............\n", game).find("no move"), std::string::npos);
  EXPECT_THROW(check_dictionary_game(make_game("mnk:9x9x5")), InputError);
  EXPECT_THROW(check_dictionary_game(make_game("connect6")), InputError);
}

TEST(DictionaryNotation, PatashniksTwoFilesHoldTheSamePositions) {
  const Game game = make_game("qubic");
  const Dictionary original = read_dictionary_file(kPatashnik, game, 0);
  const Dictionary compressed = read_dictionary_file(kPatashnikCompressed, game, 0);
  EXPECT_EQ(original.entries.size(), 2929u);
  EXPECT_EQ(original.entry_lines, 2929);
  EXPECT_EQ(compressed.entry_lines, 951);
  EXPECT_EQ(entry_set(original), entry_set(compressed));
}

TEST(DictionaryNotation, ConvertingBothWaysKeepsEveryPosition) {
  const Game game = make_game("qubic");
  const Dictionary original = read_dictionary_file(kPatashnik, game, 0);
  for (DictionaryNotation notation : {DictionaryNotation::Cells, DictionaryNotation::RunLength}) {
    std::stringstream text;
    write_dictionary(text, original, game, notation);
    const Dictionary back = read_dictionary(text, game, 0);
    EXPECT_EQ(back.notation, notation);
    EXPECT_EQ(entry_set(back), entry_set(original));
    if (notation == DictionaryNotation::RunLength) {
      EXPECT_EQ(back.preamble, original.preamble);
    }
  }
}

TEST(Canonicaliser, FindsAPositionInEveryOneOfItsForms) {
  const Game game = make_game("qubic");
  const Canonicaliser<1> symmetry(game);
  EXPECT_EQ(symmetry.group_size(), 192u);
  SplitMix64 random(7);
  for (int trial = 0; trial < 50; ++trial) {
    Stones<1> s;
    for (int i = 0; i < 12; ++i) {
      const Cell c = static_cast<Cell>(random.below(64));
      if (!s.occupied().test(c)) s.place(i % 2, c);
    }
    const CanonicalForm<1> form = symmetry.canonical(s);
    EXPECT_EQ(symmetry.image(form.map, s), form.stones);
    for (int g = 0; g < 192; g += 7) EXPECT_EQ(symmetry.canonical(symmetry.image(g, s)).stones, form.stones);
  }
}

// Plays `moves` (cells) on the reference rules, alternately from the first player.
Position replay(const Game& game, const std::vector<Cell>& moves) {
  Position position(game);
  for (Cell c : moves) position.play(Turn{c});
  return position;
}

// The forced-win search, checked against the naive solver: whenever it claims a win, the
// side to move wins; and on positions with an obvious double threat it finds one.
TEST(ForcedWin, EveryForcedWinFoundIsAWinAndItsMoveKeepsIt) {
  for (const char* spec : {"mnk:4x4x3", "mnk:5x4x4", "connect:5x4x3", "connect:4x4x3", "mnk:4x4x3,maker-breaker"}) {
    const Game game = make_game(spec);
    const BoardTables tables(game);
    ForcedWinSearch<1> search;
    SplitMix64 random(11);
    int found = 0;
    for (int trial = 0; trial < (sanitized() ? 40 : 200); ++trial) {
      // Few empty cells, so the naive solver (no pruning) stays quick.
      Position position = testing::random_position(game, 5 + static_cast<int>(random.below(4)), random);
      Board<1> board = testing::board_of<1>(tables, position);
      const ForcedWin win = search.find(board, position.to_move());
      if (win.move < 0) continue;
      ++found;
      position.play(Turn{win.move});
      const testing::ReferenceResult after = testing::reference_solve(position);
      EXPECT_EQ(after.value, -1) << spec << ": the forced win's first move does not keep the win";
    }
    EXPECT_GT(found, 0) << spec;
  }
}

// Under gravity a stone opens the cell above it for the defender too. Here x's stone in
// column 2 threatens above it, but o's forced block there completes o's diagonal: that is
// no forced win (a review found the search claiming one).
TEST(ForcedWin, UnderGravityABlockThatWinsIsNotForced) {
  const Game game = make_game("connect:5x4x3");
  Position position = play_moves(game, "13113341");
  const BoardTables tables(game);
  ForcedWinSearch<1> search;
  Board<1> board = testing::board_of<1>(tables, position);
  const ForcedWin win = search.find(board, position.to_move());
  if (win.move < 0) return;
  // Whatever it claims must leave o without an immediate win (checked on the reference rules).
  position.play(Turn{win.move});
  for (const Turn& reply : position.legal_turns()) {
    position.play(reply);
    EXPECT_NE(position.winner(), 1) << "o wins at once after the claimed forced win's first move";
    position.undo();
  }
}

TEST(ForcedWin, FindsAThreatSequenceAndRespectsACounterThreat) {
  const Game game = make_game("mnk:7x7x4");
  const BoardTables tables(game);
  ForcedWinSearch<1> search;
  auto board_with = [&](const Game& g, const BoardTables& t, std::initializer_list<const char*> x,
                        std::initializer_list<const char*> o) {
    Stones<1> s;
    for (const char* c : x) s.place(0, parse_cell(g, c));
    for (const char* c : o) s.place(1, parse_cell(g, c));
    return testing::board_at(t, s);
  };
  // x c4 d4 (a row) and e2 e3 (a column): e4 makes two threes at once (so do others).
  Board<1> open = board_with(game, tables, {"c4", "d4", "e2", "e3"}, {"a1", "g7", "a7", "g1"});
  const ForcedWin win = search.find(open, 0);
  ASSERT_GE(win.move, 0);
  EXPECT_EQ(win.length, 2);
  EXPECT_GE(open.threats_after(win.move, 0).count(), 2);
  // The same stones, but o has g5 g6 g7 with g4 open: x must block g4 first, the block
  // makes no threat, so there is no forced win (though e4 would be a double threat).
  Board<1> countered = board_with(game, tables, {"c4", "d4", "e2", "e3"}, {"a1", "g5", "g6", "g7"});
  EXPECT_LT(search.find(countered, 0).move, 0);
  // Under maker-breaker the breaker's three is no threat: the forced win is back.
  const Game mb = make_game("mnk:7x7x4,maker-breaker");
  const BoardTables mb_tables(mb);
  ForcedWinSearch<1> mb_search;
  Board<1> mb_board = board_with(mb, mb_tables, {"c4", "d4", "e2", "e3"}, {"a1", "g5", "g6", "g7"});
  EXPECT_EQ(mb_search.find(mb_board, 0).length, 2);
}

TEST(DictionaryVerify, TheTwelveLineDictionaryWinsThreeInARowOn4x4) {
  const Game game = make_game("mnk:4x4x3");
  const Dictionary dictionary = read_dictionary_file(kTwelveLines, game, 0);
  EXPECT_EQ(dictionary.entry_lines, 12);
  DictionaryPlayer player(game, dictionary, {});
  DictionaryVerifyOptions options;
  options.keep_moves = true;
  const DictionaryVerification v = verify_dictionary(player, options);
  EXPECT_TRUE(v.holds) << v.failure;
  EXPECT_EQ(v.longest_win, 3);
  EXPECT_GT(v.positions, 0u);
  EXPECT_EQ(v.by_rule[static_cast<int>(PlayRule::Dictionary)], v.positions);

  // Without its last ten lines it needs the win-now rule.
  std::ifstream in(kTwelveLines);
  std::string first_two, line;
  for (int i = 0; i < 2 && std::getline(in, line); ++i) first_two += line + "\n";
  const Dictionary short_one = dictionary_from_text(first_two, game);
  DictionaryPlayer bare(game, short_one, {});
  EXPECT_FALSE(verify_dictionary(bare).holds);
  DictionaryPlayer with_win(game, short_one, parse_obvious_rules("win"));
  EXPECT_TRUE(verify_dictionary(with_win).holds);
}

// The verifier's answer, checked by the certificate checker, which shares nothing with it
// but the rules: a verified dictionary written as a certificate passes kinrow verify.
TEST(DictionaryVerify, VerifiedDictionariesPassTheCertificateChecker) {
  for (const auto& [spec, file, within] :
       {std::tuple{"mnk:4x4x3", kTwelveLines, 0},
        std::tuple{"animal:4x4:l-tetromino,maker-breaker", kData + "/harary/oracle.l-tetromino-b4-m4.txt", 4},
        std::tuple{"animal:5x5:t-tetromino,maker-breaker", kData + "/harary/oracle.t-tetromino-b5-m4.txt", 4}}) {
    const Game game = make_game(spec);
    const Dictionary dictionary = read_dictionary_file(file, game, 0);
    DictionaryPlayer player(game, dictionary, {});
    DictionaryVerifyOptions options;
    options.keep_moves = true;
    options.within = within;
    const DictionaryVerification v = verify_dictionary(player, options);
    ASSERT_TRUE(v.holds) << spec << ": " << v.failure;
    Certificate certificate;
    certificate.spec = game.spec;
    certificate.strategies.push_back(certificate_strategy(v, 0, game.cell_count()));
    EXPECT_TRUE(check_certificate(game, certificate).ok) << spec;
    certificate.strategies[0].entries.erase(certificate.strategies[0].entries.begin());
    EXPECT_FALSE(check_certificate(game, certificate).ok) << spec;
  }
}

TEST(DictionaryVerify, PatashniksDictionaryProvesQubic) {
  // Under the sanitizers (26 s there) the same verifier walks much of the same proof in
  // DeletingAnEntryFailsAtItsPosition.
  if (sanitized()) GTEST_SKIP() << "5 s optimised; under the sanitizers, see DeletingAnEntryFailsAtItsPosition";
  const Game game = make_game("qubic");
  const Dictionary dictionary = read_dictionary_file(kPatashnik, game, 0);
  DictionaryPlayer player(game, dictionary, parse_obvious_rules("patashnik"));
  EXPECT_EQ(player.repeated_entries(), 0);
  const DictionaryVerification v = verify_dictionary(player);
  EXPECT_TRUE(v.holds) << v.failure;
  EXPECT_EQ(v.entries_unreached, 0);
  EXPECT_EQ(v.by_rule[static_cast<int>(PlayRule::Dictionary)], 2929u);
  EXPECT_GT(v.forced_branches, 0u);
  // No entry covers a position where a forced win exists: each is necessary.
  EXPECT_TRUE(v.entries_with_forced_win.empty());

  // Without the forced-win rule the dictionary alone cannot go on.
  DictionaryPlayer no_forced(game, dictionary, parse_obvious_rules("win,block"));
  const DictionaryVerification bare = verify_dictionary(no_forced);
  EXPECT_FALSE(bare.holds);
  EXPECT_NE(bare.failure.find("no move"), std::string::npos);
}

TEST(DictionaryVerify, PatashnikPlayedOutEveryGame) {
  if (sanitized()) GTEST_SKIP() << "about 20 s optimised; too slow under the sanitizers";
  const Game game = make_game("qubic");
  const Dictionary dictionary = read_dictionary_file(kPatashnik, game, 0);
  DictionaryPlayer player(game, dictionary, parse_obvious_rules("patashnik"));
  DictionaryVerifyOptions options;
  options.forced_win_ends_branch = false;
  const DictionaryVerification v = verify_dictionary(player, options);
  EXPECT_TRUE(v.holds) << v.failure;
  EXPECT_EQ(v.forced_branches, 0u);
  EXPECT_EQ(v.entries_unreached, 0);
  EXPECT_LE(v.longest_win, 32);
}

TEST(DictionaryVerify, DeletingAnEntryFailsAtItsPosition) {
  const Game game = make_game("qubic");
  const Canonicaliser<1> symmetry(game);
  const Dictionary dictionary = read_dictionary_file(kPatashnik, game, 0);
  const std::vector<int> deleted = sanitized() ? std::vector<int>{1} : std::vector<int>{1, 99, 1499, 2928};
  for (int index : deleted) {
    Dictionary smaller = dictionary;
    smaller.entries.erase(smaller.entries.begin() + index);
    DictionaryPlayer player(game, smaller, parse_obvious_rules("patashnik"));
    const DictionaryVerification v = verify_dictionary(player);
    ASSERT_FALSE(v.holds) << "entry " << index;
    EXPECT_NE(v.failure.find("no move"), std::string::npos);
    EXPECT_EQ(symmetry.canonical(v.failed_position).stones,
              symmetry.canonical(dictionary.entries[index].stones).stones)
        << "entry " << index;
    // The failing game is a real game: the reference rules replay it to that position.
    const Position position = replay(game, v.game);
    for (Cell c = 0; c < 64; ++c)
      EXPECT_EQ(position.owner(c), v.failed_position.first.test(c) ? 0 : v.failed_position.second.test(c) ? 1 : kNoPlayer);
  }
}

TEST(DictionaryCompress, BeatsTheGreedyCountAndRoundTrips) {
  const Game game = make_game("qubic");
  const Canonicaliser<1> symmetry(game);
  const Dictionary dictionary = read_dictionary_file(kPatashnik, game, 0);
  const Compression plain = compress_dictionary(dictionary, Canonicaliser<1>(game), false);
  EXPECT_LT(plain.lines.size(), 951u);
  std::stringstream text;
  write_compressed(text, plain, 0, 64);
  const Dictionary back = read_dictionary(text, game, 0);
  EXPECT_EQ(back.entry_lines, static_cast<int>(plain.lines.size()));
  EXPECT_EQ(entry_set(back), entry_set(dictionary));

  if (sanitized()) return;
  const Compression folded = compress_dictionary(dictionary, symmetry, true);
  EXPECT_LT(folded.lines.size(), plain.lines.size());
  std::stringstream folded_text;
  write_compressed(folded_text, folded, 0, 64);
  const Dictionary folded_back = read_dictionary(folded_text, game, 0);
  EXPECT_EQ(canonical_set(folded_back, symmetry), canonical_set(dictionary, symmetry));
  DictionaryPlayer player(game, folded_back, parse_obvious_rules("patashnik"));
  EXPECT_TRUE(verify_dictionary(player).holds);
}

TEST(DictionaryCompress, SixPositionsMergeIntoTwoLines) {
  // In the manner of O'Dwyer's example: six positions, two lines.
  const Game game = make_game("mnk:6x1x3");
  const Dictionary dictionary = dictionary_from_text("Xxo...\nXx.o..\nXx..o.\no.xX..\n.oxX..\n..xXo.\n", game);
  const Compression c = compress_dictionary(dictionary, Canonicaliser<1>(game), false);
  ASSERT_EQ(c.lines.size(), 2u);
  EXPECT_EQ(cells_line(c.lines[0].fixed, c.lines[0].move, c.lines[0].alternatives, 0, 6), "XxOOO.");
  EXPECT_EQ(cells_line(c.lines[1].fixed, c.lines[1].move, c.lines[1].alternatives, 0, 6), "OOxXO.");
  std::stringstream text;
  write_compressed(text, c, 0, 6);
  EXPECT_EQ(entry_set(read_dictionary(text, game, 0)), entry_set(dictionary));
}

struct Oracle {
  const char* animal;
  int board, moves;
};

class HararyOracles : public ::testing::TestWithParam<Oracle> {};

TEST_P(HararyOracles, VerifyUnderMakerBreakerWithinTheirMoveNumber) {
  const Oracle o = GetParam();
  const std::string side = std::to_string(o.board);
  const std::string file =
      kData + "/harary/oracle." + o.animal + "-b" + side + "-m" + std::to_string(o.moves) + ".txt";
  const Game game = make_game("animal:" + side + "x" + side + ":" + o.animal + ",maker-breaker");
  const Dictionary dictionary = read_dictionary_file(file, game, 0);
  DictionaryPlayer player(game, dictionary, {});
  DictionaryVerifyOptions options;
  options.within = o.moves;
  const DictionaryVerification v = verify_dictionary(player, options);
  EXPECT_TRUE(v.holds) << v.failure;
  EXPECT_LE(v.longest_win, o.moves);

  // Under normal rules the breaker's own animal counts too: if that breaks the oracle, the
  // failing game must really be one the breaker completes first (checked on the reference
  // rules).
  const Game strong = make_game("animal:" + side + "x" + side + ":" + o.animal);
  DictionaryPlayer strong_player(strong, dictionary, {});
  const DictionaryVerification s = verify_dictionary(strong_player, options);
  if (!s.holds) {
    EXPECT_EQ(s.failure, "lost: the opponent completed a line");
    const Position end = replay(strong, s.game);
    EXPECT_TRUE(end.over());
    EXPECT_EQ(end.winner(), 1);
  }
}

INSTANTIATE_TEST_SUITE_P(Data, HararyOracles,
                         ::testing::Values(Oracle{"v-tromino", 3, 3}, Oracle{"i-tromino", 4, 3},
                                           Oracle{"l-tetromino", 4, 4}, Oracle{"t-tetromino", 5, 4},
                                           Oracle{"z-tetromino", 3, 5}, Oracle{"z-tetromino", 5, 4},
                                           Oracle{"i-tetromino", 7, 7}, Oracle{"n-pentomino", 6, 6}),
                         [](const auto& info) {
                           std::string name = std::string(info.param.animal) + "_b" +
                                              std::to_string(info.param.board);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(AnimalFamily, CountsPlacementsOfEveryOrientation) {
  EXPECT_EQ(make_game("animal:4x4:l-tetromino").line_count(), 8 * 3 * 2);
  EXPECT_EQ(make_game("animal:3:v-tromino").line_count(), 4 * 2 * 2);
  EXPECT_EQ(make_game("animal:7x7:i-tetromino").line_count(), 2 * 4 * 7);
  EXPECT_EQ(make_game("animal:6x6:n-pentomino").line_count(), 8 * 5 * 3);
  EXPECT_EQ(make_game("animal:5x5:o-tetromino").line_count(), 16);
  EXPECT_EQ(make_game("animal:3:v-tromino").spec, "animal:3x3:v-tromino");
  EXPECT_THROW(make_game("animal:4x4:hexomino"), InputError);
  EXPECT_THROW(make_game("animal:4x4"), InputError);
  EXPECT_THROW(make_game("animal:2x2:i-tetromino"), InputError);
}

}  // namespace
}  // namespace kinrow

namespace kinrow {
namespace {

using testing::CliRun;
using testing::kinrow;

TEST(DictCli, VerifiesReportsAndFailsWithTheGame) {
  const CliRun ok = kinrow("dict verify mnk:4x4x3 " + kTwelveLines + " --json");
  EXPECT_EQ(ok.status, 0) << ok.err;
  const auto report = nlohmann::json::parse(ok.out);
  EXPECT_TRUE(report["holds"]);
  EXPECT_EQ(report["entry_lines"], 12);
  EXPECT_EQ(report["longest_win"], 3);

  const auto dir = std::filesystem::temp_directory_path();
  const std::string short_file = (dir / "kinrow_two_lines.txt").string();
  {
    std::ifstream in(kTwelveLines);
    std::ofstream out(short_file);
    std::string line;
    for (int i = 0; i < 2 && std::getline(in, line); ++i) out << line << "\n";
  }
  const CliRun gap = kinrow("dict verify mnk:4x4x3 " + short_file);
  EXPECT_EQ(gap.status, 1);
  EXPECT_NE(gap.out.find("FAILS        no move"), std::string::npos) << gap.out;
  EXPECT_EQ(kinrow("dict verify mnk:4x4x3 " + short_file + " --rules win").status, 0);
  EXPECT_EQ(kinrow("dict verify mnk:4x4x3 " + short_file + " --rules wins").status, 2);
  EXPECT_EQ(kinrow("dict verify mnk:4x4x3 /nonexistent").status, 2);
  EXPECT_EQ(kinrow("dict frobnicate mnk:4x4x3 " + short_file).status, 2);
}

// By default a forced win ends its branch: that proves the value, not the dictionary as
// played, since inside the sequence the player looks up the dictionary first. A hand-made
// dictionary (from an audit) with a bad entry there verifies by default, saying what it
// proved, and fails played out.
TEST(DictCli, AForcedWinEndingItsBranchProvesTheValueNotTheDictionaryAsPlayed) {
  const std::string file = (std::filesystem::temp_directory_path() / "kinrow_forced_entry.txt").string();
  {
    std::ofstream out(file);
    out << "X...............\nx....o....x.X..o\n";
  }
  const CliRun value = kinrow("dict verify mnk:4x4x3 " + file + " --rules patashnik");
  EXPECT_EQ(value.status, 0) << value.out << value.err;
  EXPECT_NE(value.out.find("forced wins proved by search, not played"), std::string::npos) << value.out;
  const CliRun played = kinrow("dict verify mnk:4x4x3 " + file + " --rules patashnik --play-out");
  EXPECT_EQ(played.status, 1) << played.out;
  EXPECT_NE(played.out.find("FAILS"), std::string::npos) << played.out;
  std::filesystem::remove(file);
}

TEST(DictCli, ConvertCompressAndPlay) {
  const auto dir = std::filesystem::temp_directory_path();
  const std::string packed = (dir / "kinrow_packed.txt").string();
  const CliRun compress = kinrow("dict compress mnk:4x4x3 " + kTwelveLines + " --symmetry --output " + packed);
  EXPECT_EQ(compress.status, 0) << compress.err;
  EXPECT_NE(compress.err.find("up to symmetry"), std::string::npos);
  EXPECT_EQ(kinrow("dict verify mnk:4x4x3 " + packed).status, 0);
  const CliRun runs = kinrow("dict convert mnk:4x4x3 " + kTwelveLines + " --to run-length");
  EXPECT_EQ(runs.status, 0);
  EXPECT_NE(runs.out.find(" 5\n"), std::string::npos);  // the first move, from the empty board
  EXPECT_EQ(kinrow("dict convert mnk:4x4x3 " + kTwelveLines).status, 2);  // no --to

  // A second-player dictionary: kinrow's proof that the second player wins 6x4 Connect
  // Four, read from its certificate (whose holder is the second player).
  const std::string second = (dir / "kinrow_644.cert").string();
  ASSERT_EQ(kinrow("solve connect:6x4x4 --certificate " + second).status, 0);
  const CliRun by_second = kinrow("dict verify connect:6x4x4 " + second + " --rules win --json");
  EXPECT_EQ(by_second.status, 0) << by_second.out;
  EXPECT_EQ(nlohmann::json::parse(by_second.out)["player"], 2);
  EXPECT_EQ(kinrow("dict compress connect:6x4x4 " + second + " --output " + packed).status, 0);
  EXPECT_EQ(kinrow("dict verify connect:6x4x4 " + packed + " --player 2 --rules win").status, 0);

  // kinrow's own proof, read as a dictionary: the certificate's strategy verifies.
  const std::string certificate = (dir / "kinrow_443.cert").string();
  ASSERT_EQ(kinrow("solve mnk:4x4x3 --certificate " + certificate).status, 0);
  EXPECT_EQ(kinrow("dict verify mnk:4x4x3 " + certificate + " --rules win").status, 0);
  EXPECT_EQ(kinrow("dict convert mnk:4x4x3 " + certificate + " --to cells").status, 0);

  // The dictionary as a player: it wins whatever the opponent types.
  const CliRun game = kinrow("play mnk:4x4x3 --dictionary " + kTwelveLines + " --json < /dev/null");
  EXPECT_EQ(game.status, 0) << game.err;
  EXPECT_NE(game.out.find("\"by\":\"dictionary\""), std::string::npos);
}

}  // namespace
}  // namespace kinrow
