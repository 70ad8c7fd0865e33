// Certificates read off a search: the one walk behind alpha-beta's, df-pn's and the search
// by parts' certificates (proof/certificate.h).
//
// A strategy is written by playing it: at the holder's turns the search (the "oracle")
// names a turn that keeps the claim, and an entry records it; at the opponent's turns
// every legal turn is followed. Play stops where the checker's own rules end it (so the
// checker re-derives what is left out): the holder's immediate win (win-now: a line he
// completes with this turn's stones), positions where every line the holder could lose
// by is spoiled, and, where
// the oracle used pairings, positions where the holder pairs every line the opponent
// could still complete (pairs the checker would not find itself, shared ones, are
// listed). Positions are written once per class of the game's symmetries; the checker
// finds them by canonical form.
//
// Where the oracle knows that a turn of the opponent is refuted with cells to spare — it
// would be refuted were he to own them all (df-pn's zones of disproofs) — the walk may
// write a `stronger` line and play that one position, with the cells given him, in place
// of every turn of his within them (the checker's stronger rule, docs/certificates.md):
// it does where one set answers several turns that would each cost entries, and where a
// dry run of both walks counts fewer entries below the stronger position than below the
// turns it answers (stronger_positions).
//
// An oracle provides:
//   std::optional<Move> choose(Board&, int holder, Claim)   a turn keeping the claim
//   bool pairing_rule(int holder, Claim)                    whether pairings end play
//   bool paired(Board&)                                     ... here (then last_pairs())
//   const std::vector<std::pair<Cell, Cell>>* listed_pairs()  the pairs to list, or null
// and may provide, for the stronger rule:
//   bool stronger_rule(int holder, Claim)                   whether stronger lines are written
//   Cells spare_cells(Board&, const Move&)                  cells a refuted turn leaves to spare
//   bool settled_at_once(Board&, const Move&)               whether the turn's position ends at once
//   bool stronger_holds(Board&, const Move&, const Cells&)  its stronger position, verified
#pragma once

#include <algorithm>
#include <concepts>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"
#include "games/board.h"
#include "games/urgent_moves.h"
#include "proof/certificate.h"
#include "search/canonical.h"
#include "search/zone_certificate.h"

namespace kinrow {

template <SearchBoard Board, class Oracle>
class CertificateWalker {
 public:
  using Cells = typename Board::Cells;
  static constexpr int W = Board::kWords;

  // `symmetry` may be null: then only equal positions merge.
  CertificateWalker(Board& board, Oracle& oracle, const Canonicaliser<W>* symmetry)
      : board_(board), oracle_(oracle), symmetry_(symmetry) {}

  // Win strategies then answer the opponent's turns by relevance zones (the zones rule,
  // search/zone_certificate.h) where they can; the writer must outlive the walk.
  void use_zones(ZoneWriter<W>* zones) { zones_ = zones; }

  // Sends the strategy of `holder` for `claim` from the board's position (left as it
  // was) to `out`, its header and then each entry as the walk finds it: nothing is held
  // but the classes seen. Throws std::logic_error if the oracle fails where the search
  // said the claim holds; InputError if `out` stops taking entries (a failed write).
  void write(int holder, Claim claim, CertificateSink& out) {
    Strategy header;
    header.holder = holder;
    header.claim = claim;
    header.win_now_rule = true;
    header.pairing_rule = oracle_.pairing_rule(holder, claim);
    header.zone_rule = zones_ && claim == Claim::Win;
    if constexpr (kOffersStronger) header.stronger_rule = !header.zone_rule && oracle_.stronger_rule(holder, claim);
    holder_ = holder;
    claim_ = claim;
    pairing_rule_ = header.pairing_rule;
    stronger_rule_ = header.stronger_rule;
    seen_.clear();
    out_ = &out;
    send(out.strategy(header));
    visit();
  }

  // The same strategy, in memory.
  Strategy extract(int holder, Claim claim) {
    CertificateBuilder builder;
    write(holder, claim, builder);
    return std::move(builder.certificate().strategies.back());
  }

 private:
  static constexpr bool kOffersStronger = requires(Oracle& o, Board& b, const Move& m, const Cells& c) {
    o.stronger_rule(0, Claim::NotLose);
    { o.spare_cells(b, m) } -> std::same_as<Cells>;
    { o.settled_at_once(b, m) } -> std::same_as<bool>;
    { o.stronger_holds(b, m, c) } -> std::same_as<bool>;
  };

