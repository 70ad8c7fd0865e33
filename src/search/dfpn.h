// Depth-first proof-number search (df-pn) on boards of any width, every goal (normal,
// misère, maker-breaker), gravity, and several stones a turn (searched stone by stone: a
// node is a set of stones, and the count says whose stone comes next).
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
// Knowledge, where completing a line wins (normal, maker-breaker), for whole turns of any
// number of stones (games/urgent_moves.h): a player who can complete a line this turn
// does; a player facing more threats than his stones can stop loses; one who can stop
// them only some ways must. With one stone a turn, also: a player with a win by
// continuous threats (threats/forced_win.h) wins; and a player whose opponent would have
// one if he passed (a threat of a threat sequence, lambda order 2) only tries the cells
// of that sequence's relevance zone, where a stone could spoil it (not under gravity):
// every other move loses to it. Misère gets the plain search.
//
// Pairings (not misère, no gravity; search/line_pairing.h): where the defender (in
// maker-breaker, the breaker, attacking or not) pairs every line still open to his
// opponent (a pair may serve several lines that hold both its cells; with p stones a turn,
// a tuple of p + 1 cells of its own: search/line_tuples.h), that opponent never completes
// one, which decides the node; and, one stone a turn, with
// the opponent to move, if one stone of the holder would bring such a pairing, only the
// opponent's moves on its cells and that stone's are tried (the reply answers the rest).
//
// Zones of disproofs (one stone a turn, normal goal, no gravity, not exact): a disproven
// node keeps in the table the cells its disproof does not need — it would hold were the
// attacker to own them all — and at the attacker's turns a move on such a cell of a
// refuted sibling is refuted with it, unsearched (search/dfpn.cpp, "Zones of disproofs").
// This is the defender's side of relevance zones, as in the proofs of the 7,7,5- and
// 8,8,5-games; a certificate still answers every move (the walk decides the pruned ones).
//
// Reductions, every rule: a node where the attacker can no longer win (every line he
// needs is spoiled) is disproven without search, and the opposite for a breaker who
// attacks; so is one where the defender spoils them all with the stones left of his
// turn (search/line_cover.h; several stones a turn, not misère, no gravity); empty cells on no line anyone could still complete are interchangeable, so
// one of them is tried (not under gravity, where a stone changes what is playable above
// it); and moves a symmetry of the position exchanges are tried once, at every node.
// With one stone a turn, no gravity and not misère, a defender's move is skipped when
// another is on every live line through it (search/dominance.h: that one is at least as
// good for him, so refuting it refutes the skipped one too).
//
// The search plays on the caller's board (games/board.h) and leaves it as it found it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/huge_pages.h"
#include "games/board.h"
#include "search/canonical.h"
#include "search/dfpn_slot.h"
#include "search/dominance.h"
#include "search/kept_open.h"
#include "search/kept_proofs.h"
#include "search/line_cover.h"
#include "search/line_pairing.h"
#include "search/line_tuples.h"
#include "search/periodic_save.h"
#include "threats/forced_win.h"
#include "threats/threat_combination.h"
#include "threats/threat_space.h"

