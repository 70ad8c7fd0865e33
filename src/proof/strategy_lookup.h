// Where a strategy's certificate gives the holder's turn, a relevance zone or a pairing
// for a position: the checker's lookup, shared by the checker (proof/checker.cpp) and the
// certificate browser (proof/certificate_browser.h), so that both read a certificate
// the one same way.
//
// An entry serves its own position first; a position with no entry of its own takes the
// first entry of its symmetry class, carried over by the same symmetry. Positions are
// packed keys (proof/packed_position.h) in flat tables (proof/position_table.h), so tens
// of millions of entries fit. The symmetries are re-checked here (lines onto lines,
// "below" kept) rather than taken from core/symmetry.cpp on faith.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "core/symmetry.h"
#include "proof/certificate.h"
#include "proof/packed_position.h"
#include "proof/position_table.h"

namespace kinrow {

// Canonicalising costs group size x cells per position; beyond this many symmetries the
// checker keeps the first ones (the solver folds fewer still into its keys), which only
// merges fewer positions. Any subset that holds the identity is sound: two positions with
// the same least image are images of each other under a true symmetry.
constexpr std::size_t kMaxCheckedSymmetries = 4096;

// A position with the reference rules' owners, packed (proof/packed_position.h).
template <int N>
PackedPosition<N> key_of(const std::vector<int8_t>& owners) {
  PackedPosition<N> key;
  for (std::size_t c = 0; c < owners.size(); ++c) key.set(static_cast<int>(c), owners[c] + 1);
  return key;
}

template <int N>
PackedPosition<N> key_of(const Position& position) {
  PackedPosition<N> key;
  for (Cell c = 0; c < position.game().cell_count(); ++c) key.set(c, position.owner(c) + 1);
  return key;
}

// The symmetries the checker canonicalises with, identity first, with their inverses:
// the first kMaxCheckedSymmetries of the group, each verified to be a symmetry.
class CheckedSymmetries {
 public:
  // problem() says which given map, if any, is not a symmetry of the game.
  CheckedSymmetries(const Game& game, const SymmetryGroup& group);

  const std::string& problem() const { return problem_; }
  std::size_t size() const { return maps_.size(); }
  const Permutation& map(std::size_t i) const { return maps_[i]; }
  const Permutation& inverse_map(std::size_t i) const { return inverses_[i]; }

  // The least image of `key` into `best` (cells compared in index order); returns the
  // index of a map reaching it. The image of map g has key[g^-1(j)] at cell j, so each
  // candidate is compared cell by cell and most stop at the first difference.
  template <int N>
  std::size_t canonical(const PackedPosition<N>& key, PackedPosition<N>& best, int cells) const {
    best = key;
    std::size_t chosen = 0;
    for (std::size_t i = 1; i < inverses_.size(); ++i) {
      const Permutation& from = inverses_[i];
      int j = 0;
      while (j < cells && key.at(from[j]) == best.at(j)) ++j;
      if (j == cells || key.at(from[j]) > best.at(j)) continue;
      for (; j < cells; ++j) best.set(j, key.at(from[j]));
      chosen = i;
    }
    return chosen;
  }

