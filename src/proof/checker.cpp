// The checker walks every game the certificate's strategies allow: at the holder's turns
// the one move the certificate gives (or, under the win-now rule, a move that wins at
// once), at the opponent's turns every legal reply. Positions are looked up and
// remembered by their canonical form under the symmetry group, so a certificate may hold
// one position per symmetry class, and each class is checked once.
//
// Trust: every move is replayed by the reference rules (core/position.h), so a wrong
// entry cannot pass. The only other thing relied on is that the symmetries are
// symmetries, and that is re-checked here (lines onto lines, "below" kept) rather than
// taken from core/symmetry.cpp on faith.
#include "proof/checker.h"
#include "proof/pairing_rule.h"
#include "proof/plan_checker.h"
#include "proof/strategy_lookup.h"
#include "proof/strategy_rules.h"
#include "proof/unbounded_board.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <istream>
#include <memory>
#include <optional>

#include "core/error.h"
#include "core/notation.h"
#include "core/position.h"
#include "proof/packed_position.h"
#include "proof/position_table.h"

namespace kinrow {
namespace {

// The position in entry notation (holder's stones unmarked), for error messages.
template <int N>
std::string board_text(const PackedPosition<N>& key, int cells) {
  std::string text(cells, '.');
  for (int c = 0; c < cells; ++c) text[c] = key.at(c) == 1 ? 'x' : key.at(c) == 2 ? 'o' : '.';
  return text;
}


// What a sub-proof reads (the zones rule): per cell, the fewest extra stones of the
// opponent at which a stone there could spoil it (kUnread: never). This is the checker's
// own computation of a relevance zone, from the tree it walked: the holder's stones and
// the lines he completes at level 0; the opponent's lines free of the holder's stones
// that the extra stones and the turn to come could complete, from the level at which
// enough extra stones exist; every empty cell of a nearly full board. A nested sub-proof's
// levels count its own withheld stones too, so they drop by that many here. One slot past
// the board's cells stands for every cell off it (read only when checking the unbounded
// board: no zone can hold it).
constexpr uint8_t kUnread = 255;
using Reads = std::vector<uint8_t>;

void read_at(Reads& reads, Cell c, int level) {
  reads[c] = static_cast<uint8_t>(std::min<int>(reads[c], std::max(0, level)));
}

// One strategy's check, behind the width of its packed positions.
class StrategyCheck {
 public:
  virtual ~StrategyCheck() = default;
  // Adds an entry to the lookup: "" or its problem.
  virtual std::string add(const StrategyEntry& e) = 0;
  virtual std::string add(const PairedEntry& e) = 0;
  virtual std::string add(const ZoneEntry& e) = 0;
  virtual std::string add(const StrongerEntry& e) = 0;
  // "" if the strategy keeps its claim from `start`, else the first problem.
  virtual std::string check(const Position& start) = 0;
  virtual std::size_t positions() const = 0;
  virtual std::size_t immediate_wins() const = 0;
  virtual std::size_t dead_ends() const = 0;
  virtual std::size_t paired_ends() const = 0;
  virtual std::size_t zone_answers() const = 0;
  virtual std::size_t stronger_answers() const = 0;
  virtual std::size_t forest_ends() const = 0;
  virtual std::size_t unreached() const = 0;
  // Called with positions() every 16,384 positions visited while checking.
  std::function<void(std::size_t)> on_visits;
};

template <int N>
class StrategyChecker final : public StrategyCheck {
 public:
  using Key = PackedPosition<N>;

  // With `unbounded`, the strategy is checked on the unbounded board (checker.h's CheckOptions).
  StrategyChecker(const Game& game, const CheckedSymmetries& symmetries, const Strategy& strategy,
                  const UnboundedBoard* unbounded)
      : game_(game), symmetries_(symmetries), strategy_(strategy), unbounded_(unbounded),
        lookup_(game, symmetries, strategy) {}

