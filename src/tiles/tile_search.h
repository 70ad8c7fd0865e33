// The tile search: who wins a maker-breaker game of at most 64 cells, with the turns of
// Chiang, Wu and Lin's tile games (the maker chooses how many stones, the breaker answers
// with as many) or plain p-stone turns; and, when the breaker holds, a small proof.
//
// A depth-first AND/OR search over whole turns. At the maker's turn every turn he could
// make is answered; at the breaker's a reply that holds is looked for. What keeps it small:
//   - dead lines (a breaker stone on them) and the cells on no live line are dropped, so
//     a position is known by its live lines: the maker's stones and the empty cells on
//     them. Turns on dead cells are never better than turns without them (a maker's stone
//     there gives the breaker a free answer), and the breaker never needs to play there;
//   - the forest rule (forest_holds, the paper's Lemma 2 made general) settles a position
//     without search when the live lines form a forest the breaker can keep cutting;
//   - the breaker's replies must hit every line the maker could finish next turn (or, under
//     b=N, every line already over the bound): most replies are never tried;
//   - a table of decided positions, keyed by the live part up to the game's symmetries;
//   - replies ordered by how much of the maker's lines they spoil, turns by how much
//     they build, and the turn that refuted a reply tried first against the next one.
// The proof's size is what a certificate costs (every maker turn of every position where
// the maker moves is a position of the certificate), so the breaker looks for the reply
// that reaches the forest rule in the fewest maker turns: a budget of maker turns, raised
// one at a time at every breaker node (local iterative deepening).
//
// The search decides; tiles/tile_certificate.h turns its answers into a certificate that
// the independent checker (proof/checker.h) replays on the reference rules.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <vector>

#include "core/position.h"
#include "tiles/tile_game.h"
#include "tiles/tile_table.h"

namespace kinrow {

struct TileSearchStats {
  uint64_t maker_nodes = 0;    // positions with the maker to move, searched (not read from the table)
  uint64_t breaker_nodes = 0;  // positions with the breaker to move, likewise
  uint64_t forest_leaves = 0;  // maker-to-move positions the forest rule settled
  uint64_t table_entries = 0;
  double seconds = 0;
  uint64_t nodes() const { return maker_nodes + breaker_nodes; }
};

class TileSearch {
 public:
  explicit TileSearch(const TileGame& game);

  const TileGame& game() const { return game_; }

  // True if the breaker wins from `position` (either side to move). Throws InputError if
  // the game is over there.
  bool breaker_wins(const Position& position);

  // The maker to move, with these stones (first: his first turn, for q). True if the
  // breaker holds.
  bool breaker_holds(CellMask maker, CellMask breaker, bool first);
  // The breaker to move after the maker's turn, placing `stones`: a reply that holds —
  // cells on live lines, at most `stones` of them (the rest may go anywhere), reaching the
  // forest rule in as few maker turns as the search finds — or nullopt if the maker wins
  // whatever he answers.
  std::optional<CellMask> breaker_reply(CellMask maker, CellMask breaker, int stones);
  // The maker to move: a turn that wins (cells on live lines; under plain p-stone rules
  // the turn may need other cells to make up its size), or nullopt if the breaker holds.
  std::optional<CellMask> maker_win(CellMask maker, CellMask breaker, bool first);

  // True if the forest rule settles this position, the maker to move.
  bool forest_rule(CellMask maker, CellMask breaker, bool first);

  // Stop after this many nodes: the search then throws TileSearchStopped, and the object
  // is not to be used again.
  void set_node_limit(uint64_t nodes) { node_limit_ = nodes; }

  const TileSearchStats& stats() const { return stats_; }
  // Called every few hundred thousand nodes with the stats so far.
  std::function<void(const TileSearchStats&)> on_progress;

 private:
  static constexpr int kOverBudget = -1, kLost = -2;

  struct Canonical {
    TileKey key;
    std::size_t symmetry;  // the map that takes the position to the key's frame
  };
  // What a position's live lines say (the lines themselves go to live_[depth]).
  struct Live {
    CellMask cells = 0;        // on some live line
    CellMask empty = 0;        // empty cells on live lines
    CellMask maker_cells = 0;  // empty cells on live lines the maker may take
  };

  Live live_lines(CellMask maker, CellMask breaker, int depth);
  Canonical canonical(CellMask maker, CellMask live, uint32_t tag) const;
  bool forest_holds(CellMask maker, bool first, int depth) const;

  // The maker to move, allowed `budget` more turns before a leaf rule must settle the
  // position: the turns the breaker needs (at most budget), or kOverBudget if he does not
  // hold within it, kLost if he does not hold at all; `refutation` gets a maker turn that
  // shows it.
  int maker_node(CellMask maker, CellMask breaker, bool first, int depth, int budget, CellMask hint,
                 CellMask* refutation);
  // The breaker to move, placing `stones`: the turns his best reply needs (at most
  // budget), the reply into `reply`; or kOverBudget, kLost.
  int breaker_node(CellMask maker, CellMask breaker, int stones, int depth, int budget, CellMask* reply);
  void maker_turns(const Live& live, CellMask maker, int fewest, int most, int depth);
  void breaker_replies(const Live& live, CellMask maker, int stones, int depth);
  bool settling_reply(const Live& live, CellMask maker, int stones, int depth, CellMask* reply);
  void collect_must_hit(CellMask maker, int depth);  // fills must_
  int maker_turn_size(bool first) const;
  void tick();

  const TileGame& game_;
  TileTable table_;
  TileSearchStats stats_;
  // Scratch per depth of the search (a turn adds two; sized once, so references into
  // them stay valid while deeper nodes run): the live lines, the cells each misses for
  // the maker, and the turns or replies being tried.
  std::vector<std::vector<CellMask>> live_;
  std::vector<std::vector<int>> need_;
  std::vector<std::vector<CellMask>> moves_;
  // Move generation's scratch (done before any child runs, so shared by all depths).
  std::vector<std::pair<uint64_t, CellMask>> scored_;
  std::vector<CellMask> must_;
  std::vector<std::pair<uint64_t, int>> ranked_;
  std::vector<int> index_;
  uint64_t next_progress_ = 0;
  uint64_t node_limit_ = ~uint64_t{0};
  std::size_t max_entries_ = 0;
};

struct TileSearchStopped : std::runtime_error {
  TileSearchStopped() : std::runtime_error("the tile search reached its node limit") {}
};

}  // namespace kinrow