namespace kinrow {

struct DfpnResult;  // search/dfpn_solve.h

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
  // (threats/threat_combination.h) instead of the depth-first one: the same answers,
  // slower on every board measured (docs/benchmarks.md); to cross-check and to measure.
  // Relevance zones still come from the depth-first search. Not under gravity.
  bool dependency_threats = false;
  bool reductions = true;     // dead lines, dead cells, symmetry (off: for cross-checks)
  bool pairing = true;        // pairings end the search (with reductions; off: to measure)
  bool dominance = true;      // dominated moves are not tried (with reductions; off: to measure)
  // Zones of disproofs (normal goal, no gravity or exact rule, with reductions): a
  // disproven node remembers the cells its disproof needs, and at the attacker's turns a
  // stone outside a refuted sibling's zone is refuted with it (search/dfpn.cpp, "Zones of
  // disproofs"). Off: to measure and to cross-check.
  bool disproof_zones = true;
  // Steps the search for shared pairs may take per pairing test (search/line_pairing.h;
  // 0: each line gets two cells of its own). More finds more pairings and costs more
  // where none exists; 32 to 256 were about equally fast on mnk:7x7x5 (docs/benchmarks.md).
  int shared_pair_steps = 128;
  // Several stones a turn (threats/threat_space.h): the order of the threat-space search
  // that proves a win for the side to move (2: single threats allowed, the defender's
  // spare stones answered through their zones), and the order behind the zones that
  // restrict a turn (relevance-zone-oriented search): a player who withholds the r stones
  // left of his turn must not lose to a win of order zone_order - r. 3 asks a double-threat
  // win after a null move and a single-threat one after a seminull move, as Wu and Lin's
  // NCTU6-Verifier does. 0: no zones. kAutomatic (the default): 2 and p + 1 on boards of
  // more than 64 cells, where a proof must not look at every turn; 1 and p on smaller ones,
  // where the higher orders cost more than the turns they spare (docs/benchmarks.md,
  // "Relevance zones").
  static constexpr int kAutomatic = -1;
  int threat_order = kAutomatic;
  int zone_order = kAutomatic;
  // Give up after this many nodes per proof and thread (0: no limit): expansions, and with
  // several stones a turn the threat-space searches' nodes too, which on 19x19 take most
  // of the time (a Connect6 expansion can search 10^5 of them), so that a budget bounds
  // time there as well.
  uint64_t max_nodes = 0;
  // Give up writing a certificate after this many nodes (counted as max_nodes counts them)
  // spent deciding again positions the table forgot (0: no limit): the value stands, the
  // certificate is not written (search/dfpn_certificate.h, CertificateOutOfBudget).
  uint64_t certificate_max_nodes = 0;
  // Threads for attacker_wins (search/dfpn.cpp, "Threads"): helpers search the same root
  // with other epsilons and share the table; the first to finish answers. Node counts
  // then vary from run to run. 1: one thread, the same nodes every run.
  int threads = 1;
  // dfpn_solve only: its table is read from this file if it exists and written back when
  // the proofs end, decided or stopped (max_nodes, the deadline, an exception), so that a
  // long proof goes on where it stopped. Empty: no file.
  std::string table_file;
  // dfpn_solve only, with a table file: it is also saved this often while the proofs run
  // (search/periodic_save.h); 0: only at the end. `on_table_saved` hears of each save, on
  // the saving thread.
  double save_every_seconds = kDefaultSaveEverySeconds;
  std::function<void(const TableSaveReport&)> on_table_saved;
  // dfpn_solve only, with a table file: each proof or disproof whose search took at least
  // this many nodes (an earlier visit's counted to a power of two) is also kept, as it is found, in a small file
  // beside it (NAME.proofs for NAME.table; search/kept_proofs.h), and read back at the
  // start, table or no table: a long proof outlives the machine that keeps its table.
  // 0: none kept (read still). `on_kept_read` hears how many were read, before the proofs.
  uint64_t kept_proofs_nodes = kDefaultKeptProofsNodes;
  std::string kept_file;  // where they are kept, if not beside the table file
  std::function<void(std::size_t)> on_kept_read;
  // With them, and at least as costly, the open nodes (search/kept_open.h): a snapshot
  // written with each save of the table (NAME.open beside NAME.proofs), and read back,
  // before the answers, only where the table file is missing. `on_open_read` hears how
  // many were read.
  std::function<void(std::size_t)> on_open_read;
  // dfpn_solve only: the proofs give up after this many seconds (0: no limit), as they do
  // when `interrupt` (if set) becomes true, read at every expansion (Ctrl-C: cli/interrupt.h).
  double seconds = 0;
  const std::atomic<bool>* interrupt = nullptr;
  // Called every 2^16 nodes of a proof, as max_nodes counts them, on the main thread with
  // its expansions so far and the root's numbers as last known (a job's cancel check;
  // nodes() adds the helpers' at the end).
  std::function<void(uint64_t nodes, uint32_t root_pn, uint32_t root_dn)> on_progress;
  // dfpn_solve only: called once the proofs have decided (not for a position already over,
  // which has nothing to decide), with their answer, before the
  // certificate (if one is asked for) is read off them. That walk can take longer than the
  // proof (Connect6 8x8 after b8: a proof of 35 minutes, a walk stopped after millions of
  // entries), so whoever keeps answers keeps this one first (parallel/root_split.cpp).
  std::function<void(const DfpnResult& decided)> on_decided;
};

