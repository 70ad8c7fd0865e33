// kinrow prove-draw: draw proofs without a game tree — Hales–Jewett pairings and set
// matching (Uiterwijk), written as certificates that kinrow verify re-checks.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/format.h"
#include "core/error.h"
#include "core/hashing.h"
#include "core/notation.h"
#include "games/families.h"
#include "proof/checker.h"
#include "search/pairing.h"
#include "search/pairing_catalog.h"
#include "search/solver.h"

namespace kinrow::cli {

const CommandSpec kProveDrawSpec = {
    "prove-draw",
    "SPEC [--moves M] [options]  |  --catalog",
    "Prove that a side cannot win by a pairing or a matching set, with no search.",
    "For each side (the defender) kinrow looks for a plan that answers every move of the\n"
    "other side inside reserved cells so that every line the other side could still\n"
    "complete gets a defender stone: a Hales-Jewett pairing (two cells per line, found by\n"
    "augmenting paths; with --method shared also pairs that serve several lines at once,\n"
    "found by a covering search) or, where pairings run short, Uiterwijk's set matching\n"
    "(fewer than two cells per line; found by a small search on the part pairings cannot\n"
    "cover). A defender to move opens with one move first. Both sides holding a plan is a\n"
    "draw; in a maker-breaker game the breaker's plan is its win. Applies to one stone a\n"
    "turn without gravity, normal or maker-breaker. Exit status: 0 proved, 1 not proved.\n"
    "docs/pairing.md.\n\n"
    "--catalog builds an example position for every configuration of the paper's Table 1\n"
    "and reports what plain pairing and set matching find there, and the nodes of a full\n"
    "solve without pairing, with plain pairing and with set matching. --survey N looks for\n"
    "matching sets by search alone (no catalogue) in N random positions and names what it\n"
    "finds: the paper's configurations, and any that are not in its table.\n\n"
    "examples:\n"
    "  kinrow prove-draw mnk:4x4x4 --certificate 444.cert   (then: kinrow verify mnk:4x4x4 444.cert)\n"
    "  kinrow prove-draw mnk:9x9x9 --method hj\n"
    "  kinrow prove-draw mnk:7x7x6 --method shared\n"
    "  kinrow prove-draw mnk:5x5x4 --moves c3 --side second\n"
    "  kinrow prove-draw --catalog\n"
    "  kinrow prove-draw mnk:5x4x4 --survey 3000",
    {
        {"moves", "M", "moves from the empty board (docs/games.md)"},
        {"method", "NAME", "hj (plain pairings), shared (pairs may serve several lines; boards of at most\n"
                           "64 cells) or matching (default: matching)"},
        {"depth", "N", "matching sets nested at most N coverings deep (default 2)"},
        {"side", "WHO", "the defender: first, second or both (default both)"},
        {"certificate", "FILE", "write the plans as a certificate (docs/certificates.md)"},
        {"catalog", "", "the paper's configurations on example positions (no SPEC)"},
        {"survey", "N", "search N random positions of SPEC for matching sets and list the\n"
                        "configurations found, those outside the paper's table first"},
        {"seed", "S", "random seed of --survey (default 1)"},
        {"json", "", "print one JSON object instead of text"},
    },
    0,
    1,
};

namespace {

using Clock = std::chrono::steady_clock;

struct SideResult {
  int defender = 0;
  std::optional<DefenceProof> proof;
  std::vector<std::string> components;  // a description of each matching set
  std::size_t pairs = 0;
};

// "BiTriangle (8 markers, 5 groups)" for each matching set of the plan.
std::vector<std::string> describe(const Position& start, int defender, const MatchingPlan& plan) {
  Position position = start;
  if (plan.opening >= 0) position.play({plan.opening});
  const std::vector<Group> groups = attacker_groups(position, defender);
  std::vector<std::string> out;
  for (const MatchingComponent& c : plan.components) {
    if (c.is_pair()) continue;
    const std::vector<Group> guarded = guarded_groups(c, groups);
    const std::string name = recognise(c.markers, guarded);
    out.push_back((name.empty() ? std::string("a set not in the paper's table") : name) + " (" +
                  std::to_string(c.markers.size()) + " markers, " + std::to_string(guarded.size()) +
                  " groups)");
  }
  return out;
}

int run_catalog(const Args& args);
int run_survey(const Args& args, const Game& game);

}  // namespace

int run_prove_draw(const Args& args) {
  if (args.has("catalog")) {
    if (!args.positional.empty()) throw InputError("--catalog builds its own positions: drop the SPEC");
    return run_catalog(args);
  }
  if (args.positional.empty()) throw InputError("prove-draw needs a SPEC (or --catalog); see kinrow prove-draw --help");
  const Game game = make_game(args.positional[0]);
  if (args.has("survey")) return run_survey(args, game);
  const Position position = play_moves(game, args.get("moves"));
  const PairingMode mode = parse_pairing_mode(args.get("method", "matching"));
  if (mode == PairingMode::Off) throw InputError("--method: hj, shared or matching");
  const int depth = static_cast<int>(args.get_int("depth", 2, 0, 8));
  const std::string side = args.get("side", "both");
  if (side != "first" && side != "second" && side != "both")
    throw InputError("--side: first, second or both, not \"" + printable(side) + "\"");
  if (position.over()) throw InputError("the game is already over in this position");
  std::vector<int> defenders;
  for (int p = 0; p < 2; ++p)
    if ((side == "both" || side == player_name(p)) && pairing_applies(game.rules, p)) defenders.push_back(p);
  if (defenders.empty())
    throw InputError(std::string("pairings prove nothing here: they need one stone a turn, no gravity, ") +
                     "and a normal or maker-breaker goal (where only the breaker defends)");

  const auto began = Clock::now();
  std::vector<SideResult> results;
  uint64_t tried = 0;
  for (int defender : defenders) {
    SideResult r;
    r.defender = defender;
    uint64_t n = 0;
    r.proof = prove_defence(position, defender, mode, depth, &n);
    tried += n;
    if (r.proof) {
      r.pairs = r.proof->plan.pairs();
      r.components = describe(position, defender, r.proof->plan);
    }
    results.push_back(std::move(r));
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - began).count();

  Certificate certificate;
  certificate.spec = game.spec;
  certificate.start = format_turns(game, position.history());
  const bool breaker_game = game.rules.goal == Goal::MakerBreaker;
  for (const SideResult& r : results) {
    if (!r.proof) continue;
    Strategy s;
    s.holder = r.defender;
    s.claim = breaker_game ? Claim::Win : Claim::NotLose;
    s.plan = r.proof->plan;
    certificate.strategies.push_back(std::move(s));
  }
  std::string proves = "nothing";
  CheckReport check;
  if (!certificate.strategies.empty()) {
    // The plans are re-checked by the certificate checker before anything is claimed.
    check = check_certificate(game, certificate);
    if (!check.ok) throw std::logic_error("prove-draw made a plan the checker rejects: " + check.error);
    proves = check.proves;
    if (args.has("certificate")) {
      const std::string path = args.get("certificate");
      std::ofstream out(path);
      if (!out) throw InputError("cannot write \"" + path + "\"");
      write_certificate(out, game, certificate);
      if (!out.flush()) throw InputError("writing \"" + path + "\" failed");
    }
  }

  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["game"] = game.spec;
    out["moves"] = certificate.start;
    out["method"] = pairing_mode_name(mode);
    out["proves"] = proves;
    out["search_nodes"] = 1;
    out["pairings_tried"] = tried;
    out["seconds"] = seconds;
    for (const SideResult& r : results) {
      nlohmann::ordered_json d;
      d["holds"] = r.proof.has_value();
      if (r.proof) {
        d["opening"] = r.proof->plan.opening >= 0 ? nlohmann::json(format_cell(game, r.proof->plan.opening))
                                                  : nlohmann::json(nullptr);
        d["markers"] = r.proof->plan.markers();
        d["pairs"] = r.pairs;
        d["matching_sets"] = r.components;
        d["plan"] = format_components(game, r.proof->plan.components);
      }
      out[player_name(r.defender) + "_player_defends"] = d;
    }
    if (args.has("certificate")) out["certificate"] = proves == "nothing" ? nlohmann::json(nullptr) : nlohmann::json(args.get("certificate"));
    std::cout << out.dump() << "\n";
    return proves == "nothing" ? 1 : 0;
  }

