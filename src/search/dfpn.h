// Depth-first proof-number search (df-pn) for games of at most 64 cells, every goal
// (normal, misère, maker-breaker), gravity, and several stones a turn (searched stone by
// stone: a node is a set of stones, and the count says whose stone comes next).
//
// One proof asks "does `attacker` win?": at the attacker's turns a node is proven when one
// child is (proof number = least child's, disproof number = sum), at the defender's when
// all are. Df-pn explores the most-proving node depth-first with thresholds instead of
// walking down from the root each time, and remembers (pn, dn) in a transposition table
// of fixed size. The child threshold uses the 1+epsilon trick (the second-best child's
// number times 1+epsilon, not plus one), which saves most of the re-expansions when two
// children are close. A value is two proofs: the side to move wins; else the opponent
// wins; else (neither) a draw.
//
// Knowledge, where completing a line wins (normal, maker-breaker) and a turn is one
// stone: a player who can win at once does; a player facing two immediate wins loses;
// facing one, must take that cell; a player with a win by continuous threats
// (dictionary/forced_win.h) wins; and a player whose opponent would have one if he
// passed (a threat of a threat sequence, lambda order 2) only tries the cells of that
// sequence's relevance zone, where a stone could spoil it (not under gravity): every
// other move loses to it. Misère gets the plain search.
//
// Pairings (one stone a turn, not misère, no gravity; search/line_pairing.h): where the
// defender (in maker-breaker, the breaker, attacking or not) pairs every line still open
// to his opponent (a pair may serve several lines that hold both its cells), that
// opponent never completes one, which decides the node; and with
// the opponent to move, if one stone of the holder would bring such a pairing, only the
// opponent's moves on its cells and that stone's are tried (the reply answers the rest).
//
// Reductions, every rule: a node where the attacker can no longer win (every line he
// needs is spoiled) is disproven without search, and the opposite for a breaker who
// attacks; empty cells on no line anyone could still complete are interchangeable, so
// one of them is tried (not under gravity, where a stone changes what is playable above
// it); and moves a symmetry of the position exchanges are tried once, at every node.
// With one stone a turn, no gravity and not misère, a defender's move is skipped when
// another is on every live line through it (BoardMasks::undominated: that one is at
// least as good for him, so refuting it refutes the skipped one too).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/position.h"
#include "dictionary/board_masks.h"
#include "dictionary/canonical.h"
#include "search/huge_pages.h"
#include "search/line_pairing.h"
#include "dictionary/forced_win.h"
#include "dictionary/threat_combination.h"
#include "search/score.h"

namespace kinrow {

struct DfpnOptions {
  std::size_t table_megabytes = 64;
  // The 1+epsilon threshold trick; 0 = classic df-pn. A child is searched until its
  // number passes (1+epsilon) times the second-best's: each return to the parent
  // re-expands it, with its threat searches. Against 0.25, 0.5 took 60-86 % of the time
  // on four Qubic openings and mnk:7x7x5, and the same on all of Qubic (1 was faster on
  // the openings, but not on all of Qubic, whose certificate grew by half; docs/benchmarks.md).
  double epsilon = 0.5;
  bool threats = true;        // the knowledge above, zones included (off: plain df-pn, for cross-checks)
  // Find the wins by continuous threats with the dependency-based search
  // (dictionary/threat_combination.h) instead of the depth-first one: the same answers,
  // slower on every board measured (docs/benchmarks.md); to cross-check and to measure.
  // Relevance zones still come from the depth-first search. Not under gravity.
  bool dependency_threats = false;
  bool reductions = true;     // dead lines, dead cells, symmetry (off: for cross-checks)
  bool pairing = true;        // pairings end the search (with reductions; off: to measure)
  bool dominance = true;      // dominated moves are not tried (with reductions; off: to measure)
  // Steps the search for shared pairs may take per pairing test (search/line_pairing.h;
  // 0: each line gets two cells of its own). More finds more pairings and costs more
  // where none exists; 32 to 256 were about equally fast on mnk:7x7x5 (docs/benchmarks.md).
  int shared_pair_steps = 128;
  uint64_t max_nodes = 0;     // give up after this many expansions per proof and thread (0: no limit)
  // Threads for attacker_wins (search/dfpn.cpp, "Threads"): helpers search the same root
  // with other epsilons and share the table; the first to finish answers. Node counts
  // then vary from run to run. 1: one thread, the same nodes every run.
  int threads = 1;
  // Called every 2^16 expansions of the main thread with its nodes so far and the root's
  // numbers as last known (for progress lines; nodes() adds the helpers' at the end).
  std::function<void(uint64_t nodes, uint32_t root_pn, uint32_t root_dn)> on_progress;
};

class Dfpn {
 public:
  Dfpn(const BoardMasks& board, const DfpnOptions& options);
  ~Dfpn();