// A proof or disproof number that stands for "infinity" (the node is decided the other way).
inline constexpr uint32_t kProofInfinity = 1u << 30;

// The board tables df-pn searches with (live cells where its reductions read them).
BoardOptions dfpn_board_options(const Game& game, const DfpnOptions& options);

template <int W>
class Dfpn {
 public:
  using Cells = Bits<W>;
  using Board = kinrow::Board<W>;

  // `tables` as dfpn_board_options says; they must outlive the search.
  Dfpn(const BoardTables& tables, const DfpnOptions& options);
  ~Dfpn();

  // Whether `attacker` wins from the board's position (the side to move follows from the
  // stone counts); nullopt if the node limit was reached. Starts a new proof, on
  // options.threads threads.
  std::optional<bool> attacker_wins(Board& board, int attacker);

  // For job-level search (parallel/): the same proof with the root's moves restricted to
  // those outside `excluded` ("does a move other than these win?" at the attacker's
  // turn, "do all but these lose?" at the defender's). Keys of the restricted root are
  // salted, so the table never mixes it up with the position itself. Where the
  // knowledge decides the root without expanding it, the answer is the position's own.
  std::optional<bool> attacker_wins_excluding(Board& board, int attacker, const Cells& excluded);
  // The root's children as the last pass of the last proof left them (empty where the
  // root was decided without expansion), and the root's numbers.
  struct RootChild {
    Cell move;
    uint32_t pn, dn;
    bool by_zone = false;  // refuted unsearched, by a refuted sibling's zone (zones of disproofs)
  };
  const std::vector<RootChild>& root_children() const { return root_children_; }
  // Whether the last proof's root was decided by the rules or the knowledge, without
  // expanding it: then the answer is the position's own, whatever was excluded.
  bool root_settled() const { return root_settled_; }
  // After the last proof disproved its root (zones of disproofs on): cells that disproof
  // does not need. It still holds were the attacker to own all of them, with the same side
  // to move (the property the zones rest on; tests replay it). Empty (claiming nothing)
  // where a helper thread settled the root first, or at a restricted root.
  const Cells& root_irrelevant() const { return root_irrelevant_; }
  uint32_t root_pn() const { return root_.pn; }
  uint32_t root_dn() const { return root_.dn; }

  // For certificates: start a proof for `attacker`, then decide positions within it,
  // reusing what earlier calls of the same proof left in the table.
  void begin(int attacker);
  std::optional<bool> resolve(Board& board);
  // What the table knows: true proven, false disproven, nullopt open or forgotten.
  std::optional<bool> known(const Board& board) const;
  // Where the table keeps the position disproven (zones of disproofs on): the empty cells
  // its disproof does not need, which the attacker could own all at once without
  // changing it. Empty where it claims none or the table does not know.
  Cells irrelevant_to_disproof(const Board& board) const;
  // Whether this search keeps zones of disproofs (DfpnOptions::disproof_zones, where the
  // rules allow them).
  bool disproof_zones() const { return disproof_zones_; }
  // The moves the search tries for the next stone (empty if the node is settled without
  // search), and the first move of a win by continuous threats for the side to move when
  // the knowledge decides the node that way (-1 if not).
  Cells moves_to_try(Board& board);
  Cell threat_sequence_move(Board& board);
  // Where the side to move spoils every line the attacker could still complete (in
  // maker-breaker, the maker) with the stones left of his turn: those stones (empty if
  // not; search/line_cover.h). Such a node is decided without search.
  Cells covering_stones(const Board& board);
  // Several stones a turn: the rest of the mover's turn in a win the threat-space search
  // finds (size 0 if none): the turn the knowledge decided the node by. `node_limit` as
  // the search's (the default: as df-pn asks its own questions).
  Move threat_space_turn(Board& board, uint64_t node_limit = kThreatSpaceNodeLimit);

