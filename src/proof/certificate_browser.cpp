// The browser plays a strategy the way the checker's visit() does (proof/checker.cpp),
// with the same lookup and rules, but one position at a time: expand() says what play
// under the strategy does at a position, walk() follows the user's moves through it, and
// the counts below a child are depth-first walks of expand() that remember canonical
// positions, as the checker's set of proven positions does.
#include "proof/certificate_browser.h"

#include <algorithm>
#include <deque>
#include <mutex>
#include <sstream>
#include <tuple>

#include "core/error.h"
#include "core/notation.h"
#include "core/symmetry.h"
#include "proof/pairing_rule.h"
#include "proof/strategy_lookup.h"
#include "proof/strategy_rules.h"

namespace kinrow {

const char* browse_node_name(BrowseNodeKind kind) {
  switch (kind) {
    case BrowseNodeKind::Holder: return "holder";
    case BrowseNodeKind::Opponent: return "opponent";
    case BrowseNodeKind::End: return "end";
  }
  return "end";
}

namespace {

std::string holder_name(int holder) { return holder == 0 ? "first" : "second"; }

std::string moves_text(const Game& game, const Position& path) {
  const std::string text = format_turns(game, path.history());
  return text.empty() ? std::string("the empty board") : std::string("\"") + text + "\"";
}

// What play under the strategy does at one position.
struct Expansion {
  BrowseNodeKind kind = BrowseNodeKind::End;
  std::string end_reason;
  std::string problem;
  Turn holder_turn;
  std::string holder_rule;
  int entry_line = 0;
  std::vector<Turn> continuing;      // the turns play goes on by (the opponent's: those a zone did not answer)
  bool answered_apart = false;       // the opponent's other turns are answered by `zones` or `stronger`
  std::vector<ZoneAnswer> zones;     // zones declared for partial turns of the opponent here
  std::vector<std::vector<Cell>> stronger;  // stronger positions' cells declared here (the stronger rule)
  std::optional<std::vector<std::vector<Cell>>> pairs;  // pairs, or tuples with p stones a turn
  // Whether the checker counts the position among those it checked: play goes on and
  // it is not a win the win-now shortcut ends unseen (checker.cpp, wins_at_once).
  bool counted = false;
};

std::string answered_by(const Expansion& e) {
  switch (e.kind) {
    case BrowseNodeKind::Holder: return e.holder_rule == "win-now" ? "win-now" : "entry";
    case BrowseNodeKind::Opponent: return "opponent";
    case BrowseNodeKind::End: break;
  }
  if (e.end_reason == "paired") return "pairing";
  if (e.end_reason == "gap") return "gap";
  return "end";
}

// The first stronger position's cells holding the opponent's `turn`, or null.
const std::vector<Cell>* answering_stronger(const std::vector<std::vector<Cell>>& sets, const Turn& turn) {
  const int s = stronger_set_holding(sets, turn);
  return s < 0 ? nullptr : &sets[s];
}

// The zone answering the opponent's `turn` among those declared for its partial turns.
const ZoneAnswer* answering_zone(const std::vector<ZoneAnswer>& zones, const Turn& turn) {
  for (const ZoneAnswer& a : zones) {
    if (!std::all_of(a.placed.begin(), a.placed.end(),
                     [&](Cell c) { return std::find(turn.begin(), turn.end(), c) != turn.end(); }))
      continue;
    std::vector<Cell> rest;
    for (Cell c : turn)
      if (std::find(a.placed.begin(), a.placed.end(), c) == a.placed.end()) rest.push_back(c);
    if (irrelevant(rest, a.zone.level)) return &a;
  }
  return nullptr;
}

// Listed pairs as the browser shows pairs and tuples alike.
std::vector<std::vector<Cell>> as_tuples(const std::vector<std::pair<Cell, Cell>>& pairs) {
  std::vector<std::vector<Cell>> tuples;
  for (const auto& [a, b] : pairs) tuples.push_back({std::min(a, b), std::max(a, b)});
  return tuples;
}

std::vector<BrowseZoneCell> zone_cells(const ZoneRecord& zone) {
  std::vector<BrowseZoneCell> cells;
  for (Cell c = 0; c < static_cast<Cell>(zone.level.size()); ++c)
    if (zone.level[c] != 0) cells.push_back({c, zone.level[c]});
  return cells;
}

}  // namespace

// One strategy's browser, behind the width of its packed positions. Outside the
// anonymous namespace because CertificateBrowser::Impl, a class of the header, holds
// them: in a unity build, where this file is included, GCC warns of a member whose type
// has internal linkage (-Wsubobject-linkage).
class StrategyBrowse {
 public:
  virtual ~StrategyBrowse() = default;
  virtual std::string add(const StrategyEntry& e) = 0;
  virtual std::string add(const PairedEntry& e) = 0;
  virtual std::string add(const ZoneEntry& e) = 0;
  virtual std::string add(const StrongerEntry& e) = 0;
  virtual BrowseNode walk(const Position& start, std::string_view moves, const BrowseOptions& options) = 0;
};

namespace {

template <int N>
class StrategyBrowser final : public StrategyBrowse {
 public:
  using Key = PackedPosition<N>;

