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
// An oracle provides:
//   std::optional<Move> choose(Board&, int holder, Claim)   a turn keeping the claim
//   bool pairing_rule(int holder, Claim)                    whether pairings end play
//   bool paired(Board&)                                     ... here (then last_pairs())
//   const std::vector<std::pair<Cell, Cell>>* listed_pairs()  the pairs to list, or null
#pragma once

#include <optional>
#include <stdexcept>
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
      : board_(board), oracle_(oracle), symmetry_(symmetry), seen_(board.tables().cells) {}

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
    holder_ = holder;
    claim_ = claim;
    pairing_rule_ = header.pairing_rule;
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
    const int mover = board_.to_move();
    // The checker's win-now rule plays a holder's immediate win: no entry. Most positions
    // a walk meets are these (every reply that ignores a threat), so this comes first.
    if (mover == holder_ && urgent_moves(board_).urgency == Urgency::WinNow) return;
    if (settled_by_lines()) return;
    if (pairing_rule_ && oracle_.paired(board_)) {
      // The checker finds pairings of two cells a line itself; shared pairs are listed.
      if (const auto* pairs = oracle_.listed_pairs(); pairs && seen_.insert(class_of()))
        send(out_->paired({owners(), *pairs, 0}));
      return;
    }
    if (!seen_.insert(class_of())) return;
    if (mover != holder_ && zones_ && claim_ == Claim::Win) {
      zones_->answer_turn(board_, holder_, *out_, [&](const Move& m, ZoneProfile<W>&) { follow(m, mover); });
      return;
    }
    if (mover != holder_) {
      std::vector<Move> turns;
      board_.generate(turns);
      for (const Move& m : turns)
        if (!ends_in_holders_win(m, mover)) follow(m, mover);
      return;
    }
    const std::optional<Move> move = oracle_.choose(board_, holder_, claim_);
    if (!move) throw std::logic_error("certificate: no turn keeps the claim where the search said one does");
    send(out_->entry({owners(), to_turn(*move), 0}));
    follow(*move, mover);
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
  StonesSet<W> seen_;
  CertificateSink* out_ = nullptr;
  ZoneWriter<W>* zones_ = nullptr;
};

}  // namespace kinrow