  // Pairings: the player who can hold one (the defender; in maker-breaker the breaker),
  // whether he does on the board (every line his opponent could still complete has two
  // empty cells of its own: he answers each stone there with the other; with p stones a
  // turn, p + 1 cells: search/line_tuples.h), and who then wins (nobody, or the
  // breaker). Never under gravity or misère.
  bool uses_pairing() const { return pairing_ || tuples_; }
  int pairing_holder() const;
  bool paired(const Board& board);
  // After paired() said yes: its pairs, and whether some serve several lines.
  const LinePairing<W>& last_pairing() const { return pairer_; }
  int pairing_winner() const;
  int attacker() const { return attacker_; }
  const BoardTables& tables() const { return tables_; }
  // The order of the zones that restrict the opponent's turns (0: none; several stones a
  // turn only, see DfpnOptions::zone_order).
  int zone_order() const { return threat_space_ ? options_.zone_order : 0; }
  // The symmetries used at every node; none when the group has more than
  // kListedSymmetries elements.
  const Canonicaliser<W>* symmetry() const { return symmetry_ ? &*symmetry_ : nullptr; }
  uint64_t nodes() const { return nodes_; }
  // The threat-space searches' nodes (several stones a turn; 0 otherwise).
  uint64_t threat_nodes() const { return threat_space_ ? threat_space_->nodes() : 0; }
  // The nodes each later proof may take (options.max_nodes; 0: no limit): a caller
  // with a deadline asks again with a larger budget, and the table keeps what the smaller
  // one proved.
  void set_max_nodes(uint64_t n) { options_.max_nodes = n; }
  const DfpnOptions& options() const { return options_; }
  // The table kept on disk between runs (search/table_file.h; DfpnOptions::table_file),
  // loaded between proofs, never during one. Sound whenever it is saved: a node is stored proven
  // or disproven only when it is, and a proof that gives up stores on its way out only
  // numbers, which guide the next search and decide nothing. The label names the game and
  // the key scheme (reduced or plain keys, the slot's size), so a file of another game or
  // setting is refused; so is one of another size (--tt-mb). Saving may run while proofs
  // write (search/periodic_save.h): it reads each slot under its seqlock and saves a slot
  // being written as empty. `abandon`: as TableFileWriter's.
  void save_table(const std::string& path, const std::atomic<bool>* abandon = nullptr) const;
  void load_table(const std::string& path);
  // The kept file of proofs beside a table file (search/kept_proofs.h): what its keys
  // mean, an answer read from it into the table, and the file that answers found from now
  // on go to (those that took at least its min_nodes(); null: none).
  std::string kept_label() const;
  void take_kept(const KeptProof& proof);
  void keep_proofs_in(KeptProofs* kept);
  // Hands `take` each open node whose search took at least `min_nodes` (its work, kept to
  // a power of two: 2^(work-1) at least `min_nodes`), read as save_table reads; throws
  // TableSaveAbandoned once `abandon` is set (search/kept_open.h). And one read back:
  // stored open, where no answer of its key is (an answer is never replaced by open numbers).
  void for_each_open_node(uint64_t min_nodes, const std::function<void(const KeptOpenNode&)>& take,
                          const std::atomic<bool>* abandon = nullptr) const;
  void take_open(const KeptOpenNode& node);
  // Likewise a time after which proofs give up (read every 64 expansions).
  void set_deadline(std::chrono::steady_clock::time_point deadline) {
    deadline_ = deadline;
    if (threat_space_) threat_space_->set_deadline(deadline);  // a cut threat search only finds no shortcut
  }