  StrategyBrowser(const Game& game, const CheckedSymmetries& symmetries, const Strategy& strategy)
      : game_(game), symmetries_(symmetries), strategy_(strategy), lookup_(game, symmetries, strategy) {}

  std::string add(const StrategyEntry& e) override { return lookup_.add(e); }
  std::string add(const PairedEntry& e) override { return lookup_.add(e); }
  std::string add(const ZoneEntry& e) override { return lookup_.add(e); }
  std::string add(const StrongerEntry& e) override { return lookup_.add(e); }

  BrowseNode walk(const Position& start, std::string_view moves, const BrowseOptions& options) override {
    const std::string start_text = format_turns(game_, start.history());
    std::string all = start_text;
    if (!moves.empty()) all += (all.empty() ? "" : " ") + std::string(moves);
    const Position target = play_moves(game_, all);  // InputError for a bad or illegal move
    Position path = start;
    std::vector<Turn> walked;
    const ZoneAnswer* zone_end = nullptr;
    Turn given;  // the stones given the opponent on the way, by the stronger positions entered
    Expansion at = expand(path, false);
    for (std::size_t i = start.history().size(); i < target.history().size(); ++i) {
      Turn turn = target.history()[i];
      std::sort(turn.begin(), turn.end());
      // Numbered from the empty board, as everywhere: with a start, say so.
      const std::string where = "move " + std::to_string(i + 1) + (start_text.empty() ? "" : " of the game") +
                                " (\"" + format_turn(game_, turn) + "\"): ";
      if (zone_end || at.kind == BrowseNodeKind::End)
        throw InputError(where + "play under the strategy ended before it (" +
                         (zone_end ? std::string("a relevance zone answered the turn before") : at.end_reason) + ")");
      // Legal on the board of the moves alone, but perhaps not where stones were given.
      if (const std::string why = path.why_illegal(turn); !why.empty()) throw InputError(where + why);
      if (at.kind == BrowseNodeKind::Holder && turn != at.holder_turn && !wins_by_rule(path, at, turn))
        throw InputError(where + "the strategy plays " + format_turn(game_, at.holder_turn) + " here");
      const std::vector<Cell>* stronger = nullptr;
      if (at.kind == BrowseNodeKind::Opponent && at.answered_apart &&
          std::find(at.continuing.begin(), at.continuing.end(), turn) == at.continuing.end()) {
        zone_end = answering_zone(at.zones, turn);
        stronger = zone_end ? nullptr : answering_stronger(at.stronger, turn);
        if (!zone_end && !stronger)
          throw InputError(where + "no zone answers this turn, and the strategy does not play it");
      }
      const int opponent = path.to_move();
      path.play(turn);
      walked.push_back(turn);
      // A stronger position answers the turn: play goes on there, the rest of its cells his.
      if (stronger)
        for (Cell c : give_rest_of_stronger_set(path, *stronger, turn, opponent)) given.push_back(c);
      if (!zone_end) at = expand(path, false);
    }

    BrowseNode node(path);
    node.moves = format_turns(game_, walked);
    std::sort(given.begin(), given.end());
    node.given = given;
    std::size_t budget = options.walk_budget;
    if (zone_end) {
      node.node = BrowseNodeKind::End;
      node.end_reason = "zone";
      node.zone = zone_cells(zone_end->zone);
      node.zone_placed = zone_end->placed;
      std::sort(node.zone_placed.begin(), node.zone_placed.end());
      return node;
    }
    at = expand(path, true);
    node.node = at.kind;
    node.end_reason = at.end_reason;
    node.problem = at.problem;
    node.pairs = at.pairs;
    node.entry_line = at.entry_line;
    if (at.kind == BrowseNodeKind::Holder) {
      node.holder_turn = at.holder_turn;
      node.holder_rule = at.holder_rule;
    }
    for (const ZoneAnswer& a : at.zones)
      if (a.placed.empty()) node.zone = zone_cells(a.zone);
    std::tie(node.positions_below, node.capped) = count(path, options.count_cap, budget);

    // The children: the holder's one turn, or every legal turn of the opponent.
    std::vector<Turn> turns;
    if (at.kind == BrowseNodeKind::Holder) turns.push_back(at.holder_turn);
    if (at.kind == BrowseNodeKind::Opponent) turns = path.legal_turns();
    for (const Turn& turn : turns) {
      BrowseChild child;
      child.turn = turn;
      child.turn_text = format_turn(game_, turn);
      walked.push_back(turn);
      child.moves = format_turns(game_, walked);
      walked.pop_back();
      const bool played = !at.answered_apart ||
                          std::find(at.continuing.begin(), at.continuing.end(), turn) != at.continuing.end();
      const std::vector<Cell>* stronger = played || answering_zone(at.zones, turn) ? nullptr
                                                                                   : answering_stronger(at.stronger, turn);
      if (!played && !stronger) {
        const bool zone = answering_zone(at.zones, turn);
        child.answered_by = zone ? "zone" : "gap";
        child.end_reason = zone ? "zone" : "unanswered";
      } else {
        const int opponent = path.to_move();
        path.play(turn);
        const Turn rest = stronger ? give_rest_of_stronger_set(path, *stronger, turn, opponent) : Turn{};
        const Expansion next = expand(path, false);
        child.answered_by = stronger ? "stronger" : answered_by(next);
        if (next.kind == BrowseNodeKind::End) child.end_reason = next.end_reason;
        std::tie(child.positions_below, child.capped) = count(path, options.count_cap, budget);
        if (!rest.empty()) path.take_back(rest);
        path.undo();
      }
      node.children.push_back(std::move(child));
    }
    return node;
  }

