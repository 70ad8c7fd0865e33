// Strategy certificates: the evidence behind a solved value, as text a machine re-checks.
//
// A certificate holds one strategy for a win, two (one per side) for a draw. A strategy
// maps every position where its holder is to move, and that play under it can reach, to
// the holder's turn. The text form extends the strategy-dictionary notation of O'Dwyer:
// one position per line, one character per cell in cell-index order, upper case marking
// the holder's move and the opponent's alternatives. docs/certificates.md has the format.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "proof/matching_plan.h"

namespace kinrow {

enum class Claim {
  Win,      // the holder wins against every defence
  NotLose,  // the holder at least draws against every defence
};

const char* claim_name(Claim claim);  // "win", "at-least-draw"

// One position of a strategy: who owns each cell, and the holder's turn there.
struct StrategyEntry {
  std::vector<int8_t> owner;  // kNoPlayer, 0 or 1 per cell
  Turn move;
  // Under the zones rule: the opponent's stones withheld on the way here (null and
  // seminull moves of relevance-zone sub-proofs); 0 in a game as played.
  int withheld = 0;
  // Under the stronger rule: the opponent's stones beyond those his turns placed (given
  // him by `stronger` lines on the way); 0 in a game as played.
  int given = 0;
  int source_line = 0;  // the line of the text it was read from (0: not read from text)
};

// A stronger position of the opponent (the `stronger` rule; not-lose claims in normal play):
// at a position where the opponent is to place a whole turn, every turn of his within
// `cells` is answered by the holder's strategy from the position where he owns all of
// `cells` (the turn, and the rest given him). The checker plays that position out once;
// owning more never helps him lose, so each turn within it is answered
// (docs/certificates.md, "Stronger positions").
struct StrongerEntry {
  std::vector<int8_t> owner;  // kNoPlayer, 0 or 1 per cell
  int given = 0;              // as StrategyEntry::given, this position's
  std::vector<Cell> cells;
  int source_line = 0;
};

// A relevance zone (the `zones` rule): at a position the opponent reached by withholding
// the rest of his turn, with the holder to move, the holder's sub-proof from there leaves
// the opponent's withheld stones harmless wherever they can be ordered s1, s2, ... with
// each s_i outside zone i. `level[c]` is the first zone cell c lies in (1, 2, ...; zones
// grow), 0 for none. The checker recomputes what the sub-proof reads and accepts the
// zone only if it holds those cells.
struct ZoneEntry {
  std::vector<int8_t> owner;  // kNoPlayer, 0 or 1 per cell
  int withheld = 0;           // as StrategyEntry::withheld, this position's
  std::vector<uint8_t> level;
  int source_line = 0;
};

// A position where the holder's pairing takes over (the `pairs` rule): disjoint pairs
// of empty cells, every line the opponent could still complete holding both cells of
// one. The holder answers a stone in a pair with its partner. Pairs may serve several
// lines, which the checker's own pairing rule does not look for, so they are listed.
struct PairedEntry {
  std::vector<int8_t> owner;  // kNoPlayer, 0 or 1 per cell
  std::vector<std::pair<Cell, Cell>> pairs;
  int source_line = 0;
};

struct Strategy {
  int holder = 0;  // 0 = first player, 1 = second player
  Claim claim = Claim::Win;
  // "win-now": where the holder can complete a line this turn and no entry is listed,
  // it does so (the checker re-derives it; O'Dwyer's first obvious-move rule).
  bool win_now_rule = true;
  // "pairs": play also stops where the holder pairs every line the opponent could still
  // complete (proof/pairing_rule.h; the checker finds the pairing itself).
  bool pairing_rule = false;
  // "zones": at the opponent's turns, the turns a relevance zone answers need no entries
  // (docs/certificates.md, "Relevance zones"). Win claims, where completing a line wins.
  bool zone_rule = false;
  // "forest": play also stops, the maker to move in a maker-breaker game with the breaker
  // holding, where the live lines form a forest the breaker can keep cutting
  // (proof/forest_rule.h; the checker re-derives it).
  bool forest_rule = false;
  // "stronger": at the opponent's turns, the turns within a `stronger` line's cells are answered
  // by the position where he owns them all (StrongerEntry). Not-lose claims in normal play.
  bool stronger_rule = false;
  std::vector<StrategyEntry> entries;
  std::vector<PairedEntry> paired;  // with the "pairs" rule only
  std::vector<ZoneEntry> zones;     // with the "zones" rule only
  std::vector<StrongerEntry> stronger;  // with the "stronger" rule only
  // A pairing or matching-set strategy (Uiterwijk) instead of entries: the holder answers
  // the opponent's moves by the plan, which keeps every opponent line from completion.
  std::optional<MatchingPlan> plan;
  int source_line = 0;  // the line of its "strategy" header (0: not read from text)
};

struct Certificate {
  std::string spec;   // canonical spec of the game
  std::string start;  // moves from the empty board to the position proved ("" = empty)
  std::vector<Strategy> strategies;
};

// Receives a certificate piece by piece, in the order of its text: begin, then for each
// strategy its header (the fields above but the entries; a matching strategy with its
// plan) followed by its entries, then end. Readers, writers and the checker meet here, so
// that a certificate of tens of millions of entries is never held whole. Each call
// returns false to stop the sender (the sink has what it needs, or found a problem).
class CertificateSink {
 public:
  virtual ~CertificateSink() = default;
  virtual bool begin(const std::string& spec, const std::string& start) = 0;
  virtual bool strategy(const Strategy& header) = 0;
  virtual bool entry(const StrategyEntry& entry) = 0;
  virtual bool paired(const PairedEntry& entry) = 0;
  virtual bool zone(const ZoneEntry& entry) = 0;
  virtual bool stronger(const StrongerEntry& entry) = 0;
  virtual bool end() = 0;
};

// A win proved after the holder's own opening turn, turned into a win of the game as it
// passes to `next`: the certificate then starts at the empty board, where the holder's
// first entry plays that turn (Connect(6,2,3): Black's three stones, chosen, then
// everything after them proved). The checker re-checks it from the empty board.
// InputError unless `opening` is exactly one turn, played by the holder of the
// certificate's one win strategy.
class FromEmptyBoard final : public CertificateSink {
 public:
  FromEmptyBoard(CertificateSink& next, const Position& opening);
  bool begin(const std::string& spec, const std::string& start) override;
  bool strategy(const Strategy& header) override;
  bool entry(const StrategyEntry& entry) override { return next_.entry(entry); }
  bool paired(const PairedEntry& entry) override { return next_.paired(entry); }
  bool zone(const ZoneEntry& entry) override { return next_.zone(entry); }
  bool stronger(const StrongerEntry& entry) override { return next_.stronger(entry); }
  bool end() override;

