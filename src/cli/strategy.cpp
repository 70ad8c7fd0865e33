// kinrow strategy: list the knowledge strategies, and verify one exhaustively.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/format.h"
#include "cli/version.h"
#include "core/error.h"
#include "core/notation.h"
#include "games/families.h"
#include "proof/certificate_files.h"
#include "strategy/verifier.h"

namespace kinrow::cli {

const CommandSpec kStrategySpec = {
    "strategy",
    "list  |  verify SPEC --strategy NAME --player 1|2 [options]",
    "List the knowledge strategies, or verify one against every defence.",
    "verify plays the strategy for the given player from the empty board against every\n"
    "legal reply at every turn, merging positions reached in different orders (and mirror\n"
    "images, for strategies that commute with them). It reports what the strategy\n"
    "guarantees -- win, or at least draw -- with the number of positions checked (those\n"
    "with the opponent to move, up to symmetry), or the first game it loses or cannot\n"
    "continue, as a move sequence. The strategy's source claims something (the paper's\n"
    "theorem); --claim asks for something else. Exit status 0 when the guarantee holds the\n"
    "claim, 1 when it does not (with the counterexample), 2 when the strategy does not\n"
    "apply to the game (it says why).\n\n"
    "The positions are walked one move number at a time, on every core, holding only the\n"
    "positions of one move number: hundreds of millions of positions fit in a few GB.\n"
    "--depth-first walks them depth first holding all of them, as --certificate needs; the\n"
    "two walks count the same positions. A layered walk of hours can be stopped and taken up\n"
    "again: with --checkpoint FILE it saves itself to FILE after every layer, and a run given\n"
    "a FILE that holds a checkpoint of the same verification resumes from it.\n\n"
    "A verified strategy can be written as a certificate (--certificate) that kinrow verify\n"
    "re-checks with code that shares nothing with the strategy. docs/misere.md.\n\n"
    "examples:\n"
    "  kinrow strategy list\n"
    "  kinrow strategy verify connect:7x6x4,misere --strategy take-even --player 2\n"
    "  kinrow strategy verify connect:7x5x4,misere --strategy delayed-take-even --player 1\n"
    "  kinrow strategy verify connect:8x5x4,misere --strategy delayed-take-even --player 1   (a counterexample)\n"
    "  kinrow strategy verify connect:10x1x3,misere --strategy canonical-boards --player 2 --relaxed\n"
    "  kinrow strategy verify connect:4x10x5,misere --strategy play-on-top --player 1\n"
    "  kinrow strategy verify connect:5x4x3,misere --strategy take-even --player 2 --certificate te.cert",
    {
        {"strategy", "NAME", "the strategy (kinrow strategy list)"},
        {"player", "1|2", "the side it plays"},
        {"claim", "WHAT", "win or draw (= at least a draw); default: what the strategy's source claims"},
        {"relaxed", "", "the opponent's lines do not count (canonical-boards; the relaxed game\n"
                        "of Steele & Larremore)"},
        {"max-positions", "N", "give up after N positions (default: no limit)"},
        {"threads", "N", "threads for the layered walk (default: one per core)"},
        {"depth-first", "", "walk depth first, holding every position (implied by --certificate)"},
        {"checkpoint", "FILE", "save the layered walk to FILE after every layer; resume from FILE if it holds one"},
        {"certificate", "FILE", "write the verified strategy as a certificate (docs/certificates.md)"},
        {"json", "", "print one JSON object instead of text"},
        {"quiet", "", "no progress on stderr"},
    },
    1,
    2,
};

namespace {

int list_strategies() {
  for (const auto& s : knowledge_strategies()) {
    std::string name = "  " + s->name();
    name.resize(24, ' ');
    std::cout << name << s->summary() << "\n";
  }
  return 0;
}

}  // namespace

int run_strategy(const Args& args) {
  const std::string action = args.positional[0];
  if (action == "list") return list_strategies();
  if (action != "verify")
    throw InputError("unknown action \"" + printable(action) + "\" (this command knows: list, verify)");
  if (args.positional.size() < 2) throw InputError("verify needs a game spec, e.g. connect:7x6x4,misere");
  if (!args.has("strategy")) throw InputError("verify needs --strategy NAME (kinrow strategy list)");
  if (!args.has("player")) throw InputError("verify needs --player 1 or 2");
  const Game game = make_game(args.positional[1]);
  const KnowledgeStrategy& strategy = find_strategy(args.get("strategy"));
  const int player = static_cast<int>(args.get_int("player", 1, 1, 2)) - 1;
  const bool relaxed = args.has("relaxed");
  const StrategyPromise promise = strategy.promise(game, player, relaxed);
  if (!promise.applies) throw InputError(strategy.name() + " does not apply: " + promise.why_not);

  bool has_claim = promise.has_claim;
  Claim claim = promise.claim;
  if (args.has("claim")) {
    const std::string c = args.get("claim");
    if (c != "win" && c != "draw") throw InputError("--claim takes win or draw, not \"" + printable(c) + "\"");
    has_claim = true;
    claim = c == "win" ? Claim::Win : Claim::NotLose;
  }

  VerifyOptions options;
  options.relaxed = relaxed;
  options.max_positions = static_cast<uint64_t>(args.get_int("max-positions", 0, 1, 1L << 40));
  options.certificate = args.has("certificate");
  options.depth_first = args.has("depth-first");
  options.threads = static_cast<int>(args.get_int("threads", 0, 1, 256));
  if (args.has("checkpoint")) {
    if (options.depth_first || options.certificate)
      throw InputError("--checkpoint is for the layered walk, not with --depth-first or --certificate");
    options.checkpoint = args.get("checkpoint");
  }
  if (options.certificate && relaxed)
    throw InputError("--certificate: certificates are for the game's own rules, not the relaxed game");
  ProgressLine progress(!args.has("quiet"));
  options.on_progress = [&](const VerifyProgress& p) {
    progress.show(strategy.name() + " on " + game.spec + ": " + verify_progress_text(p));
  };
  const StrategyVerification v = verify_strategy(game, strategy, player, options);
  progress.clear();

  const bool holds = v.complete && v.guarantee != Guarantee::None &&
                     (!has_claim || claim == Claim::NotLose || v.guarantee == Guarantee::Win);
  std::size_t entries = 0;
  if (options.certificate && v.strategy) {
    Certificate certificate;
    certificate.spec = game.spec;
    certificate.strategies.push_back(*v.strategy);
    save_certificate(args.get("certificate"), game, certificate);
    entries = v.strategy->entries.size();
  }
  const std::string who = player == 0 ? "first player" : "second player";
  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["game"] = game.spec;
    out["strategy"] = strategy.name();
    out["player"] = player + 1;
    out["relaxed"] = relaxed;
    out["source"] = promise.source;
    out["claim"] = has_claim ? claim_name(claim) : "none";
    out["complete"] = v.complete;
    out["guarantee"] = v.complete ? guarantee_name(v.guarantee) : "unknown";
    out["holds"] = holds;
    out["positions"] = v.positions;
    out["opponent_moves"] = v.opponent_moves;
    out["games_ended"] = v.games_ended;
    out["seconds"] = v.seconds;
    out["resumed"] = v.resumed;
    if (v.resumed) {
      out["resumed_positions"] = v.resumed_positions;
      out["resumed_seconds"] = v.resumed_seconds;
    }
    out["walk"] = options.depth_first || options.certificate ? "depth-first" : "layered";
    if (!v.counterexample.empty() || !v.failure.empty()) {
      out["counterexample"] = format_cell_moves(game, v.counterexample);
      out["failure"] = v.failure;
    } else if (v.complete && v.guarantee == Guarantee::NotLose) {
      out["drawn_game"] = format_cell_moves(game, v.drawn_game);
    }
    if (options.certificate) {
      out["certificate"] = args.get("certificate");
      out["certificate_entries"] = entries;
    }
    out["built_from"] = kBuiltFrom;
    std::cout << out.dump() << std::endl;
    return holds ? 0 : 1;
  }
  std::cout << "game        " << game.spec << (relaxed ? " (relaxed: the opponent's lines do not count)" : "") << "\n"
            << "strategy    " << strategy.name() << " for the " << who << " (" << promise.source << ")\n"
            << "claim       " << (has_claim ? claim_name(claim) : std::string("none (the source claims nothing here)"))
            << "\n";
  if (v.resumed)
    std::cout << "resumed     from " << args.get("checkpoint") << ": " << with_commas(v.resumed_positions)
              << " positions in " << seconds_text(v.resumed_seconds)
              << " before this run (the walk trusts the file as the run that wrote it)\n";
  if (!v.complete) {
    std::cout << "result      not verified: stopped after " << with_commas(v.positions) << " positions\n";
    if (args.has("checkpoint"))
      std::cout << "checkpoint  " << args.get("checkpoint") << " holds the walk: the same command resumes it\n";
    return 1;
  }
  std::cout << "guarantee   " << guarantee_name(v.guarantee) << " against every defence\n"
            << "checked     " << with_commas(v.positions) << " positions, " << with_commas(v.opponent_moves)
            << " replies, " << with_commas(v.games_ended) << " game ends, " << seconds_text(v.seconds) << "\n";
  if (!v.failure.empty())
    std::cout << "counterexample  " << format_cell_moves(game, v.counterexample) << "  (" << v.failure << ")\n";
  else if (v.guarantee == Guarantee::NotLose)
    std::cout << "a drawn game    " << format_cell_moves(game, v.drawn_game) << "  (why it is not a win)\n";
  if (options.certificate && v.strategy)
    std::cout << "certificate " << args.get("certificate") << " (" << with_commas(entries) << " entries)\n";
  if (holds) std::cout << (has_claim ? "verified: the claim holds\n" : "verified: it never loses\n");
  else std::cout << (has_claim ? "NOT verified: the claim fails\n" : "it can lose (the counterexample above)\n");
  return holds ? 0 : 1;
}

}  // namespace kinrow::cli
