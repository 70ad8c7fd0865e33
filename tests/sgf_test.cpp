// SGF: the parser on tricky text, game records both ways on every kind of board, the
// conventions of Connect6 records, every malformed input refused with its place, and a
// certificate written as a proof tree whose shape is checked against the rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.h"
#include "core/error.h"
#include "core/notation.h"
#include "engine/sgf.h"
#include "engine/sgf_proof.h"
#include "engine/sgf_record.h"
#include "games/families.h"
#include "proof/checker.h"
#include "proof/strategy_lookup.h"
#include "core/symmetry.h"
#include "search/solver.h"
#include "search/dfpn_solve.h"
#include "test_support.h"
#include "zone_certificates.h"

namespace kinrow {
namespace {

using testing::error_of;

std::string parse_error(const std::string& text) {
  return error_of([&] { parse_sgf(text); });
}

std::string import_error(const std::string& text, const SgfImportOptions& options = {}) {
  return error_of([&] { import_sgf(text, options); });
}

// ---------------------------------------------------------------- the parser

TEST(SgfParser, EscapesWhitespaceAndSeveralValues) {
  const std::vector<SgfTree> trees = parse_sgf(
      "\xEF\xBB\xBF  ( ;FF[4] GM [4]\n C[a \\] b \\\\ c\\\nd] AB[aa][bb]\t[cc]\n;B[hh]C[]\r\n)");
  ASSERT_EQ(trees.size(), 1u);
  const SgfNode& root = trees[0].sequence[0];
  ASSERT_NE(root.find("C"), nullptr);
  EXPECT_EQ(root.find("C")->values[0], "a ] b \\ cd");  // "\]", "\\", and a soft line break
  EXPECT_EQ(root.find("GM")->values[0], "4");
  EXPECT_EQ(root.find("AB")->values, (std::vector<std::string>{"aa", "bb", "cc"}));
  EXPECT_EQ(trees[0].sequence[1].find("C")->values[0], "");
  EXPECT_EQ(trees[0].sequence[1].offset, 56u);
}

TEST(SgfParser, VariationsCollectionsAndOldIdentifiers) {
  const std::vector<SgfTree> trees =
      parse_sgf("(;GM[4];B[aa](;W[bb];B[cc])(;W[dd](;B[ee])(;B[ff])))\n(;AddBlack[aa]CoPyright[me])");
  ASSERT_EQ(trees.size(), 2u);
  EXPECT_EQ(trees[0].sequence.size(), 2u);
  ASSERT_EQ(trees[0].variations.size(), 2u);
  EXPECT_EQ(trees[0].variations[0].sequence.size(), 2u);
  EXPECT_EQ(trees[0].variations[1].variations.size(), 2u);
  EXPECT_EQ(sgf_node_count(trees[0]), 7u);
  // FF[3] wrote identifiers with lower-case letters; FF[4] reads their capitals.
  EXPECT_NE(trees[1].sequence[0].find("AB"), nullptr);
  EXPECT_NE(trees[1].sequence[0].find("CP"), nullptr);
}

TEST(SgfParser, WrittenTreesReadBackTheSame) {
  const std::string text = "(;FF[4]C[brackets \\] and \\\\ backslashes];B[aa][bb](;W[cc]C[x])(;W[dd]))";
  const std::vector<SgfTree> once = parse_sgf(text);
  const std::string written = write_sgf(once);
  const std::vector<SgfTree> twice = parse_sgf(written);
  EXPECT_EQ(write_sgf(twice), written);
  EXPECT_EQ(twice[0].sequence[0].find("C")->values[0], "brackets ] and \\ backslashes");
  EXPECT_EQ(twice[0].variations[0].sequence[0].find("C")->values[0], "x");
}

TEST(SgfParser, EveryMalformedInputNamesItsByte) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "SGF byte 1: empty input"},
      {"   ", "no game tree"},
      {"x(;B[aa])", "SGF byte 1: expected '(' to start a game tree, found 'x'"},
      {"(B[aa])", "SGF byte 2: expected ';'"},
      {"(;B[aa]", "is not closed by ')'"},
      {"(;C[open", "SGF byte 4: the value of C opened here is not closed by ']'"},
      {"(;B)", "expected '[' after property B"},
      {"(;B[aa]B[bb])", "SGF byte 8: property B appears twice in one node"},
      {"(;B[aa](;W[bb]);B[cc])", "a node after the variations"},
      {"(;B[aa]1[x])", "expected ';', '(' or ')', found '1'"},
      {"(;B[aa])junk", "expected '(' to start a game tree, found 'j'"},
      {"(;B[aa]()", "SGF byte 9: expected ';'"},
  };
  for (const auto& [text, expected] : cases) {
    const std::string message = parse_error(text);
    EXPECT_NE(message.find(expected), std::string::npos) << text << " -> " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
  std::string deep;
  for (int i = 0; i < 10001; ++i) deep += "(;B[aa]";
  EXPECT_NE(parse_error(deep).find("nested deeper than 10000"), std::string::npos);
}