 private:
  CertificateSink& next_;
  const Position& opening_;
  int strategies_ = 0;
};

// Sends a certificate held in memory to a sink.
void send_certificate(const Certificate& certificate, CertificateSink& sink);

// A writer's first and last calls to a sink; InputError where the sink fails (a file
// that cannot be written), so that a failed write is never read as "no certificate".
void begin_certificate(CertificateSink& sink, const std::string& spec, const std::string& start);
void end_certificate(CertificateSink& sink);

// Collects what a sink receives into a Certificate.
class CertificateBuilder final : public CertificateSink {
 public:
  bool begin(const std::string& spec, const std::string& start) override;
  bool strategy(const Strategy& header) override;
  bool entry(const StrategyEntry& entry) override;
  bool paired(const PairedEntry& entry) override;
  bool zone(const ZoneEntry& entry) override;
  bool stronger(const StrongerEntry& entry) override;
  bool end() override { return true; }
  Certificate& certificate() { return certificate_; }

 private:
  Certificate certificate_;
};

// Writes the text form as it receives it, one entry a line, uncompressed.
class CertificateWriter final : public CertificateSink {
 public:
  CertificateWriter(std::ostream& out, const Game& game);
  bool begin(const std::string& spec, const std::string& start) override;
  bool strategy(const Strategy& header) override;
  bool entry(const StrategyEntry& entry) override;
  bool paired(const PairedEntry& entry) override;
  bool zone(const ZoneEntry& entry) override;
  bool stronger(const StrongerEntry& entry) override;
  bool end() override;
  std::size_t entries() const { return entries_; }  // entry, paired, zone and stronger lines written

 private:
  std::ostream& out_;
  const Game& game_;
  char mine_ = 'X';  // the current strategy's holder, in upper case
  std::string text_;
  std::size_t entries_ = 0;
};

// Writes the text form. Entries are written one per line, uncompressed.
void write_certificate(std::ostream& out, const Game& game, const Certificate& certificate);

// Reads the text form, expanding the upper-case 'alternatives' notation, and sends each
// piece to `sink` as it is read (it stops where the sink says so). Throws
// InputError("line N: ...") naming the first bad line and the problem. It checks the
// form only (and that the game and start moves fit `game`); the checker judges whether
// the strategies hold.
void read_certificate(std::istream& in, const Game& game, CertificateSink& sink);

// The same, into memory.
Certificate read_certificate(std::istream& in, const Game& game);

// The spec its "game" line names, read from the start of a certificate's text (what to
// make its game with before reading it; any spelling the spec parser accepts). Throws
// InputError("line N: ...") if the text does not begin as a certificate does.
std::string read_certificate_spec(std::istream& in);

}  // namespace kinrow
