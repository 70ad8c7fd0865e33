// kinrow solve on tile games: the maker chooses each turn's size (p=1..P, b=N), which
// only the tile search plays (tiles/tile_search.h); --method tile runs it on any
// maker-breaker game of at most 64 cells, to compare with df-pn.
#include "cli/tile_solve.h"

#include <chrono>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/format.h"
#include "core/error.h"
#include "core/notation.h"
#include "core/outcome.h"
#include "proof/certificate_files.h"
#include "tiles/tile_certificate.h"
#include "tiles/tile_search.h"

namespace kinrow::cli {

int solve_tile_game(const Args& args, const Game& game) {
  for (const char* option : {"batch", "generic", "weak", "threads", "tt-mb", "threats", "pairing", "no-pairing",
                             "without", "row-values"})
    if (args.has(option))
      throw InputError(std::string("--") + option + " does not apply to the tile search (" + game.spec + ")");
  const Position position = play_moves(game, args.get("moves"));
  if (position.over()) throw InputError("the game is already over in this position");
  const std::string certificate_path = args.get("certificate");
  if (args.has("certificate")) {
    std::ofstream probe(certificate_path);  // fail before the search, not after it
    if (!probe) throw InputError("cannot write \"" + certificate_path + "\"");
  }
  const TileGame tiles(game);
  TileSearch search(tiles);
  ProgressLine progress(!args.has("quiet"));
  const auto started = std::chrono::steady_clock::now();
  search.on_progress = [&](const TileSearchStats& s) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    progress.show("tile search  nodes " + with_commas(s.nodes()) + "  " + rate(s.nodes(), seconds) + "  table " +
                  with_commas(s.table_entries) + "  " + seconds_text(seconds));
  };
  const bool breaker_wins = search.breaker_wins(position);
  const TileSearchStats searched = search.stats();


  std::size_t entries = 0;
  double certificate_seconds = 0;
  if (args.has("certificate")) {
    const auto walk_started = std::chrono::steady_clock::now();
    const Certificate certificate = tile_certificate(search, position, breaker_wins);
    save_certificate(certificate_path, game, certificate);
    entries = certificate.strategies[0].entries.size();
    certificate_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - walk_started).count();
  }
  progress.clear();

  const Value value = (breaker_wins == (position.to_move() == 1)) ? Value::Win : Value::Loss;
  const std::string moves = format_turns(game, position.history());
  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["game"] = game.spec;
    out["moves"] = moves;
    out["method"] = "tile";
    out["to_move"] = player_name(position.to_move());
    out["value"] = game_value_name(value, position.to_move());
    out["to_move_value"] = value_name(value);
    out["winner"] = breaker_wins ? "breaker" : "maker";
    out["nodes"] = searched.nodes();
    out["maker_nodes"] = searched.maker_nodes;
    out["breaker_nodes"] = searched.breaker_nodes;
    out["table_entries"] = searched.table_entries;
    out["seconds"] = searched.seconds;
    if (args.has("certificate")) {
      out["certificate"] = certificate_path;
      out["certificate_entries"] = entries;
      out["certificate_seconds"] = certificate_seconds;
    }
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << "game         " << game.spec << "\n"
            << "moves        " << moves_or_empty_board(moves) << "\n"
            << "method       tile search (whole turns of any size, live lines only; docs/tiles.md)\n"
            << "value        " << value_name(value) << " for the side to move; game: "
            << game_value_name(value, position.to_move()) << " (the " << (breaker_wins ? "breaker holds" : "maker wins")
            << ")\n"
            << "nodes        " << with_commas(searched.nodes()) << " searched (" << with_commas(searched.maker_nodes)
            << " with the maker to move), " << with_commas(searched.table_entries) << " in the table ("
            << rate(searched.nodes(), searched.seconds) << ")\n"
            << "time         " << seconds_text(searched.seconds) << "\n";
  if (args.has("certificate"))
    std::cout << "certificate  " << certificate_path << " (" << with_commas(entries) << " entries, written in "
              << seconds_text(certificate_seconds) << "; check with: kinrow verify " << game.spec << " "
              << certificate_path << ")\n";
  return 0;
}

}  // namespace kinrow::cli
