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
#include "proof/forest_rule.h"
#include "proof/pairing_rule.h"
#include "proof/plan_checker.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <istream>
#include <memory>
#include <optional>
#include <set>

#include "core/error.h"
#include "core/notation.h"
#include "core/position.h"
#include "proof/packed_position.h"
#include "proof/position_table.h"

namespace kinrow {
namespace {

// Canonicalising costs group size x cells per position; beyond this many symmetries the
// checker keeps the first ones (the solver folds fewer still into its keys), which only
// merges fewer positions. Any subset that holds the identity is sound: two positions with
// the same least image are images of each other under a true symmetry.
constexpr std::size_t kMaxSymmetries = 4096;

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

// The position in entry notation (holder's stones unmarked), for error messages.
template <int N>
std::string board_text(const PackedPosition<N>& key, int cells) {
  std::string text(cells, '.');
  for (int c = 0; c < cells; ++c) text[c] = key.at(c) == 1 ? 'x' : key.at(c) == 2 ? 'o' : '.';
  return text;
}

// "" if `map` is a symmetry of the game's rules: a permutation sending lines onto lines,
// breaker-only cells onto breaker-only cells and, under gravity, the cell below a cell to
// the cell below its image.
std::string why_not_symmetry(const Game& game, const Permutation& map,
                             const std::set<Line>& lines) {
  const int n = game.cell_count();
  if (static_cast<int>(map.size()) != n) return "has the wrong number of cells";
  std::vector<bool> hit(n, false);
  for (Cell c : map) {
    if (c < 0 || c >= n || hit[c]) return "is not a permutation of the cells";
    hit[c] = true;
  }
  for (const Line& line : game.lines) {
    Line image;
    for (Cell c : line) image.push_back(map[c]);
    std::sort(image.begin(), image.end());
    if (!lines.count(image)) return "sends a line to a set that is not a line";
  }
  if (game.rules.gravity)
    for (Cell c = 0; c < n; ++c) {
      const Cell under = game.below[c];
      if (game.below[map[c]] != (under < 0 ? -1 : map[under]))
        return "does not keep which cell is below which";
    }
  for (Cell c : game.breaker_only)
    if (!std::binary_search(game.breaker_only.begin(), game.breaker_only.end(), map[c]))
      return "sends a breaker-only cell to one the maker may take";
  return "";
}

// The symmetries the checker canonicalises with, identity first, with their inverses.
class Symmetries {
 public:
  // problem() says which given map, if any, is not a symmetry of the game.
  Symmetries(const Game& game, const SymmetryGroup& group) {
    const int n = game.cell_count();
    Permutation identity(n);
    for (Cell c = 0; c < n; ++c) identity[c] = c;
    maps_.push_back(identity);
    const std::set<Line> lines(game.lines.begin(), game.lines.end());
    for (std::size_t i = 0; i < group.maps.size() && maps_.size() < kMaxSymmetries; ++i) {
      const Permutation& map = group.maps[i];
      const std::string why = why_not_symmetry(game, map, lines);
      if (!why.empty()) {
        problem_ = std::string("symmetry ") + std::to_string(i) + " of the group " + why;
        return;
      }
      if (map != identity) maps_.push_back(map);
    }
    for (const Permutation& map : maps_) inverses_.push_back(inverse(map));
  }

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

Turn mapped(const Turn& turn, const Permutation& map) {
  Turn image;
  for (Cell c : turn) image.push_back(map[c]);
  std::sort(image.begin(), image.end());
  return image;
}

// The turns played to reach a position with these stones, or -1 if no game does; with
// `withheld` stones of `short_player` withheld on the way (null and seminull moves),
// counted as if placed.
int turns_to_reach(const Game& game, const std::vector<int8_t>& owners, int withheld = 0, int short_player = 0) {
  int stones[2] = {0, 0};
  for (int8_t o : owners)
    if (o == 0 || o == 1) ++stones[o];
  stones[short_player] += withheld;
  int placed[2] = {0, 0};
  for (int turn = 0;; ++turn) {
    if (placed[0] == stones[0] && placed[1] == stones[1]) return turn;
    if (placed[0] > stones[0] || placed[1] > stones[1]) return -1;
    const int left = game.cell_count() - placed[0] - placed[1];
    const int stones_now = stones_on_turn(game.rules, turn);
    if (left == 0 || stones_now <= 0) return -1;  // (turns of no fixed size: see turn_due)
    placed[turn % 2] += std::min(stones_now, left);
  }
}

// "line 12" for an entry read from text, else "entry 3" (1-based, within its strategy).
std::string label(bool from_text, std::size_t number) {
  return std::string(from_text ? "line " : "entry ") + std::to_string(number);
}

// The holder's turn in one position, as the entries give it: a record of a few bytes,
// its cells in a shared pool, so that tens of millions of entries fit.
struct Record {
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

// The first record of a class of symmetric positions, and the symmetry that sends its
// position to the class's canonical one (its move carries over by it).
struct ClassRecord {
  uint32_t record = 0;
  uint16_t frame = 0;
};

std::vector<std::pair<Cell, Cell>> mapped(const std::vector<std::pair<Cell, Cell>>& pairs, const Permutation& map) {
  std::vector<std::pair<Cell, Cell>> image;
  for (const auto& [a, b] : pairs) image.emplace_back(map[a], map[b]);
  return image;
}

// What a sub-proof reads (the zones rule): per cell, the fewest extra stones of the
// opponent at which a stone there could spoil it (kUnread: never). This is the checker's
// own computation of a relevance zone, from the tree it walked: the holder's stones and
// the lines he completes at level 0; the opponent's lines free of the holder's stones
// that the extra stones and the turn to come could complete, from the level at which
// enough extra stones exist; every empty cell of a nearly full board. A nested sub-proof's
// levels count its own withheld stones too, so they drop by that many here.
constexpr uint8_t kUnread = 255;
using Reads = std::vector<uint8_t>;

void read_at(Reads& reads, Cell c, int level) {
  reads[c] = static_cast<uint8_t>(std::min<int>(reads[c], std::max(0, level)));
}

// A relevance zone as declared, and where.
struct ZoneRecord {
  std::vector<uint8_t> level;  // per cell: the first zone it lies in, 0 none
  uint32_t origin = 0;
  bool from_text = false;
  bool used = false;
};

// Whether opponent stones on `rest` are harmless to a sub-proof whose zones are `level`:
// they can be ordered s1, s2, ... with s_i outside zone i (each stone's first zone must
// come later than its place in the order, checked greedily).
bool irrelevant(const std::vector<Cell>& rest, const std::vector<uint8_t>& level) {
  std::vector<int> first;
  for (Cell c : rest) first.push_back(level[c] == 0 ? 1 << 20 : level[c]);
  std::sort(first.begin(), first.end());
  for (std::size_t i = 0; i < first.size(); ++i)
    if (first[i] <= static_cast<int>(i) + 1) return false;
  return true;
}

// One strategy's check, behind the width of its packed positions.
class StrategyCheck {
 public:
  virtual ~StrategyCheck() = default;
  // Adds an entry to the lookup: "" or its problem.
  virtual std::string add(const StrategyEntry& e) = 0;
  virtual std::string add(const PairedEntry& e) = 0;
  virtual std::string add(const ZoneEntry& e) = 0;
  // "" if the strategy keeps its claim from `start`, else the first problem.
  virtual std::string check(const Position& start) = 0;
  virtual std::size_t positions() const = 0;
  virtual std::size_t immediate_wins() const = 0;
  virtual std::size_t dead_ends() const = 0;
  virtual std::size_t paired_ends() const = 0;
  virtual std::size_t zone_answers() const = 0;
  virtual std::size_t forest_ends() const = 0;
  virtual std::size_t unreached() const = 0;
};

template <int N>
class StrategyChecker final : public StrategyCheck {
 public:
  using Key = PackedPosition<N>;