  std::string add(const StrategyEntry& e) override { return lookup_.add(e); }
  std::string add(const ZoneEntry& e) override { return lookup_.add(e); }
  std::string add(const PairedEntry& e) override { return lookup_.add(e); }
  std::string add(const StrongerEntry& e) override { return lookup_.add(e); }

  std::string check(const Position& start) override {
    path_ = start;
    return visit();
  }

  std::size_t positions() const override {
    std::size_t n = proven_classes_;
    for (const auto& table : proven_) n += table.size();
    return n;
  }
  std::size_t immediate_wins() const override { return immediate_wins_; }
  std::size_t dead_ends() const override { return dead_ends_; }
  std::size_t paired_ends() const override { return paired_ends_; }
  std::size_t zone_answers() const override { return zone_answers_; }
  std::size_t stronger_answers() const override { return stronger_answers_; }
  std::size_t forest_ends() const override { return forest_ends_; }
  std::size_t unreached() const override { return lookup_.unreached(); }

 private:
  int cells() const { return game_.cell_count(); }
  Cell off_board() const { return cells(); }  // the Reads slot of every cell off the board
  std::size_t read_slots() const { return static_cast<std::size_t>(cells()) + 1; }

  std::string moves_so_far() const {
    std::string text = format_turns(game_, path_.history());
    while (!text.empty() && text.back() == ' ') text.pop_back();  // a turn still empty (a zone's withheld stones)
    return text.empty() ? std::string("the empty board") : std::string("\"") + text + "\"";
  }

  // ", the opponent given N stone(s)" in a stronger position (the stronger rule), else "".
  std::string given_note() const {
    return path_.given() ? ", the opponent given " + std::to_string(path_.given()) + " stone(s) more" : "";
  }

  std::string leaf() const {
    const int winner = path_.winner();
    if (winner == strategy_.holder) return "";
    if (winner == kNoPlayer && strategy_.claim == Claim::NotLose) return "";
    return std::string("the holder ") + (winner == kNoPlayer ? "only draws" : "loses") + " after " +
           moves_so_far() + given_note();
  }

  // The shortcut for the win-now rule when no entry stands at a position with an
  // immediate win (`wins_first`): then no position with an immediate win has an entry of
  // its own or in its class (symmetric positions share the immediate win), so the rule
  // plays there — and the win can be found by reading the lines and confirmed by the
  // reference rules before any canonical form is built. A strategy dictionary played out
  // (Qubic: 92 M such game ends) spends most of its time here. With several stones a
  // turn the turn is the line's empty cells and, if the turn places more, the lowest
  // other empty cells (listing every turn of two stones on 19x19 would take 64,980).
  bool wins_at_once(Turn& out) {
    if (!lookup_.wins_first() || !strategy_.win_now_rule) return false;
    return winning_turn_by_lines(path_, strategy_.holder, out);
  }

  // A paired entry for the position (its own, or its class's carried over): sets `ended`
  // if its pairs hold every line the opponent could still complete; a problem if they
  // do not, or if the rules leave no room for pairings.
  std::string listed_pairs_hold(const Key& exact, const Key& canonical, std::size_t frame, bool& ended) {
    std::vector<std::pair<Cell, Cell>> pairs;
    PairedRecord* record = lookup_.paired_for(exact, canonical, frame, pairs);
    if (!record) return "";
    record->used = true;
    const std::string at = record->line ? "line " + std::to_string(record->line) + ": " : "a paired entry: ";
    if (!listed_pairs_serve(strategy_, game_.rules))
      return at + "pairs end play only under the pairs rule, for a not-lose claim or the breaker, " +
             "one stone a turn, without gravity or misere";
    const std::string problem = pairs_problem(path_, strategy_.holder, pairs);
    if (!problem.empty()) return at + "the pairs do not hold after " + moves_so_far() + ": " + problem;
    ended = true;
    return "";
  }