 private:
  struct Numbers {
    uint32_t pn = 1, dn = 1;
  };
  // What the table keeps of a node. `moves` is what settle left to try at an open node
  // (empty: not kept), so a node df-pn enters again (a quarter of the visits on Qubic)
  // skips its threat searches, pairing tests and symmetry reductions. They are those of
  // one position of the key (stones on dead cells change the symmetries left), which
  // `position` checks (16 bits of its plain key).
  struct Entry {
    Numbers numbers;
    Cells moves;
    uint16_t position = 0;
  };
  // A slot, shared by the threads under a seqlock (search/dfpn_slot.h).
  using Slot = DfpnSlot<W>;
  // Slots go in buckets of two (one cache line on boards of 64 cells): a key may sit in
  // either, and a store replaces the one whose search took less work.
  static constexpr std::size_t kBucketSlots = 2;
  static_assert(sizeof(Slot) == 24 + sizeof(Cells), "work must stay in what was padding: saved tables keep their size");
  struct Child {
    uint64_t key = 0;
    Numbers numbers;
    Cell move = -1;
    bool settled = false;  // a finished game: its numbers are final
    bool known = false;    // numbers from the table (or final)
    // Disproven: the empty cells its disproof does not need (zones of disproofs; none
    // known: every cell needed), and whether a sibling's zone refuted it unsearched.
    Cells irrelevant;
    bool by_zone = false;
  };

  // A finished game's numbers: proven if `winner` is the attacker, else disproven (a
  // draw included).
  Numbers decided(int winner) const;
  // Decides a node without expanding it when the rules or the knowledge can; otherwise
  // leaves the moves worth trying in `moves`.
  bool settle(Board& board, int mover, Numbers& out, Cells& moves);
  void expand(Board& board, int mover, const Cells& moves, std::vector<Child>& children);
  uint64_t key_of(const Board& board) const;
  // The two proofs' keys differ, so they share the table without clearing it in between.
  uint64_t attacker_salt() const { return attacker_ ? 0x9b60933458e17d7dull : 0; }
  // Positions with stones given (Board::give; certificates' stronger positions) are
  // another turn than the same stones played: their keys differ by the count.
  static uint64_t given_salt(const Board& board) { return static_cast<uint64_t>(board.given()) * 0xd6e8feb86659fd93ull; }
  // The first slot of the key's bucket.
  std::size_t bucket_of(uint64_t key) const { return (key ^ (key >> 32)) & (slots_ - kBucketSlots); }
  std::optional<Entry> read(uint64_t key) const;
  std::optional<Numbers> lookup(uint64_t key) const;
  int move_score(const Board& board, int mover, Cell c) const;
  void initialise(const Board& board, int mover, std::vector<Child>& children);
  // `work`: what the node's search took, its threat searches included (effort()).
  void store(uint64_t key, Numbers n, uint64_t work, const Cells& moves = {}, uint16_t position = 0);
  static uint16_t position_check(const Board& board) { return static_cast<uint16_t>(board.plain_key() >> 48); }
  // `key` is key_of(board), handed down by the parent (which read it after the stone).
  void search(Board& board, uint64_t key, uint32_t pn_limit, uint32_t dn_limit, Numbers& out, bool root);

