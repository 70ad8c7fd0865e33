// The game generators (games/families.h, games/hypergraph_file.h): cell and line counts
// against counts known independently (by hand or by closed formulas), the cell order and
// the `below` relation the rest of kinrow relies on, and file: games, valid and malformed.
#include "games/families.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/game.h"
#include "test_names.h"

namespace kinrow {
namespace {

struct Counts {
  std::string spec;
  int cells;
  int lines;
};

class KnownCounts : public ::testing::TestWithParam<Counts> {};

TEST_P(KnownCounts, CellsAndLinesMatch) {
  const Game game = make_game(GetParam().spec);
  EXPECT_EQ(game.cell_count(), GetParam().cells);
  EXPECT_EQ(game.line_count(), GetParam().lines);
}

INSTANTIATE_TEST_SUITE_P(
    Families, KnownCounts,
    ::testing::Values(
        Counts{"tictactoe", 9, 8},  // 3 rows, 3 columns, 2 diagonals
        Counts{"mnk:4x4x4", 16, 10},
        Counts{"connect:7x6x4", 42, 69},  // 24 horizontal, 21 vertical, 24 diagonal
        Counts{"qubic", 64, 76}, Counts{"cube:3x3", 27, 49},  // ((3+2)^3 - 3^3) / 2
        Counts{"square:3", 9, 5},         // sum of (n-s)^2 over s = 1..n-1: 4 + 1
        Counts{"square:4", 16, 14},       // 9 + 4 + 1
        Counts{"mnk:15x15x5", 225, 572},  // 165 + 165 + 2 * 11 * 11
        Counts{"connect:4x3x3", 12, 14},  // 6 horizontal, 4 vertical, 4 diagonal
        // Wrapping rows: each row has 4 lines of 3 (not 2), and each diagonal direction
        // 4 (not 2): 12 horizontal + 4 vertical + 8 diagonal.
        Counts{"connect:4x3x3,cylinder", 12, 24},
        // K = W: the 4 wrapped starts of a row are one line; diagonals 4 per direction.
        Counts{"connect:4x4x4,cylinder", 16, 16},
        // K > W: no row line (it would revisit a cell), but diagonals wind around.
        Counts{"connect:3x5x4", 15, 6}, Counts{"connect:3x5x4,cylinder", 15, 18},
        Counts{"mnk:1x1x1", 1, 1}, Counts{"cube:4x1", 4, 1}),
    [](const ::testing::TestParamInfo<Counts>& info) {
      return testing::test_name(info.param.spec);
    });

// Straight lines of K on a box with sides e_i, by a closed formula: along each axis a
// direction step of 0 leaves e_i choices and a step of +-1 leaves max(0, e_i - K + 1);
// the product over all steps counts every line twice (once per direction) plus the zero
// step.
long straight_line_count(const std::vector<int>& sides, int k) {
  long all = 1, zero = 1;
  for (int e : sides) {
    all *= e + 2L * std::max(0, e - k + 1);
    zero *= e;
  }
  return (all - zero) / 2;
}

TEST(Families, MnkLineCountsMatchTheFormula) {
  for (int w = 1; w <= 7; ++w)
    for (int h = 1; h <= 7; ++h)
      for (int k = 2; k <= std::max(w, h); ++k) {
        const std::string spec =
            "mnk:" + std::to_string(w) + "x" + std::to_string(h) + "x" + std::to_string(k);
        const Game game = make_game(spec);
        EXPECT_EQ(game.cell_count(), w * h) << spec;
        EXPECT_EQ(game.line_count(), straight_line_count({w, h}, k)) << spec;
        EXPECT_EQ(make_game(spec + ",gravity").line_count(), game.line_count()) << spec;
      }
}

TEST(Families, CubeLineCountsMatchTheFormula) {
  for (int n = 1; n <= 5; ++n)
    for (int d = 1; d <= 4; ++d)
      for (int k = 1; k <= n; ++k) {
        const std::string spec =
            "cube:" + std::to_string(n) + "x" + std::to_string(d) + "x" + std::to_string(k);
        const Game game = make_game(spec);
        long cells = 1;
        for (int i = 0; i < d; ++i) cells *= n;
        EXPECT_EQ(game.cell_count(), cells) << spec;
        if (k == 1) {  // every direction gives the same one-cell line
          EXPECT_EQ(game.line_count(), cells) << spec;
          continue;
        }
        EXPECT_EQ(game.line_count(), straight_line_count(std::vector<int>(d, n), k)) << spec;
      }
}

TEST(Families, SquareLineCountsAreSumsOfSquares) {
  for (int n = 2; n <= 12; ++n) {
    int expected = 0;
    for (int s = 1; s < n; ++s) expected += (n - s) * (n - s);
    EXPECT_EQ(make_game("square:" + std::to_string(n)).line_count(), expected) << n;
  }
}

TEST(Families, LinesAreSortedDistinctAndOfLengthK) {
  for (const std::string spec : {"mnk:5x4x3", "connect:4x3x3,cylinder", "cube:3x3", "qubic"}) {
    const Game game = make_game(spec);
    const int k = game.family == "cube" ? game.extent[0] : 3;
    std::set<Line> distinct(game.lines.begin(), game.lines.end());
    EXPECT_EQ(static_cast<int>(distinct.size()), game.line_count()) << spec;
    for (const Line& line : game.lines) {
      EXPECT_EQ(static_cast<int>(line.size()), k) << spec;
      EXPECT_TRUE(std::is_sorted(line.begin(), line.end())) << spec;
      EXPECT_EQ(std::adjacent_find(line.begin(), line.end()), line.end()) << spec;
    }
  }
  for (const Line& line : make_game("square:5").lines) EXPECT_EQ(line.size(), 4u);
}

TEST(Families, CylinderLinesWrapFromTheLastColumnToTheFirst) {
  const Game game = make_game("connect:4x3x3,cylinder");
  // Bottom row, columns c, d, a: cells (2,0), (3,0), (0,0). The bottom row is printed last.
  const Line wrapped{8, 10, 11};
  EXPECT_NE(std::find(game.lines.begin(), game.lines.end(), wrapped), game.lines.end());
  const Game plain = make_game("connect:4x3x3");
  EXPECT_EQ(std::find(plain.lines.begin(), plain.lines.end(), wrapped), plain.lines.end());
}

TEST(Families, CellsAreNumberedFromTheTopLeftRowByRow) {
  const Game game = make_game("connect:7x6x4");
  ASSERT_EQ(game.extent, (std::vector<int>{7, 6}));
  EXPECT_EQ(game.coords[0], (std::vector<int>{0, 5}));
  EXPECT_EQ(game.coords[6], (std::vector<int>{6, 5}));
  EXPECT_EQ(game.coords[7], (std::vector<int>{0, 4}));
  EXPECT_EQ(game.coords[41], (std::vector<int>{6, 0}));
  for (Cell c = 0; c < game.cell_count(); ++c) {
    const std::vector<int>& xy = game.coords[c];
    EXPECT_EQ(c, (game.height() - 1 - xy[1]) * game.width() + xy[0]) << c;
  }
}

TEST(Families, CubeCellsAreNumberedLayerByLayer) {
  const Game game = make_game("cube:3x3");
  ASSERT_EQ(game.extent, (std::vector<int>{3, 3, 3}));
  EXPECT_EQ(game.coords[0], (std::vector<int>{0, 2, 0}));
  for (Cell c = 0; c < game.cell_count(); ++c) {
    const std::vector<int>& xyz = game.coords[c];
    EXPECT_EQ(c, xyz[2] * 9 + (2 - xyz[1]) * 3 + xyz[0]) << c;
  }
}

TEST(Families, BelowIsTheCellUnderneathUnderGravity) {
  const Game game = make_game("connect:5x4x4");
  ASSERT_TRUE(game.rules.gravity);
  for (Cell c = 0; c < game.cell_count(); ++c) {
    const std::vector<int>& xy = game.coords[c];
    if (xy[1] == 0) {
      EXPECT_EQ(game.below[c], -1) << c;
    } else {
      ASSERT_GE(game.below[c], 0) << c;
      EXPECT_EQ(game.coords[game.below[c]], (std::vector<int>{xy[0], xy[1] - 1})) << c;
      EXPECT_EQ(game.below[c], c + game.width()) << c;
    }
  }
}

TEST(Families, GameRecordsCanonicalSpecAndRules) {
  const Game game = make_game("mnk:7x6x4,gravity,misere");
  EXPECT_EQ(game.spec, "connect:7x6x4,misere");
  EXPECT_EQ(game.family, "connect");
  EXPECT_TRUE(game.rules.gravity);
  EXPECT_EQ(game.rules.goal, Goal::Misere);
  EXPECT_EQ(make_game("connect6").spec, "mnk:19x19x6,p=2,q=1");
}

TEST(Families, LinesOfCellListEveryLineThroughACell) {
  const Game game = make_game("qubic");
  for (Cell c = 0; c < game.cell_count(); ++c) {
    std::vector<int> expected;
    for (int l = 0; l < game.line_count(); ++l)
      if (std::binary_search(game.lines[l].begin(), game.lines[l].end(), c)) expected.push_back(l);
    EXPECT_EQ(game.lines_of_cell[c], expected) << c;
  }
}

TEST(Families, BoardsTooLargeToListAreRejected) {
  EXPECT_THROW(make_game("mnk:4096x4096x5"), InputError);
  EXPECT_THROW(make_game("square:4096"), InputError);
  EXPECT_THROW(make_game("cube:64x4"), InputError);
}

// A spec the parser accepts must be built, or rejected, in a moment: a user typing
// `kinrow info cube:3x12` must not wait for hours or run out of memory. These boards are
// under the generator's cell limit (2^20) but have hundreds of millions of lines or take
// ~10^11 steps to list them; each runs in a child process that is killed after 3 s.
TEST(FamiliesDeathTest, AcceptedSpecsAreBuiltOrRejectedQuickly) {
  for (const std::string spec : {"cube:3x12", "cube:2x12", "square:1024"}) {
    EXPECT_EXIT(
        {
          alarm(3);
          try {
            make_game(spec);
          } catch (const InputError&) {
          }
          std::_Exit(0);
        },
        ::testing::ExitedWithCode(0), "")
        << spec << " was neither built nor rejected within 3 s";
  }
}

// ---- file: games ----

class FileGames : public ::testing::Test {
 protected:
  // Writes `json` to a fresh file and returns its path.
  std::string write(const std::string& name, const std::string& json) {
    const std::string path = ::testing::TempDir() + "kinrow_families_test_" +
                             std::to_string(getpid()) + "_" + name + ".json";
    std::ofstream(path) << json;
    written_.push_back(path);
    return path;
  }
  void TearDown() override {
    for (const std::string& path : written_) std::remove(path.c_str());
  }