  // Whether `attacker` wins from `stones` (the side to move follows from the stone
  // counts); nullopt if the node limit was reached. Starts a new proof, on
  // options.threads threads.
  std::optional<bool> attacker_wins(const Stones& stones, int attacker);

  // For certificates: start a proof for `attacker` (clears the table), then decide
  // positions within it, reusing what earlier calls left in the table.
  void begin(int attacker);
  std::optional<bool> resolve(const Stones& stones);
  // What the table knows: true proven, false disproven, nullopt open or forgotten.
  std::optional<bool> known(const Stones& stones) const;
  // The moves the search tries at `stones` for the side to move (empty if the node is
  // settled without search), and the first move of a win by continuous threats for the
  // side to move when the knowledge decides the node that way (-1 if not).
  CellMask moves_to_try(const Stones& stones);
  Cell threat_sequence_move(const Stones& stones);

  int to_move(const Stones& s) const;
  // Pairings: the player who can hold one (the defender; in maker-breaker the breaker),
  // whether he does at `s` (every line his opponent could still complete has two empty
  // cells of its own: he answers each stone there with the other), and who then wins
  // (nobody, or the breaker). Never under gravity, misère or several stones a turn.
  bool uses_pairing() const { return pairing_; }
  int pairing_holder() const;
  bool paired(const Stones& s);
  // After paired(s) said yes: its pairs, and whether some serve several lines.
  const LinePairing& last_pairing() const { return pairer_; }
  int pairing_winner() const;
  int attacker() const { return attacker_; }
  const BoardMasks& board() const { return board_; }
  // The symmetries used at every node; none when the group has more than
  // kMaxSymmetries elements (their tables take 16 KiB a map, and the certificate
  // checker lists at most 4096).
  static constexpr std::size_t kMaxSymmetries = 1024;
  const Canonicaliser* symmetry() const { return symmetry_ ? &*symmetry_ : nullptr; }
  uint64_t nodes() const { return nodes_; }

 private:
  struct Numbers {
    uint32_t pn = 1, dn = 1;
  };
  // A position as the table knows it. Stones on cells no line can use any more do not
  // matter, only how many such cells are still empty (each is a pass), so positions that
  // differ there share a slot (not under gravity, where every stone holds up the next).
  // The live cells, their stones and that count decide the rest of the game: a line is
  // still live exactly when its cells are and the stones shown leave it to one side.
  struct Key {
    Stones live;
    CellMask live_cells = 0;
    int empty_dead = 0;
    bool operator==(const Key&) const = default;
  };
  // What the table keeps of a node. `moves` is what settle left to try at an open node
  // (0: not kept), so a node df-pn enters again (a quarter of the visits on Qubic) skips
  // its threat searches, pairing tests and symmetry reductions. They are those of one
  // position of the key (stones on dead cells change the symmetries left), which
  // `position` checks (16 bits of its hash). Another position's moves, if none is on a
  // stone of this one, would be sound too (a live move leads to the same key, an empty
  // dead cell is a pass like any other), but the search would then go elsewhere than one
  // without kept moves (mnk:5x5x4,p=2,q=1 took 8.4 M nodes that way, against 6.8 M).
  struct Entry {
    Numbers numbers;
    CellMask moves = 0;
    uint16_t position = 0;
  };
  // A slot, 48 bytes, its words read and written one by one (std::atomic_ref) so that
  // threads may share the table: `version` is odd while a writer is inside, and a reader
  // that sees it odd or changed takes the slot as empty (a seqlock). Unused while its
  // numbers are 0: a stored node never has pn = dn = 0.
  struct Slot {
    CellMask first, second, live_cells;
    uint16_t empty_dead, position;
    uint32_t version;
    uint32_t pn, dn;
    CellMask moves;
  };
  static_assert(sizeof(Slot) == 48 && alignof(Slot) >= std::atomic_ref<CellMask>::required_alignment);
  struct Child {
    Stones stones;
    Key key;
    Numbers numbers;
    Cell move = -1;
    bool settled = false;  // a finished game: its numbers are final
    bool known = false;    // numbers from the table (or final)
  };

