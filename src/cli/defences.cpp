// kinrow defences: the defender turns that the attacker's threat strategies do not refute
// (Wu and Lin's NCTU6-Verifier), with the relevance zones that refute the rest.
#include <chrono>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/format.h"
#include "core/error.h"
#include "core/notation.h"
#include "games/board_dispatch.h"
#include "games/families.h"
#include "search/zone_certificate.h"
#include "threats/defences.h"

namespace kinrow::cli {

const CommandSpec kDefencesSpec = {
    "defences",
    "SPEC --moves M [--zone-order N] [--threat-order N] [--threat-nodes N] [--certificate FILE] [--json]",
    "List the defender turns that the attacker's threats do not refute (with their zones).",
    "The side to move after M is the defender; the other side attacks. If the defender\n"
    "withheld his whole turn (a null move) and the attacker still wins by threats, the\n"
    "cells that win reads form a zone: a turn with no stone there loses to the same\n"
    "threats. Each stone in the zone is placed and the rest withheld (a seminull move),\n"
    "and so on, stone by stone; whole turns are tried against the attacker's threats.\n"
    "What is printed are the turns left: none means the attacker wins (Wu and Lin's\n"
    "relevance-zone-oriented proof search; docs/threats.md). With --certificate and none\n"
    "left, the attacker's win is written as a zone certificate for kinrow verify.\n\n"
    "Orders (threats/threat_space.h): with p = 2, order 1 wins by double threats (VCDT),\n"
    "2 allows single threats (VCST), 3 quiet turns; with p = 1, 1 is VCF and 2 adds open\n"
    "threes. A partial turn that withholds w stones asks a win of order zone-order - w.\n\n"
    "examples:\n"
    "  kinrow defences mnk:19x19x6,p=2,q=3 --moves j10j11k10\n"
    "  kinrow defences mnk:15x15x5 --moves \"h8 h9 i8 i9 j9\" --json\n"
    "  kinrow defences connect6 --moves \"c5 s1s3 d5e5 a19c17 f2f3 q19s15 f4j9 a10s10 k9l9 a14n19 f5m9\"\n"
    "      --certificate won.cert && kinrow verify connect6 won.cert",
    {
        {"moves", "M", "the position (the defender is to move after it)"},
        {"zone-order", "N", "order behind the zones (default p + 1: double threats after a null move)"},
        {"threat-order", "N", "order of the threats that refute a whole turn (default 2)"},
        {"threat-nodes", "N", "nodes each threat question may take (default 65536; 0: no limit)"},
        {"certificate", "FILE", "if no turn is left, write the attacker's win to FILE (docs/certificates.md,\n"
                                "\"Relevance zones\"); exit 1 if turns are left"},
        {"json", "", "print one JSON object instead of text"},
    },
    1,
    1,
};

namespace {

// The attacker's win when no defence is left, written to `path` (search/zone_certificate.h).
// Returns the lines written.
template <int W>
std::size_t write_defences_certificate(const std::string& path, const BoardTables& tables, Board<W>& board,
                                       const Position& position, int attacker, int zone_order, int threat_order) {
  const Game& game = position.game();
  std::ofstream file(path);
  if (!file) throw InputError("cannot write \"" + printable(path) + "\"");
  CertificateWriter writer(file, game);
  write_zone_win(writer, tables, board, game.spec, format_turns(game, position.history()), attacker, zone_order,
                 threat_order);
  if (!file.flush()) throw InputError("writing \"" + printable(path) + "\" failed");
  return writer.entries();
}

}  // namespace

int run_defences(const Args& args) {
  const Game game = make_game(args.positional[0]);
  if (!ThreatSpaceSearch<1>::applies(game.rules))
    throw InputError("defences reads threats where completing a line wins: not under gravity or misere");
  const Position position = play_moves(game, args.get("moves"));
  if (position.over()) throw InputError("the game is over after these moves");
  const int p = game.rules.stones_per_turn;
  if (position.stones_this_turn() != p) throw InputError("the defender's turn must be a whole turn of p stones");
  const int zone_order = static_cast<int>(args.get_int("zone-order", p + 1, 0, 8));
  const int threat_order = static_cast<int>(args.get_int("threat-order", 2, 0, 8));
  const int defender = position.to_move(), attacker = 1 - defender;
  if (game.rules.goal == Goal::MakerBreaker && attacker == 1)
    throw InputError("the attacker (the side not to move) cannot win in this game: his lines do not count");

  BoardOptions options;
  options.near = p + ZoneProfile<1>::kMaxExtra;
  const BoardTables tables(game, options);
  const auto start = std::chrono::steady_clock::now();
  return with_board(tables, [&](auto board) {
    constexpr int W = decltype(board)::kWords;
    replay(board, position);
    ThreatSpaceSearch<W> search(tables);
    search.set_node_limit(static_cast<uint64_t>(args.get_int("threat-nodes", 65536, 0, 1L << 40)));
    const DefenceReport<W> report = list_defences(search, board, attacker, zone_order, threat_order);
    std::size_t certificate_lines = 0;
    if (args.has("certificate") && report.unrefuted.empty())
      certificate_lines = write_defences_certificate(args.get("certificate"), tables, board, position, attacker,
                                                     zone_order, threat_order);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    auto cells_text = [&](const Bits<W>& cells) {
      std::string text;
      for (Cell c : cells) text += (text.empty() ? "" : " ") + format_cell(game, c);
      return text;
    };
    auto turn_text = [&](const Move& m) { return m.size ? format_turn(game, to_turn(m)) : std::string("(null)"); };
    if (args.has("json")) {
      nlohmann::ordered_json out;
      out["game"] = game.spec;
      out["moves"] = format_turns(game, position.history());
      out["defender"] = defender == 0 ? "first" : "second";
      out["zone_order"] = zone_order;
      out["threat_order"] = threat_order;
      out["partial_turns"] = nlohmann::json::array();
      for (const auto& partial : report.partial)
        out["partial_turns"].push_back({{"placed", turn_text(partial.placed)},
                                        {"attacker_wins", partial.attacker_wins},
                                        {"zone", cells_text(partial.zone)}});
      out["unrefuted"] = nlohmann::json::array();
      for (const Move& m : report.unrefuted) out["unrefuted"].push_back(turn_text(m));
      out["refuted_turns"] = report.refuted;
      out["attacker_wins"] = report.unrefuted.empty();
      out["nodes"] = report.nodes;
      out["seconds"] = seconds;
      if (args.has("certificate")) {
        out["certificate"] = report.unrefuted.empty() ? nlohmann::json(args.get("certificate")) : nlohmann::json();
        out["certificate_lines"] = certificate_lines;
      }
      std::cout << out.dump() << "\n";
      return args.has("certificate") && !report.unrefuted.empty() ? 1 : 0;
    }
    std::cout << "game          " << game.spec << "\n";
    std::cout << "moves         " << (position.history().empty() ? "(empty board)" : format_turns(game, position.history())) << "\n";
    std::cout << "defender      " << (defender == 0 ? "first player (x)" : "second player (o)") << ", " << p
              << " stone(s)\n";
    const auto& null_move = report.partial.front();
    std::cout << "null move     "
              << (null_move.attacker_wins ? "the attacker still wins; zone of " + std::to_string(null_move.zone.count()) +
                                                " cells: " + cells_text(null_move.zone)
                                          : std::string("the attacker has no threat win: every stone is tried"))
              << "\n";
    std::size_t seminull = 0, seminull_wins = 0;
    for (std::size_t i = 1; i < report.partial.size(); ++i) {
      ++seminull;
      seminull_wins += report.partial[i].attacker_wins;
    }
    if (p > 1)
      std::cout << "seminull      " << seminull << " partial turns, " << seminull_wins
                << " still lost to threats (their zones restrict the next stone)\n";
    std::cout << "refuted       " << with_commas(report.refuted) << " whole turns in the zones lose to threats\n";
    std::cout << "unrefuted     " << report.unrefuted.size() << " turn(s)";
    if (report.unrefuted.empty()) std::cout << ": the attacker wins against every defence";
    std::cout << "\n";
    for (const Move& m : report.unrefuted)
      std::cout << "  " << turn_text(m)
                << (m.size < std::min(p, position.empty_count()) ? "  (completes his line: any turn with it wins)" : "")
                << "\n";
    std::cout << "nodes         " << with_commas(report.nodes) << "\n";
    std::cout << "time          " << seconds_text(seconds) << "\n";
    if (!args.has("certificate")) return 0;
    if (!report.unrefuted.empty()) {
      std::cout << "certificate   not written: turns are left\n";
      return 1;
    }
    std::cout << "certificate   " << args.get("certificate") << " (" << with_commas(certificate_lines)
              << " entries and zones; kinrow verify " << game.spec << " " << args.get("certificate") << ")\n";
    return 0;
  });
}

}  // namespace kinrow::cli
