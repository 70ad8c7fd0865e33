// kinrow kdraw: for each p, the least k for which Connect(k, p) is proved drawn, each with
// the chain of lemmas from base games kinrow proves itself (tiles/kdraw.h), and, with
// --tiling, the tiling of Theorem 1 checked and its tile solved.
#include <algorithm>
#include <cmath>
#include <ctime>
#include <fstream>
#include <iostream>
#include <set>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/format.h"
#include "cli/range_option.h"
#include "cli/tile_proof.h"
#include "core/error.h"
#include "games/families.h"
#include "tiles/kdraw.h"
#include "tiles/tile_search.h"
#include "tiles/tiling.h"

namespace kinrow::cli {

const CommandSpec kKdrawSpec = {
    "kdraw",
    "[--p A..B] [--tiling FILE[,FILE]] [--check] [--markdown FILE] [--svg FILE] [--json]",
    "Tabulate kdraw(p): Connect(k, p) is drawn for k >= kdraw(p), each row with its proof.",
    "Theorem 2 of Chiang, Wu and Lin: if the breaker holds MBBoardN(L, p) (the strip BN(L)\n"
    "of L rows whose columns and diagonals are lines, the maker placing 1 to p stones a\n"
    "turn), Connect(3L - 1, p) is drawn on every board for every q <= p. kinrow proves the\n"
    "base games itself by the tree rules (a forest of lines the breaker cuts, docs/tiles.md:\n"
    "MBBoardN(4, 1), MBBoardNX(2, 1), MBBoardNX(3, 2) and whatever else they reach on\n"
    "strips of at most 8 rows), derives the rest by the paper's Lemmas 7, 11 and 12 (13 and\n"
    "14 are their compositions), and prints for each p the least L it reaches and the chain\n"
    "of lemmas that reaches it; beside them the paper's formula 3p + 3d - 1 and Hsieh and\n"
    "Tsai's 4p + 7. With --tiling (tilings for kinrow tiling verify, e.g. B2's for\n"
    "Theorem 1) each tiling's least k is computed and its tiles solved for p = 1, 2, ...\n"
    "while the breaker holds, and those p get that k where it is smaller. With --check the\n"
    "tile search also solves finite windows of the lemmas' boards (bn:, bnx:, recx: games)\n"
    "as a check of the lemmas, and two that give the maker more than they allow.\n\n"
    "examples:\n"
    "  kinrow kdraw --p 1..20\n"
    "  kinrow kdraw --p 1..1000 --tiling data/tiles/b2-tiling.json --check \\\n"
    "         --markdown kdraw.md --svg kdraw.svg",
    {
        {"p", "A..B", "stones a turn (default 1..20; at most 1000)"},
        {"tiling", "FILE[,FILE]", "also tilings of tiles with lines (Theorem 1's B2: data/tiles/b2-tiling.json)"},
        {"markdown", "FILE", "write the table as a Markdown page"},
        {"svg", "FILE", "draw kdraw(p)/p against p"},
        {"check", "", "also solve windows of the lemmas' boards with the tile search (docs/tiles.md)"},
        {"json", "", "print one JSON object a row instead of text"},
    },
    0,
    0,
};

namespace {

constexpr int kMaxP = 1000;

// Windows of the boards the lemmas are about, and what the infinite game's value says
// the window's must be (a breaker who holds the strip holds any window of whole lines;
// a window the maker wins shows the strip's game lost too). The last ones give the maker
// one stone (or one over the bound) more than the lemmas allow.
struct WindowCheck {
  const char* spec;
  const char* game;  // the paper's name
  const char* why;   // where the paper proves or uses it
};
constexpr WindowCheck kWindowChecks[] = {
    {"bn:4x8,maker-breaker", "MBBoardN(4, 1)", "Lemma 8 (base)"},
    {"bnx:2x12,maker-breaker,b=1", "MBBoardNX(2, 1)", "Lemma 9 (base)"},
    {"bnx:3x6,maker-breaker,b=2", "MBBoardNX(3, 2)", "Lemma 10 (base)"},
    {"recx:3x3,maker-breaker,b=1", "MBBoardX(BrecX(3, 3), 1)", "Lemma 5"},
    {"recx:4x4,maker-breaker,b=1", "MBBoardX(BrecX(4, 4), 1)", "Lemma 5"},
    {"bn:5x8,maker-breaker,p=1..2", "MBBoardN(5, 2)", "Lemma 11 from NX(2, 1)"},
    {"bn:6x8,maker-breaker,p=1..3", "MBBoardN(6, 3)", "Lemma 12 from NX(2, 1)"},
    {"bn:7x9,maker-breaker,p=1..3", "MBBoardN(7, 3)", "Lemma 11 from NX(3, 2)"},
    {"bn:5x8,maker-breaker,p=1..3", "MBBoardN(5, 3)", "one stone more than Lemma 11 gives"},
    {"recx:3x3,maker-breaker,b=0", "MBBoardX(BrecX(3, 3), 0)", "a bound below Lemma 5's"},
};

struct WindowResult {
  std::string spec, game, why;
  bool breaker_holds = false;
  uint64_t nodes = 0;
  double seconds = 0;
};

std::vector<WindowResult> check_windows() {
  std::vector<WindowResult> results;
  for (const WindowCheck& check : kWindowChecks) {
    const Game game = make_game(check.spec);
    const TileGame tiles(game);
    TileSearch search(tiles);
    WindowResult r{game.spec, check.game, check.why};
    r.breaker_holds = search.breaker_wins(Position(game));
    r.nodes = search.stats().nodes();
    r.seconds = search.stats().seconds;
    results.push_back(r);
  }
  return results;
}

struct Row {
  int p = 0;
  int k = 0;           // computed kdraw(p)
  int length = 0;      // the L of MBBoardN(L, p') behind it
  std::string proof;   // the chain, or the tiling
  int paper = 0;       // Theorem 2's formula
  bool tiling = false; // k comes from the tiling
};

// What a tiling proves: its least k, and the p up to which the breaker holds every tile.
struct TilingResult {
  int k = 0;
  int p = 0;
  std::string text;
};

TilingResult check_tiling_file(const std::string& path) {
  const Tiling tiling = read_tiling(path);
  TilingResult result;
  result.k = segment_cover(tiling).k();
  if (!result.k) return result;
  for (int p = 1; p <= 4; ++p) {
    bool holds = true;
    for (const Tile& tile : tiling.tiles) {
      holds &= prove_tile(tile, p, "").breaker_holds();  // the search's answer, its certificate checked
      if (!holds) break;
    }
    if (!holds) break;
    result.p = p;
  }
  result.text = "Theorem 1's argument: every " + std::to_string(result.k) + "-segment holds a line of " + path +
                "; the breaker holds its tiles with " +
                (result.p == 1 ? std::string("one stone a turn") : "1 to " + std::to_string(result.p) + " stones a turn");
  return result;
}

void write_svg(const std::string& path, const std::vector<Row>& rows) {
  std::ofstream out(path);
  if (!out) throw InputError("cannot write \"" + printable(path) + "\"");
  constexpr double kWidth = 720, kHeight = 420, kLeft = 60, kRight = 20, kTop = 40, kBottom = 50;
  const int first = rows.front().p, last = rows.back().p;
  const double log_first = std::log10(first), log_last = std::log10(std::max(last, first + 1));
  double top = 3;
  for (const Row& r : rows) top = std::max(top, static_cast<double>(hsieh_tsai_kdraw(r.p)) / r.p);
  top = std::ceil(top);
  auto x_of = [&](double p) { return kLeft + (std::log10(p) - log_first) / (log_last - log_first) * (kWidth - kLeft - kRight); };
  auto y_of = [&](double v) { return kTop + (top - v) / top * (kHeight - kTop - kBottom); };
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kWidth << "\" height=\"" << kHeight
      << "\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << kWidth / 2 << "\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">kdraw(p) / p: Connect(k, p) "
      << "is drawn for k &#8805; kdraw(p)</text>\n";
  for (int v = 0; v <= top; ++v)
    out << "<line x1=\"" << kLeft << "\" x2=\"" << kWidth - kRight << "\" y1=\"" << y_of(v) << "\" y2=\"" << y_of(v)
        << "\" stroke=\"#dddddd\"/>\n<text x=\"" << kLeft - 8 << "\" y=\"" << y_of(v) + 4 << "\" text-anchor=\"end\">" << v
        << "</text>\n";
  for (int p = 1; p <= last; p *= 10)
    if (p >= first)
      out << "<text x=\"" << x_of(p) << "\" y=\"" << kHeight - kBottom + 18 << "\" text-anchor=\"middle\">" << p << "</text>\n";
  out << "<text x=\"" << kWidth / 2 << "\" y=\"" << kHeight - 12 << "\" text-anchor=\"middle\">p (stones a turn, log scale)</text>\n";
  auto polyline = [&](const std::string& colour, auto value) {
    out << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\" points=\"";
    for (const Row& r : rows) out << x_of(r.p) << "," << y_of(value(r)) << " ";
    out << "\"/>\n";
  };
  polyline("#c05000", [](const Row& r) { return static_cast<double>(hsieh_tsai_kdraw(r.p)) / r.p; });
  polyline("#2060c0", [](const Row& r) { return static_cast<double>(r.k) / r.p; });
  out << "<line x1=\"" << kLeft << "\" x2=\"" << kWidth - kRight << "\" y1=\"" << y_of(3) << "\" y2=\"" << y_of(3)
      << "\" stroke=\"#888888\" stroke-dasharray=\"4 4\"/>\n";
  const struct {
    const char* colour;
    const char* text;
  } legend[] = {{"#2060c0", "kinrow kdraw (Chiang, Wu and Lin's lemmas from computed base games)"},
                {"#c05000", "Hsieh and Tsai: 4p + 7"},
                {"#888888", "3, the ratio the lemmas approach"}};
  double y = kTop + 10;
  for (const auto& l : legend) {
    out << "<line x1=\"" << kWidth - 330 << "\" x2=\"" << kWidth - 306 << "\" y1=\"" << y << "\" y2=\"" << y
        << "\" stroke=\"" << l.colour << "\" stroke-width=\"2\"/>\n<text x=\"" << kWidth - 300 << "\" y=\"" << y + 4
        << "\" font-size=\"11\">" << l.text << "</text>\n";
    y += 16;
  }
  out << "</svg>\n";
}

}  // namespace

int run_kdraw(const Args& args) {
  const Range range = parse_range(args, "p", {1, 20}, kMaxP);
  std::vector<TilingResult> tilings;
  if (args.has("tiling")) {
    const std::string list = args.get("tiling");
    for (std::size_t from = 0; from <= list.size();) {
      const std::size_t comma = std::min(list.find(',', from), list.size());
      if (comma == from) throw InputError("--tiling takes FILE[,FILE...], not \"" + printable(list) + "\"");
      tilings.push_back(check_tiling_file(list.substr(from, comma - from)));
      from = comma + 1;
    }
  }
  // MBBoardN(L, p) needs L > p; the chains reach L <= p + log2(p) + 3 (Property 3).
  const int max_length = range.last + 2 * static_cast<int>(std::log2(range.last + 1)) + 8;
  const KdrawClosure closure(max_length);

  std::vector<Row> rows;
  for (int p = range.first; p <= range.last; ++p) {
    Row row;
    row.p = p;
    row.paper = paper_kdraw(p);
    const std::optional<int> length = closure.least_length(p);
    if (!length) throw InputError("no chain reaches p = " + std::to_string(p));  // cannot happen: Lemma 13 grows p
    row.length = *length;
    row.k = 3 * *length - 1;
    row.proof = closure.chain_text(*length);
    if (closure.most_stones(*length) > p)
      row.proof += " ⇒ N(" + std::to_string(*length) + "," + std::to_string(p) + ") [fewer stones]";
    for (const TilingResult& tiling : tilings)
      if (tiling.k && p <= tiling.p && tiling.k < row.k) {
        row.k = tiling.k;
        row.tiling = true;
        row.proof = tiling.text;
      }
    rows.push_back(row);
  }

  std::vector<WindowResult> windows;
  if (args.has("check")) windows = check_windows();
  if (args.has("svg")) write_svg(args.get("svg"), rows);
  if (args.has("markdown")) {
    std::ofstream page(args.get("markdown"));
    if (!page) throw InputError("cannot write \"" + printable(args.get("markdown")) + "\"");
    const std::time_t now = std::time(nullptr);
    char date[32];
    std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
    std::string command = "kinrow kdraw";
    for (const std::string& w : args.words) command += " " + w;
    page << "# kdraw(p): the least k proved to draw Connect(k, p)\n\nGenerated on " << date << " by\n\n```\n"
         << command << "\n```\n\n";
    if (args.has("svg")) {
      const std::string svg = args.get("svg");
      page << "![kdraw(p)/p](" << svg.substr(svg.rfind('/') + 1) << ")\n\n";
    }
    page << "Connect(k, p) is drawn for every k ≥ kdraw(p), on every board and for every q ≤ p (docs/tiles.md).\n"
            "`N(L,p)`: the breaker holds MBBoardN(L, p), so Connect(3L − 1, p) is drawn; `NX(L,b)`: he holds\n"
            "MBBoardNX(L, b). `[tree]`: a base game kinrow proves by the tree rule; `[L7]`, `[L11]`, `[L12]`:\n"
            "the paper's lemmas (13 and 14 are L7 then L11 or L12). \"paper\" is Theorem 2's 3p + 3d − 1,\n"
            "\"H–T\" Hsieh and Tsai's 4p + 7. For p = 1 Zetters showed Connect(8, 1) drawn (by a pairing).\n\n"
            "| p | kdraw | paper | H–T | proof |\n|---:|---:|---:|---:|---|\n";
    for (const Row& r : rows)
      page << "| " << r.p << " | " << r.k << " | " << r.paper << " | " << hsieh_tsai_kdraw(r.p) << " | " << r.proof
           << " |\n";
    page << "\nThe base games, as the tree rule proves them:\n\n";
    // Chains share their base games; MBBoardN(L, 0), a maker without stones, needs no tree.
    std::set<std::string> shown;
    for (int length = 2; length <= 8; ++length)
      for (const std::string& step : closure.chain(length))
        if (step.find("tree rule") != std::string::npos && step.back() != ' ' && shown.insert(step).second)
          page << "- " << step << "\n";
    if (!windows.empty()) {
      page << "\nWindows of the lemmas' boards solved by the tile search (a breaker who holds the infinite\n"
              "board holds every window of whole lines; the last rows give the maker more than the\n"
              "lemmas allow):\n\n| window | game | where | winner | nodes | time |\n|---|---|---|---|---:|---:|\n";
      for (const WindowResult& w : windows)
        page << "| `" << w.spec << "` | " << w.game << " | " << w.why << " | "
             << (w.breaker_holds ? "breaker" : "maker") << " | " << with_commas(w.nodes) << " | "
             << seconds_text(w.seconds) << " |\n";
    }
  }
  for (const Row& r : rows) {
    if (args.has("json")) {
      nlohmann::ordered_json out;
      out["p"] = r.p;
      out["kdraw"] = r.k;
      out["board_length"] = r.tiling ? nlohmann::json(nullptr) : nlohmann::json(r.length);
      out["proof"] = r.proof;
      out["paper"] = r.paper;
      out["hsieh_tsai"] = hsieh_tsai_kdraw(r.p);
      std::cout << out.dump() << "\n";
    } else {
      std::cout << "p = " << r.p << "  kdraw " << r.k << "  (paper " << r.paper << ", Hsieh-Tsai "
                << hsieh_tsai_kdraw(r.p) << (r.p == 1 ? ", Zetters 8" : "") << ")  " << r.proof << "\n";
    }
  }
  for (const WindowResult& w : windows) {
    if (args.has("json")) {
      nlohmann::ordered_json out;
      out["window"] = w.spec;
      out["game"] = w.game;
      out["where"] = w.why;
      out["winner"] = w.breaker_holds ? "breaker" : "maker";
      out["nodes"] = w.nodes;
      out["seconds"] = w.seconds;
      std::cout << out.dump() << "\n";
    } else {
      std::cout << "window " << w.spec << "  " << w.game << " (" << w.why << "): the "
                << (w.breaker_holds ? "breaker holds" : "maker wins") << "  (" << with_commas(w.nodes) << " nodes, "
                << seconds_text(w.seconds) << ")\n";
    }
  }
  return 0;
}

}  // namespace kinrow::cli