  // make_game("file:PATH") must throw an InputError naming the path and `problem`.
  void expect_error(const std::string& name, const std::string& json, const std::string& problem) {
    const std::string path = write(name, json);
    try {
      make_game("file:" + path);
      ADD_FAILURE() << name << ": accepted";
    } catch (const InputError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind(path + ": ", 0), 0u) << name << ": " << message;
      EXPECT_NE(message.find(problem), std::string::npos) << name << ": " << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << name << ": " << message;
    }
  }

 private:
  std::vector<std::string> written_;
};

TEST_F(FileGames, CoordinatesKeepTheFileOrder) {
  const std::string path = write("coords", R"({
    "cells": [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1]],
    "lines": [[0, 1, 2], [3, 4, 5], [4, 0], [2, 4], [2, 1, 0]]
  })");
  const Game game = make_game("file:" + path);
  EXPECT_EQ(game.family, "file");
  EXPECT_EQ(game.spec, "file:" + path);
  EXPECT_EQ(game.cell_count(), 6);
  EXPECT_EQ(game.extent, (std::vector<int>{3, 2}));
  EXPECT_EQ(game.coords[3], (std::vector<int>{0, 1}));
  EXPECT_EQ(game.line_count(), 4) << "the repeated line [2, 1, 0] is listed once";
  EXPECT_NE(std::find(game.lines.begin(), game.lines.end(), Line{0, 4}), game.lines.end());
}