// ---------------------------------------------------------------- game records

// A hand-written record in the style of a Gomoku server's: header, players, a comment
// with a bracket, and points in SGF letters (row a at the top).
constexpr const char* kGomokuRecord =
    "(;FF[4]GM[4]SZ[15]CA[UTF-8]\n"
    " EV[club evening]PB[Anna]PW[Bert]DT[2024-05-01]RE[B+]\n"
    " C[A quick game \\[annotated\\]]\n"
    " ;B[hh];W[hg];B[ih]C[threatens];W[ig];B[jh];W[jg];B[kh];W[kg];B[lh]\n"
    ")";

TEST(SgfRecord, ReadsAGomokuRecordWithRowsFromTheTop) {
  const SgfRecord r = import_sgf(kGomokuRecord);
  EXPECT_EQ(r.spec, "mnk:15x15x5");
  // hh is the centre h8; hg one row higher (row letters count down from the top) is h9.
  EXPECT_EQ(r.moves, "h8 h9 i8 i9 j8 j9 k8 k9 l8");
  EXPECT_EQ(r.turns, 9);
  EXPECT_TRUE(r.over);  // h8 to l8
  EXPECT_EQ(r.winner, 0);
  EXPECT_TRUE(r.notes.empty());
  EXPECT_EQ(r.info.black, "Anna");
  EXPECT_EQ(r.info.white, "Bert");
  EXPECT_EQ(r.info.date, "2024-05-01");
  EXPECT_EQ(r.info.comment, "A quick game [annotated]");
  EXPECT_EQ(r.comments[2], "threatens");
}

TEST(SgfRecord, CornersMapToKinrowsCells) {
  const SgfRecord r = import_sgf("(;GM[4]SZ[15];B[aa];W[oo];B[ao];W[oa])");
  EXPECT_EQ(r.moves, "a15 o1 a1 o15");
  const SgfRecord wide = import_sgf("(;KR[mnk:30x3x3];B[Da];W[ac])");  // D is column 30
  EXPECT_EQ(wide.moves, "ad3 a1");
}

// export, import, export again: the same spec, moves and text.
void expect_round_trip(const std::string& spec, const std::string& moves) {
  const Game game = make_game(spec);
  const Position position = play_moves(game, moves);
  SgfGameInfo info;
  info.black = "first ] player";
  info.white = "second \\ player";
  info.date = "2024-01-02";
  const std::string text = export_sgf(position, info);
  const SgfRecord r = import_sgf(text);
  EXPECT_EQ(r.spec, game.spec) << text;
  EXPECT_EQ(r.moves, format_turns(game, position.history())) << text;
  EXPECT_EQ(r.over, position.over());
  EXPECT_EQ(r.info.black, info.black);
  EXPECT_EQ(r.info.white, info.white);
  const Game read = make_game(r.spec);  // a Position keeps a pointer to its game
  const Position again = play_moves(read, r.moves);
  EXPECT_EQ(export_sgf(again, r.info, r.comments), text);
}

TEST(SgfRecord, RoundTripsGomoku) {
  expect_round_trip("gomoku", "h8 h7 i8 g8 i7 j6 i9 i10 i6 i5 i11 a1 j10 b2 k11");
  const std::string text = export_sgf(play_moves(make_game("gomoku"), "h8 h7 i8 g8 i7 j6 i9 i10 i6 i5 i11"));
  EXPECT_NE(text.find("GM[4]"), std::string::npos);
  EXPECT_NE(text.find("SZ[15]"), std::string::npos);
  EXPECT_NE(text.find(";B[hh]"), std::string::npos);
}

TEST(SgfRecord, RoundTripsConnect6WithTwoStoneTurns) {
  expect_round_trip("connect6", "j10 j9l11 k9l8 k10i11 a1s19 b2b3");
  const std::string text = export_sgf(play_moves(make_game("connect6"), "j10 j9l11"));
  EXPECT_NE(text.find(";W[li][jk]"), std::string::npos) << text;  // one node, one value a stone
  EXPECT_EQ(text.find("GM["), std::string::npos);
}

TEST(SgfRecord, RoundTripsConnectFourAndTicTacToe) {
  expect_round_trip("connect4", "4455667");  // a finished game: RE written
  EXPECT_NE(export_sgf(play_moves(make_game("connect4"), "4455667")).find("RE[B+]"), std::string::npos);
  expect_round_trip("tictactoe", "b2 a1 c3 a3 a2 c2 b1 b3 c1");  // a draw
  EXPECT_NE(export_sgf(play_moves(make_game("tictactoe"), "b2 a1 c3 a3 a2 c2 b1 b3 c1")).find("RE[Draw]"),
            std::string::npos);
  expect_round_trip("mnk:7x5x4,misere", "d3 c2");
  expect_round_trip("mnk:6x1x3", "a1 f1 c1");
}

