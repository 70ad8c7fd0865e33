// The checker walks every game the certificate's strategies allow: at the holder's turns
// the one move the certificate gives (or, under the win-now rule, a move that wins at
// once), at the opponent's turns every legal reply. Positions are looked up and
// remembered by their canonical form under the symmetry group, so a certificate may hold
// one position per symmetry class, and each class is checked once.
#include "proof/checker.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/error.h"
#include "core/notation.h"
#include "core/position.h"

namespace kinrow {
namespace {

using Owners = std::vector<int8_t>;

// The least image of a position over the group, and an element reaching it.
struct Canonical {
  Owners owners;
  const Permutation* map;
};

Canonical canonical_form(const Owners& owners, const SymmetryGroup& group) {
  Canonical best{owners, &group.maps.front()};
  Owners image(owners.size());
  for (const Permutation& map : group.maps) {
    for (std::size_t c = 0; c < owners.size(); ++c) image[map[c]] = owners[c];
    if (image < best.owners) best = {image, &map};
  }
  return best;
}

Owners owners_of(const Position& position) {
  Owners owners(position.game().cell_count());
  for (Cell c = 0; c < position.game().cell_count(); ++c) owners[c] = static_cast<int8_t>(position.owner(c));
  return owners;
}

// The side to move in a position with these stones, or -1 if no game reaches the counts.
int side_to_move(const Game& game, const Owners& owners) {
  int stones[2] = {0, 0};
  for (int8_t o : owners)
    if (o != kNoPlayer) ++stones[o];
  int placed[2] = {0, 0};
  const int total = stones[0] + stones[1];
  for (int turn = 0;; ++turn) {
    if (placed[0] == stones[0] && placed[1] == stones[1]) return turn % 2;
    if (placed[0] + placed[1] >= total) return -1;
    placed[turn % 2] += std::min(stones_on_turn(game.rules, turn), game.cell_count() - placed[0] - placed[1]);
  }
}

struct Move {
  Turn turn;  // in the canonical frame
  int line;
};

class StrategyChecker {
 public:
  StrategyChecker(const Game& game, const SymmetryGroup& group, const Strategy& strategy)
      : game_(game), group_(group), strategy_(strategy) {}

  // Builds the lookup; "" or the first problem with an entry.
  std::string index() {
    for (std::size_t i = 0; i < strategy_.entries.size(); ++i) {
      const StrategyEntry& e = strategy_.entries[i];
      const std::string where = e.source_line ? "certificate line " + std::to_string(e.source_line) + ": "
                                              : "entry " + std::to_string(i + 1) + ": ";
      if (static_cast<int>(e.owner.size()) != game_.cell_count()) return where + "wrong number of cells";
      if (side_to_move(game_, e.owner) != strategy_.holder)
        return where + "the holder is not the side to move in this position";
      const Canonical canonical = canonical_form(e.owner, group_);
      Move move{{}, e.source_line};
      for (Cell c : e.move) {
        if (c < 0 || c >= game_.cell_count()) return where + "move off the board";
        move.turn.push_back((*canonical.map)[c]);
      }
      std::sort(move.turn.begin(), move.turn.end());
      const auto [it, fresh] = moves_.emplace(canonical.owners, move);
      if (!fresh && it->second.turn != move.turn)
        return where + "a second, different move for a position (or a symmetric copy) given before";
      entry_of_.push_back(&it->second);
    }
    return "";
  }

  // "" if the strategy keeps its claim from `start`, else the first problem.
  std::string check(Position start) {
    path_ = start;
    return visit();
  }

  std::size_t positions() const { return proven_.size(); }
  std::size_t unreached() const {
    std::set<const Move*> used_moves(used_.begin(), used_.end());
    std::size_t n = 0;
    for (const Move* m : entry_of_) n += !used_moves.count(m);
    return n;
  }

 private:
  std::string moves_so_far() const {
    const std::string text = format_turns(game_, path_.history());
    return text.empty() ? "the start" : "\"" + text + "\"";
  }

  std::string leaf() const {
    const int winner = path_.winner();
    const int holder = strategy_.holder;
    if (winner == holder) return "";
    if (winner == kNoPlayer && strategy_.claim == Claim::NotLose) return "";
    return std::string("the holder ") + (winner == kNoPlayer ? "only draws" : "loses") + " after " + moves_so_far();
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

  std::string visit() {
    if (path_.over()) return leaf();
    Canonical canonical = canonical_form(owners_of(path_), group_);
    if (proven_.count(canonical.owners)) return "";

    if (path_.to_move() == strategy_.holder) {
      Turn turn;
      const auto it = moves_.find(canonical.owners);
      if (it != moves_.end()) {
        const Permutation back = inverse(*canonical.map);
        for (Cell c : it->second.turn) turn.push_back(back[c]);
        std::sort(turn.begin(), turn.end());
        used_.push_back(&it->second);
        const std::string why = path_.why_illegal(turn);
        if (!why.empty())
          return "certificate line " + std::to_string(it->second.line) + ": its move " +
                 format_turn(game_, turn) + " is illegal after " + moves_so_far() + " (" + why + ")";
      } else if (!strategy_.win_now_rule || !find_winning_turn(turn)) {
        return "gap: no entry for the position after " + moves_so_far() + " (the holder to move)";
      }
      path_.play(turn);
      const std::string problem = visit();
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
    proven_.insert(std::move(canonical.owners));
    return "";
  }

  const Game& game_;
  const SymmetryGroup& group_;
  const Strategy& strategy_;
  std::map<Owners, Move> moves_;  // canonical position -> the holder's turn there
  std::vector<const Move*> entry_of_;  // per entry, its lookup record
  std::vector<const Move*> used_;
  std::set<Owners> proven_;
  Position path_{game_};
};

std::string proved_value(const std::vector<const Strategy*>& strategies, int to_move, std::string& to_move_value) {
  bool wins[2] = {false, false}, holds[2] = {false, false};
  for (const Strategy* s : strategies) {
    holds[s->holder] = true;
    if (s->claim == Claim::Win) wins[s->holder] = true;
  }
  for (int p = 0; p < 2; ++p)
    if (wins[p]) {
      to_move_value = p == to_move ? "win" : "loss";
      return p == 0 ? "first-player-win" : "second-player-win";
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
  return check_certificate(game, certificate, automorphisms(game));
}

CheckReport check_certificate(const Game& game, const Certificate& certificate, const SymmetryGroup& symmetry) {
  CheckReport report;
  for (const Strategy& s : certificate.strategies) report.entries += s.entries.size();
  if (certificate.spec != game.spec) {
    report.error = "the certificate is for " + certificate.spec + ", not " + game.spec;
    return report;
  }
  if (certificate.strategies.empty()) {
    report.error = "the certificate holds no strategy";
    return report;
  }
  Position start(game);
  try {
    start = play_moves(game, certificate.start);
  } catch (const InputError& e) {
    report.error = std::string("start: ") + e.what();
    return report;
  }

  std::vector<const Strategy*> checked;
  for (const Strategy& strategy : certificate.strategies) {
    StrategyChecker checker(game, symmetry, strategy);
    std::string problem = checker.index();
    if (problem.empty()) problem = checker.check(start);
    report.positions_checked += checker.positions();
    if (!problem.empty()) {
      report.error = std::string(strategy.holder == 0 ? "first" : "second") + " player's strategy: " + problem;
      return report;
    }
    report.entries_unreached += checker.unreached();
    checked.push_back(&strategy);
  }
  report.proves = proved_value(checked, start.to_move(), report.to_move_value);
  report.ok = true;
  return report;
}

}  // namespace kinrow