  const BoardTables& tables_;
  DfpnOptions options_;
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
  // The threat search's node limit per question (threats/forced_win.h): a failing
  // search can run to hundreds of millions of nodes where the usual question takes a
  // hundred. On Qubic after a1:1 b2:2 on two threads, 5.7-7.5 s without the rare monster
  // and 12-21 s with one; no search that succeeded there took over 2 M nodes
  // (docs/benchmarks.md).
  static constexpr uint64_t kThreatSearchNodeLimit = uint64_t{1} << 21;
  // The same for the threat-space search (several stones a turn), whose nodes cost more.
  static constexpr uint64_t kThreatSpaceNodeLimit = uint64_t{1} << 16;
  ForcedWinSearch<W> forced_;
  std::optional<ThreatSpaceSearch<W>> threat_space_;  // several stones a turn, no gravity
  // The defender's zone after the attacker's turn: the cells where the null move's proof
  // says the defender must play (all cells when there is none).
  Cells defender_zone(Board& board);
  // Every node this search has visited, df-pn's and its threat searches': a node settled
  // by a threat search of a million nodes is as costly to lose from the table as one
  // expanded a million times.
  uint64_t effort() const {
    return nodes_ + forced_.nodes() + (combination_ ? combination_->nodes() : 0) + threat_nodes();
  }
  // The nodes this proof has taken, as max_nodes counts them.
  uint64_t proof_nodes() const { return nodes_ - proof_start_ + threat_nodes() - threat_start_; }
  // threat_space_->wins within what is left of the proof's budget: a search cut short
  // only finds no shortcut.
  bool threat_space_wins(Board& board, int attacker, int stones, int order, ZoneProfile<W>* zone = nullptr);
  std::unique_ptr<ThreatCombinationSearch<W>> combination_;  // with dependency_threats
  std::optional<Canonicaliser<W>> symmetry_;  // none when the group is too large to list
  std::vector<Cells> lines_;                  // every line's cells, for the pairing tests
  bool knowledge_ = false;                    // win now, blocks, lost (urgent_moves)
  bool sequences_ = false;                    // wins by continuous threats (one stone a turn)
  bool zones_ = false;                        // and relevance zones (not under gravity)
  bool pairing_ = false;                      // pairings apply (one stone a turn, no gravity, not misère)
  bool skip_dominated_ = false;               // dominated moves are skipped (the same rules)
  // Zones of disproofs (DfpnOptions::disproof_zones). settle() leaves, for a node it
  // disproves, the empty cells the disproof does not need, and at the attacker's turns
  // the cells its pruning of his moves needs; search() leaves the irrelevant cells of the
  // node it last disproved for its caller.
  bool disproof_zones_ = false;
  Cells settled_irrelevant_, pruning_needs_;
  Cells last_irrelevant_;
  // max(p, q) + 1 empty cells (outside `avoid`; two with one stone a turn) of each line
  // the attacker could still complete: with them empty, his owning every other cell
  // completes none of those lines, nor makes one that a turn of his completes.
  Cells attacker_line_cells(const Board& board, const Cells& avoid) const;
  // The irrelevant cells of a node just disproved (its children as the loop left them).
  Cells disproof_irrelevant(Board& board, int mover, const Cells& moves, std::vector<Child>& children,
                            const std::optional<Cells>& pruning_needs);
  void prune_by_zone(std::vector<Child>& children, const Child& refuted) const;
  bool reduced_keys_ = false;                 // the table's key ignores dead cells
  LinePairing<W> pairer_;
  std::optional<LineTuples<W>> tuples_;       // several stones a turn, boards of kMostCellsForTuples cells at most
  static constexpr int kMostCellsForTuples = 144;
  std::optional<LineCover<W>> cover_;         // several stones a turn, with reductions, no gravity, not misère
  bool heuristic_ = false;                    // initial numbers from move_score (not misère)
  std::unique_ptr<HugePageMemory> memory_;
  Slot* table_ = nullptr;  // in memory_, or a helper's in its main search's (core/huge_pages.h: probed at random)
  std::size_t slots_ = 0;  // a power of two
  std::vector<uint64_t> order_;  // initialise: children by score
  Dominance<W> dominance_;
  // Threads: the helpers (built at the first parallel proof), and for a helper the flag
  // that stops it.
  std::vector<std::unique_ptr<Dfpn>> helpers_;
  const std::atomic<bool>* stop_ = nullptr;
  std::optional<bool> resolve_in_parallel(Board& board);
  // A helper's: no table of its own.
  Dfpn(const BoardTables& tables, const DfpnOptions& options, Slot* shared_table, std::size_t shared_slots);
  int attacker_ = 0;
  Numbers root_;  // the root's numbers after its last pass
  Cells root_excluded_;                     // attacker_wins_excluding's list
  std::vector<RootChild> root_children_;    // the root's children after its last pass
  bool root_settled_ = false;
  Cells root_irrelevant_;
  uint64_t nodes_ = 0, proof_start_ = 0, threat_start_ = 0, next_progress_ = 0x10000;
  bool aborted_ = false;
  KeptProofs* kept_ = nullptr;  // keep_proofs_in; shared with the helpers
};

}  // namespace kinrow