 private:
  std::vector<Permutation> maps_;
  std::vector<Permutation> inverses_;
  std::string problem_;
};

// A turn, or pairs of cells, under a map of the cells (turns kept sorted).
Turn mapped(const Turn& turn, const Permutation& map);
std::vector<std::pair<Cell, Cell>> mapped(const std::vector<std::pair<Cell, Cell>>& pairs, const Permutation& map);

// The turns played to reach a position with these stones, or -1 if no game does; with
// `withheld` stones of `short_player` withheld on the way (null and seminull moves),
// counted as if placed.
int turns_to_reach(const Game& game, const std::vector<int8_t>& owners, int withheld = 0, int short_player = 0);

// "line 12" for an entry read from text, else "entry 3" (1-based, within its strategy).
std::string entry_label(bool from_text, std::size_t number);

// The holder's turn in one position, as the entries give it: a record of a few bytes,
// its cells in a shared pool, so that tens of millions of entries fit.
struct EntryRecord {
  uint32_t move_at = 0;    // where its cells start in the pool (sorted)
  uint32_t origin = 0;     // the text line of the first entry giving it, else its entry number
  uint32_t copies = 0;     // entries giving it (the same position listed again)
  uint16_t move_size = 0;
  bool from_text = false;
  bool used = false;
};

// A paired entry's pairs, and where they came from.
struct PairedRecord {
  std::vector<std::pair<Cell, Cell>> pairs;
  int line = 0;
  bool used = false;
};

// A relevance zone as declared, and where.
struct ZoneRecord {
  std::vector<uint8_t> level;  // per cell: the first zone it lies in, 0 none
  uint32_t origin = 0;
  bool from_text = false;
  bool used = false;
};

// The stronger positions declared for one position of the opponent (the stronger rule):
// the cell sets, each answering his turns within it, and where the first came from.
struct StrongerRecord {
  std::vector<std::vector<Cell>> sets;  // each sorted
  uint32_t origin = 0;
  bool from_text = false;
  bool used = false;
};

// A relevance zone as the lookup keeps it: the levels packed `bits` to a cell (1, 2, 4 or
// 8: as few as its highest level needs, so that none straddles a word) in a shared pool
// of words. A level is at most the stones withheld, so on Connect(6,2,3)'s 361 cells a
// zone takes 12 words instead of a 361-byte vector and its allocation (3.1 M of them).
struct PackedZone {
  uint64_t first_word = 0;
  uint32_t origin = 0;
  uint8_t bits = 0;
  bool from_text = false;
  bool used = false;
};

// The first record of a class of symmetric positions, and the symmetry that sends its
// position to the class's canonical one (its move carries over by it).
struct ClassRecord {
  uint32_t record = 0;
  uint16_t frame = 0;
  bool proven = false;  // the checker played the strategy out from this class (it fits in the padding)
};

// Whether opponent stones on `rest` are harmless to a sub-proof whose zones are `level`:
// they can be ordered s1, s2, ... with s_i outside zone i (each stone's first zone must
// come later than its place in the order, checked greedily).
bool irrelevant(const std::vector<Cell>& rest, const std::vector<uint8_t>& level);

// One strategy's entries, paired entries and zones, indexed by position.
template <int N>
class StrategyLookup {
 public:
  using Key = PackedPosition<N>;

  StrategyLookup(const Game& game, const CheckedSymmetries& symmetries, const Strategy& strategy)
      : game_(game), symmetries_(symmetries), strategy_(strategy) {}

  // Adds one entry; "" or its problem ("line 7: ..."). Symmetric copies may disagree, as
  // they do when a solver folds only part of the group into its keys: each is a sound
  // choice, and each serves its own position.
  std::string add(const StrategyEntry& e) {
    const std::size_t number = ++entries_;
    const bool from_text = e.source_line != 0;
    const std::size_t origin = from_text ? static_cast<std::size_t>(e.source_line) : number;
    const std::string at = entry_label(from_text, origin) + ": ";
    std::string problem = entry_problem(e);
    if (!problem.empty()) return at + problem;
    const Key exact = key_of<N>(e.owner);
    Turn move = e.move;
    std::sort(move.begin(), move.end());
    Key canonical;
    const std::size_t g = symmetries_.canonical(exact, canonical, cells());
    Lookup& lookup = e.given ? given_lookup_at(e.given) : lookup_at(e.withheld);
    // The first entry of a class is kept in the class table alone: the class's frame
    // tells its own position from the others (the least image is found the same way
    // each time, so a position reaches it by the class's frame only if it is the one the
    // entry was given for). Only later entries for other positions of the class, which
    // serve their own positions, take a slot in the table of positions too.
    if (const ClassRecord* first = lookup.classes.find(canonical)) {
      if (first->frame == g) return copy(first->record, exact, move, at);
      const auto [slot, fresh] = lookup.exact.insert(exact, static_cast<uint32_t>(records_.size()));
      if (!fresh) return copy(*slot, exact, move, at);
    } else {
      lookup.classes.insert(canonical, ClassRecord{static_cast<uint32_t>(records_.size()), static_cast<uint16_t>(g)});
    }
    EntryRecord record;
    record.move_at = static_cast<uint32_t>(moves_.size());
    record.move_size = static_cast<uint16_t>(move.size());
    record.origin = static_cast<uint32_t>(origin);
    record.from_text = from_text;
    record.copies = 1;
    for (Cell c : move) moves_.push_back(static_cast<uint16_t>(c));
    records_.push_back(record);
    if (line_short(e.owner, e.withheld - e.given)) wins_first_ = false;
    return "";
  }