  const std::string moves = certificate.start;
  std::cout << "game         " << game.spec << "\n";
  std::cout << "moves        " << moves_or_empty_board(moves) << "\n";
  for (const SideResult& r : results) {
    std::cout << player_name(r.defender) << " player " << (r.defender == 0 ? " " : "")
              << (r.proof ? "keeps the " : "finds no plan against the ") << player_name(1 - r.defender)
              << " player from every line";
    if (r.proof) {
      const MatchingPlan& plan = r.proof->plan;
      std::cout << ": ";
      if (plan.opening >= 0) std::cout << "opens " << format_cell(game, plan.opening) << ", then ";
      std::cout << r.pairs << " pair" << (r.pairs == 1 ? "" : "s");
      for (const std::string& c : r.components) std::cout << " + " << c;
    }
    std::cout << "\n";
  }
  std::cout << "proved       " << proves << " (no game tree: 1 node; " << with_commas(tried)
            << " pairing problems solved in " << seconds_text(seconds) << ")\n";
  if (args.has("certificate") && proves != "nothing")
    std::cout << "certificate  " << args.get("certificate") << " (check with: kinrow verify " << game.spec
              << " " << args.get("certificate") << ")\n";
  return proves == "nothing" ? 1 : 0;
}

namespace {

int run_catalog(const Args& args) {
  nlohmann::ordered_json rows = nlohmann::json::array();
  if (!args.has("json"))
    std::cout << "| configuration | markers | groups | plain pairing | set matching | nodes: no pairing "
                 "| nodes: plain pairing | nodes: set matching |\n"
                 "|---|---:|---:|---|---|---:|---:|---:|\n";
  for (const Configuration& c : matching_configurations()) {
    const ConfigurationExample example = configuration_example(c);
    const Position position = play_moves(example.game, example.moves);
    const auto hj = prove_defence(position, 1, PairingMode::HalesJewett);
    const auto matching = prove_defence(position, 1, PairingMode::Matching, 1);
    std::string found = "none";
    if (matching) {
      const auto parts = describe(position, 1, matching->plan);
      found.clear();
      for (const std::string& p : parts) found += (found.empty() ? "" : " + ") + p;
      if (found.empty()) found = "pairs only";
    }
    uint64_t nodes[3];
    const PairingMode modes[3] = {PairingMode::Off, PairingMode::HalesJewett, PairingMode::Matching};
    for (int i = 0; i < 3; ++i) {
      SolveOptions options;
      options.pairing = modes[i];
      options.weak = true;
      const SolveResult r = solve(position, options);
      if (r.value != Value::Draw) throw std::logic_error("an example position is not a draw: " + c.name);
      nodes[i] = r.value_nodes;
    }
    if (args.has("json")) {
      nlohmann::ordered_json out;
      out["configuration"] = c.name;
      out["markers"] = c.markers;
      out["groups"] = c.groups.size();
      out["moves"] = example.moves;
      out["plain_pairing"] = hj.has_value();
      out["set_matching"] = matching ? nlohmann::json(found) : nlohmann::json(nullptr);
      out["nodes_no_pairing"] = nodes[0];
      out["nodes_plain_pairing"] = nodes[1];
      out["nodes_set_matching"] = nodes[2];
      rows.push_back(out);
    } else {
      std::cout << "| " << c.name << " | " << c.markers << " | " << c.groups.size() << " | "
                << (hj ? "holds" : "fails") << " | " << found << " | " << with_commas(nodes[0]) << " | "
                << with_commas(nodes[1]) << " | " << with_commas(nodes[2]) << " |\n";
    }
  }
  if (args.has("json")) std::cout << nlohmann::ordered_json{{"configurations", rows}}.dump() << "\n";
  return 0;
}

}  // namespace

