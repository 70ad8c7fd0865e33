// kinrow tiling: periodic tilings by tiles with solid lines (Chiang, Wu and Lin): does
// every k-segment hold a whole line, and does the breaker hold every tile's game? Both
// together prove Connect(k, p) drawn. Also the search for such tilings (tiles/tile_hunt.h).
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/format.h"
#include "core/error.h"
#include "games/families.h"
#include "cli/range_option.h"
#include "cli/tile_proof.h"
#include "cli/version.h"
#include "tiles/tile_hunt.h"
#include "tiles/tiling.h"

namespace kinrow::cli {

const CommandSpec kTilingSpec = {
    "tiling",
    "verify TILES.json [--k K] [--p P] [--certificates DIR] [--json]\n"
    "       kinrow tiling search --k K --p P [options]",
    "Check a tiling of the plane by tiles with lines, or search for one (drawn k-in-a-row).",
    "The method of Chiang, Wu and Lin (\"Drawn k-in-a-row games\"): tile the infinite board\n"
    "with small boards whose lines are such that every k consecutive squares in a row, a\n"
    "column or a diagonal hold a whole line of some tile. If the breaker holds the tile's\n"
    "maker-breaker game where the maker places 1 to p stones a turn and the breaker as many\n"
    "(spec option p=1..P), he stops k in a row everywhere by answering inside the tile the\n"
    "maker played in: Connect(k, p) is drawn on every board, for every q <= p.\n\n"
    "verify reads a tiling (docs/tiles.md: tiles as file: hypergraphs or inline, one period of\n"
    "placements, mirrored or not, and the period's two vectors), checks that its translates\n"
    "cover every square exactly once, and computes per direction the least k such that every\n"
    "k-segment holds a whole line, naming a segment one shorter that holds none. With --k it\n"
    "passes (exit 0) if every k-segment is covered, else names an uncovered one (exit 1).\n"
    "With --p it also solves every tile's game with the tile search (kinrow solve) and checks\n"
    "the certificate of each answer with the independent checker: a draw is claimed on the\n"
    "checker's word. --certificates DIR also writes each tile's game and certificate there\n"
    "(for kinrow verify).\n\n"
    "search looks for tilings by bands of sheared rectangular tiles (docs/tiles.md, \"The tile\n"
    "search\") whose lines cover every k-segment, and solves each candidate tile's game with\n"
    "1 to p stones a turn within a node budget; it reports what it tried, the tiles left\n"
    "undecided, and every tiling whose tile the breaker holds (exit 0 if there is one, else 1).\n\n"
    "examples:\n"
    "  kinrow tiling verify data/tiles/b2-tiling.json --k 11 --p 2 --certificates b2\n"
    "  kinrow tiling verify data/tiles/b2-tiling.json --k 10\n"
    "  kinrow tiling search --k 11 --p 2 --height 4 --width 6 --write b2-found.json\n"
    "  kinrow tiling search --k 10 --p 2 --seconds 600",
    {
        {"k", "K", "verify: pass only if every K-segment holds a whole line; search: the K to cover"},
        {"p", "P", "solve every tile's game with 1 to P maker stones a turn (search: the P)"},
        {"certificates", "DIR", "verify --p: also write each tile's game (NAME.json) and its checked certificate\n"
                                "(NAME.cert) to DIR"},
        {"height", "A..B", "search: tile heights (default 2..4)"},
        {"width", "A..B", "search: tile widths (default 2..8)"},
        {"max-cells", "N", "search: tiles of at most N cells (default 30)"},
        {"seconds", "S", "search: stop after S seconds (default 300)"},
        {"tile-nodes", "N", "search: give up one tile's game after N nodes (default 2000000)"},
        {"write", "FILE", "search: write the first tiling found as a file for tiling verify"},
        {"json", "", "print one JSON object instead of text"},
        {"quiet", "", "no progress on stderr"},
    },
    1,
    2,
};

namespace {

int run_verify_tiling(const Args& args) {
  const Tiling tiling = read_tiling(args.positional[1]);
  const SegmentCover cover = segment_cover(tiling);
  const int k = static_cast<int>(args.get_int("k", 0, 1, 100000));
  const int p = static_cast<int>(args.get_int("p", 0, 1, 16));
  const std::string dir = args.get("certificates");
  if (!dir.empty() && !p) throw InputError("--certificates needs --p (the tiles' games are solved with p stones)");
  if (!dir.empty()) std::filesystem::create_directories(dir);

  bool covered = true;
  int failing = -1;  // a direction with an uncovered k-segment
  if (k) {
    for (int d = 0; d < 4 && failing < 0; ++d)
      if (cover.least[d] == 0 || cover.least[d] > k) failing = d;
    covered = failing < 0;
  }
  std::vector<TileProof> proofs;
  if (p)
    for (const Tile& tile : tiling.tiles) proofs.push_back(prove_tile(tile, p, dir));
  bool tiles_hold = true;
  for (const TileProof& proof : proofs) tiles_hold &= proof.breaker_holds();
  const bool drawn = k && p && covered && tiles_hold;

  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["tiling"] = args.positional[1];
    out["least_k"] = cover.k();
    nlohmann::ordered_json directions = nlohmann::json::array();
    for (int d = 0; d < 4; ++d) {
      nlohmann::ordered_json direction;
      direction["direction"] = direction_name(d);
      direction["least_k"] = cover.least[d] ? nlohmann::json(cover.least[d]) : nlohmann::json(nullptr);
      if (cover.least[d]) {
        direction["uncovered_start"] = {cover.witness[d].x, cover.witness[d].y};
        direction["uncovered_length"] = cover.least[d] - 1;
      }
      directions.push_back(direction);
    }
    out["directions"] = directions;
    if (k) {
      out["k"] = k;
      out["covered"] = covered;
      out["uncovered"] = covered ? nlohmann::json(nullptr)
                                 : nlohmann::json(describe_segment(cover.witness[failing], failing, k));
    }
    if (p) {
      out["p"] = p;
      nlohmann::ordered_json tiles = nlohmann::json::array();
      for (const TileProof& proof : proofs) {
        nlohmann::ordered_json t;
        t["tile"] = proof.tile;
        t["game"] = proof.spec;
        t["breaker_holds"] = proof.search_says_held;
        t["nodes"] = proof.nodes;
        t["seconds"] = proof.seconds;
        if (!proof.certificate.empty()) t["certificate"] = proof.certificate;
        t["certificate_ok"] = proof.certificate_ok;
        t["positions_checked"] = proof.certificate_positions;
        tiles.push_back(t);
      }
      out["tiles"] = tiles;
    }
    if (k && p) out["drawn"] = drawn;
    out["built_from"] = kBuiltFrom;
    std::cout << out.dump() << "\n";
  } else {
    std::cout << "tiling       " << args.positional[1] << " (" << tiling.tiles.size() << " tile(s), "
              << tiling.placements.size() << " placement(s) a period)\n";
    for (int d = 0; d < 4; ++d) {
      std::cout << "  " << direction_name(d) << std::string(12 - std::string(direction_name(d)).size(), ' ');
      if (cover.least[d] == 0)
        std::cout << "no segment length holds a whole line for sure\n";
      else
        std::cout << "every " << cover.least[d] << "-segment holds a whole line; not "
                  << describe_segment(cover.witness[d], d, cover.least[d] - 1) << "\n";
    }
    std::cout << "least k      " << (cover.k() ? std::to_string(cover.k()) : std::string("none")) << "\n";
    if (k)
      std::cout << "k = " << k << "       "
                << (covered ? "covered: every " + std::to_string(k) + "-segment holds a whole line"
                            : "not covered: " + describe_segment(cover.witness[failing], failing, k) +
                                  " hold no whole line")
                << "\n";
    for (const TileProof& proof : proofs) {
      std::cout << "tile " << proof.tile << "       " << proof.spec << ": "
                << (proof.search_says_held ? "the breaker holds" : "the maker wins") << " ("
                << with_commas(proof.nodes) << " nodes, " << seconds_text(proof.seconds) << ")\n";
      std::cout << "             certificate " << (proof.certificate.empty() ? "(in memory)" : proof.certificate)
                << ": "
                << (proof.certificate_ok ? "verified, " + with_commas(proof.certificate_positions) + " positions"
                                         : std::string("REJECTED"))
                << "\n";
    }
    if (k && p)
      std::cout << (drawn ? "drawn        Connect(" + std::to_string(k) + ", " + std::to_string(p) +
                                ") is drawn on every board, for every q <= " + std::to_string(p) +
                                " (the breaker answers inside each tile; Corollary 1)"
                          : std::string("not proved   Connect(") + std::to_string(k) + ", " + std::to_string(p) +
                                ") is not shown drawn by this tiling")
                << "\n";
  }
  if (k && !covered) return 1;
  if (p && !tiles_hold) return 1;
  return 0;
}

nlohmann::ordered_json tiling_json(const Tiling& tiling) {
  nlohmann::ordered_json doc;
  for (const Tile& tile : tiling.tiles) {
    nlohmann::json cells = nlohmann::json::array(), lines = nlohmann::json::array();
    for (Square s : tile.cells) cells.push_back({s.x, s.y});
    for (const std::vector<int>& line : tile.lines) {
      nlohmann::json squares = nlohmann::json::array();
      for (int c : line) squares.push_back({tile.cells[c].x, tile.cells[c].y});
      lines.push_back(squares);
    }
    doc["tiles"][tile.name] = {{"cells", cells}, {"lines", lines}};
  }
  doc["placements"] = nlohmann::json::array();
  for (const TilePlacement& p : tiling.placements)
    doc["placements"].push_back({{"tile", tiling.tiles[p.tile].name}, {"at", {p.at.x, p.at.y}}, {"mirror", p.mirror}});
  doc["period"] = {{tiling.period[0].x, tiling.period[0].y}, {tiling.period[1].x, tiling.period[1].y}};
  return doc;
}

int run_tile_hunt(const Args& args) {
  HuntOptions options;
  if (!args.has("k") || !args.has("p")) throw InputError("tiling search needs --k K and --p P");
  options.k = static_cast<int>(args.get_int("k", 10, 2, 64));
  options.p = static_cast<int>(args.get_int("p", 2, 1, 8));
  const Range heights = parse_range(args, "height", {2, 4}, 16);
  const Range widths = parse_range(args, "width", {2, 8}, 64);
  options.min_height = heights.first, options.max_height = heights.last;
  options.min_width = widths.first, options.max_width = widths.last;
  options.max_cells = static_cast<int>(args.get_int("max-cells", 30, 1, 64));
  options.seconds = static_cast<double>(args.get_int("seconds", 300, 1, 1 << 24));
  options.tile_nodes = static_cast<uint64_t>(args.get_int("tile-nodes", 2000000, 1, 1L << 40));
  ProgressLine progress(!args.has("quiet") && !args.has("json"));
  options.on_progress = [&](const std::string& text) { progress.show("tiling search  " + text); };
  const HuntReport report = hunt_tilings(options);
  progress.clear();
  if (args.has("write") && !report.holds.empty()) {
    std::ofstream out(args.get("write"));
    out << tiling_json(report.holds.front().tiling).dump(1) << "\n";
    if (!out) throw InputError("cannot write \"" + args.get("write") + "\"");
  }
  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["k"] = options.k;
    out["p"] = options.p;
    out["heights"] = {options.min_height, options.max_height};
    out["widths"] = {options.min_width, options.max_width};
    out["max_cells"] = options.max_cells;
    out["tile_nodes"] = options.tile_nodes;
    out["shapes"] = report.shapes;
    out["tilings"] = report.tilings;
    out["covering"] = report.covering;
    out["tiles_solved"] = report.tiles_solved;
    out["maker_wins"] = report.maker_wins;
    out["undecided"] = report.undecided;
    out["complete"] = report.complete;
    out["seconds"] = report.seconds;
    nlohmann::json holds = nlohmann::json::array(), closest = nlohmann::json::array();
    for (const HuntFind& f : report.holds) holds.push_back(f.description);
    for (const HuntFind& f : report.closest) closest.push_back({{"tiling", f.description}, {"nodes", f.nodes}});
    out["breaker_holds"] = holds;
    out["undecided_tiles"] = closest;
    out["built_from"] = kBuiltFrom;
    std::cout << out.dump() << "\n";
  } else {
    std::cout << "searched     tiles of " << options.min_height << ".." << options.max_height << " rows of "
              << options.min_width << ".." << options.max_width << " cells (at most " << options.max_cells
              << "), rectangles and parallelograms, bands alone or with mirror images\n"
              << "tried        " << with_commas(report.shapes) << " tiles, " << with_commas(report.tilings)
              << " tilings, " << with_commas(report.covering) << " covering every " << options.k << "-segment"
              << (report.complete ? "" : " (stopped: --seconds ran out)") << "\n"
              << "tile games   " << with_commas(report.tiles_solved) << " decided (" << with_commas(report.maker_wins)
              << " won by the maker), " << with_commas(report.undecided) << " undecided within "
              << with_commas(options.tile_nodes) << " nodes each; " << seconds_text(report.seconds) << "\n";
    for (const HuntFind& f : report.holds)
      std::cout << "breaker holds " << f.description << ": Connect(" << options.k << ", " << options.p << ") drawn\n";
    for (const HuntFind& f : report.closest) std::cout << "undecided    " << f.description << "\n";
    if (report.holds.empty())
      std::cout << "found        no tiling of this family proves Connect(" << options.k << ", " << options.p << ") drawn\n";
  }
  return report.holds.empty() ? 1 : 0;
}

}  // namespace

int run_tiling(const Args& args) {
  const std::string& action = args.positional[0];
  if (action == "verify") {
    if (args.positional.size() != 2) throw InputError("usage: kinrow tiling verify TILES.json [--k K] [--p P]");
    return run_verify_tiling(args);
  }
  if (action == "search") {
    if (args.positional.size() != 1) throw InputError("usage: kinrow tiling search --k K --p P [options]");
    return run_tile_hunt(args);
  }
  throw InputError("tiling takes verify or search, not \"" + printable(action) + "\"");
}

}  // namespace kinrow::cli