  std::string add(const StrongerEntry& e) {
    const std::string at = e.source_line ? "line " + std::to_string(e.source_line) + ": " : "a stronger line: ";
    if (!strategy_.stronger_rule) return at + "stronger positions need the stronger rule";
    if (static_cast<int>(e.owner.size()) != cells()) return at + "wrong number of cells";
    for (int8_t o : e.owner)
      if (o != kNoPlayer && o != 0 && o != 1) return at + "a cell with an owner other than x, o or none";
    if (e.given > cells()) return at + "more stones given than the board has cells";
    const int turns = turns_to_reach(game_, e.owner, -e.given, 1 - strategy_.holder);
    if (turns < 0 || turns % 2 == strategy_.holder)
      return at + "a stronger position must stand where the opponent is to move";
    const int empty = static_cast<int>(std::count(e.owner.begin(), e.owner.end(), kNoPlayer));
    if (static_cast<int>(e.cells.size()) < std::min(empty, stones_on_turn(game_.rules, turns)))
      return at + "a stronger position must hold at least the opponent's turn";
    for (Cell c : e.cells)
      if (c < 0 || c >= cells() || e.owner[c] != kNoPlayer) return at + "a stronger position's cell is not empty";
    std::vector<Cell> set = e.cells;
    std::sort(set.begin(), set.end());
    if (std::adjacent_find(set.begin(), set.end()) != set.end()) return at + "a stronger position lists a cell twice";
    const Key exact = key_of<N>(e.owner);
    Lookup& lookup = stronger_lookup_at(e.given);
    const auto [slot, fresh] = lookup.exact.insert(exact, static_cast<uint32_t>(stronger_records_.size()));
    if (!fresh) {
      stronger_records_[*slot].sets.push_back(std::move(set));
      return "";
    }
    stronger_records_.push_back(StrongerRecord{{std::move(set)}, static_cast<uint32_t>(e.source_line), e.source_line != 0});
    Key canonical;
    const std::size_t g = symmetries_.canonical(exact, canonical, cells());
    lookup.classes.insert(canonical, ClassRecord{*slot, static_cast<uint16_t>(g)});
    return "";
  }

  std::string add(const ZoneEntry& e) {
    const std::string at = e.source_line ? "line " + std::to_string(e.source_line) + ": " : "a zone: ";
    if (!strategy_.zone_rule) return at + "zones need the zones rule";
    if (static_cast<int>(e.owner.size()) != cells() || static_cast<int>(e.level.size()) != cells())
      return at + "wrong number of cells";
    for (int8_t o : e.owner)
      if (o != kNoPlayer && o != 0 && o != 1) return at + "a cell with an owner other than x, o or none";
    if (e.withheld > cells()) return at + "more stones withheld than the board has cells";
    const int turns = turns_to_reach(game_, e.owner, e.withheld, 1 - strategy_.holder);
    if (e.withheld < 1 || turns < 0 || turns % 2 != strategy_.holder)
      return at + "a zone stands where the holder is to move after the opponent withheld stones";
    const Key exact = key_of<N>(e.owner);
    Lookup& lookup = zone_lookup_at(e.withheld);
    const auto [slot, fresh] = lookup.exact.insert(exact, static_cast<uint32_t>(zones_.size()));
    if (!fresh) return "";  // the first listing serves
    pack_zone(e);
    Key canonical;
    const std::size_t g = symmetries_.canonical(exact, canonical, cells());
    lookup.classes.insert(canonical, ClassRecord{*slot, static_cast<uint16_t>(g)});
    return "";
  }

  std::string add(const PairedEntry& e) {
    const std::string at = e.source_line ? "line " + std::to_string(e.source_line) + ": " : "a paired entry: ";
    if (static_cast<int>(e.owner.size()) != game_.cell_count()) return at + "wrong number of cells";
    for (int8_t o : e.owner)
      if (o != kNoPlayer && o != 0 && o != 1) return at + "a cell with an owner other than x, o or none";
    // Pairs hold at anyone's turn, so under the stronger rule they may stand where the
    // opponent was given stones too.
    if (!turn_due(game_, e.owner) && !strategy_.stronger_rule)
      return at + "no game reaches this many stones of each side";
    const Key exact = key_of<N>(e.owner);
    const auto [slot, fresh] = paired_.exact.insert(exact, static_cast<uint32_t>(paired_records_.size()));
    if (!fresh) return "";  // the first listing serves
    paired_records_.push_back(PairedRecord{e.pairs, e.source_line, false});
    Key canonical;
    const std::size_t g = symmetries_.canonical(exact, canonical, cells());
    paired_.classes.insert(canonical, ClassRecord{*slot, static_cast<uint16_t>(g)});
    return "";
  }

