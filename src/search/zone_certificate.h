// Relevance zones in certificates (the `zones` rule, docs/certificates.md): at the
// opponent's turns of a win, the sub-proofs and zones of the threat-space search
// (threats/threat_space.h) replace most of his turns.
//
// At the opponent's turn the writer lets him place his stones one by one and withhold the
// rest. Where the attacker still wins by threats, it writes that win as a sub-proof — the
// holder's turns as entries marked with the stones withheld, the opponent's turns answered
// the same way, recursively — and a zone line: for each number of withheld stones, the
// cells the sub-proof reads (threats/zone_profile.h, computed here from the tree written,
// so that it is the checker's tree whatever the search's memo kept). Then only stones
// inside the zone are tried further, and a whole turn is handed back to the caller only
// if no partial turn on the way answers it (its other stones irrelevant to that zone).
#pragma once

#include <algorithm>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "games/board.h"
#include "proof/certificate.h"
#include "threats/threat_space.h"

namespace kinrow {

template <int W>
class ZoneWriter {
 public:
  using Cells = Bits<W>;
  using Zone = ZoneProfile<W>;

  // `zone_order` as df-pn's (DfpnOptions::zone_order): withholding w stones asks a win of
  // order zone_order - w.
  ZoneWriter(const BoardTables& tables, int zone_order) : search_(tables), zone_order_(zone_order) {}

  // The opponent of `holder` is to place a whole turn on `board`. Writes the zones and
  // sub-proofs that answer his turns to `out`, and calls whole(move) for each turn left
  // (the board as it was: the caller plays the turn and walks on).
  template <class Whole>
  void answer_turn(Board<W>& board, int holder, CertificateSink& out, Whole&& whole) {
    board_ = &board;
    holder_ = holder;
    out_ = &out;
    Answered answered;
    Zone unused;
    // The board's own count: the game's first turn may place q stones, not p.
    answer(Move{}, board.stones_left_in_turn(), zone_order_, 0, answered, unused, whole);
  }

  // The holder to move on `board` with a whole turn: writes the threat win of order
  // `order` the search finds (entries of the game as played, and zones for the turns of
  // the opponent in it). Throws std::logic_error if there is none.
  void write_win(Board<W>& board, int holder, CertificateSink& out, int order) {
    board_ = &board;
    holder_ = holder;
    out_ = &out;
    if (!search_.wins(board, holder, board.stones_left_in_turn(), order))
      throw std::logic_error("zone certificate: no threat win where one was claimed");
    attack(board.stones_left_in_turn(), order, 0);
  }

 private:
  struct Answered {
    std::vector<std::pair<Cells, Zone>> partial;  // partial turns on the way, with their zones
    std::vector<Cells> seen;                      // partial turns met already
  };
  struct SubKey {
    Stones<W> stones;
    int withheld;
    bool operator==(const SubKey&) const = default;
  };
  struct SubKeyHash {
    std::size_t operator()(const SubKey& k) const { return StonesHash()(k.stones) ^ (std::size_t(k.withheld) * 0x9E3779B97F4A7C15ull); }
  };

  int p() const { return board_->tables().rules.stones_per_turn; }
  int opponent() const { return 1 - holder_; }
  static Cells cells_of(const Move& m) {
    Cells set;
    for (int i = 0; i < m.size; ++i) set.set(m.cell[i]);
    return set;
  }
  void place(const Move& m, int player) {
    for (int i = 0; i < m.size; ++i) board_->place_for(m.cell[i], player);
  }
  void take_back(const Move& m) {
    for (int i = m.size - 1; i >= 0; --i) board_->remove(m.cell[i]);
  }
  static void send(bool taken) {
    if (!taken) throw InputError("writing the certificate failed (is the disk full?)");
  }

