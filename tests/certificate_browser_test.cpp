// The certificate browser (proof/certificate_browser.h): certificates written by the
// solvers are walked from their start to every leaf through walk() alone, and at every
// node the test checks what it can without the browser: the holder's turn is legal, the
// opponent's turns listed are exactly the legal ones, the ends are those of a certificate
// the checker accepts, and each count of positions below equals a naive count (the
// distinct canonical positions of the subtree the walk itself met). A rejected
// certificate shows its problem where the checker finds it; bad text and moves that
// leave the strategy are clear errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/notation.h"
#include "core/symmetry.h"
#include "games/families.h"
#include "proof/certificate.h"
#include "proof/certificate_browser.h"
#include "proof/checker.h"
#include "proof/pairing_rule.h"
#include "search/dfpn_solve.h"
#include "search/pairing.h"
#include "search/solver.h"
#include "test_support.h"
#include "zone_certificates.h"

namespace kinrow {
namespace {

using Owners = std::vector<int8_t>;

std::string text_of(const Game& game, const Certificate& certificate) {
  std::ostringstream out;
  write_certificate(out, game, certificate);
  return out.str();
}

Certificate solver_certificate(const Game& game, const std::string& moves = "") {
  SolveOptions options;
  options.weak = true;
  options.certificate = true;
  const SolveResult r = solve(play_moves(game, moves), options);
  if (!r.certificate) throw std::logic_error("no certificate for " + game.spec);
  return *r.certificate;
}

// The least image of a position's owners over the whole group: the test's own canonical
// form (the browser's packs positions and may use fewer symmetries: none here).
class NaiveCanonical {
 public:
  explicit NaiveCanonical(const Game& game) : group_(automorphisms(game)) {}
  Owners operator()(const Position& position) const {
    const int n = position.game().cell_count();
    Owners owner(n), best, image(n);
    for (Cell c = 0; c < n; ++c) owner[c] = static_cast<int8_t>(position.owner(c));
    best = owner;
    for (const Permutation& map : group_.maps) {
      for (Cell c = 0; c < n; ++c) image[map[c]] = owner[c];
      best = std::min(best, image);
    }
    return best;
  }

 private:
  SymmetryGroup group_;
};

const std::set<std::string> kAcceptedEnds = {"won", "drawn", "spoiled", "paired", "forest", "zone"};

struct WalkStats {
  std::size_t nodes = 0;
  std::map<std::string, std::size_t> ends;        // by reason
  std::map<std::string, std::size_t> answered;    // children by answered_by
  std::map<std::string, std::size_t> holder_rules;
  std::size_t zones_shown = 0, pairs_shown = 0;
  std::size_t in_stronger = 0;  // nodes inside a stronger position (stones given the opponent)
};

// Walks every path below `moves` by walk() alone, checking each node; returns the
// canonical positions counted in its subtree (memoised by the exact position, on which
// a node depends alone).
class ExhaustiveWalk {
 public:
  ExhaustiveWalk(const CertificateBrowser& browser, const Strategy& strategy, bool accepted)
      : browser_(browser),
        holder_(strategy.holder),
        accepted_(accepted),
        shortcut_(strategy.win_now_rule && !any_entry_wins_at_once(browser.game(), strategy)),
        canonical_(browser.game()) {}

  WalkStats stats;

  // The pairs (tuples of p + 1 cells, with p stones a turn) shown at a "paired" end, read
  // against the lines: each of the right size, of distinct empty cells, and every line the
  // opponent could still complete holding the whole of one.
  void expect_tuples_hold(const Position& position, const std::vector<std::vector<Cell>>& tuples,
                          const std::string& moves) {
    const Game& game = position.game();
    const std::size_t size = static_cast<std::size_t>(pairing_tuple_size(position, holder_));
    std::set<Cell> seen;
    for (const std::vector<Cell>& tuple : tuples) {
      EXPECT_EQ(tuple.size(), size) << moves;
      for (Cell c : tuple) {
        EXPECT_EQ(position.owner(c), kNoPlayer) << moves;
        EXPECT_TRUE(seen.insert(c).second) << "a cell in two tuples after \"" << moves << "\"";
      }
    }
    for (const Line& line : game.lines) {
      if (std::any_of(line.begin(), line.end(), [&](Cell c) { return position.owner(c) == holder_; })) continue;
      const bool held = std::any_of(tuples.begin(), tuples.end(), [&](const std::vector<Cell>& tuple) {
        return std::all_of(tuple.begin(), tuple.end(),
                           [&](Cell c) { return std::find(line.begin(), line.end(), c) != line.end(); });
      });
      EXPECT_TRUE(held) << "a line no tuple holds after \"" << moves << "\"";
    }
  }

