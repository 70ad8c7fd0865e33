// Game records in SGF: kinrow's spec and moves to an SGF game and back.
//
// Which game: the private property KR[spec] (kinrow's canonical spec) says it exactly and
// is always written. Without it, GM[4] (SGF's number for Gomoku and Renju) reads as
// free-style Gomoku, mnk:WxHx5 on the SZ board (15x15 if none); a record with two-stone
// turns, or whose event EV names connect6, as Connect6, mnk:WxHx6,p=2,q=1 (19x19 if none).
// GM[4] is written for one-stone k-in-a-row games without gravity (whatever k: KR holds
// it); other games get no GM, as Little Golem writes Connect6, so SGF's default (GM[1])
// lets Go viewers show the stones.
//
// Points: two letters, column then row, "a" the first column and the TOP row (SGF's
// convention; kinrow counts rows from the bottom, so row letter r is kinrow row
// H - r), "A".."Z" for columns and rows 27 to 52. A turn of several stones is one node
// with one value per stone, W[kk][ik]: one property per turn, as Little Golem records a
// Connect6 turn, with each point in SGF's letters so that any reader can place it. On
// import, also read: a stone per node (B[jj];W[kk];W[ik], the GoGui style of NCTU's
// Connect6 tools: consecutive nodes of one colour make one turn), concatenated points
// (W[kkik]), and Little Golem's letter-and-number points counted from the bottom
// (W[j9l11], which are kinrow's own cell names). docs/sgf.md.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "engine/sgf.h"

namespace kinrow {

// The game-info properties kinrow keeps (PB, PW, RE, DT, EV, and the root's C).
struct SgfGameInfo {
  std::string black;
  std::string white;
  std::string result;  // RE as written ("B+", "W+R", "Draw", ...)
  std::string date;
  std::string event;
  std::string comment;  // the root node's comment
};

struct SgfImportOptions {
  std::size_t game = 1;  // which game tree of the collection, from 1
  std::size_t variation = 1;  // which line from the root to a leaf, from 1 (the main line)
  std::string spec;  // the game, if the file does not say it (overrides KR and GM)
  bool game_files = true;  // false: refuse a file: game (a record sent to the server)
};

struct SgfRecord {
  std::string spec;  // canonical
  std::string moves;  // kinrow's notation, as kinrow solve --moves reads it
  std::vector<std::string> comments;  // per turn: the C of the node that completes it, or ""
  SgfGameInfo info;
  int turns = 0;
  bool over = false;
  int winner = kNoPlayer;  // when over
  std::vector<std::string> notes;  // what the reader decided that the user should know
};

// Reads one game of an SGF collection: the spec, and the moves of one line of its tree.
// Throws InputError naming the byte (and the move) where the record goes wrong: malformed
// SGF, an unknown game, a point off the board, a stone on a taken cell, a turn of the
// wrong size or colour, moves after the end, setup stones that no game reaches.
SgfRecord import_sgf(std::string_view text, const SgfImportOptions& options = {});

// The SGF of the game played so far in `position` (from the empty board): the root's
// properties, then a node per turn; RE is the position's result when the game is over,
// else info.result. `comments` (may be empty) gives a comment per turn.
std::string export_sgf(const Position& position, const SgfGameInfo& info = {},
                       const std::vector<std::string>& comments = {});

// The pieces, for other writers (proof trees, puzzles).
// The root node: FF, CA, AP, GM where one applies, SZ, KR and the game info. Throws
// InputError for games SGF's points cannot draw (more than two axes, beyond 52x52).
SgfNode sgf_root(const Game& game, const SgfGameInfo& info = {});
// The move property of a turn: B or W, one value per stone.
SgfProperty sgf_move(const Game& game, int player, const Turn& turn);
// A cell as an SGF point ("aa" is the top-left cell).
std::string sgf_point(const Game& game, Cell cell);
// RE for a finished game: "B+", "W+" or "Draw".
std::string sgf_result(const Position& position);

}  // namespace kinrow