  // The entry's record for the position `path` (its key `exact`, its class `canonical`
  // reached by symmetry `frame`), its move put into `turn`: the position's own entry, or
  // the first of its class carried over. Null if none.
  // `carried`, if given, tells which of the two it was.
  EntryRecord* entry_for(const Position& path, const Key& exact, const Key& canonical, std::size_t frame,
                         Turn& turn, bool* carried = nullptr) {
    std::deque<Lookup>& by_count = path.given() ? given_lookup_ : lookup_;
    const int count = path.given() ? path.given() : path.withheld();
    if (count >= static_cast<int>(by_count.size())) return nullptr;
    Lookup& lookup = by_count[count];
    if (const uint32_t* index = lookup.exact.find(exact)) {
      turn = move_of(records_[*index]);
      if (carried) *carried = false;
      return &records_[*index];
    }
    if (const ClassRecord* first = lookup.classes.find(canonical)) {
      EntryRecord& record = records_[first->record];
      const bool other = first->frame != frame;  // another position of the class (add's note)
      turn = other ? mapped(mapped(move_of(record), symmetries_.map(first->frame)), symmetries_.inverse_map(frame))
                   : move_of(record);
      if (carried) *carried = other;
      return &record;
    }
    return nullptr;
  }

  // The class of entries of a position played to (no stones withheld), by its canonical
  // form: the checker marks it proven there instead of keeping the position in a set of
  // its own. Null if no entry lies in the class.
  ClassRecord* class_record(const Key& canonical) {
    return lookup_.empty() ? nullptr : lookup_.front().classes.find(canonical);
  }

  // The zone declared for the position `path` (its own, or its class's carried over),
  // marked used.
  std::optional<ZoneRecord> zone_for(const Position& path) {
    if (path.withheld() >= static_cast<int>(zone_lookup_.size())) return std::nullopt;
    Lookup& lookup = zone_lookup_[path.withheld()];
    const Key exact = key_of<N>(path);
    if (const uint32_t* index = lookup.exact.find(exact)) return unpack_zone(*index);
    Key canonical;
    const std::size_t frame = symmetries_.canonical(exact, canonical, cells());
    const ClassRecord* first = lookup.classes.find(canonical);
    if (!first) return std::nullopt;
    const ZoneRecord listed = unpack_zone(first->record);
    // Carried over by the symmetry: listed position -> canonical -> this one.
    const Permutation &to_canonical = symmetries_.map(first->frame), &to_here = symmetries_.inverse_map(frame);
    ZoneRecord carried = listed;
    for (Cell c = 0; c < cells(); ++c) carried.level[to_here[to_canonical[c]]] = listed.level[c];
    return carried;
  }

  // The stronger positions declared for the opponent's position `path` (key `exact`,
  // class `canonical` reached by `frame`): its own, or its class's carried over, marked
  // used. Empty if none.
  std::vector<std::vector<Cell>> stronger_for(const Position& path, const Key& exact, const Key& canonical,
                                              std::size_t frame) {
    if (path.given() >= static_cast<int>(stronger_lookup_.size())) return {};
    Lookup& lookup = stronger_lookup_[path.given()];
    if (const uint32_t* index = lookup.exact.find(exact)) {
      stronger_records_[*index].used = true;
      return stronger_records_[*index].sets;
    }
    const ClassRecord* first = lookup.classes.find(canonical);
    if (!first) return {};
    StrongerRecord& record = stronger_records_[first->record];
    record.used = true;
    std::vector<std::vector<Cell>> sets;
    for (const std::vector<Cell>& set : record.sets)
      sets.push_back(mapped(mapped(set, symmetries_.map(first->frame)), symmetries_.inverse_map(frame)));
    return sets;
  }