  const std::set<Owners>& visit(const std::string& moves) {
    const BrowseNode node = browser_.walk(moves, holder_);
    const Position& position = node.position;
    Owners exact(position.game().cell_count());
    for (Cell c = 0; c < position.game().cell_count(); ++c) exact[c] = static_cast<int8_t>(position.owner(c));
    if (const auto it = memo_.find(exact); it != memo_.end()) return it->second;
    ++stats.nodes;
    EXPECT_EQ(node.moves, moves);
    std::set<Owners> below;
    if (node.zone) ++stats.zones_shown;
    if (node.pairs) ++stats.pairs_shown;
    // The stones given on the way are the opponent's, and the position's own count of them.
    EXPECT_EQ(static_cast<int>(node.given.size()), position.given()) << moves;
    for (Cell c : node.given) EXPECT_EQ(position.owner(c), 1 - holder_) << moves;
    if (!node.given.empty()) ++stats.in_stronger;
    if (node.node == BrowseNodeKind::End) {
      ++stats.ends[node.end_reason];
      EXPECT_TRUE(node.children.empty());
      if (accepted_) {
        EXPECT_TRUE(kAcceptedEnds.count(node.end_reason)) << node.end_reason << " after \"" << moves << "\"";
        EXPECT_EQ(node.problem, "") << moves;
      }
      if (node.end_reason == "won") {
        EXPECT_EQ(position.winner(), holder_);
      }
      if (node.end_reason == "zone") {
        EXPECT_TRUE(node.zone && !node.zone->empty()) << moves;
      }
      if (node.end_reason == "paired") {
        EXPECT_TRUE(node.pairs.has_value()) << moves;
        if (node.pairs) expect_tuples_hold(position, *node.pairs, moves);
      }
    } else if (node.node == BrowseNodeKind::Holder) {
      ++stats.holder_rules[node.holder_rule];
      EXPECT_EQ(position.to_move(), holder_);
      EXPECT_TRUE(node.holder_turn.has_value());
      EXPECT_EQ(position.why_illegal(*node.holder_turn), "") << "the holder's turn after \"" << moves << "\"";
      EXPECT_EQ(node.children.size(), 1u);
      if (node.children.size() == 1) {
        EXPECT_EQ(node.children[0].turn, *node.holder_turn);
      }
    } else {
      EXPECT_NE(position.to_move(), holder_);
      std::vector<Turn> listed, legal = position.legal_turns();
      for (const BrowseChild& child : node.children) listed.push_back(child.turn);
      std::sort(listed.begin(), listed.end());
      std::sort(legal.begin(), legal.end());
      EXPECT_EQ(listed, legal) << "the opponent's turns after \"" << moves << "\"";
    }
    // A holder's win found by win-now is a game end for the checker's count when its
    // shortcut is on (no entry where the holder could win at once).
    const bool counted = node.node == BrowseNodeKind::Opponent ||
                         (node.node == BrowseNodeKind::Holder && !(node.holder_rule == "win-now" && shortcut_));
    if (counted) below.insert(canonical_(position));
    for (const BrowseChild& child : node.children) {
      ++stats.answered[child.answered_by];
      const std::set<Owners>& sub = visit(child.moves);
      EXPECT_EQ(child.positions_below, sub.size()) << "below \"" << child.moves << "\"";
      EXPECT_FALSE(child.capped);
      below.insert(sub.begin(), sub.end());
    }
    EXPECT_EQ(node.positions_below, below.size()) << "below \"" << moves << "\"";
    return memo_.emplace(exact, std::move(below)).first->second;
  }