  // Positions proven, by canonical form. Where the holder moves and an entry's class
  // holds the position (most such positions), the class record carries the mark, so the
  // set keeps only the opponent's positions and the holder's played by rule: a set slot
  // fewer for nearly every entry.
  // Positions where the opponent was given stones (the stronger rule) are kept apart, by
  // how many: the same stones with more given are another turn.
  PositionTable<N, NoValue>& proven_at(int given) {
    while (static_cast<int>(proven_.size()) <= given) proven_.emplace_back();
    return proven_[given];
  }
  bool proven_here(const Key& canonical, bool holder_moves) {
    if (holder_moves && !path_.given())
      if (const ClassRecord* c = lookup_.class_record(canonical)) return c->proven;
    return proven_at(path_.given()).contains(canonical);
  }
  void mark_proven(const Key& canonical, bool holder_moves) {
    if (ClassRecord* c = holder_moves && !path_.given() ? lookup_.class_record(canonical) : nullptr) {
      proven_classes_ += !c->proven;
      c->proven = true;
      return;
    }
    proven_at(path_.given()).insert(canonical, NoValue{});
  }

  std::string holder_turn(const Key& exact, const Key& canonical, std::size_t frame, Turn& turn, bool& by_rule) {
    by_rule = false;
    if (EntryRecord* record = lookup_.entry_for(path_, exact, canonical, frame, turn)) {
      record->used = true;
      const std::string why = path_.why_illegal(turn);
      if (why.empty()) return "";
      const std::string line = record->from_text ? entry_label(true, record->origin) + ": " : "";
      return line + "the move " + format_turn(game_, turn) + " is illegal after " + moves_so_far() +
             " (" + why + ")";
    }
    if (strategy_.win_now_rule && find_winning_turn(path_, strategy_.holder, turn)) return by_rule = true, "";
    return std::string("gap: no entry for the position after ") + moves_so_far() + " (" +
           board_text(exact, cells()) + ", " + (strategy_.holder == 0 ? "first" : "second") + " player to move" +
           (path_.withheld() ? ", " + std::to_string(path_.withheld()) + " of the opponent's stones withheld" : "") +
           given_note() + ")";
  }

