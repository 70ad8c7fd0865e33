// A certificate's strategy as an SGF game tree, for reading a proof in any SGF viewer.
//
// From the certificate's start position (its start moves are the main line down to it),
// the tree follows the strategy as kinrow verify walks it, read with the checker's own
// lookup (proof/strategy_lookup.h): at the holder's turns his one
// turn (the certificate's entry, one carried over from a symmetric position's entry, or
// the win the win-now rule finds), at the opponent's turns every legal turn as a
// variation. Every node says in its comment what it is and how many nodes lie below it;
// leaves say how play ends there (a completed line, a full board, lines that can no longer
// be completed, a pairing the checker finds or the certificate lists, a repeated position).
//
// A certificate merges transpositions; SGF is a tree. A position met again (by other
// moves, same stones) is written once, where depth-first order meets it first, and later
// as a leaf saying "transposes to the position after ...". With expand_transpositions
// every occurrence gets its whole subtree. The tree is bounded by max_nodes: past it the
// export stops with an InputError saying how large the tree is at least, so a user never
// gets a silently cut proof.
//
// Under the zones rule (docs/certificates.md, "Relevance zones") the opponent's turn is
// walked stone by stone as the checker walks it: where the certificate declares a zone
// for a partial turn, a node holds the stones placed (none: a null move), the zone as
// labels (LB, each cell's first zone) and, below it, the holder's sub-proof with the
// rest of the turn withheld; the whole turns no zone answers are variations as usual.
// Such a tree shows positions that are not positions of the game (a side that placed
// fewer stones than its turn), and its comments say so. A pairing plan is not walked
// (the message says so): its point is not to list the opponent's turns.
#pragma once

#include <cstddef>

#include "core/game.h"
#include "engine/sgf.h"
#include "proof/certificate.h"

namespace kinrow {

struct SgfProofOptions {
  int holder = -1;  // the strategy of this side (0 first, 1 second); -1: the certificate's first
  std::size_t max_nodes = 100000;
  bool expand_transpositions = false;
};

struct SgfProofStats {
  std::size_t nodes = 0;  // in the tree, root and start moves included
  std::size_t holder_turns = 0;
  std::size_t replies = 0;  // the opponent's turns
  std::size_t transpositions = 0;  // leaves that point to a position written before
  std::size_t wins = 0;  // leaves where the holder has completed a line (or won otherwise)
  std::size_t other_ends = 0;  // draws, settled lines, pairings, gaps
  std::size_t zones = 0;  // relevance zones written, each with its sub-proof below it
  std::size_t zone_answered = 0;  // the opponent's turns they answer, summed over his turns
  int holder = 0;
};

// Throws InputError: the certificate's game is not `game`, its start moves do not play,
// the strategy is a plan, the holder asked for has no strategy, or the tree
// has more than max_nodes nodes.
SgfTree proof_tree(const Game& game, const Certificate& certificate, const SgfProofOptions& options = {},
                   SgfProofStats* stats = nullptr);

}  // namespace kinrow