TEST_F(FileGames, CoordinatesSupportGravity) {
  const std::string path = write("gravity", R"({
    "cells": [[0, 1], [1, 1], [0, 0], [1, 0]], "lines": [[0, 1], [2, 3], [0, 2], [1, 3]]})");
  const Game game = make_game("file:" + path + ",gravity");
  EXPECT_TRUE(game.rules.gravity);
  EXPECT_EQ(game.below, (std::vector<Cell>{2, 3, -1, -1}));
}

TEST_F(FileGames, CellCountMakesOneAxis) {
  const std::string path = write("count", R"({"cells": 5, "lines": [[0, 1, 2], [2, 3, 4]]})");
  const Game game = make_game("file:" + path + ",misere");
  EXPECT_EQ(game.cell_count(), 5);
  EXPECT_EQ(game.line_count(), 2);
  EXPECT_EQ(game.extent, (std::vector<int>{5}));
  EXPECT_EQ(game.coords[4], (std::vector<int>{4}));
  EXPECT_EQ(game.rules.goal, Goal::Misere);
  EXPECT_THROW(make_game("file:" + path + ",gravity"), InputError) << "gravity needs rows";
}

TEST_F(FileGames, NoLinesIsAGame) {
  const Game game = make_game("file:" + write("nolines", R"({"cells": 3, "lines": []})"));
  EXPECT_EQ(game.cell_count(), 3);
  EXPECT_EQ(game.line_count(), 0);
}

