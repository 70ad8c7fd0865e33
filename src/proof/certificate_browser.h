// The certificate browser: walk a certificate's strategy from its start position, one
// node at a time, as the checker (proof/checker.h) plays it.
//
// At each position play under the strategy has reached, the browser says what the
// checker does there: the holder's turn (the certificate's entry, its own or one of a
// symmetric position carried over onto the actual board, or the win the win-now rule
// finds), every legal turn of the opponent with how the strategy answers it (an entry,
// win-now, a relevance zone, a stronger position, where play goes on with the rest of
// its cells given him, a pairing, the end of play), or why play ends (won, drawn,
// lines spoiled, paired, forest, answered by a zone; or a problem the checker would
// reject: a gap, an illegal entry, a lost game). It reads the certificate with the
// checker's own lookup (proof/strategy_lookup.h) and rules (proof/strategy_rules.h), so
// the two cannot disagree about what a certificate says.
//
// Each child comes with the number of positions of the strategy below it: the distinct
// positions, up to symmetry, that the checker checks from the child down, the child
// included — the opponent's turns and the holder's, but not the ends, nor the holder's
// wins at once that the win-now shortcut finds without looking the position up. From the
// start position this is what `kinrow verify` reports as "positions checked" for the
// strategy. Counts stop at a cap and say so.
//
// A browser is opened once and walked many times; walks are serialised by a mutex, so a
// server may share one browser between threads.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "proof/certificate.h"

namespace kinrow {

enum class BrowseNodeKind { Holder, Opponent, End };
const char* browse_node_name(BrowseNodeKind kind);  // "holder", "opponent", "end"

struct BrowseOptions {
  // Positions counted below one child at most; past it the count stops and says so.
  std::size_t count_cap = 100000;
  // Positions counted in one walk at most, over all children: children past it get a
  // capped count (a wide opponent's turn on a big certificate stays quick).
  std::size_t walk_budget = 2000000;
};

struct BrowseZoneCell {
  Cell cell = -1;
  int level = 0;  // the first zone the cell lies in: 1, 2, ... (zones grow)
};

struct BrowseChild {
  Turn turn;                // sorted cells
  std::string turn_text;    // in the move notation ("c3", "j10k11", "4")
  std::string moves;        // from the certificate's start to the child: pass it to walk()
  // How the strategy meets the child position: "entry" or "win-now" (the holder's turn
  // there), "opponent" (the opponent's turn there), "zone" (a relevance zone answered
  // this turn of the opponent), "stronger" (a stronger position answered it, the stronger
  // rule: play goes on there, the rest of its cells given the opponent), "pairing" (play
  // ends by pairs), "end" (the game is over
  // or play ends otherwise), "gap" (no answer: the checker would reject the certificate).
  std::string answered_by;
  std::string end_reason;   // the child's end reason when it is an end, else ""
  std::size_t positions_below = 0;
  bool capped = false;      // the count stopped at the cap: there are more
};

struct BrowseNode {
  explicit BrowseNode(Position at) : position(std::move(at)) {}

  Position position;        // its history runs from the empty board (start moves included)
  std::string moves;        // from the certificate's start, in canonical notation
  BrowseNodeKind node = BrowseNodeKind::End;
  // At ends: "won", "drawn" (a full board, for at-least-draw), "spoiled" (every line the
  // opponent needs holds a spoiling stone), "paired", "forest", "zone" (the opponent's
  // turn was answered by a relevance zone: play follows its sub-proof, not listed here),
  // "plan" (a pairing or matching-set strategy, checked by its structure), and where the
  // checker would reject: "lost", "only-drawn" (a win claim drawn), "gap", "illegal",
  // "pairs-fail", "unanswered" (a turn of the opponent no zone answers and play skipped).
  std::string end_reason;
  std::string problem;      // the checker's complaint here, if any ("" when fine)
  std::optional<Turn> holder_turn;  // at the holder's turns: the strategy's turn
  std::string holder_rule;  // "entry", "symmetric-entry" (carried over) or "win-now"
  int entry_line = 0;       // the certificate line of the entry used (0: none, or not from text)
  std::vector<BrowseChild> children;
  // A relevance zone: at the opponent's turns under the zones rule, the one declared
  // for his null move (all stones withheld), if any; at a "zone" end, the zone that
  // answered the turn, declared after the stones `zone_placed` of it.
  std::optional<std::vector<BrowseZoneCell>> zone;
  // The stones given the opponent on the way (sorted): where a stronger position answered
  // one of his turns, play goes on where he owns all its cells, the rest of them given.
  Turn given;
  Turn zone_placed;
  // Pairs: at "paired" ends the pairing (listed in the certificate, or found by the
  // pairs rule); at "plan" ends the plan's plain pairs.
  // With p stones a turn the rule's pairs are tuples of p + 1 cells (proof/pairing_rule.h):
  // each entry is one pair or tuple, its cells sorted.
  std::optional<std::vector<std::vector<Cell>>> pairs;
  std::size_t positions_below = 0;  // as for a child, from this node
  bool capped = false;
};

struct BrowseStrategyInfo {
  int holder = 0;
  Claim claim = Claim::Win;
  std::string rules;  // "win-now pairs zones forest stronger matching" as present, space-separated
  std::size_t entries = 0, paired = 0, zones = 0, stronger = 0;
};

class CertificateBrowser {
 public:
  // Reads the certificate text (docs/certificates.md) for `game`, which must be the game
  // its `game` line names (read_certificate_spec in proof/certificate.h reads the name first). Throws
  // InputError("line N: ...") as read_certificate does, or naming what is wrong (another
  // game, bad start moves, a symmetry that is not one, an entry the checker rejects on
  // its own, a certificate of more than 2,048 cells).
  CertificateBrowser(Game game, std::string_view text, BrowseOptions options = {});
  ~CertificateBrowser();
  CertificateBrowser(CertificateBrowser&&) noexcept;
  CertificateBrowser& operator=(CertificateBrowser&&) noexcept;

  const Game& game() const;
  const std::string& start() const;  // the certificate's start moves
  const std::vector<BrowseStrategyInfo>& strategies() const;
  std::size_t entries() const;  // entry, paired, zone and stronger lines, over the strategies

  // The node after `moves` (played from the start, in the move notation) under the
  // strategy of `holder` (0 first, 1 second; -1: the certificate's first strategy).
  // Throws InputError if a move is illegal, leaves the strategy (a holder's turn other
  // than its own; a winning one is accepted where the win-now rule plays), or follows
  // an end, or if there is no strategy for `holder`.
  BrowseNode walk(std::string_view moves, int holder = -1) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace kinrow
