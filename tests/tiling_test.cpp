// Tilings of the plane by tiles with lines (Chiang, Wu and Lin's Theorem 1): the covering
// check against a brute force that lists every line near each segment, B2's tiling
// (k = 11 covered, k = 10 not), and one-line errors for tilings that are not tilings.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "cli_support.h"
#include "core/error.h"
#include "proof/checker.h"
#include "tiles/tile_certificate.h"
#include "tiles/tile_game.h"
#include "tiles/tile_hunt.h"
#include "tiles/tile_search.h"
#include "tiles/tiling.h"

namespace kinrow {
namespace {

const std::string kB2Tiling = std::string(KINROW_SOURCE_DIR) + "/data/tiles/b2-tiling.json";

// Every line of the tiling that lies within `radius` of the origin, as a set of squares:
// each placement translated by every lattice vector a few periods around.
std::vector<std::set<std::pair<int, int>>> lines_near_origin(const Tiling& tiling, int radius) {
  std::vector<std::set<std::pair<int, int>>> lines;
  for (int i = -radius; i <= radius; ++i)
    for (int j = -radius; j <= radius; ++j)
      for (const TilePlacement& p : tiling.placements) {
        const int dx = i * tiling.period[0].x + j * tiling.period[1].x;
        const int dy = i * tiling.period[0].y + j * tiling.period[1].y;
        const Tile& tile = tiling.tiles[p.tile];
        for (const std::vector<int>& line : tile.lines) {
          std::set<std::pair<int, int>> squares;
          for (int c : line)
            squares.insert({p.at.x + (p.mirror ? -tile.cells[c].x : tile.cells[c].x) + dx, p.at.y + tile.cells[c].y + dy});
          lines.push_back(squares);
        }
      }
  return lines;
}

// True if the k squares from `start` in `direction` hold one of `lines` whole.
bool covered(const std::vector<std::set<std::pair<int, int>>>& lines, Square start, int direction, int k) {
  std::set<std::pair<int, int>> segment;
  for (int i = 0; i < k; ++i)
    segment.insert({start.x + i * kDirections[direction].x, start.y + i * kDirections[direction].y});
  for (const auto& line : lines) {
    bool inside = true;
    for (const auto& square : line) inside &= segment.count(square) > 0;
    if (inside) return true;
  }
  return false;
}

TEST(Tiling, B2CoversElevenInARowAndNotTen) {
  const Tiling tiling = read_tiling(kB2Tiling);
  const SegmentCover cover = segment_cover(tiling);
  EXPECT_EQ(cover.k(), 11);
  for (int d = 0; d < 4; ++d) EXPECT_EQ(cover.least[d], 11) << direction_name(d);
  // The brute force agrees: every 11-segment starting in a few periods holds a line,
  // and the witness's 10 squares hold none.
  const auto lines = lines_near_origin(tiling, 4);
  for (int d = 0; d < 4; ++d) {
    EXPECT_FALSE(covered(lines, cover.witness[d], d, 10)) << direction_name(d);
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 6; ++x) ASSERT_TRUE(covered(lines, {x, y}, d, 11)) << direction_name(d) << " from " << x << "," << y;
  }
}

// Random tilings by bands of one tile with random lines: segment_cover against the brute
// force, in every direction, at the computed least k and one below.
TEST(Tiling, CoverAgreesWithABruteForceOnRandomBandTilings) {
  std::srand(7);
  for (int round = 0; round < 40; ++round) {
    const int w = 2 + std::rand() % 4, h = 1 + std::rand() % 3, shear = std::rand() % 3 - 1;
    Tile tile{"T", "", {}, {}};
    for (int y = 0; y < h; ++y)
      for (int a = 0; a < w; ++a) tile.cells.push_back({a + shear * y, y});
    // Rows, columns and diagonals of the tile's own array, kept at random.
    auto at = [&](int a, int y) { return y * w + a; };
    for (int y = 0; y < h; ++y) {
      std::vector<int> row;
      for (int a = 0; a < w; ++a) row.push_back(at(a, y));
      if (std::rand() % 3) tile.lines.push_back(row);
    }
    for (int a = 0; a < w; ++a) {
      std::vector<int> column;
      for (int y = 0; y < h; ++y) column.push_back(at(a, y));
      if (std::rand() % 3) tile.lines.push_back(column);
    }
    if (tile.lines.empty()) continue;
    Tiling tiling;
    tiling.tiles = {tile};
    tiling.placements = {{0, {0, 0}, false}};
    tiling.period = {Square{w, 0}, Square{std::rand() % w, h}};
    check_tiling(tiling);
    const SegmentCover cover = segment_cover(tiling, 60);
    const auto lines = lines_near_origin(tiling, 12);
    for (int d = 0; d < 4; ++d) {
      const int k = cover.least[d];
      if (k == 0) continue;  // no line lies along d: nothing to compare
      if (k > 1) {
        EXPECT_FALSE(covered(lines, cover.witness[d], d, k - 1)) << "round " << round << " " << direction_name(d);
      }
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          ASSERT_TRUE(covered(lines, {x, y}, d, k)) << "round " << round << " " << direction_name(d) << " from " << x << "," << y;
    }
  }
}

class BadTiling : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    const auto path = std::filesystem::temp_directory_path() / ("kinrow_tiling_" + name + ".json");
    std::ofstream(path) << text;
    paths_.push_back(path);
    return path.string();
  }
  void TearDown() override {
    for (const auto& p : paths_) std::filesystem::remove(p);
  }
  std::vector<std::filesystem::path> paths_;
};