 private:
  int cells() const { return game_.cell_count(); }

  // Whether `turn`, not the strategy's own, is a win the win-now rule would accept too.
  bool wins_by_rule(Position& path, const Expansion& at, const Turn& turn) const {
    if (at.holder_rule != "win-now" || !path.why_illegal(turn).empty()) return false;
    path.play(turn);
    const bool wins = path.winner() == strategy_.holder;
    path.undo();
    return wins;
  }

  // What play under the strategy does at `path`, in the order of the checker's visit().
  // With `detail`, also the pairs of a pairing found by the rule.
  Expansion expand(Position& path, bool detail) {
    Expansion e;
    const int holder = strategy_.holder;
    auto end = [&](const char* reason, std::string problem = "") {
      e.kind = BrowseNodeKind::End;
      e.end_reason = reason;
      e.problem = std::move(problem);
      return e;
    };
    if (path.over()) {
      const int winner = path.winner();
      if (winner == holder) return end("won");
      if (winner == kNoPlayer && strategy_.claim == Claim::NotLose) return end("drawn");
      if (winner == kNoPlayer) return end("only-drawn", "the holder only draws after " + moves_text(game_, path));
      return end("lost", "the holder loses after " + moves_text(game_, path));
    }
    if (claim_settled_by_lines(strategy_, path)) return end("spoiled");
    if (claim_settled_by_pairing(strategy_, path)) {
      if (detail) e.pairs = opponent_line_tuples(path, holder);
      return end("paired");
    }
    if (claim_settled_by_forest(strategy_, path)) return end("forest");
    const bool holder_moves = path.to_move() == holder;
    auto holder_node = [&](const Turn& turn, const char* rule) {
      e.kind = BrowseNodeKind::Holder;
      e.holder_turn = turn;
      e.holder_rule = rule;
      e.continuing = {turn};
      e.counted = true;
      return e;
    };
    Turn turn;
    if (holder_moves && lookup_.wins_first() && strategy_.win_now_rule && winning_turn_by_lines(path, holder, turn)) {
      holder_node(turn, "win-now");
      e.counted = false;
      return e;
    }
    const Key exact = key_of<N>(path);
    Key canonical;
    const std::size_t frame = symmetries_.canonical(exact, canonical, cells());
    std::vector<std::pair<Cell, Cell>> pairs;
    if (PairedRecord* record = lookup_.paired_for(exact, canonical, frame, pairs)) {
      const std::string at = record->line ? "line " + std::to_string(record->line) + ": " : "";
      e.pairs = as_tuples(pairs);
      if (!listed_pairs_serve(strategy_, game_.rules))
        return end("pairs-fail", at + "pairs end play only under the pairs rule, for a not-lose claim or the breaker");
      if (const std::string why = pairs_problem(path, holder, pairs); !why.empty())
        return end("pairs-fail", at + "the pairs do not hold after " + moves_text(game_, path) + ": " + why);
      return end("paired");
    }
    if (holder_moves) {
      bool carried = false;
      if (const EntryRecord* record = lookup_.entry_for(path, exact, canonical, frame, turn, &carried)) {
        e.entry_line = record->from_text ? static_cast<int>(record->origin) : 0;
        if (const std::string why = path.why_illegal(turn); !why.empty()) {
          e.holder_turn = turn;
          return end("illegal", "the move " + format_turn(game_, turn) + " is illegal after " +
                                    moves_text(game_, path) + " (" + why + ")");
        }
        return holder_node(turn, carried ? "symmetric-entry" : "entry");
      }
      if (strategy_.win_now_rule && find_winning_turn(path, holder, turn)) return holder_node(turn, "win-now");
      return end("gap", "gap: no entry for the position after " + moves_text(game_, path));
    }
    e.kind = BrowseNodeKind::Opponent;
    e.counted = true;
    if (!answers_by_zones(strategy_, game_.rules)) {
      e.continuing = path.legal_turns();
      if (strategy_.stronger_rule) e.stronger = lookup_.stronger_for(path, exact, canonical, frame);
      if (!e.stronger.empty()) {
        e.answered_apart = true;
        std::erase_if(e.continuing, [&](const Turn& t) { return answering_stronger(e.stronger, t) != nullptr; });
      }
      return e;
    }
    e.answered_apart = true;
    std::vector<Cell> placed;
    std::vector<ZoneAnswer> answering;
    std::vector<std::vector<Cell>> seen;
    auto zone_at = [&](const std::vector<Cell>& partial, int, std::optional<ZoneRecord>& zone) -> std::string {
      zone = lookup_.zone_for(path);
      if (zone) e.zones.push_back({partial, *zone});
      return "";
    };
    auto whole = [&](const Turn& played) -> std::string {
      e.continuing.push_back(played);
      return "";
    };
    answer_by_zones(path, placed, answering, seen, zone_at, whole);
    return e;
  }