  StrategyChecker(const Game& game, const Symmetries& symmetries, const Strategy& strategy)
      : game_(game), symmetries_(symmetries), strategy_(strategy) {}

  // Adds one entry to the lookup; "" or its problem. An entry serves its own position;
  // a position with no entry of its own takes the first entry of its symmetry class, the
  // move carried over by the symmetry. (Symmetric copies may disagree, as they do when a
  // solver folds only part of the group into its keys: each is a sound choice.)
  std::string add(const StrategyEntry& e) override {
    const std::size_t number = ++entries_;
    const bool from_text = e.source_line != 0;
    const std::size_t origin = from_text ? static_cast<std::size_t>(e.source_line) : number;
    const std::string at = label(from_text, origin) + ": ";
    std::string problem = entry_problem(e);
    if (!problem.empty()) return at + problem;
    const Key exact = key_of<N>(e.owner);
    Turn move = e.move;
    std::sort(move.begin(), move.end());
    Lookup& lookup = lookup_at(e.withheld);
    const auto [slot, fresh] = lookup.exact.insert(exact, static_cast<uint32_t>(records_.size()));
    if (!fresh) {
      Record& first = records_[*slot];
      ++first.copies;
      if (equivalent_moves(exact, move_of(first), move)) return "";
      return at + "a different move for the position of " + label(first.from_text, first.origin);
    }
    Record record;
    record.move_at = static_cast<uint32_t>(moves_.size());
    record.move_size = static_cast<uint16_t>(move.size());
    record.origin = static_cast<uint32_t>(origin);
    record.from_text = from_text;
    record.copies = 1;
    for (Cell c : move) moves_.push_back(static_cast<uint16_t>(c));
    records_.push_back(record);
    Key canonical;
    const std::size_t g = symmetries_.canonical(exact, canonical, cells());
    lookup.classes.insert(canonical, ClassRecord{*slot, static_cast<uint16_t>(g)});
    if (line_short(e.owner, e.withheld)) wins_first_ = false;
    return "";
  }