// Each mistake: read_tiling names it in one line, and the command exits 2 with it.
TEST_F(BadTiling, OneLineErrorsNameTheProblem) {
  const std::string domino = R"("T": {"cells": [[0,0],[1,0]], "lines": [[[0,0],[1,0]]]})";
  const struct {
    const char* name;
    std::string text;
    const char* expected;
  } cases[] = {
      {"leaves", R"({"tiles": {"T": {"cells": [[0,0],[1,0]], "lines": [[[0,0],[2,0]]]}}, "placements": [{"tile": "T", "at": [0,0]}], "period": [[2,0],[0,1]]})",
       "line 1 leaves the tile: the square (2, 0) is not one of its cells"},
      {"overlap", "{\"tiles\": {" + domino + R"(}, "placements": [{"tile": "T", "at": [0,0]}, {"tile": "T", "at": [1,0]}], "period": [[4,0],[0,1]]})",
       "overlap"},
      {"gap", "{\"tiles\": {" + domino + R"(}, "placements": [{"tile": "T", "at": [0,0]}], "period": [[3,0],[0,1]]})",
       "do not tile the plane: no tile covers the square (2, 0)"},
      {"parallel", "{\"tiles\": {" + domino + R"(}, "placements": [{"tile": "T", "at": [0,0]}], "period": [[2,0],[4,0]]})",
       "does not span the plane"},
      {"unknown", "{\"tiles\": {" + domino + R"(}, "placements": [{"tile": "U", "at": [0,0]}], "period": [[2,0],[0,1]]})",
       "no tile named \"U\""},
  };
  for (const auto& c : cases) {
    const std::string path = write(c.name, c.text);
    try {
      read_tiling(path);
      ADD_FAILURE() << c.name << ": accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(c.expected), std::string::npos) << c.name << ": " << e.what();
    }
    const testing::CliRun run = testing::kinrow("tiling verify " + path + " --k 3");
    EXPECT_EQ(run.status, 2) << c.name;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << c.name << ": " << run.err;
    EXPECT_NE(run.err.find(c.expected), std::string::npos) << c.name << ": " << run.err;
  }
}

TEST(TilingCommand, VerifiesElevenAndNamesTheGapAtTen) {
  const testing::CliRun ten = testing::kinrow("tiling verify " + kB2Tiling + " --k 10");
  EXPECT_EQ(ten.status, 1);
  EXPECT_NE(ten.out.find("not covered: the 10 squares from"), std::string::npos) << ten.out;
  const testing::CliRun eleven = testing::kinrow("tiling verify " + kB2Tiling + " --k 11 --json");
  EXPECT_EQ(eleven.status, 0);
  EXPECT_NE(eleven.out.find("\"covered\":true"), std::string::npos) << eleven.out;
}

