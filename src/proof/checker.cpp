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
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "core/error.h"
#include "core/notation.h"
#include "core/position.h"

namespace kinrow {
namespace {

// Canonicalising costs group size x cells per position; beyond this many symmetries the
// checker keeps the first ones (the solver folds fewer still into its keys), which only
// merges fewer positions. Any subset that holds the identity is sound: two positions with
// the same least image are images of each other under a true symmetry.
constexpr std::size_t kMaxSymmetries = 4096;

// A position as one byte per cell (owner + 1), so the least image is the least owner
// vector and keys hash and compare cheaply.
using Key = std::string;

Key key_of(const std::vector<int8_t>& owners) {
  Key key(owners.size(), 0);
  for (std::size_t c = 0; c < owners.size(); ++c) key[c] = static_cast<char>(owners[c] + 1);
  return key;
}

Key key_of(const Position& position) {
  Key key(position.game().cell_count(), 0);
  for (Cell c = 0; c < position.game().cell_count(); ++c)
    key[c] = static_cast<char>(position.owner(c) + 1);
  return key;
}

// The position in entry notation (holder's stones unmarked), for error messages.
std::string board_text(const Key& key) {
  std::string text(key.size(), '.');
  for (std::size_t c = 0; c < key.size(); ++c)
    text[c] = key[c] == 1 ? 'x' : key[c] == 2 ? 'o' : '.';
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

  // The least image of `key` into `best`; returns the index of a map reaching it. The
  // image of map g has key[g^-1(j)] at cell j, so each candidate is compared cell by cell
  // and most stop at the first difference.
  std::size_t canonical(const Key& key, Key& best) const {
    best = key;
    std::size_t chosen = 0;
    const std::size_t n = key.size();
    for (std::size_t i = 1; i < inverses_.size(); ++i) {
      const Permutation& from = inverses_[i];
      std::size_t j = 0;
      while (j < n && key[from[j]] == best[j]) ++j;
      if (j == n || key[from[j]] > best[j]) continue;
      for (; j < n; ++j) best[j] = key[from[j]];
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

// "line 12" for an entry read from text, else "entry 3" (1-based, within its strategy).
std::string label(const StrategyEntry& entry, std::size_t index) {
  return entry.source_line ? std::string("line ") + std::to_string(entry.source_line)
                           : std::string("entry ") + std::to_string(index + 1);
}

std::string where(const StrategyEntry& entry, std::size_t index) {
  return label(entry, index) + ": ";
}

// The holder's turn in one position, as the entries give it.
struct Record {
  Turn move;  // sorted
  int line = 0;
  std::size_t index = 0;  // of the first entry giving it
  bool used = false;
};

// A paired entry's pairs, and where they came from.
struct PairedRecord {
  std::vector<std::pair<Cell, Cell>> pairs;
  int line = 0;
  bool used = false;
};

// The move of a class of symmetric positions: the first entry's, in the canonical frame.
struct ClassMove {
  Turn move;
  Record* record;
};

// The pairs of a class of symmetric positions: the first listing's, in the canonical frame.
struct ClassPairs {
  std::vector<std::pair<Cell, Cell>> pairs;
  PairedRecord* record;
};

std::vector<std::pair<Cell, Cell>> mapped(const std::vector<std::pair<Cell, Cell>>& pairs, const Permutation& map) {
  std::vector<std::pair<Cell, Cell>> image;
  for (const auto& [a, b] : pairs) image.emplace_back(map[a], map[b]);
  return image;
}

class StrategyChecker {
 public:
  StrategyChecker(const Game& game, const Symmetries& symmetries, const Strategy& strategy)
      : game_(game), symmetries_(symmetries), strategy_(strategy) {}

  // Builds the lookup; "" or the first problem with an entry. An entry serves its own
  // position; a position with no entry of its own takes the first entry of its symmetry
  // class, the move carried over by the symmetry. (Symmetric copies may disagree, as they
  // do when a solver folds only part of the group into its keys: each is a sound choice.)
  std::string index() {
    Key canonical;
    for (std::size_t i = 0; i < strategy_.entries.size(); ++i) {
      const StrategyEntry& e = strategy_.entries[i];
      std::string problem = entry_problem(e);
      if (!problem.empty()) return where(e, i) + problem;
      const Key exact = key_of(e.owner);
      Turn move = e.move;
      std::sort(move.begin(), move.end());
      const auto [it, fresh] = exact_.emplace(exact, Record{move, e.source_line, i, false});
      entry_record_.push_back(&it->second);
      if (!fresh) {
        if (equivalent_moves(exact, it->second.move, move)) continue;
        const StrategyEntry& first = strategy_.entries[it->second.index];
        return where(e, i) + "a different move for the position of " +
               label(first, it->second.index);
      }
      const std::size_t g = symmetries_.canonical(exact, canonical);
      classes_.emplace(canonical, ClassMove{mapped(move, symmetries_.map(g)), &it->second});
      if (line_short(e.owner)) wins_first_ = false;
    }
    for (const PairedEntry& e : strategy_.paired) {
      const std::string at = e.source_line ? "line " + std::to_string(e.source_line) + ": " : "a paired entry: ";
      if (static_cast<int>(e.owner.size()) != game_.cell_count()) return at + "wrong number of cells";
      if (!turn_due(game_, e.owner)) return at + "no game reaches this many stones of each side";
      const Key exact = key_of(e.owner);
      const auto [it, fresh] = paired_exact_.emplace(exact, PairedRecord{e.pairs, e.source_line, false});
      if (!fresh) continue;  // the first listing serves
      const std::size_t g = symmetries_.canonical(exact, canonical);
      paired_classes_.emplace(canonical, ClassPairs{mapped(e.pairs, symmetries_.map(g)), &it->second});
    }
    return "";
  }

  // "" if the strategy keeps its claim from `start`, else the first problem.
  std::string check(const Position& start) {
    path_ = start;
    return visit();
  }

  std::size_t positions() const { return proven_.size(); }
  std::size_t immediate_wins() const { return immediate_wins_; }
  std::size_t dead_ends() const { return dead_ends_; }
  std::size_t paired_ends() const { return paired_ends_; }
  std::size_t forest_ends() const { return forest_ends_; }
  std::size_t unreached() const {
    std::size_t n = 0;
    for (const Record* r : entry_record_) n += !r->used;
    for (const auto& [key, record] : paired_exact_) n += !record.used;
    return n;
  }

 private:
  // Problems an entry shows on its own, before any play.
  std::string entry_problem(const StrategyEntry& e) const {
    const int n = game_.cell_count();
    if (static_cast<int>(e.owner.size()) != n) return "wrong number of cells";
    for (int8_t o : e.owner)
      if (o != kNoPlayer && o != 0 && o != 1) return "a cell with an owner other than x, o or none";
    const std::optional<TurnDue> due = turn_due(game_, e.owner);
    if (!due) return "no game reaches this many stones of each side";
    if (due->player != strategy_.holder) return "the holder is not the side to move in this position";
    std::vector<bool> seen(n, false);
    for (Cell c : e.move) {
      if (c < 0 || c >= n) return "a move off the board";
      if (e.owner[c] != kNoPlayer) return "a move onto a taken cell";
      if (seen[c]) return "the same cell twice in one move";
      seen[c] = true;
    }
    const int size = static_cast<int>(e.move.size());
    if (size < due->fewest || size > due->most)
      return std::string("the move places ") + std::to_string(e.move.size()) + " stone(s); this turn places " +
             (due->fewest == due->most ? std::to_string(due->most)
                                       : std::to_string(due->fewest) + " to " + std::to_string(due->most));
    return "";
  }

  // Two moves in one position are the same strategy if a symmetry fixing the position
  // carries one onto the other (a1 or c1 on an empty row).
  bool equivalent_moves(const Key& position, const Turn& a, const Turn& b) const {
    if (a == b) return true;
    Key image(position.size(), 0);
    for (std::size_t i = 1; i < symmetries_.size(); ++i) {
      const Permutation& map = symmetries_.map(i);
      for (std::size_t c = 0; c < position.size(); ++c) image[map[c]] = position[c];
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

  // True if the holder owns all of some line but at most a turn's stones' worth of empty
  // cells (an immediate win, gravity aside: an over-approximation, which only turns the
  // shortcut below off).
  bool line_short(const std::vector<int8_t>& owner) const {
    const int stones = std::max(game_.rules.stones_per_turn, game_.rules.first_turn_stones);
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
    if (const auto it = paired_exact_.find(exact); it != paired_exact_.end()) {
      record = &it->second;
      pairs = record->pairs;
    } else if (const auto it = paired_classes_.find(canonical); it != paired_classes_.end()) {
      record = it->second.record;
      pairs = mapped(it->second.pairs, symmetries_.inverse_map(frame));
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
    if (const auto it = exact_.find(exact); it != exact_.end()) {
      turn = it->second.move;
      return &it->second;
    }
    if (const auto it = classes_.find(canonical); it != classes_.end()) {
      turn = mapped(it->second.move, symmetries_.inverse_map(frame));
      return it->second.record;
    }
    return nullptr;
  }

  std::string holder_turn(const Key& exact, const Key& canonical, std::size_t frame, Turn& turn) {
    if (Record* record = entry_for(exact, canonical, frame, turn)) {
      record->used = true;
      const std::string why = path_.why_illegal(turn);
      if (why.empty()) return "";
      const std::string line =
          record->line ? std::string("line ") + std::to_string(record->line) + ": " : "";
      return line + "the move " + format_turn(game_, turn) + " is illegal after " + moves_so_far() +
             " (" + why + ")";
    }
    if (strategy_.win_now_rule && find_winning_turn(turn)) return "";
    return std::string("gap: no entry for the position after ") + moves_so_far() + " (" +
           board_text(exact) + ", " + (strategy_.holder == 0 ? "first" : "second") +
           " player to move)";
  }

  std::string visit() {
    if (path_.over()) return leaf();
    if (claim_settled_by_lines()) return ++dead_ends_, "";
    if (claim_settled_by_pairing()) return ++paired_ends_, "";
    if (strategy_.forest_rule && strategy_.holder == 1 && breaker_holds_by_forest(path_)) return ++forest_ends_, "";
    if (path_.to_move() == strategy_.holder) {
      Turn win;
      if (wins_at_once(win)) return ++immediate_wins_, "";
    }
    const Key exact = key_of(path_);
    Key canonical;
    const std::size_t frame = symmetries_.canonical(exact, canonical);
    if (proven_.count(canonical)) return "";
    if (!paired_exact_.empty()) {
      bool ended = false;
      const std::string problem = listed_pairs_hold(exact, canonical, frame, ended);
      if (!problem.empty()) return problem;
      if (ended) return ++paired_ends_, "";
    }

    if (path_.to_move() == strategy_.holder) {
      Turn turn;
      std::string problem = holder_turn(exact, canonical, frame, turn);
      if (!problem.empty()) return problem;
      path_.play(turn);
      problem = visit();
      path_.undo();
      if (!problem.empty()) return problem;
    } else {
      for (const Turn& reply : path_.legal_turns()) {
        path_.play(reply);
        const std::string problem = visit();
        path_.undo();
        if (!problem.empty()) return problem;
      }
    }
    proven_.insert(std::move(canonical));
    return "";
  }

  const Game& game_;
  const Symmetries& symmetries_;
  const Strategy& strategy_;
  std::unordered_map<Key, Record> exact_;               // position -> the holder's turn there
  std::unordered_map<Key, ClassMove> classes_;          // canonical position -> its first entry
  std::vector<const Record*> entry_record_;             // per entry (node addresses are stable)
  std::unordered_map<Key, PairedRecord> paired_exact_;  // position -> its listed pairs
  std::unordered_map<Key, ClassPairs> paired_classes_;  // canonical position -> the first listing
  std::unordered_set<Key> proven_;                      // canonical positions from which the claim holds
  bool wins_first_ = true;                              // no entry where the holder can win at once
  std::size_t immediate_wins_ = 0;                      // game ends by the shortcut (not deduplicated)
  std::size_t dead_ends_ = 0;                           // positions settled by claim_settled_by_lines
  std::size_t paired_ends_ = 0;                         // positions settled by pairings: the rule's or listed
  std::size_t forest_ends_ = 0;                         // positions settled by the forest rule
  Position path_{game_};
  Turn scratch_turn_;                                   // wins_at_once's turn being built
};

// Which strategies may stand together: at most one per side, and nothing beside a win
// for the other side (a win and a not-lose for the other side cannot both be true).
std::string structure_problem(const Certificate& certificate) {
  const Strategy* of[2] = {nullptr, nullptr};
  for (const Strategy& s : certificate.strategies) {
    const std::string at =
        s.source_line ? std::string("line ") + std::to_string(s.source_line) + ": " : "";
    if (s.holder != 0 && s.holder != 1) return at + "a strategy's holder must be 0 or 1";
    if (of[s.holder])
      return at + "a second strategy for the " + (s.holder == 0 ? "first" : "second") + " player";
    of[s.holder] = &s;
  }
  if (of[0] && of[1] && (of[0]->claim == Claim::Win || of[1]->claim == Claim::Win))
    return "contradictory claims: a win for one side beside a strategy for the other";
  return "";
}

std::string proved_value(const Certificate& certificate, int to_move, std::string& to_move_value) {
  bool holds[2] = {false, false};
  for (const Strategy& s : certificate.strategies) {
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

}  // namespace

CheckReport check_certificate(const Game& game, const Certificate& certificate) {
  return check_certificate(game, certificate, automorphisms(game, kMaxSymmetries));
}

CheckReport check_certificate(const Game& game, const Certificate& certificate,
                              const SymmetryGroup& symmetry) {
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
  report.error = structure_problem(certificate);
  if (!report.error.empty()) return report;

  Position start(game);
  try {
    start = play_moves(game, certificate.start);
  } catch (const InputError& e) {
    report.error = std::string("start: ") + e.what();
    return report;
  }
  const Symmetries symmetries(game, symmetry);
  if (!symmetries.problem().empty()) {
    report.error = symmetries.problem();
    return report;
  }

  for (const Strategy& strategy : certificate.strategies) {
    if (strategy.plan) {
      std::size_t coverings = 0;
      const std::string problem = check_plan_strategy(game, start, strategy, &coverings);
      report.positions_checked += 1 + coverings;
      if (!problem.empty()) {
        report.error = std::string(strategy.holder == 0 ? "first" : "second") +
                       " player's matching plan: " + problem;
        return report;
      }
      continue;
    }
    StrategyChecker checker(game, symmetries, strategy);
    std::string problem = checker.index();
    if (problem.empty()) problem = checker.check(start);
    report.positions_checked += checker.positions();
    report.immediate_wins += checker.immediate_wins();
    report.dead_ends += checker.dead_ends();
    report.paired_ends += checker.paired_ends();
    report.forest_ends += checker.forest_ends();
    if (!problem.empty()) {
      report.error =
          std::string(strategy.holder == 0 ? "first" : "second") + " player's strategy: " + problem;
      return report;
    }
    report.entries_unreached += checker.unreached();
  }
  report.proves = proved_value(certificate, start.to_move(), report.to_move_value);
  report.ok = true;
  return report;
}

}  // namespace kinrow