TEST_F(FileGames, MissingFileIsAnError) {
  const std::string path = ::testing::TempDir() + "kinrow_no_such_file.json";
  try {
    make_game("file:" + path);
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cannot read \"" + path + "\"", 0), 0u) << e.what();
  }
}

TEST_F(FileGames, AFolderIsNotAFile) {
  // A folder opens like a file on Linux; reading it must not escape as a stream exception.
  try {
    make_game("file:" + ::testing::TempDir());
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("folder"), std::string::npos) << e.what();
  }
}

TEST_F(FileGames, ADeviceIsNotAGameFile) {
  // A certificate from elsewhere may name file:/dev/zero: read whole, it would never end.
  try {
    make_game("file:/dev/zero");
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("not a regular file"), std::string::npos) << e.what();
  }
}

TEST_F(FileGames, BadJsonIsAnError) {
  expect_error("truncated", R"({"cells": 3, "lines": [[0, 1])", "not valid JSON");
  expect_error("garbage", "cells = 3\nlines = 0,1\n", "not valid JSON");
  expect_error("where", "{\"cells\": 3,\n \"lines\": [[0, 1] [1, 2]]}", "line 2, column 19");  // where, in full
  expect_error("empty", "", "not valid JSON");
}

TEST_F(FileGames, MissingKeysAreErrors) {
  expect_error("nocells", R"({"lines": [[0, 1]]})", "\"cells\" and \"lines\"");
  expect_error("nolines", R"({"cells": 3})", "\"cells\" and \"lines\"");
  expect_error("array", R"([[0, 1], [1, 2]])", "\"cells\" and \"lines\"");
}

TEST_F(FileGames, MalformedCellsAreErrors) {
  expect_error("zerocells", R"({"cells": 0, "lines": []})", "\"cells\"");
  expect_error("emptycells", R"({"cells": [], "lines": []})", "\"cells\"");
  expect_error("stringcells", R"({"cells": "3", "lines": []})", "\"cells\"");
  expect_error("negative", R"({"cells": [[0, -1]], "lines": []})", "cell 0");
  expect_error("axes", R"({"cells": [[0, 0], [1]], "lines": []})", "cell 1");
  expect_error("notlist", R"({"cells": [[0, 0], 7], "lines": []})", "cell 1");
}

TEST_F(FileGames, LineIndexOutOfRangeIsAnError) {
  expect_error("range", R"({"cells": 3, "lines": [[0, 1], [1, 3]]})", "line 1");
  expect_error("minus", R"({"cells": 3, "lines": [[-1, 0]]})", "line 0");
  expect_error("float", R"({"cells": 3, "lines": [[0.5, 1]]})", "line 0");
  expect_error("emptyline", R"({"cells": 3, "lines": [[]]})", "line 0");
  expect_error("linesobject", R"({"cells": 3, "lines": {"a": 1}})", "\"lines\"");
}

TEST_F(FileGames, RepeatedCellInALineIsAnError) {
  expect_error("repeat", R"({"cells": 4, "lines": [[0, 1], [2, 3, 2]]})", "line 1 repeats a cell");
}

TEST_F(FileGames, DuplicateCoordinatesAreAnError) {
  expect_error("duplicate", R"({"cells": [[0, 0], [1, 0], [0, 0]], "lines": []})",
               "cell 2 repeats the coordinates");
}

}  // namespace
}  // namespace kinrow