// A draw is claimed only on the checker's word: every tile's search answer is read off as
// a certificate and checked, written to a file or not.
TEST(TilingCommand, ADrawRestsOnCheckedCertificates) {
  const std::string zetters = std::string(KINROW_SOURCE_DIR) + "/data/tiles/connect-8-1-tiling.json";
  const testing::CliRun run = testing::kinrow("tiling verify " + zetters + " --k 8 --p 1 --json");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\"breaker_holds\":true"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"certificate_ok\":true"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"drawn\":true"), std::string::npos) << run.out;
  const testing::CliRun text = testing::kinrow("tiling verify " + zetters + " --k 8 --p 1");
  EXPECT_NE(text.out.find("certificate (in memory): verified"), std::string::npos) << text.out;
}

// The hunt recovers Zetters' result that 8 in a row is drawn with one stone a turn: in the
// family of tiles of 3 rows of 5 cells it finds a tiling covering every 8-segment whose
// tile game the breaker holds, with a certificate the independent checker accepts; at
// k = 7 (the open case of Czifra et al.) it finds none there.
TEST(TilingHunt, RecoversConnectEightOneAndNotSeven) {
  HuntOptions options;
  options.k = 8;
  options.p = 1;
  options.min_height = options.max_height = 3;
  options.min_width = options.max_width = 5;
  const HuntReport report = hunt_tilings(options);
  EXPECT_TRUE(report.complete);
  ASSERT_FALSE(report.holds.empty());
  for (const HuntFind& find : report.holds) {
    EXPECT_TRUE(find.decided);
    const SegmentCover cover = segment_cover(find.tiling);
    EXPECT_GE(cover.k(), 1);
    EXPECT_LE(cover.k(), 8) << find.description;
    const Game game = tile_game(find.tiling.tiles[0], "maker-breaker,p=1..1");
    const TileGame tiles(game);
    TileSearch search(tiles);
    const Position start(game);
    ASSERT_TRUE(search.breaker_wins(start)) << find.description;
    const CheckReport check = check_certificate(game, tile_certificate(search, start, true));
    EXPECT_TRUE(check.ok) << find.description << ": " << check.error;
  }
  options.k = 7;
  const HuntReport seven = hunt_tilings(options);
  EXPECT_TRUE(seven.complete);
  EXPECT_TRUE(seven.holds.empty());
  EXPECT_GT(seven.covering, 0u);
}

// The command: --write saves a tiling that tiling verify accepts; a search that finds
// nothing exits 1; missing --k or --p is a one-line error, exit 2.
TEST(TilingCommand, SearchWritesWhatVerifyAccepts) {
  const auto path = std::filesystem::temp_directory_path() / "kinrow_tiling_search_8_1.json";
  const testing::CliRun found = testing::kinrow("tiling search --k 8 --p 1 --height 3 --width 5 --quiet --write " + path.string());
  ASSERT_EQ(found.status, 0) << found.err;
  EXPECT_NE(found.out.find("Connect(8, 1) drawn"), std::string::npos) << found.out;
  const testing::CliRun verified = testing::kinrow("tiling verify " + path.string() + " --k 8 --json");
  std::filesystem::remove(path);
  EXPECT_EQ(verified.status, 0) << verified.err;
  EXPECT_NE(verified.out.find("\"covered\":true"), std::string::npos) << verified.out;
  const testing::CliRun none = testing::kinrow("tiling search --k 4 --p 2 --height 2 --width 2..3 --quiet");
  EXPECT_EQ(none.status, 1) << none.err;
  EXPECT_NE(none.out.find("no tiling of this family"), std::string::npos) << none.out;
  const testing::CliRun bad = testing::kinrow("tiling search --k 8");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
}

}  // namespace
}  // namespace kinrow