TEST(SgfRecord, ReadsTheConnect6ConventionsInUse) {
  // Little Golem: no SZ or GM, both stones in one value, letters and numbers from the bottom.
  const SgfRecord lg = import_sgf(
      "(;FF[4]EV[connect6.ch.1.1.1]PB[p1]PW[p2]SO[http://www.littlegolem.com];B[j10];W[j9l11];B[k9l8])");
  EXPECT_EQ(lg.spec, "mnk:19x19x6,p=2,q=1");
  EXPECT_EQ(lg.moves, "j10 l11j9 k9l8");  // kinrow lists a turn's stones top row first
  // A stone per node (NCTU's tools, GoGui), two values, concatenated points: the same game.
  for (const char* text : {"(;FF[4]SZ[19];B[jj];W[jk];W[li];B[kk];B[ll])",
                           "(;FF[4]SZ[19];B[jj];W[jk][li];B[kk][ll])", "(;FF[4];B[jj];W[jkli];B[kkll])"}) {
    const SgfRecord r = import_sgf(text);
    EXPECT_EQ(r.spec, "mnk:19x19x6,p=2,q=1") << text;
    EXPECT_EQ(r.moves, lg.moves) << text;
  }
  // A last turn of one stone that makes six: the game ended on it.
  const SgfRecord won = import_sgf("(;KR[connect6];B[jj];W[aa][ac];B[kj][lj];W[ae][ag];B[mj][nj];W[ai][ak];B[oj])");
  EXPECT_TRUE(won.over);
  EXPECT_EQ(won.winner, 0);
  EXPECT_EQ(won.turns, 7);
}

TEST(SgfRecord, VariationsAndGamesAreChosenByNumber) {
  const std::string text = "(;GM[4]SZ[15];B[hh](;W[hi];B[ii])(;W[aa](;B[bb])(;B[cc])))(;GM[4]SZ[9];B[ee])";
  EXPECT_EQ(import_sgf(text).moves, "h8 h7 i7");
  SgfImportOptions options;
  options.variation = 2;
  EXPECT_EQ(import_sgf(text, options).moves, "h8 a15 b14");
  options.variation = 3;
  EXPECT_EQ(import_sgf(text, options).moves, "h8 a15 c13");
  options.variation = 4;
  EXPECT_NE(import_error(text, options).find("the game tree has 3 lines"), std::string::npos);
  options = {};
  options.game = 2;
  EXPECT_EQ(import_sgf(text, options).spec, "mnk:9x9x5");
}

TEST(SgfRecord, SetupStonesBecomeMovesOrAreRefused) {
  const SgfRecord r = import_sgf("(;GM[4]SZ[15]AB[hh][ii]AW[hi]PL[W];W[jj])");
  EXPECT_EQ(r.turns, 4);
  const Game g = make_game(r.spec);
  const Position p = play_moves(g, r.moves);
  EXPECT_EQ(p.owner(parse_cell(g, "h8")), 0);
  EXPECT_EQ(p.owner(parse_cell(g, "i7")), 0);
  EXPECT_EQ(p.owner(parse_cell(g, "h7")), 1);
  EXPECT_EQ(p.owner(parse_cell(g, "j6")), 1);
  EXPECT_FALSE(r.notes.empty());
  // A rectangle of setup stones, under gravity: placed bottom rows first.
  const SgfRecord c4 = import_sgf("(;KR[connect4]AB[af:bf]AW[ae:be])");
  EXPECT_EQ(c4.turns, 4);
  EXPECT_NE(import_error("(;GM[4]SZ[15]AB[aa][bb][cc])").find("no game reaches these stone counts"),
            std::string::npos);
  EXPECT_NE(import_error("(;KR[connect4]AB[aa]AW[ab])").find("no order of the stones"), std::string::npos);
  EXPECT_NE(import_error("(;GM[4]SZ[15]AB[hh]PL[B])").find("PL[B]"), std::string::npos);
  EXPECT_NE(import_error("(;GM[4]SZ[15];B[hh];AW[aa])").find("setup stones (AW) after the first node"),
            std::string::npos);
}