  std::string add(const ZoneEntry& e) override {
    const std::string at = e.source_line ? "line " + std::to_string(e.source_line) + ": " : "a zone: ";
    if (!strategy_.zone_rule) return at + "zones need the zones rule";
    if (static_cast<int>(e.owner.size()) != cells() || static_cast<int>(e.level.size()) != cells())
      return at + "wrong number of cells";
    for (int8_t o : e.owner)
      if (o != kNoPlayer && o != 0 && o != 1) return at + "a cell with an owner other than x, o or none";
    const int turns = turns_to_reach(game_, e.owner, e.withheld, 1 - strategy_.holder);
    if (e.withheld < 1 || turns < 0 || turns % 2 != strategy_.holder)
      return at + "a zone stands where the holder is to move after the opponent withheld stones";
    const Key exact = key_of<N>(e.owner);
    ZoneLookup& lookup = zone_lookup_at(e.withheld);
    const auto [slot, fresh] = lookup.exact.insert(exact, static_cast<uint32_t>(zone_records_.size()));
    if (!fresh) return "";  // the first listing serves
    zone_records_.push_back(ZoneRecord{e.level, static_cast<uint32_t>(e.source_line), e.source_line != 0, false});
    Key canonical;
    const std::size_t g = symmetries_.canonical(exact, canonical, cells());
    lookup.classes.insert(canonical, ClassRecord{*slot, static_cast<uint16_t>(g)});
    return "";
  }

  std::string add(const PairedEntry& e) override {
    const std::string at = e.source_line ? "line " + std::to_string(e.source_line) + ": " : "a paired entry: ";
    if (static_cast<int>(e.owner.size()) != game_.cell_count()) return at + "wrong number of cells";
    for (int8_t o : e.owner)
      if (o != kNoPlayer && o != 0 && o != 1) return at + "a cell with an owner other than x, o or none";
    if (!turn_due(game_, e.owner)) return at + "no game reaches this many stones of each side";
    const Key exact = key_of<N>(e.owner);
    const auto [slot, fresh] = paired_exact_.insert(exact, static_cast<uint32_t>(paired_records_.size()));
    if (!fresh) return "";  // the first listing serves
    paired_records_.push_back(PairedRecord{e.pairs, e.source_line, false});
    Key canonical;
    const std::size_t g = symmetries_.canonical(exact, canonical, cells());
    paired_classes_.insert(canonical, ClassRecord{*slot, static_cast<uint16_t>(g)});
    return "";
  }

  std::string check(const Position& start) override {
    path_ = start;
    return visit();
  }

  std::size_t positions() const override { return proven_.size(); }
  std::size_t immediate_wins() const override { return immediate_wins_; }
  std::size_t dead_ends() const override { return dead_ends_; }
  std::size_t paired_ends() const override { return paired_ends_; }
  std::size_t zone_answers() const override { return zone_answers_; }
  std::size_t forest_ends() const override { return forest_ends_; }
  std::size_t unreached() const override {
    std::size_t n = 0;
    for (const Record& r : records_) n += r.used ? 0 : r.copies;
    for (const PairedRecord& r : paired_records_) n += !r.used;
    for (const ZoneRecord& r : zone_records_) n += !r.used;
    return n;
  }

 private:
  int cells() const { return game_.cell_count(); }