  const BoardTables& tables() const { return board_.tables(); }

  // The checker's rule (proof/checker.cpp, claim_settled_by_lines): every line through
  // which the holder could lose holds a stone that spoils it.
  bool settled_by_lines() const {
    const Goal goal = tables().rules.goal;
    if (goal == Goal::MakerBreaker) return holder_ == 1 && board_.lines_free_of(1) == 0;
    if (claim_ != Claim::NotLose) return false;
    return board_.lines_free_of(goal == Goal::Misere ? 1 - holder_ : holder_) == 0;
  }

  // Whether the opponent's one-stone turn `m` leaves the holder an immediate win (the
  // checker's win-now then ends the game), read without playing it: most replies a walk
  // meets ignore a threat. One stone a turn both ways and no gravity, where the holder's
  // winning cells after the reply are his threats but the reply's cell.
  bool ends_in_holders_win(const Move& m, int mover) const {
    const Rules& rules = tables().rules;
    if (m.size != 1 || rules.stones_per_turn != 1 || rules.gravity || rules.goal == Goal::Misere ||
        !tables().lines_count[holder_])
      return false;
    const Cell c = m.first();
    return board_.result_of(c, mover) == kGoesOn && board_.threats(holder_).minus(Cells::single(c)).intersects(board_.empty());
  }

  Stones<W> class_of() const { return symmetry_ ? symmetry_->canonical(board_.stones()).stones : board_.stones(); }

  void visit() {
    if (dry_ && dry_->counter.count > dry_->limit) return;  // a dry run past its limit: its answer is known
    const int mover = board_.to_move();
    // The checker's win-now rule plays a holder's immediate win: no entry. Most positions
    // a walk meets are these (every reply that ignores a threat), so this comes first.
    if (mover == holder_ && urgent_moves(board_).urgency == Urgency::WinNow) return;
    if (settled_by_lines()) return;
    if (pairing_rule_ && oracle_.paired(board_)) {
      // The checker finds pairings of two cells a line itself; shared pairs are listed
      // (whose turn it is does not matter to them).
      if (const auto* pairs = oracle_.listed_pairs(); pairs && first_visit())
        send(out_->paired({owners(), *pairs, 0}));
      return;
    }
    if (!first_visit()) return;
    if (mover != holder_ && zones_ && claim_ == Claim::Win) {
      zones_->answer_turn(board_, holder_, *out_, [&](const Move& m, ZoneProfile<W>&) { follow(m, mover); });
      return;
    }
    if (mover != holder_) {
      std::vector<Move> turns;
      board_.generate(turns);
      std::vector<Cells> stronger;  // the cells of the stronger positions that answer turns here
      if constexpr (kOffersStronger) {
        if (stronger_rule_) stronger = stronger_positions(turns, mover);
      }
      for (const Move& m : turns)
        if (!ends_in_holders_win(m, mover) && !held_by(stronger, m)) follow(m, mover);
      return;
    }
    const std::optional<Move> move = oracle_.choose(board_, holder_, claim_);
    if (!move) throw std::logic_error("certificate: no turn keeps the claim where the search said one does");
    StrategyEntry entry{owners(), to_turn(*move), 0};
    entry.given = board_.given();
    send(out_->entry(entry));
    follow(*move, mover);
  }

  static bool held_by(const std::vector<Cells>& sets, const Move& m) {
    const Cells stones = cells_of(m);
    return std::any_of(sets.begin(), sets.end(), [&](const Cells& cells) { return !stones.minus(cells).any(); });
  }