  // The paired entry for the position (its own, or its class's carried over, the pairs
  // put into `pairs`); null if none.
  PairedRecord* paired_for(const Key& exact, const Key& canonical, std::size_t frame,
                           std::vector<std::pair<Cell, Cell>>& pairs) {
    if (const uint32_t* index = paired_.exact.find(exact)) {
      pairs = paired_records_[*index].pairs;
      return &paired_records_[*index];
    }
    if (const ClassRecord* first = paired_.classes.find(canonical)) {
      PairedRecord& record = paired_records_[first->record];
      pairs = mapped(mapped(record.pairs, symmetries_.map(first->frame)), symmetries_.inverse_map(frame));
      return &record;
    }
    return nullptr;
  }

  bool has_paired() const { return !paired_records_.empty(); }
  // No entry stands where the holder could complete a line at once (the win-now
  // shortcut's condition, docs/certificates.md).
  bool wins_first() const { return wins_first_; }
  // Entries, paired entries and zones that no lookup used.
  std::size_t unreached() const {
    std::size_t n = 0;
    for (const EntryRecord& r : records_) n += r.used ? 0 : r.copies;
    for (const PairedRecord& r : paired_records_) n += !r.used;
    for (const PackedZone& z : zones_) n += !z.used;
    for (const StrongerRecord& r : stronger_records_) n += r.used ? 0 : r.sets.size();
    return n;
  }

 private:
  int cells() const { return game_.cell_count(); }

  // Another entry for the position of `index`'s: it must give the same move, up to the
  // position's own symmetries.
  std::string copy(uint32_t index, const Key& exact, const Turn& move, const std::string& at) {
    EntryRecord& first = records_[index];
    ++first.copies;
    if (equivalent_moves(exact, move_of(first), move)) return "";
    return at + "a different move for the position of " + entry_label(first.from_text, first.origin);
  }

  Turn move_of(const EntryRecord& record) const {
    Turn move(record.move_size);
    for (std::size_t i = 0; i < move.size(); ++i) move[i] = moves_[record.move_at + i];
    return move;
  }

  // Problems an entry shows on its own, before any play.
  std::string entry_problem(const StrategyEntry& e) const {
    const int n = game_.cell_count();
    if (static_cast<int>(e.owner.size()) != n) return "wrong number of cells";
    for (int8_t o : e.owner)
      if (o != kNoPlayer && o != 0 && o != 1) return "a cell with an owner other than x, o or none";
    if (e.withheld != 0 && !strategy_.zone_rule) return "stones withheld need the zones rule";
    if (e.given != 0 && !strategy_.stronger_rule) return "stones given need the stronger rule";
    if (e.withheld > n || e.given > n) return "more stones withheld or given than the board has cells";
    int fewest = 0, most = 0;  // the stones of the holder's turn here
    if (e.withheld != 0 || e.given != 0) {  // withheld stones count as placed, given ones as not
      const int turns = turns_to_reach(game_, e.owner, e.withheld - e.given, 1 - strategy_.holder);
      if (turns < 0) return "no game reaches this many stones of each side";
      if (turns % 2 != strategy_.holder) return "the holder is not the side to move in this position";
      const int empty = static_cast<int>(std::count(e.owner.begin(), e.owner.end(), kNoPlayer));
      fewest = most = std::min(empty, stones_on_turn(game_.rules, turns));
    } else {
      const std::optional<TurnDue> due = turn_due(game_, e.owner);
      if (!due) return "no game reaches this many stones of each side";
      if (due->player != strategy_.holder) return "the holder is not the side to move in this position";
      fewest = due->fewest, most = due->most;
    }
    std::vector<bool> seen(n, false);
    for (Cell c : e.move) {
      if (c < 0 || c >= n) return "a move off the board";
      if (e.owner[c] != kNoPlayer) return "a move onto a taken cell";
      if (seen[c]) return "the same cell twice in one move";
      seen[c] = true;
    }
    const int size = static_cast<int>(e.move.size());
    if (size < fewest || size > most)
      return std::string("the move places ") + std::to_string(e.move.size()) + " stone(s); this turn places " +
             (fewest == most ? std::to_string(most) : std::to_string(fewest) + " to " + std::to_string(most));
    return "";
  }

  // Two moves in one position are the same strategy if a symmetry fixing the position
  // carries one onto the other (a1 or c1 on an empty row).
  bool equivalent_moves(const Key& position, const Turn& a, const Turn& b) const {
    if (a == b) return true;
    Key image;
    for (std::size_t i = 1; i < symmetries_.size(); ++i) {
      const Permutation& map = symmetries_.map(i);
      for (Cell c = 0; c < cells(); ++c) image.set(map[c], position.at(c));
      if (image == position && mapped(a, map) == b) return true;
    }
    return false;
  }