  // Plays on from the position on `path_`. In a sub-proof (`reads` given: the opponent
  // has withheld stones) it also collects what the holder's win there reads.
  std::string visit(Reads* reads = nullptr) {
    if ((++visits_ & 0x3FFF) == 0 && on_visits) on_visits(positions());
    if (path_.over()) return leaf();
    if (!reads) {
      if (claim_settled_by_lines(strategy_, path_)) return ++dead_ends_, "";
      if (claim_settled_by_pairing(strategy_, path_)) return ++paired_ends_, "";
      if (claim_settled_by_forest(strategy_, path_)) return ++forest_ends_, "";
    }
    const bool holder_moves = path_.to_move() == strategy_.holder;
    if (holder_moves && wins_at_once(scratch_turn_)) {
      if (reads) read_node(*reads, true);
      return ++immediate_wins_, "";
    }
    const Key exact = key_of<N>(path_);
    Key canonical;
    const std::size_t frame = symmetries_.canonical(exact, canonical, cells());
    if (!reads) {
      if (proven_here(canonical, holder_moves)) return "";
    } else {
      // A sub-proof position met before (with as many stones withheld): what it read.
      const uint32_t* memo = read_memo_at(path_.withheld()).insert(exact, kNoReads).first;
      if (*memo != kNoReads) {
        const Reads& known = sub_reads_[*memo];
        for (std::size_t c = 0; c < read_slots(); ++c) reads->at(c) = std::min(reads->at(c), known[c]);
        return "";
      }
    }
    if (!reads && lookup_.has_paired()) {
      bool ended = false;
      const std::string problem = listed_pairs_hold(exact, canonical, frame, ended);
      if (!problem.empty()) return problem;
      if (ended) return ++paired_ends_, "";
    }

    Reads here;
    if (reads) here.assign(read_slots(), kUnread);
    Reads* const below = reads ? &here : nullptr;
    if (holder_moves) {
      Turn turn;
      bool by_rule = false;
      std::string problem = holder_turn(exact, canonical, frame, turn, by_rule);
      if (!problem.empty()) return problem;
      if (reads) {
        if (by_rule) read_wins(here);
        for (Cell c : turn) read_at(here, c, 0);
      }
      path_.play(turn);
      problem = visit(below);
      path_.undo();
      if (!problem.empty()) return problem;
    } else if (answers_by_zones(strategy_, game_.rules)) {
      std::vector<Cell> placed;
      std::vector<ZoneAnswer> answering;
      std::vector<std::vector<Cell>> seen;
      // A zone declared for a partial turn is checked at once: its sub-proof played out,
      // its cells compared with what the sub-proof reads.
      auto zone_at = [&](const std::vector<Cell>& down, int withheld, std::optional<ZoneRecord>& zone) -> std::string {
        zone = lookup_.zone_for(path_);
        if (!zone) return unbounded_ ? off_board_answered(answering, down) : "";
        ++zone_answers_;
        Reads sub(read_slots(), kUnread);
        std::string problem = visit(&sub);
        if (problem.empty()) problem = zone_problem(*zone, sub, withheld);
        if (problem.empty() && below)
          for (std::size_t c = 0; c < read_slots(); ++c)
            if (sub[c] != kUnread) read_at(*below, static_cast<Cell>(c), sub[c] - withheld);
        return problem;
      };
      auto whole = [&](const Turn& turn) {
        path_.play(turn);
        const std::string problem = visit(below);
        path_.undo();
        return problem;
      };
      const std::string problem = answer_by_zones(path_, placed, answering, seen, zone_at, whole);
      if (!problem.empty()) return problem;
    } else {
      if (unbounded_)
        return "the opponent's turn after " + moves_so_far() +
               " is answered reply by reply, not by zones: his turns off the board are not answered";
      // The stronger rule: a turn within a declared set is answered by the position where
      // the opponent owns the whole set, played out once.
      const std::vector<std::vector<Cell>> stronger =
          strategy_.stronger_rule ? lookup_.stronger_for(path_, exact, canonical, frame) : std::vector<std::vector<Cell>>{};
      std::vector<char> stronger_played(stronger.size(), 0);
      for (const Turn& reply : path_.legal_turns()) {
        if (const int s = stronger_set_holding(stronger, reply); s >= 0) {
          ++stronger_answers_;
          if (stronger_played[s]) continue;
          stronger_played[s] = 1;
          const std::string problem = play_stronger(stronger[s]);
          if (!problem.empty()) return problem;
          continue;
        }
        path_.play(reply);
        const std::string problem = visit(below);
        path_.undo();
        if (!problem.empty()) return problem;
      }
    }
    if (!reads) {
      mark_proven(canonical, holder_moves);
      return "";
    }
    read_node(here, false);
    *read_memo_at(path_.withheld()).find(exact) = static_cast<uint32_t>(sub_reads_.size());
    sub_reads_.push_back(here);
    for (std::size_t c = 0; c < read_slots(); ++c) reads->at(c) = std::min(reads->at(c), here[c]);
    return "";
  }

  // Plays out the position where the opponent, to move, owns all of `cells`: his turn's
  // stones from them, and the rest given him. Owning more never helps him lose (normal
  // play, overlines winning, no gravity: docs/certificates.md, "Stronger positions"), so
  // the holder's strategy there answers every turn of his within `cells`.
  std::string play_stronger(const std::vector<Cell>& cells) {
    const int stones = path_.stones_this_turn();
    for (Cell c : cells)
      if (path_.owner(c) != kNoPlayer)
        return "a stronger position after " + moves_so_far() + " gives the opponent the taken cell " +
               format_cell(game_, c);
    if (std::adjacent_find(cells.begin(), cells.end()) != cells.end())
      return "a stronger position after " + moves_so_far() + " lists a cell twice";
    if (static_cast<int>(cells.size()) < stones)
      return "a stronger position after " + moves_so_far() + " holds fewer cells than the opponent's turn";
    if (const std::string why = path_.why_illegal(Turn(cells.begin(), cells.begin() + stones)); !why.empty())
      return "a stronger position after " + moves_so_far() + ": " + why;
    return in_stronger_position(path_, cells, [&] { return visit(); });
  }