  Turn move_of(const Record& record) const {
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
    int fewest = 0, most = 0;  // the stones of the holder's turn here
    if (e.withheld != 0) {  // a sub-proof's position: the withheld stones count as placed
      const int turns = turns_to_reach(game_, e.owner, e.withheld, 1 - strategy_.holder);
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

  std::string moves_so_far() const {
    const std::string text = format_turns(game_, path_.history());
    return text.empty() ? std::string("the empty board") : std::string("\"") + text + "\"";
  }

  std::string leaf() const {
    const int winner = path_.winner();
    if (winner == strategy_.holder) return "";
    if (winner == kNoPlayer && strategy_.claim == Claim::NotLose) return "";
    return std::string("the holder ") + (winner == kNoPlayer ? "only draws" : "loses") + " after " +
           moves_so_far();
  }

  // A legal turn that ends the game at once with the holder winning, if any.
  bool find_winning_turn(Turn& out) {
    for (const Turn& turn : path_.legal_turns()) {
      path_.play(turn);
      const bool wins = path_.winner() == strategy_.holder;
      path_.undo();
      if (wins) {
        out = turn;
        return true;
      }
    }
    return false;
  }

  // True if the holder owns all of some line but at most his turn's stones' worth of
  // empty cells (an immediate win, gravity aside: an over-approximation, which only turns
  // the shortcut below off).
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

  // The shortcut for the win-now rule when no entry stands at a position with an
  // immediate win (`wins_first_`): then no position with an immediate win has an entry of
  // its own or in its class (symmetric positions share the immediate win), so the rule
  // plays there — and the win can be found by reading the lines and confirmed by the
  // reference rules before any canonical form is built. A strategy dictionary played out
  // (Qubic: 92 M such game ends) spends most of its time here. With several stones a
  // turn the turn is the line's empty cells and, if the turn places more, the lowest
  // other empty cells (listing every turn of two stones on 19x19 would take 64,980).
  bool wins_at_once(Turn& out) {
    if (!wins_first_ || !strategy_.win_now_rule) return false;
    const int stones = path_.stones_this_turn();
    Turn& turn = scratch_turn_;  // reused: this runs at every game end (Qubic: 100 M)
    for (const Line& line : game_.lines) {
      turn.clear();
      bool open = true;
      for (Cell c : line) {
        const int owner = path_.owner(c);
        if (owner == strategy_.holder) continue;
        if (owner != kNoPlayer || static_cast<int>(turn.size()) == stones) {
          open = false;
          break;
        }
        turn.push_back(c);
      }
      if (!open || turn.empty()) continue;
      for (Cell c = 0; c < game_.cell_count() && static_cast<int>(turn.size()) < stones; ++c)
        if (path_.owner(c) == kNoPlayer && std::find(turn.begin(), turn.end(), c) == turn.end()) turn.push_back(c);
      std::sort(turn.begin(), turn.end());
      if (!path_.why_illegal(turn).empty()) continue;
      path_.play(turn);
      const bool wins = path_.winner() == strategy_.holder;
      path_.undo();
      if (wins) {
        out = turn;
        return true;
      }
    }
    return false;
  }

  // True if the claim can no longer fail, read from the lines: every line the opponent
  // needs already holds a stone that spoils it. Normal play: the opponent can complete no
  // line of his, so a not-lose claim holds. Misère: the holder can complete none of his,
  // so the opponent cannot win. Maker-breaker with the breaker holding: the maker can
  // complete nothing and the full board is the breaker's, so even a win holds.
  bool claim_settled_by_lines() const {
    const Goal goal = game_.rules.goal;
    const int holder = strategy_.holder, opponent = 1 - holder;
    int spoiler;  // whose stone on a line makes it harmless to the holder
    if (goal == Goal::MakerBreaker) {
      if (holder != 1) return false;
      spoiler = holder;
    } else {
      if (strategy_.claim != Claim::NotLose) return false;
      spoiler = goal == Goal::Misere ? opponent : holder;
    }
    for (const Line& line : game_.lines)
      if (std::none_of(line.begin(), line.end(), [&](Cell c) { return path_.owner(c) == spoiler; }))
        return false;
    return true;
  }

  // True if the opponent can complete no line because the holder pairs them all
  // (proof/pairing_rule.h): a not-lose claim in normal play, a breaker's win.
  bool claim_settled_by_pairing() const {
    if (!strategy_.pairing_rule || !pairing_rule_applies(game_.rules)) return false;
    const bool breaker = game_.rules.goal == Goal::MakerBreaker;
    if (breaker ? strategy_.holder != 1 : strategy_.claim != Claim::NotLose) return false;
    return opponent_lines_paired(path_, strategy_.holder);
  }

  // A paired entry for the position (its own, or its class's carried over): sets `ended`
  // if its pairs hold every line the opponent could still complete; a problem if they
  // do not, or if the rules leave no room for pairings.
  std::string listed_pairs_hold(const Key& exact, const Key& canonical, std::size_t frame, bool& ended) {
    std::vector<std::pair<Cell, Cell>> pairs;
    PairedRecord* record = nullptr;
    if (const uint32_t* index = paired_exact_.find(exact)) {
      record = &paired_records_[*index];
      pairs = record->pairs;
    } else if (const ClassRecord* first = paired_classes_.find(canonical)) {
      record = &paired_records_[first->record];
      pairs = mapped(mapped(record->pairs, symmetries_.map(first->frame)), symmetries_.inverse_map(frame));
    } else {
      return "";
    }
    record->used = true;
    const std::string at = record->line ? "line " + std::to_string(record->line) + ": " : "a paired entry: ";
    const bool breaker = game_.rules.goal == Goal::MakerBreaker;
    if (!strategy_.pairing_rule || !pairing_rule_applies(game_.rules) ||
        (breaker ? strategy_.holder != 1 : strategy_.claim != Claim::NotLose))
      return at + "pairs end play only under the pairs rule, for a not-lose claim or the breaker, " +
             "one stone a turn, without gravity or misere";
    const std::string problem = pairs_problem(path_, strategy_.holder, pairs);
    if (!problem.empty()) return at + "the pairs do not hold after " + moves_so_far() + ": " + problem;
    ended = true;
    return "";
  }

  // The entry's record for the position, its move put into `turn`; null if none.
  Record* entry_for(const Key& exact, const Key& canonical, std::size_t frame, Turn& turn) {
    if (path_.withheld() >= static_cast<int>(lookup_.size())) return nullptr;
    Lookup& lookup = lookup_[path_.withheld()];
    if (const uint32_t* index = lookup.exact.find(exact)) {
      turn = move_of(records_[*index]);
      return &records_[*index];
    }
    if (const ClassRecord* first = lookup.classes.find(canonical)) {
      Record& record = records_[first->record];
      turn = mapped(mapped(move_of(record), symmetries_.map(first->frame)), symmetries_.inverse_map(frame));
      return &record;
    }
    return nullptr;
  }

  std::string holder_turn(const Key& exact, const Key& canonical, std::size_t frame, Turn& turn, bool& by_rule) {
    by_rule = false;
    if (Record* record = entry_for(exact, canonical, frame, turn)) {
      record->used = true;
      const std::string why = path_.why_illegal(turn);
      if (why.empty()) return "";
      const std::string line = record->from_text ? label(true, record->origin) + ": " : "";
      return line + "the move " + format_turn(game_, turn) + " is illegal after " + moves_so_far() +
             " (" + why + ")";
    }
    if (strategy_.win_now_rule && find_winning_turn(turn)) return by_rule = true, "";
    return std::string("gap: no entry for the position after ") + moves_so_far() + " (" +
           board_text(exact, cells()) + ", " + (strategy_.holder == 0 ? "first" : "second") + " player to move" +
           (path_.withheld() ? ", " + std::to_string(path_.withheld()) + " of the opponent's stones withheld" : "") + ")";
  }

  // Plays on from the position on `path_`. In a sub-proof (`reads` given: the opponent
  // has withheld stones) it also collects what the holder's win there reads.
  std::string visit(Reads* reads = nullptr) {
    if (path_.over()) return leaf();
    if (!reads) {
      if (claim_settled_by_lines()) return ++dead_ends_, "";
      if (claim_settled_by_pairing()) return ++paired_ends_, "";
      if (strategy_.forest_rule && strategy_.holder == 1 && breaker_holds_by_forest(path_)) return ++forest_ends_, "";
    }
    const bool holder_moves = path_.to_move() == strategy_.holder;
    if (holder_moves) {
      Turn win;
      if (wins_at_once(win)) {
        if (reads) read_node(*reads, true);
        return ++immediate_wins_, "";
      }
    }
    const Key exact = key_of<N>(path_);
    Key canonical;
    const std::size_t frame = symmetries_.canonical(exact, canonical, cells());
    if (!reads) {
      if (proven_.contains(canonical)) return "";
    } else {
      // A sub-proof position met before (with as many stones withheld): what it read.
      const uint32_t* memo = read_memo_at(path_.withheld()).insert(exact, kNoReads).first;
      if (*memo != kNoReads) {
        const Reads& known = sub_reads_[*memo];
        for (Cell c = 0; c < cells(); ++c) reads->at(c) = std::min(reads->at(c), known[c]);
        return "";
      }
    }
    if (!reads && !paired_records_.empty()) {
      bool ended = false;
      const std::string problem = listed_pairs_hold(exact, canonical, frame, ended);
      if (!problem.empty()) return problem;
      if (ended) return ++paired_ends_, "";
    }

    Reads here;
    if (reads) here.assign(cells(), kUnread);
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
      problem = visit(reads ? &here : nullptr);
      path_.undo();
      if (!problem.empty()) return problem;
    } else if (answers_by_zones()) {
      std::vector<Cell> placed;
      std::vector<Answering> answering;
      std::vector<std::vector<Cell>> seen;
      const std::string problem = answer(placed, answering, seen, reads ? &here : nullptr);
      if (!problem.empty()) return problem;
    } else {
      for (const Turn& reply : path_.legal_turns()) {
        path_.play(reply);
        const std::string problem = visit(reads ? &here : nullptr);
        path_.undo();
        if (!problem.empty()) return problem;
      }
    }
    if (!reads) {
      proven_.insert(canonical, NoValue{});
      return "";
    }
    read_node(here, false);
    *read_memo_at(path_.withheld()).find(exact) = static_cast<uint32_t>(sub_reads_.size());
    sub_reads_.push_back(here);
    for (Cell c = 0; c < cells(); ++c) reads->at(c) = std::min(reads->at(c), here[c]);
    return "";
  }

  // The zones rule applies at the opponent's turns of a win where completing a line wins.
  bool answers_by_zones() const {
    return strategy_.zone_rule && strategy_.claim == Claim::Win && !game_.rules.gravity &&
           !breaker_answers_in_kind(game_.rules) &&
           game_.rules.goal != Goal::Misere && !(game_.rules.goal == Goal::MakerBreaker && strategy_.holder == 1);
  }

  // A partial turn of the opponent whose zone answers the turns that add irrelevant stones.
  struct Answering {
    std::vector<Cell> placed;
    ZoneRecord zone;
  };

  // The opponent's turn, stone by stone: with `placed` down and the rest withheld, a zone
  // declared there (its sub-proof checked, its cells verified) answers every turn whose
  // other stones are irrelevant to it, and only the stones inside it are tried further;
  // without one, every stone is. A whole turn no zone on the way answers is played.
  std::string answer(std::vector<Cell>& placed, std::vector<Answering>& answering,
                     std::vector<std::vector<Cell>>& seen, Reads* reads) {
    const int turn = path_.stones_this_turn();
    if (static_cast<int>(placed.size()) == turn) {
      for (const Answering& a : answering) {
        std::vector<Cell> rest;
        for (Cell c : placed)
          if (std::find(a.placed.begin(), a.placed.end(), c) == a.placed.end()) rest.push_back(c);
        if (irrelevant(rest, a.zone.level)) return "";
      }
      Turn whole = placed;
      std::sort(whole.begin(), whole.end());
      path_.play(whole);
      const std::string problem = visit(reads);
      path_.undo();
      return problem;
    }
    const int withheld = turn - static_cast<int>(placed.size());
    Turn partial = placed;
    std::sort(partial.begin(), partial.end());
    path_.play_withheld(partial);
    const std::optional<ZoneRecord> zone = zone_here();
    std::string problem;
    if (zone) {
      ++zone_answers_;
      Reads sub(cells(), kUnread);
      problem = visit(&sub);
      if (problem.empty()) problem = zone_problem(*zone, sub, withheld);
      if (problem.empty() && reads)
        for (Cell c = 0; c < cells(); ++c)
          if (sub[c] != kUnread) read_at(*reads, c, sub[c] - withheld);
    }
    path_.undo();
    if (!problem.empty()) return problem;
    if (zone) answering.push_back({placed, *zone});
    for (Cell c = 0; c < cells() && problem.empty(); ++c) {
      if (path_.owner(c) != kNoPlayer || std::find(placed.begin(), placed.end(), c) != placed.end()) continue;
      if (zone && (zone->level[c] == 0 || zone->level[c] > withheld)) continue;
      placed.push_back(c);
      std::vector<Cell> set = placed;
      std::sort(set.begin(), set.end());
      if (std::find(seen.begin(), seen.end(), set) == seen.end()) {
        seen.push_back(set);
        problem = answer(placed, answering, seen, reads);
      }
      placed.pop_back();
    }
    if (zone) answering.pop_back();
    return problem;
  }

  // The zone declared for the position on `path_` (its own, or its class's carried over).
  std::optional<ZoneRecord> zone_here() {
    if (path_.withheld() >= static_cast<int>(zone_lookup_.size())) return std::nullopt;
    ZoneLookup& lookup = zone_lookup_[path_.withheld()];
    const Key exact = key_of<N>(path_);
    if (const uint32_t* index = lookup.exact.find(exact)) {
      zone_records_[*index].used = true;
      return zone_records_[*index];
    }
    Key canonical;
    const std::size_t frame = symmetries_.canonical(exact, canonical, cells());
    const ClassRecord* first = lookup.classes.find(canonical);
    if (!first) return std::nullopt;
    ZoneRecord& listed = zone_records_[first->record];
    listed.used = true;
    // Carried over by the symmetry: listed position -> canonical -> this one.
    const Permutation &to_canonical = symmetries_.map(first->frame), &to_here = symmetries_.inverse_map(frame);
    ZoneRecord carried = listed;
    for (Cell c = 0; c < cells(); ++c) carried.level[to_here[to_canonical[c]]] = listed.level[c];
    return carried;
  }

  // "" if the declared zone holds what the sub-proof reads, for every number of withheld
  // stones up to `withheld`; else the first cell it misses.
  std::string zone_problem(const ZoneRecord& zone, const Reads& sub, int withheld) const {
    for (Cell c = 0; c < cells(); ++c) {
      if (sub[c] > withheld) continue;
      const int needed = std::max<int>(1, sub[c]);
      if (zone.level[c] != 0 && zone.level[c] <= needed) continue;
      const std::string where = zone.from_text ? label(true, zone.origin) + ": " : "";
      return where + "the zone after " + moves_so_far() + " misses " + format_cell(game_, c) +
             ", which the sub-proof reads from " + std::to_string(needed) + " withheld stone(s) on";
    }
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
  }

  const Game& game_;
  const Symmetries& symmetries_;
  const Strategy& strategy_;  // the header: holder, claim, rules
  std::deque<Record> records_;                           // one per position with an entry
  std::deque<uint16_t> moves_;                           // the records' cells
  // Entries by the opponent's stones withheld on the way (0: the game as played).
  struct Lookup {
    PositionTable<N, uint32_t> exact;       // position -> its record
    PositionTable<N, ClassRecord> classes;  // canonical position -> its first record
  };
  std::deque<Lookup> lookup_;
  Lookup& lookup_at(int withheld) {
    while (static_cast<int>(lookup_.size()) <= withheld) lookup_.emplace_back();
    return lookup_[withheld];
  }
  // Zones likewise, and what each sub-proof position read (kNoReads: being walked).
  struct ZoneLookup {
    PositionTable<N, uint32_t> exact;
    PositionTable<N, ClassRecord> classes;
  };
  std::deque<ZoneLookup> zone_lookup_;
  ZoneLookup& zone_lookup_at(int withheld) {
    while (static_cast<int>(zone_lookup_.size()) <= withheld) zone_lookup_.emplace_back();
    return zone_lookup_[withheld];
  }
  std::deque<ZoneRecord> zone_records_;
  static constexpr uint32_t kNoReads = UINT32_MAX;
  std::deque<PositionTable<N, uint32_t>> read_memo_;
  PositionTable<N, uint32_t>& read_memo_at(int withheld) {
    while (static_cast<int>(read_memo_.size()) <= withheld) read_memo_.emplace_back();
    return read_memo_[withheld];
  }
  std::deque<Reads> sub_reads_;
  std::deque<PairedRecord> paired_records_;
  PositionTable<N, uint32_t> paired_exact_;              // position -> its listed pairs
  PositionTable<N, ClassRecord> paired_classes_;         // canonical position -> the first listing
  PositionTable<N, NoValue> proven_;                     // canonical positions from which the claim holds
  std::size_t entries_ = 0;                              // entries added
  bool wins_first_ = true;                               // no entry where the holder can win at once
  std::size_t immediate_wins_ = 0;                       // game ends by the shortcut (not deduplicated)
  std::size_t dead_ends_ = 0;                            // positions settled by claim_settled_by_lines
  std::size_t paired_ends_ = 0;                          // positions settled by pairings: the rule's or listed
  std::size_t zone_answers_ = 0;                         // sub-proofs whose zones answered turns
  std::size_t forest_ends_ = 0;                          // positions settled by the forest rule
  Position path_{game_};
  Turn scratch_turn_;                                    // wins_at_once's turn being built
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
  CertificateCheck(const Game& game, const SymmetryGroup& symmetry) : game_(game), symmetry_(symmetry) {}

  bool begin(const std::string& spec, const std::string& start) override {
    if (spec != game_.spec) return fail(std::string("the certificate is for ") + spec + ", not " + game_.spec);
    try {
      start_.emplace(play_moves(game_, start));
    } catch (const InputError& e) {
      return fail(std::string("start: ") + e.what());
    }
    symmetries_.emplace(game_, symmetry_);
    if (!symmetries_->problem().empty()) return fail(symmetries_->problem());
    return true;
  }

  bool strategy(const Strategy& header) override {
    const std::string problem = structure_problem(headers_.data(), headers_.data() + headers_.size(), header);
    if (!problem.empty()) return fail(problem);
    if (!finish_strategy()) return false;
    headers_.push_back(header);
    const Strategy& strategy = headers_.back();
    if (strategy.plan) {
      std::size_t coverings = 0;
      const std::string why = check_plan_strategy(game_, *start_, strategy, &coverings);
      report_.positions_checked += 1 + coverings;
      if (!why.empty()) return fail(holder_name(strategy) + " player's matching plan: " + why);
      return true;
    }
    if (strategy.zone_rule &&
        (strategy.claim != Claim::Win || game_.rules.gravity || game_.rules.goal == Goal::Misere ||
         (game_.rules.goal == Goal::MakerBreaker && strategy.holder == 1)))
      return fail(holder_name(strategy) + " player's strategy: zones serve wins where completing a line wins " +
                  "(not under gravity or misere rules, not the breaker's)");
    checker_ = make_checker(strategy);
    if (!checker_) return fail("the checker keeps positions of at most 2,048 cells");
    return true;
  }

  // Entries of a matching strategy (which the text form cannot hold) are ignored, as
  // the plan alone is checked.
  bool entry(const StrategyEntry& e) override {
    ++report_.entries;
    return !checker_ || added(checker_->add(e));
  }

  bool paired(const PairedEntry& e) override {
    ++report_.entries;
    return !checker_ || added(checker_->add(e));
  }

  bool zone(const ZoneEntry& e) override {
    ++report_.entries;
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

  bool added(const std::string& problem) {
    return problem.empty() || fail(holder_name(headers_.back()) + " player's strategy: " + problem);
  }

  std::unique_ptr<StrategyCheck> make_checker(const Strategy& strategy) const {
    switch (packed_words(game_.cell_count())) {
      case 1: return std::make_unique<StrategyChecker<1>>(game_, *symmetries_, strategy);
      case 2: return std::make_unique<StrategyChecker<2>>(game_, *symmetries_, strategy);
      case 4: return std::make_unique<StrategyChecker<4>>(game_, *symmetries_, strategy);
      case 8: return std::make_unique<StrategyChecker<8>>(game_, *symmetries_, strategy);
      case 16: return std::make_unique<StrategyChecker<16>>(game_, *symmetries_, strategy);
      case 32: return std::make_unique<StrategyChecker<32>>(game_, *symmetries_, strategy);
      case 64: return std::make_unique<StrategyChecker<64>>(game_, *symmetries_, strategy);
      default: return nullptr;
    }
  }

  // Plays out the strategy whose entries were last added, and lets its lookup go.
  bool finish_strategy() {
    if (!checker_) return true;
    const std::unique_ptr<StrategyCheck> checker = std::move(checker_);
    const std::string problem = checker->check(*start_);
    report_.positions_checked += checker->positions();
    report_.immediate_wins += checker->immediate_wins();
    report_.dead_ends += checker->dead_ends();
    report_.paired_ends += checker->paired_ends();
    report_.zone_answers += checker->zone_answers();
    report_.forest_ends += checker->forest_ends();
    if (!problem.empty()) return fail(holder_name(headers_.back()) + " player's strategy: " + problem);
    report_.entries_unreached += checker->unreached();
    return true;
  }

  const Game& game_;
  const SymmetryGroup& symmetry_;
  std::optional<Position> start_;
  std::optional<Symmetries> symmetries_;
  std::vector<Strategy> headers_;  // the strategies begun (headers only)
  std::unique_ptr<StrategyCheck> checker_;
  CheckReport report_;
};

}  // namespace

CheckReport check_certificate(const Game& game, const Certificate& certificate) {
  return check_certificate(game, certificate, automorphisms(game, kMaxSymmetries));
}

CheckReport check_certificate(const Game& game, const Certificate& certificate,
                              const SymmetryGroup& symmetry) {
  // A certificate in memory is judged whole first: the game, and which strategies may
  // stand together, before any is played out.
  CheckReport report;
  for (const Strategy& s : certificate.strategies) report.entries += s.entries.size() + s.paired.size();
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
  CertificateCheck check(game, symmetry);
  send_certificate(certificate, check);
  const std::size_t entries = report.entries;
  report = check.report();
  report.entries = entries;
  return report;
}

CheckReport check_certificate(const Game& game, std::istream& in) {
  return check_certificate(game, in, automorphisms(game, kMaxSymmetries));
}

CheckReport check_certificate(const Game& game, std::istream& in, const SymmetryGroup& symmetry) {
  CertificateCheck check(game, symmetry);
  read_certificate(in, game, check);
  return check.report();
}

}  // namespace kinrow
