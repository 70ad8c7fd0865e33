#include "cli/tile_proof.h"

#include <filesystem>
#include <fstream>

#include "core/error.h"
#include "games/families.h"
#include "proof/checker.h"
#include "tiles/tile_certificate.h"
#include "tiles/tile_search.h"

namespace kinrow::cli {

TileProof prove_tile(const Tile& tile, int p, const std::string& dir) {
  TileProof proof;
  proof.tile = tile.name;
  const std::string options = "maker-breaker,p=1.." + std::to_string(p);
  Game game;
  if (!dir.empty()) {
    // The game as a file next to its certificate, so that kinrow verify can read both.
    const std::string file = (std::filesystem::path(dir) / (tile.name + ".json")).string();
    write_tile_file(tile, file);
    game = make_game("file:" + file + "," + options);
  } else {
    game = tile_game(tile, options);
  }
  proof.spec = game.spec;
  const TileGame tiles(game);
  TileSearch search(tiles);
  const Position start(game);
  proof.search_says_held = search.breaker_wins(start);
  proof.nodes = search.stats().nodes();
  proof.seconds = search.stats().seconds;
  const Certificate certificate = tile_certificate(search, start, proof.search_says_held);
  if (!dir.empty()) {
    proof.certificate = (std::filesystem::path(dir) / (tile.name + ".cert")).string();
    std::ofstream out(proof.certificate);
    write_certificate(out, game, certificate);
    out.close();
    if (!out) throw InputError("cannot write \"" + proof.certificate + "\"");
  }
  const CheckReport report = check_certificate(game, certificate);
  proof.certificate_ok = report.ok;
  proof.certificate_positions = report.positions_checked;
  return proof;
}

}  // namespace kinrow::cli