  // The positions where play goes on, up to symmetry, from `path` down (itself
  // included), at most `cap` of them and at most `budget` (which it spends); and whether
  // the count stopped short.
  std::pair<std::size_t, bool> count(Position& path, std::size_t cap, std::size_t& budget) {
    const Key exact = key_of<N>(path);
    Key canonical;
    symmetries_.canonical(exact, canonical, cells());
    if (path.given() == 0)
      if (const uint64_t* known = counted_.find(canonical)) return {static_cast<std::size_t>(*known), false};
    Seen seen;
    const std::size_t limit = std::min(cap, budget);
    const bool complete = count_from(path, seen, limit);
    budget -= seen.size;
    if (complete && path.given() == 0) counted_.insert(canonical, seen.size);
    return {seen.size, !complete};
  }

  // Positions counted, by canonical form and, as the checker keeps them, by the stones
  // given the opponent on the way (the stronger rule).
  struct Seen {
    std::deque<PositionTable<N, NoValue>> by_given;
    std::size_t size = 0;
    // False if it was there already.
    bool insert(const Key& canonical, int given) {
      while (static_cast<int>(by_given.size()) <= given) by_given.emplace_back();
      if (by_given[given].contains(canonical)) return false;
      by_given[given].insert(canonical, NoValue{});
      ++size;
      return true;
    }
  };