  // The stronger rule at the opponent's turn. A turn the proof searched and refuted with
  // cells to spare gives a candidate set: the turn's stones and those cells. A stronger
  // position costs a walk of its own (df-pn decides its positions again, and they share
  // nothing with those played), so a set is written only where it answers several turns
  // that would each cost entries (turns whose position no rule or knowledge ends at
  // once). Greedily, the candidate holding most such turns not yet held is taken, if it
  // holds at least kStrongerAtLeast of them, df-pn confirms its position, and dry runs
  // find its position cheaper than those turns (cheaper_than_its_turns). The sets
  // taken, in that order, are written as `stronger` lines and their positions walked, the
  // cells beyond the turn given him. Each set is the first to hold the turns it was taken
  // for, as the checker reads them, so none goes unreached; every turn a set holds is
  // answered there, the others are walked as usual.
  std::vector<Cells> stronger_positions(const std::vector<Move>& turns, int mover) {
    std::vector<Cells> candidates;
    std::vector<std::size_t> found_for;  // the turn each candidate came from
    for (std::size_t i = 0; i < turns.size(); ++i) {
      if (ends_in_holders_win(turns[i], mover)) continue;
      if (const Cells spare = oracle_.spare_cells(board_, turns[i]); spare.any()) {
        candidates.push_back(spare | cells_of(turns[i]));
        found_for.push_back(i);
      }
    }
    std::vector<Cells> needy;  // the stones of the turns whose walk would cost entries
    std::vector<const Move*> needy_turns;
    if (!candidates.empty())
      for (const Move& m : turns)
        if (!ends_in_holders_win(m, mover) && !oracle_.settled_at_once(board_, m))
          needy.push_back(cells_of(m)), needy_turns.push_back(&m);
    std::vector<Cells> used;
    std::vector<std::size_t> used_from;
    std::vector<char> held(needy.size(), 0), dropped(candidates.size(), 0);
    for (;;) {
      std::size_t best = candidates.size(), best_count = 0;
      for (std::size_t c = 0; c < candidates.size(); ++c) {
        if (dropped[c]) continue;
        std::size_t count = 0;
        for (std::size_t t = 0; t < needy.size(); ++t) count += !held[t] && !needy[t].minus(candidates[c]).any();
        if (count > best_count) best = c, best_count = count;
      }
      if (best == candidates.size() || best_count < kStrongerAtLeast) break;
      dropped[best] = 1;
      const Move& turn = turns[found_for[best]];
      if (!oracle_.stronger_holds(board_, turn, candidates[best].minus(cells_of(turn)))) continue;
      std::vector<const Move*> answered;
      for (std::size_t t = 0; t < needy.size(); ++t)
        if (!held[t] && !needy[t].minus(candidates[best]).any()) answered.push_back(needy_turns[t]);
      if (!cheaper_than_its_turns(turn, candidates[best], answered, mover)) continue;
      used.push_back(candidates[best]);
      used_from.push_back(found_for[best]);
      for (std::size_t t = 0; t < needy.size(); ++t) held[t] |= !needy[t].minus(candidates[best]).any();
    }
    const std::vector<int8_t> here = owners();
    for (std::size_t s = 0; s < used.size(); ++s) {
      StrongerEntry line{here, board_.given(), {}, 0};
      for (Cell c : used[s]) line.cells.push_back(c);
      send(out_->stronger(line));
      const Move& m = turns[used_from[s]];
      const Cells more = used[s].minus(cells_of(m));
      board_.play(m);
      board_.give(more, mover);
      visit();
      board_.take_back_given(more);
      board_.undo(m);
    }
    return used;
  }

  // Whether the stronger position of `cells` (the turn `m` played, the rest given the
  // opponent) writes fewer entries than the turns it would answer, walked as usual (its
  // `stronger` line aside): both counted by dry runs, the turns' stopping once they pass
  // the position's. A stronger position shares nothing with the positions played, so it
  // can cost more than the turns it saves (6x6x5: 63 entries against 14 when every
  // candidate was taken). A position too big to count within kDryRunPerTurn entries a
  // turn is taken uncounted, as every candidate was before: the dry runs stay a fraction
  // of the walk. Their df-pn re-decisions count against certificate_max_nodes as the
  // walk's do.
  bool cheaper_than_its_turns(const Move& m, const Cells& cells, const std::vector<const Move*>& answered, int mover) {
    const Cells more = cells.minus(cells_of(m));
    const std::size_t most = kDryRunPerTurn * answered.size();
    const std::size_t position = dry_count(most, [&] {
      board_.play(m);
      board_.give(more, mover);
      visit();
      board_.take_back_given(more);
      board_.undo(m);
    });
    if (position > most) return true;
    const std::size_t turns = dry_count(position, [&] {
      for (const Move* t : answered) follow(*t, mover);
    });
    return turns > position;
  }