  // On the unbounded board, at a partial turn of the opponent with no zone of its own: ""
  // if a zone declared earlier in the turn answers the turn completed off the board (its
  // stones off the board are outside every zone, so only the stones placed count), else
  // the problem.
  std::string off_board_answered(const std::vector<ZoneAnswer>& answering, const std::vector<Cell>& placed) const {
    if (answered_by_zone(answering, placed)) return "";
    return "after " + moves_so_far() + " (the opponent's turn begun), no zone answers his stones off the board";
  }

  // "" if the declared zone holds what the sub-proof reads, for every number of withheld
  // stones up to `withheld`; else the first cell it misses.
  std::string zone_problem(const ZoneRecord& zone, const Reads& sub, int withheld) const {
    for (Cell c = 0; c < cells(); ++c) {
      if (sub[c] > withheld) continue;
      const int needed = std::max<int>(1, sub[c]);
      if (zone.level[c] != 0 && zone.level[c] <= needed) continue;
      const std::string where = zone.from_text ? entry_label(true, zone.origin) + ": " : "";
      return where + "the zone after " + moves_so_far() + " misses " + format_cell(game_, c) +
             ", which the sub-proof reads once " + std::to_string(needed) + " or more stones are withheld";
    }
    if (sub[off_board()] <= withheld)
      return "the sub-proof after " + moves_so_far() + " reads cells off the board once " +
             std::to_string(std::max<int>(1, sub[off_board()])) +
             " or more stones are withheld (a line across the edge, or one outside it): no zone can hold them";
    return "";
  }

  // What the holder's win at this position reads without an entry: every line he could
  // complete with this turn's stones.
  void read_wins(Reads& reads) const {
    const int stones = path_.stones_this_turn();
    for (const Line& line : game_.lines) {
      int empty = 0;
      bool open = true;
      for (Cell c : line) {
        if (path_.owner(c) == kNoPlayer) ++empty;
        else if (path_.owner(c) != strategy_.holder) open = false;
      }
      if (!open || empty > stones) continue;
      for (Cell c : line)
        if (path_.owner(c) == kNoPlayer) read_at(reads, c, 0);
    }
  }

  // What a node of a sub-proof reads besides its moves: at the holder's turns (`holder`)
  // after a win found by the rule, the lines he completes; at every node the opponent's
  // lines free of the holder's stones, each from the level at which the extra stones and
  // the opponent's coming turn could complete it; on a nearly full board every empty cell.
  void read_node(Reads& reads, bool holder_wins_now) const {
    if (holder_wins_now) read_wins(reads);
    const int p = game_.rules.stones_per_turn;
    const int empties = path_.empty_count();
    for (Cell c = 0; c < cells(); ++c)
      if (path_.owner(c) == kNoPlayer) read_at(reads, c, empties - 2 * p);
    const int opponent = 1 - strategy_.holder;
    if (game_.rules.goal == Goal::MakerBreaker && opponent == 1) return;  // the breaker's lines do not count
    const int turn = path_.to_move() == opponent ? path_.stones_this_turn() : 0;
    for (const Line& line : game_.lines) {
      int empty = 0;
      bool open = true;
      for (Cell c : line) {
        if (path_.owner(c) == kNoPlayer) ++empty;
        else if (path_.owner(c) == strategy_.holder) open = false;
      }
      if (!open) continue;
      for (Cell c : line)
        if (path_.owner(c) == kNoPlayer) read_at(reads, c, empty - turn);
    }
    if (unbounded_) read_edge_lines(reads, turn);
  }