 private:
  // Whether an entry stands where the holder owns all of a line but the cells his turn
  // places (docs/certificates.md): then the checker's win-now shortcut is off.
  static bool any_entry_wins_at_once(const Game& game, const Strategy& strategy) {
    for (const StrategyEntry& entry : strategy.entries) {
      int stones = game.rules.stones_per_turn;
      if (entry.withheld == 0)
        if (const std::optional<TurnDue> due = turn_due(game, entry.owner)) stones = due->most;
      for (const Line& line : game.lines) {
        int empty = 0, mine = 0;
        for (Cell c : line) empty += entry.owner[c] == kNoPlayer, mine += entry.owner[c] == strategy.holder;
        if (empty >= 1 && empty <= stones && mine + empty == static_cast<int>(line.size())) return true;
      }
    }
    return false;
  }

  const CertificateBrowser& browser_;
  int holder_;
  bool accepted_;
  bool shortcut_;
  NaiveCanonical canonical_;
  std::map<Owners, std::set<Owners>> memo_;
};

// Walks every strategy of an accepted certificate; the counts from the start sum to the
// checker's positions checked.
std::vector<WalkStats> walk_everything(const Game& game, const Certificate& certificate) {
  const CheckReport report = check_certificate(game, certificate);
  EXPECT_TRUE(report.ok) << report.error;
  const CertificateBrowser browser(game, text_of(game, certificate));
  std::vector<WalkStats> all;
  std::size_t counted = 0;
  for (const Strategy& s : certificate.strategies) {
    ExhaustiveWalk walk(browser, s, true);
    walk.visit("");
    counted += browser.walk("", s.holder).positions_below;
    all.push_back(walk.stats);
  }
  EXPECT_EQ(counted, report.positions_checked) << game.spec;
  return all;
}

TEST(CertificateBrowser, TicTacToeDrawEveryPath) {
  const Game game = make_game("tictactoe");
  const Certificate certificate = solver_certificate(game);
  ASSERT_EQ(certificate.strategies.size(), 2u);
  const std::vector<WalkStats> stats = walk_everything(game, certificate);
  for (const WalkStats& s : stats) {
    EXPECT_GT(s.nodes, 10u);
    EXPECT_GT(s.answered.at("opponent"), 0u);
  }
  // The first player's strategy opens, and its first turn is an entry on the real board.
  const CertificateBrowser browser(game, text_of(game, certificate));
  const BrowseNode root = browser.walk("", 0);
  EXPECT_EQ(root.node, BrowseNodeKind::Holder);
  EXPECT_EQ(root.children.size(), 1u);
  const BrowseNode second = browser.walk("", 1);
  EXPECT_EQ(second.node, BrowseNodeKind::Opponent);
  EXPECT_EQ(second.children.size(), 9u);
}

TEST(CertificateBrowser, SmallMnkWinFollowsSymmetricEntriesOntoTheBoard) {
  const Game game = make_game("mnk:4x4x3");
  const Certificate certificate = solver_certificate(game);
  const std::vector<WalkStats> stats = walk_everything(game, certificate);
  ASSERT_EQ(stats.size(), 1u);
  EXPECT_GT(stats[0].ends.at("won"), 0u);
  // Entries stand once per symmetry class: some turns are carried over to the actual board.
  EXPECT_GT(stats[0].holder_rules.count("symmetric-entry") ? stats[0].holder_rules.at("symmetric-entry") : 0u, 0u);
  EXPECT_GT(stats[0].holder_rules.at("win-now"), 0u);
}

TEST(CertificateBrowser, ConnectFourSmallBoard) {
  const Game game = make_game("connect:5x4x3");
  const std::vector<WalkStats> stats = walk_everything(game, solver_certificate(game));
  for (const WalkStats& s : stats) EXPECT_GT(s.nodes, 0u);
}

TEST(CertificateBrowser, DfpnPairingsShowTheirPairs) {
  // 4x4x4's draw by df-pn ends where the pairs rule holds (the checker finds the pairing,
  // the browser shows it); 6x6x5's lists shared pairs ("paired" lines).
  for (const char* spec : {"mnk:4x4x4", "mnk:6x6x5"}) {
    if (std::string(spec) == "mnk:6x6x5" && testing::sanitized()) continue;
    const Game game = make_game(spec);
    const DfpnResult r = dfpn_solve(Position(game), {}, true);
    ASSERT_TRUE(r.complete && r.certificate) << spec;
    std::size_t paired = 0, shown = 0;
    for (const WalkStats& s : walk_everything(game, *r.certificate)) {
      paired += s.ends.count("paired") ? s.ends.at("paired") : 0;
      shown += s.pairs_shown;
    }
    EXPECT_GT(paired, 0u) << spec;
    EXPECT_EQ(shown, paired) << spec;
  }
}

TEST(CertificateBrowser, TwoStoneGamesShowTheirTuples) {
  // With two stones a turn the pairs rule ends play where tuples of three cells hold the
  // opponent's lines: the browser shows them at every such end (3 s; not under the
  // sanitizers).
  if (testing::sanitized()) GTEST_SKIP() << "an exhaustive walk of 3 s";
  const Game game = make_game("mnk:5x4x4,p=2,q=1");
  DfpnOptions options;
  options.table_megabytes = 8;
  const DfpnResult r = dfpn_solve(Position(game), options, true);
  ASSERT_TRUE(r.complete && r.certificate);
  std::size_t paired = 0, shown = 0;
  for (const WalkStats& s : walk_everything(game, *r.certificate)) {
    paired += s.ends.count("paired") ? s.ends.at("paired") : 0;
    shown += s.pairs_shown;
  }
  EXPECT_GT(paired, 0u);
  EXPECT_EQ(shown, paired);
}

TEST(CertificateBrowser, ZoneCertificateOfATwoStoneGame) {
  const Game game = make_game(testing::kZoneGame);
  const std::vector<Certificate> certificates = testing::zone_certificates(game, 2611, 1, 200);
  ASSERT_FALSE(certificates.empty()) << "no zone certificate found";
  std::size_t zone_ends = 0;
  for (const WalkStats& s : walk_everything(game, certificates.front())) {
    zone_ends += s.ends.count("zone") ? s.ends.at("zone") : 0;
    EXPECT_EQ(s.ends.count("zone") ? s.ends.at("zone") : 0u, s.answered.count("zone") ? s.answered.at("zone") : 0u);
  }
  EXPECT_GT(zone_ends, 0u);
}

TEST(CertificateBrowser, StrongerPositionsAreBrowsedInto) {
  // Df-pn's draw of 5x5x4 answers some of the attacker's turns by stronger positions: the
  // walk goes on there, the rest of the cells given him, and its counts still sum to the
  // checker's positions (walk_everything; 6 s, so not under the sanitizers).
  const Game game = make_game("mnk:5x5x4");
  DfpnOptions options;
  options.table_megabytes = 8;
  const DfpnResult r = dfpn_solve(Position(game), options, true);
  ASSERT_TRUE(r.complete && r.certificate);
  if (!testing::sanitized()) {
    std::size_t answered = 0, inside = 0;
    for (const WalkStats& s : walk_everything(game, *r.certificate)) {
      answered += s.answered.count("stronger") ? s.answered.at("stronger") : 0;
      inside += s.in_stronger;
    }
    EXPECT_GT(answered, 0u);
    EXPECT_GT(inside, 0u);
  }

  // The holder's move onto a cell given the opponent is refused as a taken cell: the moves
  // alone, replayed without the given stones, would allow it.
  const CertificateBrowser browser(game, text_of(game, *r.certificate));
  std::optional<std::pair<int, std::string>> onto_given;  // a holder, and moves that reach a given cell
  std::function<void(int, const std::string&)> find = [&](int holder, const std::string& moves) {
    const BrowseNode node = browser.walk(moves, holder);
    if (!node.given.empty() && node.node == BrowseNodeKind::Holder)
      onto_given.emplace(holder, moves + " " + format_turn(game, Turn{node.given[0]}));
    for (std::size_t i = 0; i < node.children.size() && !onto_given; ++i) find(holder, node.children[i].moves);
  };
  for (const BrowseStrategyInfo& s : browser.strategies())
    if (s.stronger && !onto_given) find(s.holder, "");
  ASSERT_TRUE(onto_given.has_value());
  try {
    browser.walk(onto_given->second, onto_given->first);
    ADD_FAILURE() << "a move onto a given stone was accepted: " << onto_given->second;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cell already taken"), std::string::npos) << e.what();
  }
}

TEST(CertificateBrowser, PairingPlanIsShownWhole) {
  // 5x5x5: the second player pairs all twelve lines (prove-draw's plan certificate).
  const Game game = make_game("mnk:5x5x5");
  const std::optional<DefenceProof> proof = prove_defence(Position(game), 1, PairingMode::HalesJewett, 0);
  ASSERT_TRUE(proof);
  Certificate certificate;
  certificate.spec = game.spec;
  Strategy strategy;
  strategy.holder = 1;
  strategy.claim = Claim::NotLose;
  strategy.plan = proof->plan;
  certificate.strategies.push_back(strategy);
  ASSERT_TRUE(check_certificate(game, certificate).ok);
  const CertificateBrowser browser(game, text_of(game, certificate));
  const BrowseNode node = browser.walk("", 1);
  EXPECT_EQ(node.node, BrowseNodeKind::End);
  EXPECT_EQ(node.end_reason, "plan");
  ASSERT_TRUE(node.pairs.has_value());
  EXPECT_EQ(node.pairs->size(), proof->plan.pairs());
  EXPECT_THROW(browser.walk("a1", 1), InputError);
}

TEST(CertificateBrowser, RejectedCertificateShowsTheGapWhereTheCheckerFindsIt) {
  const Game game = make_game("tictactoe");
  Certificate certificate = solver_certificate(game, "b2 b3");
  ASSERT_EQ(certificate.strategies.size(), 1u);
  ASSERT_GT(certificate.strategies[0].entries.size(), 1u);
  certificate.strategies[0].entries.pop_back();
  const CheckReport report = check_certificate(game, certificate);
  ASSERT_FALSE(report.ok);
  ASSERT_NE(report.error.find("gap"), std::string::npos) << report.error;
  const CertificateBrowser browser(game, text_of(game, certificate));
  ExhaustiveWalk walk(browser, certificate.strategies[0], false);
  walk.visit("");
  EXPECT_GT(walk.stats.ends.count("gap"), 0u) << report.error;
  EXPECT_GT(walk.stats.answered.count("gap"), 0u);
}

TEST(CertificateBrowser, MovesOffTheStrategyAreErrors) {
  const Game game = make_game("tictactoe");
  const CertificateBrowser browser(game, text_of(game, solver_certificate(game, "b2 b3")));
  EXPECT_EQ(browser.start(), "b2 b3");
  const BrowseNode root = browser.walk("");
  ASSERT_EQ(root.node, BrowseNodeKind::Holder);
  const std::string mine = format_turn(game, *root.holder_turn);
  const std::string other = mine == "c1" ? "c3" : "c1";
  try {
    browser.walk(other);
    ADD_FAILURE() << "a turn the strategy does not play was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("the strategy plays " + mine), std::string::npos) << e.what();
  }
  EXPECT_THROW(browser.walk(mine + " " + mine), InputError);  // a taken cell
  EXPECT_THROW(browser.walk("", 1), InputError);  // no strategy for the second player
}

TEST(CertificateBrowser, MalformedTextNamesTheLine) {
  const Game game = make_game("tictactoe");
  const std::string good = text_of(game, solver_certificate(game, "b2 b3"));
  try {
    CertificateBrowser(game, good + "xo..x?...\n");
    ADD_FAILURE() << "a bad entry was accepted";
  } catch (const InputError& e) {
    const int lines = static_cast<int>(std::count(good.begin(), good.end(), '\n'));
    EXPECT_NE(std::string(e.what()).find("line " + std::to_string(lines + 1) + ":"), std::string::npos) << e.what();
  }
  EXPECT_THROW(CertificateBrowser(game, "not a certificate\n"), InputError);
  EXPECT_THROW(CertificateBrowser(make_game("connect4"), good), InputError);  // another game
  std::istringstream head(good);
  EXPECT_EQ(make_game(read_certificate_spec(head)).spec, game.spec);
  std::istringstream empty("");
  EXPECT_THROW(read_certificate_spec(empty), InputError);
}

TEST(CertificateBrowser, CountsStopAtTheCapAndSaySo) {
  const Game game = make_game("mnk:4x4x4");
  SolveOptions options;
  options.weak = true;
  options.certificate = true;
  options.pairing = PairingMode::Off;
  const SolveResult r = solve(Position(game), options);
  ASSERT_TRUE(r.certificate);
  BrowseOptions small;
  small.count_cap = 5;
  const CertificateBrowser browser(game, text_of(game, *r.certificate), small);
  const BrowseNode root = browser.walk("", 1);
  EXPECT_TRUE(root.capped);
  EXPECT_EQ(root.positions_below, 5u);
  for (const BrowseChild& child : root.children) EXPECT_LE(child.positions_below, 5u);
}

}  // namespace
}  // namespace kinrow