  // True if the holder owns all of some line but at most his turn's stones' worth of
  // empty cells (an immediate win, gravity aside: an over-approximation, which only turns
  // the win-now shortcut off). `withheld`: the opponent's stones withheld less those given.
  bool line_short(const std::vector<int8_t>& owner, int withheld) const {
    int stones = std::max(game_.rules.stones_per_turn, game_.rules.first_turn_stones);
    if (withheld == 0) {
      if (const std::optional<TurnDue> due = turn_due(game_, owner)) stones = due->most;
    } else if (const int turns = turns_to_reach(game_, owner, withheld, 1 - strategy_.holder); turns >= 0) {
      stones = stones_on_turn(game_.rules, turns);
    }
    for (const Line& line : game_.lines) {
      int empty = 0, mine = 0;
      for (Cell c : line) empty += owner[c] == kNoPlayer, mine += owner[c] == strategy_.holder;
      if (empty >= 1 && empty <= stones && mine + empty == static_cast<int>(line.size())) return true;
    }
    return false;
  }

  struct Lookup {
    PositionTable<N, uint32_t> exact;       // position -> its record
    PositionTable<N, ClassRecord> classes;  // canonical position -> its first record
  };
  // The lookup of `by_count` for positions reached with `count` stones withheld (or given).
  static Lookup& at_count(std::deque<Lookup>& by_count, int count) {
    while (static_cast<int>(by_count.size()) <= count) by_count.emplace_back();
    return by_count[count];
  }
  Lookup& lookup_at(int withheld) { return at_count(lookup_, withheld); }
  Lookup& zone_lookup_at(int withheld) { return at_count(zone_lookup_, withheld); }
  Lookup& given_lookup_at(int given) { return at_count(given_lookup_, given); }
  Lookup& stronger_lookup_at(int given) { return at_count(stronger_lookup_, given); }

  const Game& game_;
  const CheckedSymmetries& symmetries_;
  const Strategy& strategy_;  // the header: holder, claim, rules
  std::deque<EntryRecord> records_;  // one per position with an entry
  std::deque<uint16_t> moves_;       // the records' cells
  std::deque<Lookup> lookup_;        // entries by the opponent's stones withheld on the way (0: as played)
  std::deque<Lookup> zone_lookup_;   // zones likewise
  std::deque<Lookup> given_lookup_;  // entries by the opponent's stones given on the way (index 0 unused)
  std::deque<Lookup> stronger_lookup_;  // stronger positions likewise (0: none given)
  std::deque<StrongerRecord> stronger_records_;
  std::deque<PackedZone> zones_;
  std::deque<uint64_t> zone_words_;  // the zones' levels, packed

  void pack_zone(const ZoneEntry& e) {
    const uint8_t highest = *std::max_element(e.level.begin(), e.level.end());
    const int bits = highest < 2 ? 1 : highest < 4 ? 2 : highest < 16 ? 4 : 8;
    zones_.push_back(PackedZone{zone_words_.size(), static_cast<uint32_t>(e.source_line),
                                static_cast<uint8_t>(bits), e.source_line != 0, false});
    const int per_word = 64 / bits;
    for (std::size_t c = 0; c < e.level.size(); c += per_word) {
      uint64_t word = 0;
      for (int i = 0; i < per_word && c + i < e.level.size(); ++i) word |= uint64_t{e.level[c + i]} << (i * bits);
      zone_words_.push_back(word);
    }
  }

  // The zone `index` as declared, marked used.
  ZoneRecord unpack_zone(uint32_t index) {
    PackedZone& z = zones_[index];
    z.used = true;
    ZoneRecord record{std::vector<uint8_t>(cells()), z.origin, z.from_text, true};
    const int per_word = 64 / z.bits;
    const uint64_t mask = (uint64_t{1} << z.bits) - 1;
    uint64_t word = 0;
    for (Cell c = 0; c < cells(); ++c, word >>= z.bits) {
      if (c % per_word == 0) word = zone_words_[z.first_word + c / per_word];
      record.level[c] = static_cast<uint8_t>(word & mask);
    }
    return record;
  }
  std::deque<PairedRecord> paired_records_;
  Lookup paired_;
  std::size_t entries_ = 0;  // entries added
  bool wins_first_ = true;   // no entry where the holder can win at once
};

}  // namespace kinrow
