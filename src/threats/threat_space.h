// Threat-space search for Connect(k, p, q) games of any p: wins by threats of a bounded
// order, each with its relevance zone (threats/zone_profile.h). It is the verifier of Wu
// and Lin's RZOP search (their Appendix generalises it to every p), driven by a move
// generator instead of a human's strategy.
//
// A threat is a line of the attacker, free of the defender's stones, that his next turn
// could complete (it misses at most p cells); the defender's turn is forced as far as his
// p stones must hit them all. The threat count is the fewest stones that hit every threat;
// more than p and the attacker wins.
//
// Orders generalise Thomsen's lambda search. At order 0 the attacker must win with the
// stones of this turn. At order d he plays a turn, and the defender's replies are met as
// the verifier meets them: let the defender withhold all p stones (a null move) — the
// attacker must still win, at order d - p; the cells that win reads are its zone Z, and a
// defender turn with no stone in Z loses to the same strategy. For each s in Z, let him
// place s and withhold the rest (a seminull move): the attacker wins at order d - (p - 1),
// with zone Z(s), and so on stone by stone until the defender's turn is whole; whole
// turns are answered at order d again. So with p = 1 order 1 is VCF (every move a four)
// and order 2 adds moves whose null move loses to a VCF (open threes: Allis' threat-space
// search); with p = 2 order 1 is VCDT (every move makes two threats), order 2 VCST (single
// threats allowed, the defender's spare stone answered through its seminull zone), and
// order 3 admits turns without a threat (Connect(6,2,3)'s first move). A defender who
// can complete a line ends the attempt; one who threatens must be answered by the
// attacker's next turn, which must hit every such line.
//
// The search works on the caller's board with transient stones (it reads the line counts,
// threats and near lines the board keeps) and leaves it as it found it. Only where
// completing a line wins for the attacker and no gravity: normal and maker-breaker rules
// with the maker attacking.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "games/board.h"
#include "threats/zone_profile.h"

namespace kinrow {

template <int W>
class ThreatSpaceSearch {
 public:
  using Cells = Bits<W>;
  using Zone = ZoneProfile<W>;

  // Whether the rules allow the search: no gravity, not misère.
  static bool applies(const Rules& rules) { return !rules.gravity && rules.goal != Goal::Misere; }

  explicit ThreatSpaceSearch(const BoardTables& tables);

  // Whether `attacker`, placing `stones` stones now (a whole turn or the rest of one),
  // wins by threats of order at most `order`, whoever the board's stone count says is to
  // move. On a win, `zone` (if given) receives the proof's zone profile.
  bool wins(Board<W>& board, int attacker, int stones, int order, Zone* zone = nullptr);

  // The first turn of such a win (searching again if the memo forgot it); size 0 if none.
  Move winning_turn(Board<W>& board, int attacker, int stones, int order);

  // At most this many nodes for one question (0: no limit); past it the answer is "no
  // win found", and nothing cut short is remembered.
  void set_node_limit(uint64_t limit) { node_limit_ = limit; }
  // Likewise past this time (read every 64 nodes: on 19x19 a node of a two-stone game's
  // high orders can take a millisecond, so a node count alone bounds time badly).
  void set_deadline(std::chrono::steady_clock::time_point deadline) { deadline_ = deadline; }
  // At orders above 1 (where turns need not make every threat), the attacker's turns
  // tried at one node, best first; forcing turns of order 1 are all tried.
  void set_breadth(int turns) { breadth_ = turns; }

  uint64_t nodes() const { return nodes_; }

 private:
  struct Candidate {
    Move move;
    int64_t score;
  };
  struct Entry {
    uint64_t key = 0;
    int8_t won = -1;     // the order it was won at (a win holds at every higher order)
    int8_t failed = -1;  // the highest order it failed at
    Move move;
    Zone zone;
  };

  bool attack(int stones, int order, Zone& zone);
  bool defend(int order, Zone& zone);
  // A defender's turn being answered: the partial turns on the way with the zones of the
  // attacker's wins after them, and the partial turns met already (as sets).
  struct Answered {
    std::vector<std::pair<Cells, Zone>> partial;
    std::vector<Cells> seen;
  };
  bool answer(const Cells& placed, int count, int order, Zone& zone, Answered& answered);
  void candidates(int stones, int order, std::vector<Candidate>& out);
  // The attacker's threat count: the fewest defender stones that hit every line the
  // attacker completes next turn (capped at p + 1: "more than the defender can stop").
  int threat_count();
  bool defender_threats(std::vector<Cells>& lines) const;
  Entry& entry(uint64_t key) { return memo_[(key ^ (key >> 29)) & (memo_.size() - 1)]; }
  uint64_t key(int stones) const { return board_->plain_key() ^ (attacker_ ? 0x5bd1e9955bd1e995ull : 0) ^ (uint64_t(stones) << 56); }
  void place(Cell c, int player) { board_->place_transient(c, player); }
  void take_back(Cell c) { board_->remove_transient(c); }

  const BoardTables& tables_;
  int p_ = 1;
  Board<W>* board_ = nullptr;
  int attacker_ = 0, defender_ = 1;
  std::vector<Entry> memo_;
  std::vector<Cells> scratch_;  // threat counts: the threat lines' empty cells
  struct PoolCell {
    Cell cell;
    int64_t score;
    uint32_t lines_begin, lines_end;  // its lines in pool_lines_
    bool solo;       // one stone here makes a threat
    Cells partners;  // cells that make a threat with a stone here
  };
  struct PoolLine {
    int32_t line;
    int8_t missing;
  };
  std::vector<PoolCell> pool_;          // candidates: the cells turns are made of
  std::vector<PoolLine> pool_lines_;    // candidates: the lines through them that may become threats
  std::vector<uint32_t> line_stamp_;    // candidates: lines already read for this turn
  std::vector<uint32_t> pool_index_;    // candidates: a pool cell's index in pool_
  uint32_t stamp_ = 0;
  int breadth_ = 12;
  uint64_t nodes_ = 0, node_limit_ = 0, stop_at_ = 0, next_clock_read_ = 0;
  bool cut_ = false;
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
};

}  // namespace kinrow