  // The same for the lines of the unbounded board that the board does not hold: those
  // across its edge, whose outside cells are empty (stones there are withheld ones), and
  // those wholly outside, empty.
  void read_edge_lines(Reads& reads, int turn) const {
    read_at(reads, off_board(), unbounded_->k - turn);
    for (const EdgeLine& line : unbounded_->edge_lines) {
      int empty = line.off_board;
      bool open = true;
      for (Cell c : line.on_board) {
        if (path_.owner(c) == kNoPlayer) ++empty;
        else if (path_.owner(c) == strategy_.holder) open = false;
      }
      if (!open) continue;
      for (Cell c : line.on_board)
        if (path_.owner(c) == kNoPlayer) read_at(reads, c, empty - turn);
      read_at(reads, off_board(), empty - turn);
    }
  }

  const Game& game_;
  const CheckedSymmetries& symmetries_;
  const Strategy& strategy_;  // the header: holder, claim, rules
  const UnboundedBoard* unbounded_;  // the lines past the edge, when checking the unbounded board
  StrategyLookup<N> lookup_;  // its entries, paired entries and zones
  // What each sub-proof position read, by stones withheld (kNoReads: being walked).
  static constexpr uint32_t kNoReads = UINT32_MAX;
  std::deque<PositionTable<N, uint32_t>> read_memo_;
  PositionTable<N, uint32_t>& read_memo_at(int withheld) {
    while (static_cast<int>(read_memo_.size()) <= withheld) read_memo_.emplace_back();
    return read_memo_[withheld];
  }
  std::deque<Reads> sub_reads_;
  std::deque<PositionTable<N, NoValue>> proven_;         // canonical positions from which the claim holds, by stones given ...
  std::size_t proven_classes_ = 0;                       // ... but those marked in their class (mark_proven)
  std::size_t immediate_wins_ = 0;                       // game ends by the shortcut (not deduplicated)
  std::size_t dead_ends_ = 0;                            // positions settled by claim_settled_by_lines
  std::size_t paired_ends_ = 0;                          // positions settled by pairings: the rule's or listed
  std::size_t zone_answers_ = 0;                         // sub-proofs whose zones answered turns
  std::size_t stronger_answers_ = 0;                     // opponent's turns answered by stronger positions
  std::size_t forest_ends_ = 0;                          // positions settled by the forest rule
  std::size_t visits_ = 0;                               // calls of visit(), for on_visits
  Position path_{game_};
  Turn scratch_turn_;                                    // wins_at_once's turn (reused: it runs at every game end)
};

// Which strategies may stand together: at most one per side, and nothing beside a win
// for the other side (a win and a not-lose for the other side cannot both be true).
// `s` joins the strategies [first, last) before it.
std::string structure_problem(const Strategy* first, const Strategy* last, const Strategy& s) {
  const std::string at = s.source_line ? std::string("line ") + std::to_string(s.source_line) + ": " : "";
  if (s.holder != 0 && s.holder != 1) return at + "a strategy's holder must be 0 or 1";
  for (const Strategy* other = first; other != last; ++other) {
    if (other->holder == s.holder)
      return at + "a second strategy for the " + (s.holder == 0 ? "first" : "second") + " player";
    if (other->claim == Claim::Win || s.claim == Claim::Win)
      return "contradictory claims: a win for one side beside a strategy for the other";
  }
  return "";
}

std::string proved_value(const std::vector<Strategy>& strategies, int to_move, std::string& to_move_value) {
  bool holds[2] = {false, false};
  for (const Strategy& s : strategies) {
    if (s.claim == Claim::Win) {
      to_move_value = s.holder == to_move ? "win" : "loss";
      return s.holder == 0 ? "first-player-win" : "second-player-win";
    }
    holds[s.holder] = true;
  }
  if (holds[0] && holds[1]) {
    to_move_value = "draw";
    return "draw";
  }
  const int p = holds[0] ? 0 : 1;
  to_move_value = p == to_move ? "not-lose" : "not-win";
  return p == 0 ? "first-player-not-lose" : "second-player-not-lose";
}

// The check as a sink: each strategy's entries are indexed as they arrive, and the
// strategy is played out when the next one begins or the certificate ends, so only one
// strategy's lookup is held at a time.
class CertificateCheck final : public CertificateSink {
 public:
  CertificateCheck(const Game& game, const SymmetryGroup& symmetry, const CheckOptions& options)
      : game_(game), symmetry_(symmetry), options_(options) {}