  bool count_from(Position& path, Seen& seen, std::size_t limit) {
    const Expansion e = expand(path, false);
    if (!e.counted) return true;  // an end, or a win the checker counts apart (the game ends by it)
    const Key exact = key_of<N>(path);
    Key canonical;
    symmetries_.canonical(exact, canonical, cells());
    if (seen.size == limit) return false;
    if (!seen.insert(canonical, path.given())) return true;
    for (const Turn& turn : e.continuing) {
      path.play(turn);
      const bool complete = count_from(path, seen, limit);
      path.undo();
      if (!complete) return false;
    }
    // The stronger positions declared here, as the checker plays them out (those first to
    // hold some turn of the opponent's): his turn from the first of the cells, the rest
    // given him.
    std::vector<char> first(e.stronger.size(), 0);
    for (const Turn& turn : path.legal_turns())
      if (const int s = stronger_set_holding(e.stronger, turn); s >= 0) first[s] = 1;
    for (std::size_t s = 0; s < e.stronger.size(); ++s)
      if (first[s] && !in_stronger_position(path, e.stronger[s], [&] { return count_from(path, seen, limit); }))
        return false;
    return true;
  }

  const Game& game_;
  const CheckedSymmetries& symmetries_;
  const Strategy& strategy_;
  StrategyLookup<N> lookup_;
  PositionTable<N, uint64_t> counted_;  // canonical position -> its count, where it was not capped
};

std::unique_ptr<StrategyBrowse> make_browser(const Game& game, const CheckedSymmetries& symmetries,
                                             const Strategy& strategy) {
  std::unique_ptr<StrategyBrowse> browser =
      make_packed<StrategyBrowse, StrategyBrowser>(game.cell_count(), game, symmetries, strategy);
  if (!browser) throw InputError("the browser keeps positions of at most 2,048 cells");
  return browser;
}

std::string rules_text(const Strategy& s) {
  std::string text;
  auto add = [&](bool on, const char* name) {
    if (on) text += (text.empty() ? "" : " ") + std::string(name);
  };
  add(s.win_now_rule, "win-now");
  add(s.pairing_rule, "pairs");
  add(s.zone_rule, "zones");
  add(s.forest_rule, "forest");
  add(s.stronger_rule, "stronger");
  add(s.plan.has_value(), "matching");
  return text;
}

}  // namespace

struct CertificateBrowser::Impl final : CertificateSink {
  Game game;
  BrowseOptions options;
  std::optional<Position> start;
  std::string start_moves;
  std::optional<CheckedSymmetries> symmetries;
  std::deque<Strategy> headers;  // the strategies' headers (their lookups point here)
  std::vector<std::unique_ptr<StrategyBrowse>> browsers;  // null for a matching plan
  std::vector<BrowseStrategyInfo> infos;
  std::size_t entries = 0;
  mutable std::mutex mutex;  // walks remember counts and mark entries used

  explicit Impl(Game g, BrowseOptions o) : game(std::move(g)), options(o) {}