namespace {

// A configuration met in the survey: its shape over markers 0..n-1, how often, and where.
struct Found {
  std::string name;  // "" if not in the catalogue
  int markers = 0;
  std::vector<Group> shape;
  bool overlapping = false;  // two groups share two markers or more (the paper excludes these)
  long count = 0;
  std::string example;  // moves, then the component
};

bool has_overlap(const std::vector<Group>& groups) {
  for (std::size_t i = 0; i < groups.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) {
      int common = 0;
      for (Cell c : groups[i]) common += std::count(groups[j].begin(), groups[j].end(), c) > 0;
      if (common >= 2) return true;
    }
  return false;
}

int run_survey(const Args& args, const Game& game) {
  constexpr std::size_t kLargest = 10;  // bigger sets are counted, not named
  const long positions = args.get_int("survey", 0, 1, 10000000);
  SplitMix64 random(static_cast<uint64_t>(args.get_int("seed", 1, 0, 1L << 40)));
  if (!pairing_applies(game.rules, 0) || !pairing_applies(game.rules, 1))
    throw InputError("--survey needs a game where both sides can hold a plan (one stone a turn, no gravity, normal goal)");
  std::vector<Found> found;
  long larger = 0, sets = 0, surveyed = 0;
  for (long i = 0; i < positions; ++i) {
    Position p(game);
    for (long n = 1 + static_cast<long>(random.below(game.cell_count() / 2)); n > 0 && !p.over(); --n) {
      const std::vector<Turn> turns = p.legal_turns();
      p.play(turns[random.below(turns.size())]);
    }
    if (p.over()) continue;
    ++surveyed;
    const int defender = 1 - p.to_move();
    const std::vector<Group> groups = attacker_groups(p, defender);
    PairingFinder finder;
    if (finder.plan(groups, 0)) continue;
    const auto plan = finder.plan(groups, 1, true);
    if (!plan) continue;
    for (const MatchingComponent& c : *plan) {
      if (c.is_pair()) continue;
      ++sets;
      if (c.markers.size() > kLargest) {
        ++larger;
        continue;
      }
      const std::vector<Group> guarded = guarded_groups(c, groups);
      const auto shape = local_groups(c.markers, guarded);
      if (!shape) continue;
      const int n = static_cast<int>(c.markers.size());
      auto it = std::find_if(found.begin(), found.end(), [&](const Found& f) {
        return f.markers == n && same_configuration(n, f.shape, *shape);
      });
      if (it == found.end()) {
        const std::string moves = format_turns(game, p.history());
        found.push_back({recognise(c.markers, guarded), n, *shape, has_overlap(*shape), 0,
                         "after \"" + moves + "\": " + format_component(game, c)});
        it = found.end() - 1;
      }
      ++it->count;
    }
  }
  std::stable_sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    if (a.name.empty() != b.name.empty()) return a.name.empty();
    if (a.overlapping != b.overlapping) return !a.overlapping;
    return a.count > b.count;
  });
  auto letters = [](const std::vector<Group>& shape) {
    std::string text;
    for (const Group& g : shape) {
      text += text.empty() ? "" : " ";
      for (Cell c : g) text += static_cast<char>('a' + c);
    }
    return text;
  };
  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["game"] = game.spec;
    out["positions"] = surveyed;
    out["matching_sets"] = sets;
    out["larger_sets_not_named"] = larger;
    out["configurations"] = nlohmann::json::array();
    for (const Found& f : found) {
      nlohmann::ordered_json row;
      row["configuration"] = f.name.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.name);
      row["markers"] = f.markers;
      row["groups"] = letters(f.shape);
      row["overlapping"] = f.overlapping;
      row["count"] = f.count;
      row["example"] = f.example;
      out["configurations"].push_back(row);
    }
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << game.spec << ": " << with_commas(surveyed) << " random positions, " << with_commas(sets)
            << " matching sets found by search (the side not to move defends; " << with_commas(larger)
            << " of more than " << kLargest << " markers not named)\n\n"
            << "| configuration | markers | groups | saving | overlapping groups | found | example |\n"
            << "|---|---:|---|---:|---|---:|---|\n";
  for (const Found& f : found)
    std::cout << "| " << (f.name.empty() ? "not in the paper" : f.name) << " | " << f.markers << " | "
              << letters(f.shape) << " | " << 2 * static_cast<int>(f.shape.size()) - f.markers << " | "
              << (f.overlapping ? "yes" : "no") << " | " << with_commas(f.count) << " | " << f.example << " |\n";
  return 0;
}

}  // namespace

}  // namespace kinrow::cli