  bool begin(const std::string& spec, const std::string& start) override {
    if (spec != game_.spec) return fail(std::string("the certificate is for ") + spec + ", not " + game_.spec);
    report_.start = start;
    try {
      start_.emplace(play_moves(game_, start));
    } catch (const InputError& e) {
      return fail(std::string("start: ") + e.what());
    }
    if (options_.infinite) {
      std::string why;
      unbounded_ = unbounded_board(game_, why);
      if (!unbounded_) return fail(why);
    }
    // On the unbounded board two positions are one only if a motion of the plane takes one
    // to the other: the symmetries of the board's lines that are no motion are dropped.
    symmetries_.emplace(game_, unbounded_ ? board_motions(game_, symmetry_) : symmetry_);
    if (!symmetries_->problem().empty()) return fail(symmetries_->problem());
    return true;
  }

  bool strategy(const Strategy& header) override {
    const std::string problem = structure_problem(headers_.data(), headers_.data() + headers_.size(), header);
    if (!problem.empty()) return fail(problem);
    if (!finish_strategy()) return false;
    headers_.push_back(header);
    const Strategy& strategy = headers_.back();
    if (unbounded_ && (strategy.plan || !strategy.zone_rule || strategy.claim != Claim::Win))
      return fail(holder_name(strategy) + " player's strategy: only a win proved with relevance zones " +
                  "(the zones rule) answers the turns off the board");
    if (strategy.plan) {
      std::size_t coverings = 0;
      const std::string why = check_plan_strategy(game_, *start_, strategy, &coverings);
      report_.positions_checked += 1 + coverings;
      if (!why.empty()) return fail(holder_name(strategy) + " player's matching plan: " + why);
      return true;
    }
    if (strategy.zone_rule && !answers_by_zones(strategy, game_.rules))
      return fail(holder_name(strategy) + " player's strategy: zones serve wins where completing a line wins " +
                  "(not under gravity or misere rules, not the breaker's, not where the maker picks his "
                  "turn's size)");
    if (strategy.stronger_rule &&
        (strategy.claim != Claim::NotLose || strategy.zone_rule || game_.rules.goal != Goal::Normal ||
         game_.rules.gravity || game_.rules.exact || breaker_answers_in_kind(game_.rules)))
      return fail(holder_name(strategy) + " player's strategy: stronger positions serve not-lose claims in normal " +
                  "play, overlines winning, without gravity (not with zones)");
    checker_ = make_checker(strategy);
    if (!checker_) return fail("the checker keeps positions of at most 2,048 cells");
    tell(true);
    return true;
  }

  // Entries of a matching strategy (which the text form cannot hold) are ignored, as
  // the plan alone is checked.
  bool entry(const StrategyEntry& e) override {
    count_entry();
    return !checker_ || added(checker_->add(e));
  }

  bool paired(const PairedEntry& e) override {
    count_entry();
    return !checker_ || added(checker_->add(e));
  }

  bool zone(const ZoneEntry& e) override {
    count_entry();
    return !checker_ || added(checker_->add(e));
  }

  bool stronger(const StrongerEntry& e) override {
    count_entry();
    return !checker_ || added(checker_->add(e));
  }

  bool end() override {
    if (headers_.empty()) return fail("the certificate holds no strategy");
    if (!finish_strategy()) return false;
    report_.proves = proved_value(headers_, start_->to_move(), report_.to_move_value);
    report_.ok = true;
    return true;
  }

  CheckReport& report() { return report_; }

 private:
  static std::string holder_name(const Strategy& s) { return s.holder == 0 ? "first" : "second"; }

  bool fail(const std::string& error) {
    if (report_.error.empty()) report_.error = error;
    return false;
  }

  void count_entry() {
    if ((++report_.entries & 0xFFFF) == 0) tell(true);
  }