TEST(SgfRecord, EveryBadRecordSaysWhereAndWhy) {
  const std::pair<const char*, const char*> cases[] = {
      {"(;FF[4];B[aa])", "does not say which game"},
      {"(;GM[2];B[aa])", "GM[2] is no game kinrow knows"},
      {"(;GM[4]SZ[15];B[hh];W[hh])", "SGF byte 20 (move 2, W[hh]): "},
      {"(;GM[4]SZ[15];B[hh];B[ii])", "Black (first player) plays, but it is White (second player)'s turn"},
      {"(;GM[4]SZ[15];B[zz])", "off the 15x15 board"},
      {"(;GM[4]SZ[15];B[h])", "not a point"},
      {"(;GM[4]SZ[15];B[])", "a pass"},
      {"(;GM[4]SZ[15];B[tt])", "a pass"},
      {"(;GM[4]SZ[99])", "SZ[99] is not a board size"},
      {"(;KR[gomoku]SZ[19])", "SZ[19] is not the board of mnk:15x15x5"},
      {"(;KR[mnk:3x3]SZ[3])", "does not match mnk:WxHxK"},
      {"(;KR[qubic])", "SGF points are two-dimensional"},
      {"(;KR[mnk:3x3x3];B[aa];W[ba];B[bb];W[ca];B[cc];W[ab])", "the game is already over"},
      {"(;KR[connect6];B[jj];W[kk])", "the record ends inside a turn of 2 stones"},
      {"(;KR[connect6];B[jj];W[kk][ll][mm])", "move 2"},
      {"(;KR[connect6];B[jj];W[kk][kk])", "given twice"},
      {"(;KR[connect4];B[aa])", "move 1"},
      {"(;GM[4]SZ[15];B[hh]W[ii])", "a node with both B and W"},
  };
  for (const auto& [text, expected] : cases) {
    const std::string message = import_error(text);
    EXPECT_NE(message.find(expected), std::string::npos) << text << " -> " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(SgfRecord, ExportRefusesWhatSgfCannotDraw) {
  EXPECT_NE(error_of([] { export_sgf(Position(make_game("qubic"))); }).find("two-dimensional"), std::string::npos);
  EXPECT_NE(error_of([] { export_sgf(Position(make_game("mnk:60x3x3"))); }).find("52x52"), std::string::npos);
}

// ---------------------------------------------------------------- proof trees

struct ProofShape {
  std::size_t holder_nodes = 0, reply_nodes = 0, wins = 0, transpositions = 0;
};

// Follows the SGF tree from `node` (the i-th of `tree`'s sequence) with the rules: at the
// holder's turns one continuation, at the opponent's one per legal turn, each exactly
// once; every leaf a win of the holder or a pointer to a transposition.
void check_shape(const Game& game, const SgfTree& tree, std::size_t i, Position& position, int holder,
                 ProofShape& shape) {
  std::vector<std::pair<const SgfTree*, std::size_t>> next;
  if (i + 1 < tree.sequence.size()) next.push_back({&tree, i + 1});
  else
    for (const SgfTree& v : tree.variations) next.push_back({&v, 0});
  if (next.empty()) {
    const std::string comment = tree.sequence[i].find("C") ? tree.sequence[i].find("C")->values[0] : "";
    if (comment.find("Transposes") != std::string::npos) {
      ++shape.transpositions;
      return;
    }
    ASSERT_TRUE(position.over()) << format_turns(game, position.history()) << ": " << comment;
    ASSERT_EQ(position.winner(), holder);
    ++shape.wins;
    return;
  }
  ASSERT_FALSE(position.over());
  std::vector<Turn> seen;
  for (const auto& [t, j] : next) {
    const SgfNode& node = t->sequence[j];
    const SgfProperty* move = node.find(position.to_move() == 0 ? "B" : "W");
    ASSERT_NE(move, nullptr) << "a node of the wrong colour";
    Turn turn;
    // The points, by sgf_point (the writer's side: the reader is tested on records above).
    for (const std::string& point : move->values)
      for (Cell c = 0; c < game.cell_count(); ++c)
        if (sgf_point(game, c) == point) turn.push_back(c);
    std::sort(turn.begin(), turn.end());
    ASSERT_EQ(position.why_illegal(turn), "");
    ASSERT_EQ(std::count(seen.begin(), seen.end(), turn), 0) << "a turn listed twice";
    seen.push_back(turn);
    position.play(turn);
    check_shape(game, *t, j, position, holder, shape);
    position.undo();
  }
  if (position.to_move() == holder) {
    ASSERT_EQ(next.size(), 1u) << "the holder plays one turn";
    ++shape.holder_nodes;
  } else {
    ASSERT_EQ(next.size(), position.legal_turns().size()) << "every reply of the opponent";
    shape.reply_nodes += next.size();
  }
}

// Solves `moves` with a certificate, writes it as a proof tree, reads the SGF back and
// checks its shape; returns the statistics.
SgfProofStats check_proof(const std::string& spec, const std::string& moves, const SgfProofOptions& options) {
  const Game game = make_game(spec);
  const Position start = play_moves(game, moves);
  SolveOptions solve_options;
  solve_options.certificate = true;
  const SolveResult solved = solve(start, solve_options);
  EXPECT_EQ(solved.value, Value::Win);
  EXPECT_TRUE(solved.certificate.has_value());
  if (!solved.certificate) return {};

  SgfProofStats stats;
  const SgfTree tree = proof_tree(game, *solved.certificate, options, &stats);
  const std::vector<SgfTree> back = parse_sgf(write_sgf({tree}));
  EXPECT_EQ(back.size(), 1u);
  EXPECT_EQ(sgf_node_count(back[0]), stats.nodes);
  EXPECT_EQ(back[0].sequence[0].find("KR")->values[0], game.spec);
  // The root, then the start moves down the main line.
  Position position(game);
  for (const Turn& turn : start.history()) {
    const std::size_t i = position.turns_played() + 1;
    EXPECT_LT(i, back[0].sequence.size());
    if (i >= back[0].sequence.size()) return {};
    EXPECT_EQ(back[0].sequence[i].find(i % 2 ? "B" : "W")->values, sgf_move(game, position.to_move(), turn).values);
    position.play(turn);
  }
  ProofShape shape;
  check_shape(game, back[0], start.turns_played(), position, start.to_move(), shape);
  EXPECT_EQ(shape.holder_nodes, stats.holder_turns);
  EXPECT_EQ(shape.reply_nodes, stats.replies);
  EXPECT_EQ(shape.wins, stats.wins);
  EXPECT_EQ(shape.transpositions, stats.transpositions);
  EXPECT_GT(shape.reply_nodes, 0u);
  return stats;
}

TEST(SgfProof, ATicTacToeWinAsATreeOfEveryReply) {
  // The centre, then an edge: the first player wins.
  const SgfProofStats stats = check_proof("tictactoe", "b2 b1", {});
  EXPECT_EQ(stats.holder, 0);

  const Game game = make_game("tictactoe");
  SolveOptions solve_options;
  solve_options.certificate = true;
  const Certificate certificate = *solve(play_moves(game, "b2 b1"), solve_options).certificate;
  SgfProofOptions small;
  small.max_nodes = 5;
  EXPECT_NE(error_of([&] { proof_tree(game, certificate, small); }).find("more than 5 nodes"), std::string::npos);
  small.holder = 1;
  EXPECT_NE(error_of([&] { proof_tree(game, certificate, small); }).find("no strategy for the second"),
            std::string::npos);
  EXPECT_NE(error_of([&] { proof_tree(make_game("mnk:3x3x2"), certificate, {}); }).find("is for mnk:3x3x3"),
            std::string::npos);
}

TEST(SgfProof, TranspositionsWrittenOnceOrEveryTime) {
  // 3 in a row on 4x4 from the empty board: a first-player win whose lines meet again.
  const SgfProofStats merged = check_proof("mnk:4x4x3", "", {});
  EXPECT_GT(merged.transpositions, 0u);
  SgfProofOptions expand;
  expand.expand_transpositions = true;
  const SgfProofStats full = check_proof("mnk:4x4x3", "", expand);
  EXPECT_EQ(full.transpositions, 0u);
  EXPECT_GT(full.nodes, merged.nodes);
}

// A zone tree read with the rules alone: nodes with labels are zones (their stones a
// partial turn, the rest withheld), and every legal turn of the opponent must be listed
// or answered by a zone on the test's own reading of the labels.
struct ZoneShape {
  std::size_t holder_nodes = 0, whole_turns = 0, zones = 0, answered = 0, wins = 0, transpositions = 0;
};

Cell cell_at(const Game& game, const std::string& point) {
  for (Cell c = 0; c < game.cell_count(); ++c)
    if (sgf_point(game, c) == point) return c;
  ADD_FAILURE() << "no cell at " << point;
  return 0;
}

Turn turn_of(const Game& game, const SgfNode& node) {
  Turn turn;
  for (const char* colour : {"B", "W"})
    if (const SgfProperty* move = node.find(colour))
      for (const std::string& point : move->values) turn.push_back(cell_at(game, point));
  std::sort(turn.begin(), turn.end());
  return turn;
}

// Stones `rest` change nothing if some order s1, s2, ... puts each s_i on no cell
// labelled i or less (the rule the tree's comments state; tried in every order here).
bool harmless(std::vector<Cell> rest, const std::map<Cell, int>& label) {
  std::sort(rest.begin(), rest.end());
  do {
    bool ok = true;
    for (std::size_t i = 0; i < rest.size() && ok; ++i) {
      const auto it = label.find(rest[i]);
      ok = it == label.end() || it->second > static_cast<int>(i + 1);
    }
    if (ok) return true;
  } while (std::next_permutation(rest.begin(), rest.end()));
  return false;
}

void check_zone_shape(const Game& game, const SgfTree& tree, std::size_t i, Position& position, int holder,
                      ZoneShape& shape) {
  std::vector<const SgfNode*> next;
  std::vector<std::pair<const SgfTree*, std::size_t>> where;
  if (i + 1 < tree.sequence.size()) where.push_back({&tree, i + 1});
  else
    for (const SgfTree& v : tree.variations) where.push_back({&v, 0});
  if (where.empty()) {
    const SgfProperty* comment = tree.sequence[i].find("C");
    if (comment && comment->values[0].find("Transposes") != std::string::npos) {
      ++shape.transpositions;
      return;
    }
    ASSERT_TRUE(position.over()) << (comment ? comment->values[0] : "");
    ASSERT_EQ(position.winner(), holder);
    ++shape.wins;
    return;
  }
  ASSERT_FALSE(position.over());
  if (position.to_move() == holder) {
    ASSERT_EQ(where.size(), 1u) << "the holder plays one turn";
    const SgfNode& node = where[0].first->sequence[where[0].second];
    ASSERT_NE(node.find(holder == 0 ? "B" : "W"), nullptr);
    const Turn turn = turn_of(game, node);
    ASSERT_EQ(position.why_illegal(turn), "");
    ++shape.holder_nodes;
    position.play(turn);
    check_zone_shape(game, *where[0].first, where[0].second, position, holder, shape);
    position.undo();
    return;
  }
  std::vector<Turn> listed;
  std::vector<std::pair<Turn, std::map<Cell, int>>> zones;
  for (const auto& [t, j] : where) {
    const SgfNode& node = t->sequence[j];
    ASSERT_EQ(node.find(holder == 0 ? "B" : "W"), nullptr) << "a holder's move at the opponent's turn";
    const Turn turn = turn_of(game, node);
    if (const SgfProperty* labels = node.find("LB")) {
      std::map<Cell, int> label;
      for (const std::string& value : labels->values) {
        const std::size_t colon = value.find(':');
        ASSERT_NE(colon, std::string::npos) << value;
        const Cell c = cell_at(game, value.substr(0, colon));
        ASSERT_EQ(position.owner(c), kNoPlayer) << "a zone on a stone";
        label[c] = std::stoi(value.substr(colon + 1));
      }
      ASSERT_LT(static_cast<int>(turn.size()), position.stones_this_turn()) << "a zone after a whole turn";
      for (Cell c : turn) ASSERT_EQ(position.owner(c), kNoPlayer);
      zones.push_back({turn, label});
      ++shape.zones;
      position.play_withheld(turn);
      check_zone_shape(game, *t, j, position, holder, shape);  // the sub-proof: the holder to move
      position.undo();
      continue;
    }
    ASSERT_EQ(position.why_illegal(turn), "");
    ASSERT_EQ(std::count(listed.begin(), listed.end(), turn), 0) << "a turn listed twice";
    listed.push_back(turn);
    ++shape.whole_turns;
    position.play(turn);
    check_zone_shape(game, *t, j, position, holder, shape);
    position.undo();
  }
  for (const Turn& turn : position.legal_turns()) {
    if (std::find(listed.begin(), listed.end(), turn) != listed.end()) continue;
    const bool answered = std::any_of(zones.begin(), zones.end(), [&](const auto& zone) {
      std::vector<Cell> rest;
      for (Cell c : turn)
        if (std::find(zone.first.begin(), zone.first.end(), c) == zone.first.end()) rest.push_back(c);
      return rest.size() + zone.first.size() == turn.size() && harmless(rest, zone.second);
    });
    ASSERT_TRUE(answered) << format_turn(game, turn) << " after " << format_turns(game, position.history())
                          << " is neither listed nor answered by a zone";
    ++shape.answered;
  }
}

// The zones of a tree, each as its sorted (cell, level) pairs, the list sorted.
using ZoneLabels = std::vector<std::pair<Cell, int>>;
void collect_zones(const Game& game, const SgfTree& tree, std::vector<ZoneLabels>& out) {
  for (const SgfNode& node : tree.sequence)
    if (const SgfProperty* labels = node.find("LB")) {
      ZoneLabels zone;
      for (const std::string& value : labels->values)
        zone.push_back({cell_at(game, value.substr(0, value.find(':'))), std::stoi(value.substr(value.find(':') + 1))});
      std::sort(zone.begin(), zone.end());
      out.push_back(zone);
    }
  for (const SgfTree& variation : tree.variations) collect_zones(game, variation, out);
}

TEST(SgfProof, ZoneStrategiesAsTreesOfZonesAndSubProofs) {
  const Game game = make_game(testing::kZoneGame);
  const std::vector<Certificate> certificates = testing::zone_certificates(game, 2611, 3, 300);
  ASSERT_FALSE(certificates.empty()) << "no zone certificate found";
  for (const Certificate& certificate : certificates) {
    ASSERT_TRUE(check_certificate(game, certificate).ok);
    SgfProofStats stats;
    const SgfTree tree = proof_tree(game, certificate, {}, &stats);
    const std::vector<SgfTree> back = parse_sgf(write_sgf({tree}));
    ASSERT_EQ(back.size(), 1u);
    EXPECT_EQ(sgf_node_count(back[0]), stats.nodes);
    Position walked = play_moves(game, certificate.start);
    ZoneShape shape;
    check_zone_shape(game, back[0], walked.turns_played(), walked, certificate.strategies.front().holder, shape);
    EXPECT_EQ(shape.zones, stats.zones);
    EXPECT_EQ(shape.whole_turns, stats.replies);
    EXPECT_EQ(shape.answered, stats.zone_answered);
    EXPECT_EQ(shape.holder_nodes, stats.holder_turns);
    EXPECT_EQ(shape.wins, stats.wins);
    EXPECT_EQ(shape.transpositions, stats.transpositions);
    EXPECT_GT(shape.zones, 0u);
    EXPECT_GT(shape.answered, 0u);
  }
}

TEST(SgfProof, ZonesCarriedOverBySymmetry) {
  // The certificate's start moves mirrored: every entry and zone is then found through
  // its class of symmetric positions and carried over, so the tree must be the mirror of
  // the first one, zones included (which the coverage check above cannot see: a zone
  // carried over wrongly still covers what it says it covers).
  const Game game = make_game(testing::kZoneGame);
  const std::vector<Certificate> certificates = testing::zone_certificates(game, 2611, 2, 300);
  ASSERT_FALSE(certificates.empty());
  const SymmetryGroup group = automorphisms(game, kMaxCheckedSymmetries);
  ASSERT_GT(group.maps.size(), 1u);
  for (const Certificate& certificate : certificates) {
    for (std::size_t g = 1; g < group.maps.size(); ++g) {
      const Permutation& map = group.maps[g];
      std::vector<Turn> moves;
      const Position start = play_moves(game, certificate.start);
      for (const Turn& turn : start.history()) moves.push_back(mapped(turn, map));
      Certificate mirrored = certificate;
      mirrored.start = format_turns(game, moves);
      ASSERT_TRUE(check_certificate(game, mirrored).ok);
      SgfProofStats plain_stats, mirrored_stats;
      const SgfTree plain = proof_tree(game, certificate, {}, &plain_stats);
      const SgfTree image = proof_tree(game, mirrored, {}, &mirrored_stats);
      EXPECT_EQ(plain_stats.nodes, mirrored_stats.nodes);
      EXPECT_EQ(plain_stats.zones, mirrored_stats.zones);
      EXPECT_EQ(plain_stats.zone_answered, mirrored_stats.zone_answered);
      std::vector<ZoneLabels> expected, found;
      collect_zones(game, plain, expected);
      collect_zones(game, image, found);
      for (ZoneLabels& zone : expected) {
        for (auto& [cell, level] : zone) cell = map[cell];
        std::sort(zone.begin(), zone.end());
      }
      std::sort(expected.begin(), expected.end());
      std::sort(found.begin(), found.end());
      EXPECT_EQ(found, expected) << "symmetry " << g;
      Position walked = play_moves(game, mirrored.start);
      ZoneShape shape;
      check_zone_shape(game, parse_sgf(write_sgf({image}))[0], walked.turns_played(), walked,
                       mirrored.strategies.front().holder, shape);
    }
  }
}

// Walks the tree with the rules; at each leaf that names the certificate's pairs, checks
// them from the comment alone: every line the opponent could still complete holds both
// cells of one pair, both empty. Returns the leaves checked.
std::size_t check_pair_leaves(const Game& game, const SgfTree& tree, std::size_t i, Position& position, int holder) {
  std::vector<std::pair<const SgfTree*, std::size_t>> next;
  if (i + 1 < tree.sequence.size()) next.push_back({&tree, i + 1});
  else
    for (const SgfTree& v : tree.variations) next.push_back({&v, 0});
  const SgfProperty* comment = tree.sequence[i].find("C");
  const std::string text = comment ? comment->values[0] : "";
  if (next.empty()) {
    EXPECT_EQ(text.find("Gap"), std::string::npos) << text;
    const std::string mark = "Settled by the certificate's pairs (";
    const std::size_t at = text.find(mark);
    if (at == std::string::npos) return 0;
    std::vector<std::pair<Cell, Cell>> pairs;
    std::istringstream list(text.substr(at + mark.size(), text.find(')', at) - at - mark.size()));
    for (std::string item; std::getline(list, item, ',');) {
      item.erase(0, item.find_first_not_of(' '));
      const std::size_t dash = item.find('-');
      pairs.push_back({parse_cell(game, item.substr(0, dash)), parse_cell(game, item.substr(dash + 1))});
    }
    for (const Line& line : game.lines) {
      if (std::any_of(line.begin(), line.end(), [&](Cell c) { return position.owner(c) == holder; })) continue;
      const bool held = std::any_of(pairs.begin(), pairs.end(), [&](const std::pair<Cell, Cell>& p) {
        const auto in = [&](Cell c) {
          return position.owner(c) == kNoPlayer && std::find(line.begin(), line.end(), c) != line.end();
        };
        return in(p.first) && in(p.second);
      });
      EXPECT_TRUE(held) << "a line open to the opponent without a pair, after " << format_turns(game, position.history());
    }
    return 1;
  }
  std::size_t leaves = 0;
  for (const auto& [t, j] : next) {
    const Turn turn = turn_of(game, t->sequence[j]);
    EXPECT_EQ(position.why_illegal(turn), "");
    position.play(turn);
    leaves += check_pair_leaves(game, *t, j, position, holder);
    position.undo();
  }
  return leaves;
}

TEST(SgfProof, TheCertificatesListedPairsEndPlayWhereTheCheckerEndsIt) {
  // 6x6x5 is a draw whose df-pn certificate lists shared pairs (which the checker's own
  // pairs rule does not look for): the tree ends there and names them.
  const Game game = make_game("mnk:6x6x5");
  const DfpnResult r = dfpn_solve(Position(game), {}, true);
  ASSERT_TRUE(r.complete && r.certificate);
  ASSERT_EQ(r.value, Value::Draw);
  std::size_t listed = 0, leaves = 0;
  for (const Strategy& strategy : r.certificate->strategies) {
    listed += strategy.paired.size();
    SgfProofOptions options;
    options.holder = strategy.holder;
    options.max_nodes = 1000000;
    const SgfTree tree = proof_tree(game, *r.certificate, options);
    Position position(game);
    leaves += check_pair_leaves(game, parse_sgf(write_sgf({tree}))[0], 0, position, strategy.holder);
  }
  ASSERT_GT(listed, 0u) << "the certificate lists no pairs: the case tests nothing";
  EXPECT_GT(leaves, 0u);
}

// ---------------------------------------------------------------- the command line

TEST(SgfCli, ExportImportAndProofThroughTheCommand) {
  using testing::kinrow;
  const auto dir = std::filesystem::temp_directory_path() / ("kinrow_sgf_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string game = (dir / "game.sgf").string(), cert = (dir / "t.cert").string(),
                    tree = (dir / "t.sgf").string();

  const auto exported = kinrow("sgf export connect6 --moves \"j10 j9l11\" --black Ann --out " + game);
  EXPECT_EQ(exported.status, 0) << exported.err;
  const auto imported = kinrow("sgf import " + game + " --json");
  EXPECT_EQ(imported.status, 0) << imported.err;
  EXPECT_NE(imported.out.find("\"game\":\"mnk:19x19x6,p=2,q=1\",\"moves\":\"j10 l11j9\""), std::string::npos)
      << imported.out;
  const auto text = kinrow("sgf import " + game);
  EXPECT_NE(text.out.find("kinrow solve mnk:19x19x6,p=2,q=1 --moves \"j10 l11j9\""), std::string::npos) << text.out;

  ASSERT_EQ(kinrow("solve tictactoe --moves \"b2 b1\" --certificate " + cert).status, 0);
  const auto proof = kinrow("sgf proof tictactoe " + cert + " --out " + tree);
  EXPECT_EQ(proof.status, 0) << proof.err;
  EXPECT_NE(proof.out.find("nodes"), std::string::npos);
  std::ifstream in(tree);
  const std::string sgf((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NO_THROW(parse_sgf(sgf));

  // SGF's three shapes of a date are written as given.
  for (const std::string date : {"2026", "2026-11", "2026-11-30"}) {
    const auto dated = kinrow("sgf export gomoku --moves h8 --date " + date);
    EXPECT_EQ(dated.status, 0) << dated.err;
    EXPECT_NE(dated.out.find("DT[" + date + "]"), std::string::npos) << dated.out;
  }

  // Bad input: exit 2 and one line.
  std::ofstream(dir / "bad.sgf") << "(;GM[4]SZ[15];B[hh];W[hh])";
  for (const std::string& args : {"sgf import " + (dir / "bad.sgf").string(), "sgf import " + (dir / "none.sgf").string(),
                                  std::string("sgf export gomoku --moves h8h8"), "sgf proof tictactoe " + cert + " --max-nodes 3",
                                  std::string("sgf import x --moves h8"), std::string("sgf frobnicate x"),
                                  std::string("sgf export gomoku --date 30/11/2026"),
                                  std::string("sgf export gomoku --date 2026-13-01"),
                                  std::string("sgf export gomoku --date 2026-11-3")}) {
    const auto run = kinrow(args);
    EXPECT_EQ(run.status, 2) << args;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << args << ": " << run.err;
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace kinrow
