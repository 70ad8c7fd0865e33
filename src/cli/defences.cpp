// kinrow defences: the defender turns that the attacker's threat strategies do not refute
// (Wu and Lin's NCTU6-Verifier), with the relevance zones that refute the rest.
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/certificate_file.h"
#include "cli/commands.h"
#include "cli/format.h"
#include "cli/gravity_options.h"
#include "cli/version.h"
#include "core/error.h"
#include "core/memory.h"
#include "core/notation.h"
#include "games/families.h"
#include "search/defences_proof.h"
#include "search/method_choice.h"

namespace kinrow::cli {

const CommandSpec kDefencesSpec = {
    "defences",
    "SPEC [--moves M] [--prove] [--zone-order N] [--threat-order N] [--threat-nodes N] [--turn-nodes N]\n"
    "       [--threads N] [--tt-mb N] [--certificate FILE [--certificate-from-empty]] [--json] [--quiet]",
    "List the defender turns the attacker's threats do not refute, with their zones (--prove: decides them).",
    "The side to move after M is the defender; the other side attacks. If the defender\n"
    "withheld his whole turn (a null move) and the attacker still wins by threats, the\n"
    "cells that win reads form a zone: a turn with no stone there loses to the same\n"
    "threats. Each stone in the zone is placed and the rest withheld (a seminull move),\n"
    "and so on, stone by stone; whole turns are tried against the attacker's threats.\n"
    "The defender's turn may be the game's first, of q stones (no --moves).\n"
    "What is printed are the turns left: none means the attacker wins (Wu and Lin's\n"
    "relevance-zone-oriented proof search; docs/threats.md).\n\n"
    "--prove hands each turn left to df-pn, one proof a turn in one table (turns that are\n"
    "images of each other under the game's symmetries once), and stops at the first turn\n"
    "the defender holds. If the attacker wins after every one, he wins the position, and\n"
    "--certificate writes that win (zones for the defender's turns, the proofs below\n"
    "them) for kinrow verify. This is how kinrow proves Connect(6,2,3): Black's opening\n"
    "turn given, every white reply refuted by threats or proved (docs/results.md).\n\n"
    "Orders (threats/threat_space.h): with p = 2, order 1 wins by double threats (VCDT),\n"
    "2 allows single threats (VCST), 3 quiet turns; with p = 1, 1 is VCF and 2 adds open\n"
    "threes. A partial turn that withholds w stones asks a win of order zone-order - w.\n\n"
    "examples:\n"
    "  kinrow defences mnk:19x19x6,p=2,q=3 --moves j11i10k10\n"
    "  kinrow defences mnk:19x19x6,p=2,q=3 --moves j11i10k10 --prove --certificate c623.cert\n"
    "      --certificate-from-empty && kinrow verify mnk:19x19x6,p=2,q=3 c623.cert --infinite\n"
    "  kinrow defences mnk:6x4x4,p=2,q=1 --prove   (Black's single first stone: each loses)\n"
    "  kinrow defences mnk:15x15x5 --moves \"h8 h9 i8 i9 j8\" --json\n"
    "  kinrow defences connect6 --moves \"c5 s1s3 d5e5 a19c17 f2f3 q19s15 f4j9 a10s10 k9l9 a14n19 f5m9\"\n"
    "      --certificate won.cert && kinrow verify connect6 won.cert",
    {
        {"moves", "M", "the position (the defender is to move after it)"},
        {"prove", "", "decide each turn left by df-pn (relevance zones as solve --method pns uses them)"},
        {"zone-order", "N", "order behind the zones (default p + 1, or q + 1 on a first turn of q > p stones:\n"
                            "double threats after a null move)"},
        {"threat-order", "N", "order of the threats that refute a whole turn (default 2)"},
        {"threat-nodes", "N", "nodes each threat question of the listing may take (default 65536; 0: no limit)"},
        {"turn-nodes", "N", "--prove: df-pn's budget for each turn, threat searches' nodes included (default 0:\n"
                            "none); a turn past it is reported undecided"},
        {"threads", "N", "--prove: df-pn's threads (default: one per core, at most 4)"},
        {"tt-mb", "N", "--prove: df-pn's table in MiB (default as solve --method pns chooses)"},
        {"certificate", "FILE", "write the attacker's win to FILE when no turn is left, or with --prove when every\n"
                                "turn left is his (docs/certificates.md, \"Relevance zones\"); exit 1 if not;\n"
                                "a NAME.gz is written compressed"},
        {"certificate-from-empty", "", "when --moves is the attacker's opening turn: the certificate starts at the\n"
                                       "empty board, with that turn as his first entry (a win of the game)"},
        {"json", "", "print one JSON object instead of text"},
        {"quiet", "", "no progress on stderr"},
    },
    1,
    1,
};

namespace {

std::string turn_text(const Game& game, const Turn& turn) {
  return turn.empty() ? std::string("(null)") : format_turn(game, turn);
}

std::string cells_text(const Game& game, const std::vector<Cell>& cells) {
  std::string text;
  for (Cell c : cells) text += (text.empty() ? "" : " ") + format_cell(game, c);
  return text;
}

std::string proof_text(const DefencesResult& proof, const TurnProof& turn, const Game& game) {
  if (turn.completes_line) return "the defender completes a line";
  if (!turn.searched) return "";
  if (turn.same_as >= 0)
    return std::string(turn.attacker_wins ? (*turn.attacker_wins ? "won" : "held") : "undecided") +
           " (a symmetric image of " + turn_text(game, proof.turns[static_cast<std::size_t>(turn.same_as)].turn) + ")";
  const std::string what = !turn.attacker_wins ? "undecided" : *turn.attacker_wins ? "won" : "held by the defender";
  return what + "  " + with_commas(turn.nodes) + " nodes  " + seconds_text(turn.seconds);
}

}  // namespace

int run_defences(const Args& args) {
  const Game game = make_game(args.positional[0]);
  const Position position = play_moves(game, args.get("moves"));
  const int p = game.rules.stones_per_turn;
  const int defender = position.to_move(), attacker = 1 - defender;
  DefencesOptions options;
  options.zone_order = static_cast<int>(
      args.get_int("zone-order", default_zone_order(p, position.stones_this_turn()), 0, 8));
  options.threat_order = static_cast<int>(args.get_int("threat-order", kDefaultDefenceThreatOrder, 0, 8));
  options.threat_nodes = static_cast<uint64_t>(args.get_int("threat-nodes", 65536, 0, 1L << 40));
  options.prove = args.has("prove");
  options.certificate = args.has("certificate");
  if (!options.prove)
    for (const char* name : {"turn-nodes", "threads", "tt-mb"})
      if (args.has(name)) throw InputError(std::string("--") + name + " sets the proofs of --prove; add --prove");
  check_defences_position(position);
  check_certificate_options(args, position);
  const MethodChoice choice = proof_numbers_choice(position, all_cores(), available_memory_bytes());
  options.dfpn.threads = static_cast<int>(args.get_int("threads", choice.threads, 1, 256));
  options.dfpn.table_megabytes = static_cast<std::size_t>(args.get_int("tt-mb", static_cast<long>(choice.table_megabytes), 1, 1L << 20));
  options.dfpn.max_nodes = static_cast<uint64_t>(args.get_int("turn-nodes", 0, 0, 1L << 50));

  ProgressLine progress(!args.has("quiet"));
  progress.show("listing the defences (threat searches of order " + std::to_string(options.zone_order) + " and " +
                std::to_string(options.threat_order) + ")");
  const auto start = std::chrono::steady_clock::now();
  std::size_t won = 0;
  DefencesProgress observe;
  observe.listed = [&](std::size_t turns) {
    if (options.prove && turns)
      progress.note(std::to_string(turns) + " turn(s) left by the threats; df-pn decides each (" +
                    std::to_string(options.dfpn.threads) + " thread(s), a table of " +
                    std::to_string(options.dfpn.table_megabytes) + " MiB)");
  };
  observe.proved = [&](std::size_t i, const TurnProof& turn) {
    won += turn.attacker_wins == true;
    progress.show("df-pn  turn " + std::to_string(i + 1) + " (" + turn_text(game, turn.turn) + "): " +
                  (turn.attacker_wins ? (*turn.attacker_wins ? "won" : "held") : "undecided") + "; " +
                  std::to_string(won) + " won so far");
  };
  // The certificate streams into its file as the walk finds it (Connect(6,2,3): 3.5 M
  // lines); a walk cut short leaves no file.
  std::optional<CertificateFile> file;
  if (options.certificate) {
    file.emplace(args, game, position);
    options.certificate_sink = &file->sink();
  }
  const DefencesResult result = prove_defences(position, options, observe);
  progress.clear();
  const bool certificate = result.certificate_written;
  const std::size_t certificate_entries = certificate ? file->finish() : 0;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // --prove: the turns searched (it stops at the first the defender holds), and of those
  // the ones decided each way; a turn past --turn-nodes is searched but undecided.
  // A turn that completes the defender's line is held without search, wherever it stands.
  std::size_t searched = 0, proved_won = 0, proved_held = 0;
  const TurnProof* first_held = nullptr;  // the turn that answered the question
  for (const TurnProof& turn : result.turns) {
    searched += turn.searched || turn.completes_line;
    proved_won += turn.attacker_wins == true;
    proved_held += turn.attacker_wins == false;
    if (turn.attacker_wins == false && !first_held) first_held = &turn;
  }
  const std::size_t undecided = searched - proved_won - proved_held;
  const bool certificate_missing = options.certificate && !certificate;

  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["game"] = game.spec;
    out["moves"] = format_turns(game, position.history());
    out["defender"] = player_name(defender);
    out["zone_order"] = options.zone_order;
    out["threat_order"] = options.threat_order;
    out["partial_turns"] = nlohmann::json::array();
    for (const PartialTurn& partial : result.partial)
      out["partial_turns"].push_back({{"placed", partial.placed.empty() ? nlohmann::json(nullptr)  // the null move
                                                                        : nlohmann::json(turn_text(game, partial.placed))},
                                      {"attacker_wins", partial.attacker_wins},
                                      {"zone", cells_text(game, partial.zone)}});
    out["unrefuted"] = nlohmann::json::array();
    for (const TurnProof& turn : result.turns) out["unrefuted"].push_back(turn_text(game, turn.turn));
    out["refuted_turns"] = result.refuted;
    if (options.prove) {
      out["proofs"] = nlohmann::json::array();
      for (const TurnProof& turn : result.turns) {
        if (!turn.searched && !turn.completes_line) break;
        nlohmann::ordered_json one;
        one["turn"] = turn_text(game, turn.turn);
        one["attacker_wins"] = turn.attacker_wins ? nlohmann::json(*turn.attacker_wins) : nlohmann::json(nullptr);
        one["nodes"] = turn.nodes;
        one["seconds"] = turn.seconds;
        if (turn.same_as >= 0) one["same_as"] = turn_text(game, result.turns[static_cast<std::size_t>(turn.same_as)].turn);
        out["proofs"].push_back(one);
      }
      out["dfpn_nodes"] = result.dfpn_nodes;
    }
    out["attacker_wins"] = result.attacker_wins ? nlohmann::json(*result.attacker_wins) : nlohmann::json(nullptr);
    out["nodes"] = result.threat_nodes;
    out["seconds"] = seconds;
    out["listing_seconds"] = result.listing_seconds;
    if (options.prove) out["proof_seconds"] = result.proof_seconds;
    if (options.certificate) out["certificate_seconds"] = result.certificate_seconds;
    if (options.certificate) {
      out["certificate"] = certificate ? nlohmann::json(args.get("certificate")) : nlohmann::json();
      out["certificate_entries"] = certificate_entries;
      if (result.certificate_out_of_budget) out["certificate_out_of_budget"] = true;
    }
    out["built_from"] = kBuiltFrom;
    std::cout << out.dump() << "\n";
    return certificate_missing ? 1 : 0;
  }
  std::cout << "game          " << game.spec << "\n";
  std::cout << "moves         " << moves_or_empty_board(format_turns(game, position.history())) << "\n";
  const int turn_stones = position.stones_this_turn();
  std::cout << "defender      " << player_with_mark(defender) << ", " << turn_stones << " stone(s)\n";
  const PartialTurn& null_move = result.partial.front();
  std::cout << "null move     "
            << (null_move.attacker_wins ? "the attacker still wins; zone of " + std::to_string(null_move.zone.size()) +
                                              " cells: " + cells_text(game, null_move.zone)
                                        : std::string("the attacker has no threat win: every stone is tried"))
            << "\n";
  std::size_t seminull = 0, seminull_wins = 0;
  for (std::size_t i = 1; i < result.partial.size(); ++i) {
    ++seminull;
    seminull_wins += result.partial[i].attacker_wins;
  }
  if (turn_stones > 1)
    std::cout << "seminull      " << seminull << " partial turns, " << seminull_wins
              << " still lost to threats (their zones restrict the next stone)\n";
  std::cout << "refuted       " << with_commas(result.refuted) << " whole turns in the zones lose to threats\n";
  std::cout << "unrefuted     " << result.turns.size() << " turn(s)";
  if (result.turns.empty()) std::cout << ": the attacker wins against every defence";
  std::cout << "\n";
  for (const TurnProof& turn : result.turns) {
    const std::string proof = proof_text(result, turn, game);
    std::cout << "  " << turn_text(game, turn.turn) << (proof.empty() ? "" : "  " + proof) << "\n";
  }
  std::cout << "threat nodes  " << with_commas(result.threat_nodes) << " (the listing: " << seconds_text(result.listing_seconds)
            << ")\n";
  if (options.prove && !result.turns.empty())
    std::cout << "proved        " << proved_won + proved_held << " of " << result.turns.size() << " turns decided: "
              << proved_won << " won by the attacker"
              << (proved_held ? ", " + std::to_string(proved_held) + " held by the defender" : "")
              << (undecided ? ", " + std::to_string(undecided) + " undecided (past --turn-nodes)" : "")
              << (searched < result.turns.size()
                      ? ", " + std::to_string(result.turns.size() - searched) + " not searched"
                      : "")
              << " (df-pn: " << with_commas(result.dfpn_nodes) << " nodes, " << seconds_text(result.proof_seconds)
              << ")\n";
  if (result.attacker_wins)
    std::cout << "value         "
              << (*result.attacker_wins ? std::string("the attacker (") + player_name(attacker) +
                                              " player) wins against every defence"
                                        : std::string("the attacker does not win: the defender holds after ") +
                                              turn_text(game, first_held->turn))
              << "\n";
  else if (options.prove)
    std::cout << "value         not decided: " << undecided << " turn(s) undecided past --turn-nodes\n";
  std::cout << "time          " << seconds_text(seconds) << "\n";
  if (!options.certificate) return 0;
  if (!certificate) {
    std::cout << "certificate   not written: "
              << (result.certificate_out_of_budget ? "deciding again what the table forgot ran past --turn-nodes"
                  : options.prove                   ? "the attacker's win is not proved"
                                                    : "turns are left (--prove decides them)")
              << "\n";
    return 1;
  }
  std::cout << "certificate   " << args.get("certificate") << " (" << with_commas(certificate_entries) << " entries in "
            << seconds_text(result.certificate_seconds) << "; kinrow verify " << game.spec << " " << args.get("certificate") << ")\n";
  return 0;
}

}  // namespace kinrow::cli