  void tell(bool reading, std::size_t positions_of_this_strategy = 0) {
    if (!options_.on_progress || headers_.empty()) return;
    options_.on_progress(CheckProgress{static_cast<int>(headers_.size()), headers_.back().holder, reading,
                                       report_.entries, report_.positions_checked + positions_of_this_strategy});
  }

  bool added(const std::string& problem) {
    return problem.empty() || fail(holder_name(headers_.back()) + " player's strategy: " + problem);
  }

  std::unique_ptr<StrategyCheck> make_checker(const Strategy& strategy) const {
    return make_packed<StrategyCheck, StrategyChecker>(game_.cell_count(), game_, *symmetries_, strategy,
                                                       unbounded_ ? &*unbounded_ : nullptr);
  }

  // Plays out the strategy whose entries were last added, and lets its lookup go.
  bool finish_strategy() {
    if (!checker_) return true;
    const std::unique_ptr<StrategyCheck> checker = std::move(checker_);
    tell(false);
    checker->on_visits = [this](std::size_t positions) { tell(false, positions); };
    const std::string problem = checker->check(*start_);
    report_.positions_checked += checker->positions();
    tell(false);
    report_.immediate_wins += checker->immediate_wins();
    report_.dead_ends += checker->dead_ends();
    report_.paired_ends += checker->paired_ends();
    report_.zone_answers += checker->zone_answers();
    report_.stronger_answers += checker->stronger_answers();
    report_.forest_ends += checker->forest_ends();
    if (!problem.empty()) return fail(holder_name(headers_.back()) + " player's strategy: " + problem);
    report_.entries_unreached += checker->unreached();
    return true;
  }

  const Game& game_;
  const SymmetryGroup& symmetry_;
  const CheckOptions options_;
  std::optional<UnboundedBoard> unbounded_;  // with options_.infinite
  std::optional<Position> start_;
  std::optional<CheckedSymmetries> symmetries_;
  std::vector<Strategy> headers_;  // the strategies begun (headers only)
  std::unique_ptr<StrategyCheck> checker_;
  CheckReport report_;
};

}  // namespace

CheckReport check_certificate(const Game& game, const Certificate& certificate) {
  return check_certificate(game, certificate, CheckOptions{});
}

CheckReport check_certificate(const Game& game, const Certificate& certificate, const CheckOptions& options) {
  return check_certificate(game, certificate, automorphisms(game, kMaxCheckedSymmetries), options);
}

CheckReport check_certificate(const Game& game, const Certificate& certificate,
                              const SymmetryGroup& symmetry, const CheckOptions& options) {
  // A certificate in memory is judged whole first: the game, and which strategies may
  // stand together, before any is played out.
  CheckReport report;
  // Every line of a strategy is an entry, as the writer and the streamed check count them.
  for (const Strategy& s : certificate.strategies)
    report.entries += s.entries.size() + s.paired.size() + s.zones.size() + s.stronger.size();
  if (certificate.spec != game.spec) {
    report.error = std::string("the certificate is for ") + certificate.spec + ", not " + game.spec;
    return report;
  }
  if (certificate.strategies.empty()) {
    report.error = "the certificate holds no strategy";
    return report;
  }
  const Strategy* strategies = certificate.strategies.data();
  for (std::size_t i = 0; i < certificate.strategies.size(); ++i) {
    report.error = structure_problem(strategies, strategies + i, strategies[i]);
    if (!report.error.empty()) return report;
  }
  CertificateCheck check(game, symmetry, options);
  send_certificate(certificate, check);
  const std::size_t entries = report.entries;
  report = check.report();
  report.entries = entries;
  return report;
}

CheckReport check_certificate(const Game& game, std::istream& in, const CheckOptions& options) {
  return check_certificate(game, in, automorphisms(game, kMaxCheckedSymmetries), options);
}

CheckReport check_certificate(const Game& game, std::istream& in, const SymmetryGroup& symmetry,
                              const CheckOptions& options) {
  CertificateCheck check(game, symmetry, options);
  read_certificate(in, game, check);
  return check.report();
}

}  // namespace kinrow
