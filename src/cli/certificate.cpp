// kinrow certificate show: walk a certificate's strategy one position at a time
// (proof/certificate_browser.h), as the proof browser of kinrow serve does.
// kinrow certificate join: certificates proved apart made one (proof/certificate_join.h).
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/board_text.h"
#include "cli/commands.h"
#include "cli/format.h"
#include "core/clock.h"
#include "core/error.h"
#include "core/notation.h"
#include "core/text_file.h"
#include "games/families.h"
#include "proof/certificate_browser.h"
#include "proof/certificate_files.h"
#include "proof/certificate_join.h"

namespace kinrow::cli {

const CommandSpec kCertificateSpec = {
    "certificate",
    "show FILE [--moves M] [--player 1|2] [--json]\n"
    "       kinrow certificate join OUT FILE... [--start M] [--json]",
    "Walk a certificate's strategy, or join certificates proved apart into one.",
    "Shows the position after --moves (played from the certificate's start) as kinrow verify\n"
    "plays the strategy there: at the holder's turns the certificate's turn (its entry, an\n"
    "entry of a symmetric position carried over onto this board, or the win the win-now\n"
    "rule finds); at the opponent's turns every legal turn, each with how the strategy\n"
    "answers it (entry, win-now, zone, pairing, end) and the positions of the strategy\n"
    "below it (up to symmetry, where play goes on; capped at --cap); or why play ends\n"
    "(won, drawn, spoiled, paired, forest, zone, and gap, illegal, lost for a certificate\n"
    "the checker would reject). Zones are shown with their levels, pairings with their\n"
    "pairs. The game is read from the certificate. Format: docs/certificates.md.\n\n"
    "join writes OUT (compressed if it ends in .gz), one certificate from --start (default:\n"
    "the empty board) made of FILEs proved apart -- each first move of a board proved by its\n"
    "own solve, in as many sittings or on as many machines as it takes. Strategies of the\n"
    "same player and claim become one, with the rules any of them used; where two FILEs\n"
    "hold the same position the first one's entry is kept. The join is not trusted: run\n"
    "kinrow verify on OUT, which checks it from its start against every defence.\n\n"
    "examples:\n"
    "  kinrow solve tictactoe --moves \"b2 b3\" --certificate ttt.cert --quiet\n"
    "  kinrow certificate show ttt.cert\n"
    "  kinrow certificate show ttt.cert --moves \"a3 c1\" --json\n"
    "  for m in a1 b1 b2; do kinrow solve tictactoe --moves $m --method pns --wins first --certificate $m.cert; done\n"
    "  kinrow solve tictactoe --method pns --wins second --certificate second.cert\n"
    "  kinrow certificate join draw.cert a1.cert b1.cert b2.cert second.cert && kinrow verify tictactoe draw.cert",
    {
        {"moves", "M", "the moves from the certificate's start to the position shown"},
        {"player", "1|2", "the strategy of this player (a draw holds one for each); default: the first listed"},
        {"cap", "N", "count at most N positions below each child (default 100000)"},
        {"start", "M", "join: the moves from the empty board to the joined certificate's start"},
        {"json", "", "print one JSON object instead of text"},
    },
    2,
    1 << 20,
};

namespace {

std::string count_text(std::size_t count, bool capped) {
  return (capped ? "over " : "") + with_commas(count);
}

nlohmann::ordered_json node_json(const Game& game, const BrowseNode& node) {
  nlohmann::ordered_json out;
  out["moves"] = node.moves;
  out["history"] = format_turns(game, node.position.history());
  nlohmann::json owners = nlohmann::json::array();
  for (Cell c = 0; c < game.cell_count(); ++c) owners.push_back(node.position.owner(c));
  out["owners"] = owners;
  out["to_move"] = player_name(node.position.to_move());
  out["node"] = browse_node_name(node.node);
  out["end_reason"] = node.end_reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(node.end_reason);
  out["problem"] = node.problem.empty() ? nlohmann::json(nullptr) : nlohmann::json(node.problem);
  out["holder_turn"] = node.holder_turn ? nlohmann::json(format_turn(game, *node.holder_turn)) : nlohmann::json(nullptr);
  out["holder_rule"] = node.holder_rule.empty() ? nlohmann::json(nullptr) : nlohmann::json(node.holder_rule);
  out["entry_line"] = node.entry_line ? nlohmann::json(node.entry_line) : nlohmann::json(nullptr);
  out["positions_below"] = node.positions_below;
  out["capped"] = node.capped;
  nlohmann::ordered_json children = nlohmann::ordered_json::array();
  for (const BrowseChild& child : node.children) {
    nlohmann::ordered_json c;
    c["turn"] = child.turn_text;
    c["moves"] = child.moves;
    c["positions_below"] = child.positions_below;
    c["capped"] = child.capped;
    c["answered_by"] = child.answered_by;
    c["end_reason"] = child.end_reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(child.end_reason);
    children.push_back(c);
  }
  out["children"] = children;
  if (node.zone) {
    nlohmann::json zone = nlohmann::json::array();
    for (const BrowseZoneCell& z : *node.zone) zone.push_back({{"cell", format_cell(game, z.cell)}, {"level", z.level}});
    out["zone"] = zone;
    out["zone_placed"] = format_turn(game, node.zone_placed);
  } else {
    out["zone"] = nullptr;
  }
  // The stones given the opponent by the stronger positions on the way (the position's owners include them).
  out["given"] = node.given.empty() ? nlohmann::json(nullptr) : nlohmann::json(format_turn(game, node.given));
  if (node.pairs) {
    nlohmann::json pairs = nlohmann::json::array();
    for (const std::vector<Cell>& tuple : *node.pairs) {  // two cells, or p + 1 with p stones a turn
      nlohmann::json cells = nlohmann::json::array();
      for (Cell c : tuple) cells.push_back(format_cell(game, c));
      pairs.push_back(cells);
    }
    out["pairs"] = pairs;
  } else {
    out["pairs"] = nullptr;
  }
  return out;
}

void print_node(const Game& game, const BrowseNode& node, const std::string& holder) {
  std::cout << draw_position(node.position) << "\n";
  std::cout << "moves      " << (node.moves.empty() ? "(the certificate's start)" : node.moves) << "\n";
  if (node.node == BrowseNodeKind::Holder) {
    std::cout << "node       the " << holder << " player's turn: " << format_turn(game, *node.holder_turn) << " ("
              << node.holder_rule << (node.entry_line ? ", line " + std::to_string(node.entry_line) : "") << ")\n";
  } else if (node.node == BrowseNodeKind::Opponent) {
    std::cout << "node       the opponent's turn: " << node.children.size() << " legal turn(s)\n";
  } else {
    std::cout << "node       end: " << node.end_reason << "\n";
  }
  if (!node.problem.empty()) std::cout << "problem    " << node.problem << "\n";
  std::cout << "below      " << count_text(node.positions_below, node.capped) << " position(s) of the strategy\n";
  if (node.zone) {
    std::cout << "zone      ";
    if (!node.zone_placed.empty()) std::cout << " (after " << format_turn(game, node.zone_placed) << ")";
    for (const BrowseZoneCell& z : *node.zone) std::cout << " " << format_cell(game, z.cell) << ":" << z.level;
    std::cout << "\n";
  }
  if (!node.given.empty()) {
    std::cout << "given     ";
    for (Cell c : node.given) std::cout << " " << format_cell(game, c);
    std::cout << " (given the opponent by the stronger positions on the way, as the checker plays them)\n";
  }
  if (node.pairs) {
    std::cout << "pairs     ";
    for (const std::vector<Cell>& tuple : *node.pairs) {
      std::cout << " (";
      for (std::size_t i = 0; i < tuple.size(); ++i) std::cout << (i ? "," : "") << format_cell(game, tuple[i]);
      std::cout << ")";
    }
    std::cout << "\n";
  }
  for (const BrowseChild& child : node.children)
    std::cout << "  " << child.turn_text << "  " << child.answered_by
              << (child.end_reason.empty() ? "" : " (" + child.end_reason + ")") << ", "
              << count_text(child.positions_below, child.capped) << " below\n";
}

int run_join(const Args& args) {
  if (args.positional.size() < 3) throw InputError("join needs OUT and at least one certificate to join");
  const std::vector<std::string> inputs(args.positional.begin() + 2, args.positional.end());
  std::string spec;
  try {
    InputFile first(inputs.front());
    spec = read_certificate_spec(first);
  } catch (const InputError& e) {
    throw InputError(inputs.front() + ": " + e.what());
  }
  const Game game = make_game(spec);
  const auto started = std::chrono::steady_clock::now();
  const JoinReport report = join_certificate_files(args.positional[1], game, args.get("start"), inputs);
  const double seconds = seconds_since(started);
  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["game"] = game.spec;
    out["certificate"] = args.positional[1];
    out["start"] = args.get("start");
    out["inputs"] = report.inputs;
    out["strategies"] = report.strategies;
    out["entries"] = report.lines;
    out["duplicates_dropped"] = report.duplicates;
    out["seconds"] = seconds;
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << "game         " << game.spec << "\n"
            << "joined       " << report.inputs << " certificate(s) into " << args.positional[1] << ": "
            << report.strategies << " strateg" << (report.strategies == 1 ? "y" : "ies") << ", "
            << with_commas(report.lines) << " entries (" << with_commas(report.duplicates)
            << " dropped: positions an earlier certificate gave), " << seconds_text(seconds) << "\n"
            << "check with   kinrow verify " << game.spec << " " << args.positional[1] << "\n";
  return 0;
}

}  // namespace

int run_certificate(const Args& args) {
  if (args.positional[0] == "join") return run_join(args);
  if (args.positional[0] != "show")
    throw InputError("unknown action \"" + printable(args.positional[0]) + "\" (this command knows: show, join)");
  if (args.positional.size() != 2) throw InputError("show takes one certificate");
  const std::string text = read_text_file(args.positional[1]);  // plain or gzip-compressed
  std::istringstream head(text);
  BrowseOptions options;
  options.count_cap = static_cast<std::size_t>(args.get_int("cap", 100000, 1, 1000000000));
  const CertificateBrowser browser(make_game(read_certificate_spec(head)), text, options);
  const int holder = args.has("player") ? static_cast<int>(args.get_int("player", 1, 1, 2)) - 1 : -1;
  const BrowseNode node = browser.walk(args.get("moves"), holder);
  const int shown = holder >= 0 ? holder : browser.strategies().front().holder;
  const Game& game = browser.game();
  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["game"] = game.spec;
    out["certificate"] = args.positional[1];
    out["start"] = browser.start();
    out["holder"] = player_name(shown);
    for (const BrowseStrategyInfo& s : browser.strategies())
      if (s.holder == shown) out["claim"] = claim_name(s.claim), out["rules"] = s.rules;
    out["entries"] = browser.entries();
    out.update(node_json(game, node));
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << "game       " << game.spec << (browser.start().empty() ? "" : ", start \"" + browser.start() + "\"")
            << "\n";
  for (const BrowseStrategyInfo& s : browser.strategies())
    if (s.holder == shown)
      std::cout << "strategy   the " << player_name(shown) << " player's, " << claim_name(s.claim)
                << (s.rules.empty() ? "" : " (" + s.rules + ")") << ", " << with_commas(s.entries + s.paired + s.zones + s.stronger)
                << " lines\n";
  print_node(game, node, player_name(shown));
  return 0;
}

}  // namespace kinrow::cli