  // A finished game's numbers: proven if `winner` is the attacker, else disproven (a
  // draw included).
  Numbers decided(int winner) const;
  // Decides a node without expanding it when the rules or the knowledge can; otherwise
  // leaves the moves worth trying in `moves`.
  // `live` is live_cells(s) (read only where reductions apply: not under gravity).
  bool settle(const Stones& s, int mover, CellMask live, Numbers& out, CellMask& moves);
  void expand(const Stones& s, int mover, CellMask moves, CellMask live, std::vector<Child>& children);
  Key key_of(const Stones& s) const;
  Key key_from(const Stones& s, CellMask live_cells) const;
  std::size_t slot_of(const Key& key) const;
  std::optional<Numbers> lookup(const Key& key) const;
  std::optional<Entry> read(const Key& key) const;
  static bool holds(Slot& slot, const Key& key);
  int move_score(const Stones& s, int mover, Cell c) const;
  void initialise(const Stones& s, int mover, std::vector<Child>& children) const;
  void store(const Key& key, Numbers n, CellMask moves = 0, uint16_t position = 0);
  static uint16_t position_check(const Stones& s) { return static_cast<uint16_t>(StonesHash()(s) >> 48); }
  // `key` is key_of(s), handed down by the parent (which built it incrementally).
  void search(const Stones& s, const Key& key, uint32_t pn_limit, uint32_t dn_limit, Numbers& out);

  const BoardMasks& board_;
  DfpnOptions options_;
  ForcedWinSearch forced_;
  std::unique_ptr<ThreatCombinationSearch> combination_;  // with dependency_threats
  std::optional<Canonicaliser> symmetry_;  // none when the group is too large to list
  bool threats_ = false;                   // the threat knowledge applies (see settle)
  bool zones_ = false;                     // and relevance zones (not under gravity)
  bool pairing_ = false;                   // pairings apply (one stone a turn, no gravity, not misère)
  bool dominance_ = false;                 // dominated moves are skipped (the same rules)
  LinePairing pairer_;
  bool heuristic_ = false;                 // initial numbers from move_score (not misère)
  std::unique_ptr<HugePageMemory> memory_;
  Slot* table_ = nullptr;  // in memory_, or a helper's in its main search's (search/huge_pages.h: probed at random)
  std::size_t slots_ = 0;  // a power of two
  // Threads: the helpers (built at the first parallel proof), and for a helper the flag
  // that stops it.
  std::vector<std::unique_ptr<Dfpn>> helpers_;
  const std::atomic<bool>* stop_ = nullptr;
  std::optional<bool> resolve_in_parallel(const Stones& stones);
  // A helper's: no table of its own.
  Dfpn(const BoardMasks& board, const DfpnOptions& options, Slot* shared_table, std::size_t shared_slots);
  int attacker_ = 0;
  Stones root_stones_;
  Numbers root_;  // the root's numbers after its last pass
  uint64_t nodes_ = 0, proof_start_ = 0;
  bool aborted_ = false;
};

}  // namespace kinrow