  bool begin(const std::string&, const std::string& moves) override {
    start_moves = moves;
    start.emplace(play_moves(game, moves));
    symmetries.emplace(game, automorphisms(game, kMaxCheckedSymmetries));
    if (!symmetries->problem().empty()) throw InputError(symmetries->problem());
    return true;
  }

  bool strategy(const Strategy& header) override {
    for (const Strategy& other : headers)
      if (other.holder == header.holder)
        throw InputError((header.source_line ? "line " + std::to_string(header.source_line) + ": " : "") +
                         "a second strategy for the " + holder_name(header.holder) + " player");
    headers.push_back(header);
    browsers.push_back(header.plan ? nullptr : make_browser(game, *symmetries, headers.back()));
    infos.push_back({header.holder, header.claim, rules_text(header), 0, 0, 0, 0});
    return true;
  }

  void added(const std::string& problem) {
    ++entries;
    if (!problem.empty()) throw InputError(holder_name(headers.back().holder) + " player's strategy: " + problem);
  }
  bool entry(const StrategyEntry& e) override {
    ++infos.back().entries;
    added(browsers.back() ? browsers.back()->add(e) : "");
    return true;
  }
  bool paired(const PairedEntry& e) override {
    ++infos.back().paired;
    added(browsers.back() ? browsers.back()->add(e) : "");
    return true;
  }
  bool zone(const ZoneEntry& e) override {
    ++infos.back().zones;
    added(browsers.back() ? browsers.back()->add(e) : "");
    return true;
  }
  bool stronger(const StrongerEntry& e) override {
    ++infos.back().stronger;
    added(browsers.back() ? browsers.back()->add(e) : "");
    return true;
  }
  bool end() override { return true; }

  // A matching plan is checked by its structure, not played: its root is an end that
  // shows the plan's pairs.
  BrowseNode plan_node(const Strategy& s, std::string_view moves) const {
    if (!moves.empty())
      throw InputError("the " + holder_name(s.holder) +
                       " player's strategy is a pairing plan, checked by its structure: it has no positions to walk");
    BrowseNode node(*start);
    node.node = BrowseNodeKind::End;
    node.end_reason = "plan";
    std::vector<std::vector<Cell>> pairs;
    for (const MatchingComponent& component : s.plan->components)
      if (component.is_pair())
        pairs.push_back({std::min(component.markers[0], component.markers[1]),
                         std::max(component.markers[0], component.markers[1])});
    node.pairs = pairs;
    return node;
  }
};

CertificateBrowser::CertificateBrowser(Game game, std::string_view text, BrowseOptions options)
    : impl_(std::make_unique<Impl>(std::move(game), options)) {
  std::istringstream in{std::string(text)};
  read_certificate(in, impl_->game, *impl_);
}

CertificateBrowser::~CertificateBrowser() = default;
CertificateBrowser::CertificateBrowser(CertificateBrowser&&) noexcept = default;
CertificateBrowser& CertificateBrowser::operator=(CertificateBrowser&&) noexcept = default;

const Game& CertificateBrowser::game() const { return impl_->game; }
const std::string& CertificateBrowser::start() const { return impl_->start_moves; }
const std::vector<BrowseStrategyInfo>& CertificateBrowser::strategies() const { return impl_->infos; }
std::size_t CertificateBrowser::entries() const { return impl_->entries; }

BrowseNode CertificateBrowser::walk(std::string_view moves, int holder) const {
  const std::lock_guard<std::mutex> lock(impl_->mutex);
  std::size_t index = 0;
  if (holder >= 0) {
    while (index < impl_->headers.size() && impl_->headers[index].holder != holder) ++index;
    if (index == impl_->headers.size())
      throw InputError("the certificate holds no strategy for the " + holder_name(holder) + " player");
  }
  const Strategy& strategy = impl_->headers[index];
  if (strategy.plan) return impl_->plan_node(strategy, moves);
  return impl_->browsers[index]->walk(*impl_->start, moves, impl_->options);
}

}  // namespace kinrow