  // A dry run: the entries a walk would write, counted instead of written. The classes it
  // meets are kept apart from those the walk wrote, which cost it nothing.
  class CountingSink final : public CertificateSink {
   public:
    std::size_t count = 0;
    bool begin(const std::string&, const std::string&) override { return true; }
    bool strategy(const Strategy&) override { return true; }
    bool entry(const StrategyEntry&) override { return ++count, true; }
    bool paired(const PairedEntry&) override { return ++count, true; }
    bool zone(const ZoneEntry&) override { return ++count, true; }
    bool stronger(const StrongerEntry&) override { return ++count, true; }
    bool end() override { return true; }
  };
  struct DryRun {
    CountingSink counter;
    std::size_t limit = 0;
    std::deque<StonesSet<W>> written;  // the walk's own classes, set aside
  };

  // The entries `walk` (which plays from here and puts the board back) would write, counted
  // up to one past `limit`. Inside, no stronger positions are taken (no dry run in a dry
  // run): the count is an estimate from above.
  template <class Walk>
  std::size_t dry_count(std::size_t limit, Walk&& walk) {
    DryRun dry;
    dry.limit = limit;
    dry.written = std::move(seen_);
    seen_.clear();
    // The walk's state comes back however the dry run ends (an exception included).
    struct Restore {
      CertificateWalker& walker;
      DryRun& dry;
      CertificateSink* out;
      bool stronger;
      ~Restore() {
        walker.dry_ = nullptr;
        walker.stronger_rule_ = stronger;
        walker.out_ = out;
        walker.seen_ = std::move(dry.written);
      }
    } restore{*this, dry, out_, stronger_rule_};
    out_ = &dry.counter;
    stronger_rule_ = false;
    dry_ = &dry;
    walk();
    return dry.counter.count;
  }

  // Entries a dry run of a stronger position may count for each turn it would answer.
  static constexpr std::size_t kDryRunPerTurn = 1000;

  // Whether the board's position is met for the first time (its class not written yet,
  // nor, in a dry run, counted), marking it met.
  bool first_visit() {
    const Stones<W> cls = class_of();
    const int given = board_.given();
    if (dry_ && given < static_cast<int>(dry_->written.size()) && dry_->written[given].contains(cls)) return false;
    return seen_at(given).insert(cls);
  }

  // The fewest turns costing entries a stronger position must answer to be tried (the dry
  // runs then decide). Two gave the smallest certificates on the small boards but larger
  // ones on Connect6 8x8 (b7: 1,358 entries and 30 % more bytes, against 1,317); three is
  // nowhere larger than before the dry runs (docs/benchmarks.md, "Stronger positions: a
  // dry run decides").
  static constexpr std::size_t kStrongerAtLeast = 3;

  static Cells cells_of(const Move& m) {
    Cells set;
    for (int i = 0; i < m.size; ++i) set.set(m.cell[i]);
    return set;
  }

  // The classes seen, by the stones given on the way (the same stones with more given are
  // another turn).
  StonesSet<W>& seen_at(int given) {
    while (static_cast<int>(seen_.size()) <= given) seen_.emplace_back(board_.tables().cells);
    return seen_[given];
  }

  void follow(const Move& m, int mover) {
    const TurnResult result = board_.play(m);
    if (result == TurnResult::Continues) {
      visit();
    } else {
      const int winner = turn_winner(result, mover, tables().rules);
      if (winner != holder_ && !(claim_ == Claim::NotLose && winner == kDrawn)) {
        board_.undo(m);
        throw std::logic_error("certificate: a game under the strategy ends against its holder");
      }
    }
    board_.undo(m);
  }

  static void send(bool taken) {
    if (!taken) throw InputError("writing the certificate failed (is the disk full?)");
  }

  std::vector<int8_t> owners() const { return owners_of(board_.stones(), board_.tables().cells); }

  Board& board_;
  Oracle& oracle_;
  const Canonicaliser<W>* symmetry_;
  int holder_ = 0;
  Claim claim_ = Claim::Win;
  bool pairing_rule_ = false;
  bool stronger_rule_ = false;
  std::deque<StonesSet<W>> seen_;
  CertificateSink* out_ = nullptr;
  ZoneWriter<W>* zones_ = nullptr;
  DryRun* dry_ = nullptr;  // during a dry run
};

}  // namespace kinrow