  // The opponent has placed `placed` of his turn of `turn` stones, with `withheld` stones
  // already withheld on the way here (0 at the top). `whole` takes the turns no zone
  // answers. (Inside a sub-proof the board's stone count says nothing of turns, as stones
  // were withheld: there a turn is p stones, or the cells left.)
  template <class Whole>
  void answer(const Move& placed, int turn, int order, int withheld, Answered& answered, Zone& zone, Whole& whole) {
    if (placed.size == turn) {
      const Cells set = cells_of(placed);
      for (const auto& [stones, by] : answered.partial)
        if (by.irrelevant(set.minus(stones))) return;
      whole(placed, zone);
      return;
    }
    const int rest = turn - placed.size;
    place(placed, opponent());
    Zone sub;
    const bool wins = board_->empty_count() > 0 &&
                      search_.wins(*board_, holder_, std::min(p(), board_->empty_count()), std::max(0, order - rest));
    if (wins) {
      sub = attack(std::min(p(), board_->empty_count()), std::max(0, order - rest), withheld + rest);
      ZoneEntry entry{owners(), withheld + rest, std::vector<uint8_t>(board_->tables().cells, 0), 0};
      for (int level = rest; level >= 1; --level)
        for (Cell c : sub.at[level] & board_->empty()) entry.level[c] = static_cast<uint8_t>(level);
      send(out_->zone(entry));
    }
    const Cells tries = wins ? sub.at[rest] & board_->empty() : board_->empty();
    take_back(placed);
    if (wins) {
      zone.add_shifted(sub, rest, Cells::first_n(board_->tables().cells));
      answered.partial.push_back({cells_of(placed), sub});
    }
    for (Cell s : tries) {
      Move next = placed;
      next.cell[next.size++] = static_cast<int16_t>(s);
      Cells set = cells_of(next);
      if (std::find(answered.seen.begin(), answered.seen.end(), set) != answered.seen.end()) continue;
      answered.seen.push_back(set);
      answer(next, turn, order, withheld, answered, zone, whole);
    }
    if (wins) answered.partial.pop_back();
  }

  // The holder to place `stones` with `withheld` of the opponent's stones withheld: a
  // win of order `order` (the search found one), written out; what it reads.
  Zone attack(int stones, int order, int withheld) {
    Zone zone;
    const Cells now = ZoneRules<W>::winning_lines(*board_, holder_, stones);
    if (now.any()) {  // the checker's win-now rule: no entry
      zone.add(now);
      ZoneRules<W>::read_node(*board_, holder_, holder_, zone);
      return zone;
    }
    const SubKey key{board_->stones(), withheld};
    if (const auto it = written_.find(key); it != written_.end()) return it->second;
    const Move move = search_.winning_turn(*board_, holder_, stones, order);
    if (move.size == 0) throw std::logic_error("zone certificate: the threat search no longer finds a win it found");
    // Cell by cell rather than to_turn(move): GCC 12 at -O3 takes the copy of the array's
    // prefix for a read of uninitialised cells (-Wmaybe-uninitialized).
    Turn turn;
    for (int i = 0; i < move.size; ++i) turn.push_back(move.cell[i]);
    std::sort(turn.begin(), turn.end());
    send(out_->entry({owners(), turn, withheld, 0}));
    place(move, holder_);
    auto whole = [&](const Move& turn, Zone& into) {
      place(turn, opponent());
      if (board_->empty_count() == 0) throw std::logic_error("zone certificate: a sub-proof fills the board");
      into.unite(attack(std::min(p(), board_->empty_count()), order, withheld));
      take_back(turn);
    };
    Answered answered;
    Zone below;
    // A defender who completes a line with his turn ends the game: the search never
    // leaves him one, so every whole turn here goes on.
    answer(Move{}, std::min(p(), board_->empty_count()), order, withheld, answered, below, whole);
    ZoneRules<W>::read_node(*board_, holder_, opponent(), below);
    take_back(move);
    for (int i = 0; i < move.size; ++i) below.add(Cells::single(move.cell[i]));
    ZoneRules<W>::read_node(*board_, holder_, holder_, below);
    written_.emplace(key, below);
    return below;
  }

  std::vector<int8_t> owners() const { return owners_of(board_->stones(), board_->tables().cells); }

  ThreatSpaceSearch<W> search_;
  int zone_order_;
  Board<W>* board_ = nullptr;
  int holder_ = 0;
  CertificateSink* out_ = nullptr;
  std::unordered_map<SubKey, Zone, SubKeyHash> written_;  // sub-proof positions written, and what they read
};

// The attacker's win where the defender, to move on `board`, has no turn left that the
// threats do not refute (threats/defences.h found none): one strategy of `attacker`,
// sent whole to `out` from begin() to end(). The defender's turn is answered by the zones
// and sub-proofs the threat search finds again, each whole turn inside them by the threat
// win (order `threat_order`) that refutes it. `tables` as the defences search's; `start`
// the position's moves in the game's notation. Throws std::logic_error where a refutation
// claimed is not found again.
template <int W>
void write_zone_win(CertificateSink& out, const BoardTables& tables, Board<W>& board, const std::string& spec,
                    const std::string& start, int attacker, int zone_order, int threat_order) {
  out.begin(spec, start);
  Strategy header;
  header.holder = attacker;
  header.claim = Claim::Win;
  header.win_now_rule = true;
  header.zone_rule = true;
  out.strategy(header);
  ZoneWriter<W> zones(tables, zone_order);
  zones.answer_turn(board, attacker, out, [&](const Move& turn, ZoneProfile<W>&) {
    if (board.play(turn) == TurnResult::Continues) zones.write_win(board, attacker, out, threat_order);
    board.undo(turn);
  });
  out.end();
}

}  // namespace kinrow
