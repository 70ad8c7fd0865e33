// Move notation (core/notation.h): gravity digit strings, coordinates, cube layers, "#N"
// cell indices and p-stone turns are read as documented; format_turns writes every random
// game so that play_moves reads it back; every bad move is a one-line InputError that
// starts with `move N (` and names the problem.
#include "core/notation.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/hashing.h"
#include "core/position.h"
#include "games/families.h"

namespace kinrow {
namespace {

// The coordinates of the stones of each turn played, in cell order within a turn.
std::vector<std::vector<std::vector<int>>> played_coords(const Position& position) {
  std::vector<std::vector<std::vector<int>>> turns;
  for (const Turn& turn : position.history()) {
    turns.emplace_back();
    for (Cell c : turn) turns.back().push_back(position.game().coords[c]);
  }
  return turns;
}

using Coords = std::vector<std::vector<std::vector<int>>>;

TEST(Notation, GravityDigitsAreOneBasedColumns) {
  const Game game = make_game("connect4");
  const Position position = play_moves(game, "4453");
  EXPECT_EQ(played_coords(position), (Coords{{{3, 0}}, {{3, 1}}, {{4, 0}}, {{2, 0}}}));
  EXPECT_EQ(position.to_move(), 0);
  EXPECT_EQ(format_turns(game, position.history()), "4453");
}

TEST(Notation, SeparatorsAreOptional) {
  const Game game = make_game("connect4");
  const std::vector<Turn> expected = play_moves(game, "4453").history();
  for (const std::string moves : {"4 4 5 3", "4,4,5,3", "4.4.5.3", " 44\t5\n3 ", "44 53"})
    EXPECT_EQ(play_moves(game, moves).history(), expected) << moves;
  const Game tictactoe = make_game("tictactoe");
  EXPECT_EQ(play_moves(tictactoe, "b2a1c3").history(),
            play_moves(tictactoe, "b2, a1. c3").history());
}

TEST(Notation, EmptyMovesAreTheEmptyBoard) {
  const Game game = make_game("tictactoe");
  for (const std::string moves : {"", " ", ",. "}) {
    const Position position = play_moves(game, moves);
    EXPECT_EQ(position.turns_played(), 0) << moves;
    EXPECT_EQ(position.empty_count(), 9);
  }
}

TEST(Notation, WideGravityBoardsSeparateColumns) {
  const Game game = make_game("connect:12x6x4");
  const Position position = play_moves(game, "10,3,12,1");
  EXPECT_EQ(played_coords(position), (Coords{{{9, 0}}, {{2, 0}}, {{11, 0}}, {{0, 0}}}));
  EXPECT_EQ(format_turns(game, position.history()), "10,3,12,1");
  EXPECT_EQ(play_moves(game, "10 3 12 1").history(), position.history());
}

TEST(Notation, CoordinatesAreColumnLetterAndRowFromTheBottom) {
  const Game game = make_game("tictactoe");
  const Position position = play_moves(game, "b2 a1 c3");
  EXPECT_EQ(played_coords(position), (Coords{{{1, 1}}, {{0, 0}}, {{2, 2}}}));
  EXPECT_EQ(play_moves(game, "B2 A1 C3").history(), position.history());
  EXPECT_EQ(format_cell(game, 0), "a3");
  EXPECT_EQ(format_cell(game, 8), "c1");
  EXPECT_EQ(format_turns(game, position.history()), "b2 a1 c3");
}

TEST(Notation, ColumnsPastZUseTwoLetters) {
  const Game game = make_game("mnk:30x2x5");
  EXPECT_EQ(format_cell(game, 26), "aa2");
  EXPECT_EQ(format_cell(game, 59), "ad1");
  EXPECT_EQ(played_coords(play_moves(game, "z1 aa1 ad2")),
            (Coords{{{25, 0}}, {{26, 0}}, {{29, 1}}}));
}

TEST(Notation, CubeCellsAddLayers) {
  const Game game = make_game("qubic");
  const Position position = play_moves(game, "b2:3 a1:1 d4:4");
  EXPECT_EQ(played_coords(position), (Coords{{{1, 1, 2}}, {{0, 0, 0}}, {{3, 3, 3}}}));
  EXPECT_EQ(format_turns(game, position.history()), "b2:3 a1:1 d4:4");
  const Game tesseract = make_game("cube:3x4");
  EXPECT_EQ(played_coords(play_moves(tesseract, "c1:2:3")), (Coords{{{2, 0, 1, 2}}}));
  EXPECT_EQ(format_cell(tesseract, 0), "a3:1:1");
}

TEST(Notation, HashIndexNamesACellOnCoordinateBoards) {
  const Game game = make_game("tictactoe");
  EXPECT_EQ(played_coords(play_moves(game, "#4 #0 #8")), (Coords{{{1, 1}}, {{0, 2}}, {{2, 0}}}));
  EXPECT_EQ(play_moves(game, "#4#0").history(), play_moves(game, "b2 a3").history());
  EXPECT_EQ(play_moves(make_game("qubic"), "#17").history(),
            play_moves(make_game("qubic"), "b4:2").history());
}

void expect_move_error(const std::string& spec, const std::string& moves, int move,
                       const std::string& problem);

// The header promises "#17" on any board; gravity boards must accept it too (cell 38 is
// column 4 of the bottom row of Connect Four).
TEST(Notation, HashIndexNamesACellOnGravityBoards) {
  const Game game = make_game("connect4");
  try {
    EXPECT_EQ(play_moves(game, "#38").history(), play_moves(game, "4").history());
  } catch (const InputError& e) {
    ADD_FAILURE() << "\"#38\" on connect4: " << e.what();
  }
  expect_move_error("connect4", "#3", 1, "column not filled");  // top row, column 4
}

TEST(Notation, StonesOfATurnAreWrittenTogether) {
  const Game game = make_game("mnk:5x5x4,p=2,q=1");
  const Position position = play_moves(game, "c3 b2c1 d4a4");
  EXPECT_EQ(played_coords(position), (Coords{{{2, 2}}, {{1, 1}, {2, 0}}, {{0, 3}, {3, 3}}}));
  EXPECT_EQ(play_moves(game, "c3b2c1d4a4").history(), position.history());
  EXPECT_EQ(play_moves(game, "c3 c1 b2 a4,d4").history(), position.history());
  EXPECT_EQ(format_turns(game, position.history()), "c3 b2c1 a4d4");
}

TEST(Notation, GravityTurnsOfTwoStonesMayStackInOneColumn) {
  const Game game = make_game("connect:5x4x4,p=2");
  const Position position = play_moves(game, "3345");
  EXPECT_EQ(played_coords(position), (Coords{{{2, 1}, {2, 0}}, {{3, 0}, {4, 0}}}));
  EXPECT_EQ(format_turns(game, position.history()), "3345");
}

// Random legal games, written by format_turns, read back by play_moves.
void expect_random_games_round_trip(const Game& game, int games, uint64_t seed) {
  SplitMix64 random(seed);
  for (int g = 0; g < games; ++g) {
    Position position(game);
    const int length = static_cast<int>(random.below(game.max_turns() + 1));
    while (!position.over() && position.turns_played() < length) {
      const std::vector<Turn> turns = position.legal_turns();
      position.play(turns[random.below(turns.size())]);
    }
    const std::string text = format_turns(game, position.history());
    EXPECT_EQ(text.find('\n'), std::string::npos) << text;
    try {
      const Position replayed = play_moves(game, text);
      EXPECT_EQ(replayed.history(), position.history()) << game.spec << ": " << text;
      EXPECT_EQ(replayed.over(), position.over()) << game.spec << ": " << text;
      EXPECT_EQ(replayed.winner(), position.winner()) << game.spec << ": " << text;
    } catch (const InputError& e) {
      ADD_FAILURE() << game.spec << ": \"" << text << "\" rejected: " << e.what();
    }
  }
}

TEST(Notation, FormattedRandomGamesPlayBack) {
  uint64_t seed = 1;
  for (const std::string spec :
       {"tictactoe", "mnk:7x6x4,misere", "connect4", "connect:4x3x3,cylinder", "qubic",
        "cube:3x3,gravity", "cube:3x4x2", "connect:12x6x4", "connect:10x3x3,maker-breaker",
        "square:5", "mnk:30x2x5", "mnk:5x5x4,p=2,q=1", "connect:5x4x4,p=2", "cube:3x3,gravity,p=2",
        "connect:11x3x3,p=3,q=2", "mnk:4x4x3,p=3"}) {
    expect_random_games_round_trip(make_game(spec), 25, seed++);
  }
}

TEST(Notation, FormattedRandomGamesPlayBackOnFileGames) {
  const std::string path =
      ::testing::TempDir() + "kinrow_notation_test_" + std::to_string(getpid()) + ".json";
  std::ofstream(path) << R"({"cells": 7, "lines": [[0, 1, 2], [2, 3, 4], [4, 5, 6], [0, 3, 6]]})";
  const Game line_of_cells = make_game("file:" + path + ",p=2,q=1");
  EXPECT_EQ(play_moves(line_of_cells, "c1 a b1").history(),
            play_moves(line_of_cells, "c a b").history());
  expect_random_games_round_trip(line_of_cells, 25, 99);
  std::remove(path.c_str());
}

// play_moves must throw an InputError whose message is one line, starts with
// `move N (` and contains `problem`.
void expect_move_error(const std::string& spec, const std::string& moves, int move,
                       const std::string& problem) {
  const Game game = make_game(spec);
  try {
    play_moves(game, moves);
    ADD_FAILURE() << spec << " \"" << moves << "\" was accepted";
  } catch (const InputError& e) {
    const std::string message = e.what();
    const std::string prefix = "move " + std::to_string(move) + " (";
    EXPECT_EQ(message.rfind(prefix, 0), 0u) << spec << " \"" << moves << "\": " << message;
    EXPECT_NE(message.find(problem), std::string::npos)
        << spec << " \"" << moves << "\": " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << spec << " \"" << moves << "\": " << message;
  }
}

TEST(NotationErrors, OffTheBoard) {
  expect_move_error("tictactoe", "z9", 1, "no such cell");
  expect_move_error("tictactoe", "b2 d1", 2, "no such cell");
  expect_move_error("tictactoe", "b2 a4", 2, "no such cell");
  expect_move_error("tictactoe", "a0", 1, "numbered from 1");
  expect_move_error("tictactoe", "#9", 1, "no cell #9");
  expect_move_error("tictactoe", "#", 1, "no cell");
  expect_move_error("tictactoe", "#99999999999999", 1, "no cell");
  expect_move_error("tictactoe", "zzzzzzzzzzzzzzzz1", 1, "not a cell");
  expect_move_error("tictactoe", "a1234567890123", 1, "cell");
  expect_move_error("connect4", "48", 2, "no column 8");
  expect_move_error("connect4", "0", 1, "no column 0");
  expect_move_error("connect:12x6x4", "1,13", 2, "no column 13");
  expect_move_error("connect:12x6x4", "99999999999", 1, "no column");
}

TEST(NotationErrors, WrongShapeOfCell) {
  expect_move_error("tictactoe", "b", 1, "not a cell");
  expect_move_error("tictactoe", "b2:3", 1, "not a cell");
  expect_move_error("qubic", "b2", 1, "layer");
  expect_move_error("qubic", "b2:1:1", 1, "not a cell");
}

TEST(NotationErrors, OccupiedCell) {
  expect_move_error("tictactoe", "b2 b2", 2, "cell already taken");
  expect_move_error("tictactoe", "b2 a1 #4", 3, "cell already taken");
  expect_move_error("mnk:5x5x4,p=2,q=1", "c3 c3a1", 2, "cell already taken");
  expect_move_error("mnk:5x5x4,p=2,q=1", "c3 a1a1", 2, "the same cell twice");
}

TEST(NotationErrors, AfterTheGameIsOver) {
  expect_move_error("tictactoe", "a1 b1 a2 b2 a3 c3", 6, "the game is already over");
  expect_move_error("connect4", "12121211", 8, "the game is already over");
  expect_move_error("mnk:3x3x3,misere", "a1 b1 a2 b2 a3 c3", 6, "the game is already over");
  // A full board is over too.
  expect_move_error("mnk:2x1x2", "a1 b1 a1", 3, "the game is already over");
}

TEST(NotationErrors, FullColumn) {
  expect_move_error("connect:4x4x4", "11111", 5, "column 1 is full");
  expect_move_error("connect:5x4x4,p=2", "1111 1", 3, "column 1 is full");
  // The second stone of a turn lands on the first: here there is no room left for it.
  expect_move_error("connect:5x4x4,p=2", "12 11 11", 3, "column 1 is full");
}

TEST(NotationErrors, FloatingStoneUnderGravity) {
  expect_move_error("cube:3x3,gravity", "a2:1", 1, "column not filled");
  expect_move_error("cube:3x3,gravity,p=2", "a1:1b1:1 a3:1c1:1", 2, "column not filled");
}

TEST(NotationErrors, IncompleteTurn) {
  expect_move_error("mnk:5x5x4,p=2,q=1", "c3 b2", 2, "incomplete");
  expect_move_error("mnk:5x5x4,p=2,q=1", "c3 b2c1 d4", 3, "incomplete");
  expect_move_error("connect:5x4x4,p=2", "3", 1, "incomplete");
  expect_move_error("mnk:5x5x4,p=3", "a1a2", 1, "places 3 stones");
  // Short of a line too: a stone that completes none does not end a turn early.
  expect_move_error("mnk:6x6x3,p=2,q=1", "a1 f6f5 a2e1 b4", 4, "incomplete");
}

TEST(Notation, ATurnCutShortByItsOwnWin) {
  // Connect6 records write a winning turn of one stone: the game ended on it.
  const Game game = make_game("mnk:6x6x3,p=2,q=1");
  const Position won = play_moves(game, "a1 f6f5 a2e1 f4");
  EXPECT_TRUE(won.over());
  EXPECT_EQ(won.winner(), 1);
  EXPECT_EQ(won.turns_played(), 4);
  EXPECT_EQ(format_turns(game, won.history()), "a1 f6f5 a2e1 f4");
  // A turn is a set of stones: written whole, the winning turn ends the game the same way.
  EXPECT_EQ(play_moves(game, "a1 f6f5 a2e1 f4b3").winner(), 1);
  expect_move_error("mnk:6x6x3,p=2,q=1", "a1 f6f5 a2e1 f4 b3b2", 5, "already over");
  // Misère: the stone that completes a line loses, and ends the game as well.
  const Position lost = play_moves(make_game("mnk:6x6x3,p=2,q=1,misere"), "a1 f6f5 a2e1 f4");
  EXPECT_TRUE(lost.over());
  EXPECT_EQ(lost.winner(), 0);
  // Under gravity the short turn's stone must still rest on something.
  const Position dropped = play_moves(make_game("connect:5x4x3,p=2"), "11 22 1");
  EXPECT_TRUE(dropped.over());
  EXPECT_EQ(dropped.winner(), 0);
  // #7 (c2) would complete a2-b2-c2 but floats over an empty c1.
  expect_move_error("connect:5x2x3,p=2", "55 12 12 44 #7", 5, "incomplete");
  // Fewer cells left than a turn's stones need not stop a win: column 3 alone remains.
  const Position last = play_moves(make_game("connect:5x2x3,p=2"), "24 24 11 55 3");
  EXPECT_TRUE(last.over());
  EXPECT_EQ(last.winner(), 0);
}

TEST(NotationErrors, BadCharacter) {
  expect_move_error("tictactoe", "?", 1, "unexpected character '?'");
  expect_move_error("tictactoe", "b2 a1 c3;", 4, "unexpected character ';'");
  expect_move_error("connect4", "44x", 3, "unexpected character 'x'");
  expect_move_error("connect4", "4-4", 2, "unexpected character '-'");
  expect_move_error("tictactoe", std::string("b2\x01"), 2, "\\x01");
  expect_move_error("qubic", "b2:3:", 2, "':'");
}

}  // namespace
}  // namespace kinrow
