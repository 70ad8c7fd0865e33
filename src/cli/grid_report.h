// Tables of results over board sizes (width across, height down), as Markdown and SVG:
// what `kinrow table` prints and draws. One cell per board; empty cells are left blank.
#pragma once

#include <iostream>
#include <ostream>
#include <string>
#include <vector>

namespace kinrow::cli {

struct GridCell {
  bool present = false;  // false: no board here (outside the requested range)
  std::string text;  // main text, e.g. "1st 41"
  std::string detail;  // second line in the picture, e.g. "20.1 s"
  std::string fill = "#ffffff";  // SVG background colour
  bool flagged = false;  // drawn with a heavy red border (a disagreement)
};

struct Grid {
  std::string corner;  // top-left header, e.g. "height \\ width"
  std::vector<std::string> columns;  // header labels
  std::vector<std::string> rows;
  std::vector<std::vector<GridCell>> cells;  // [row][column]
};

// A Markdown table of the cells' texts.
void write_markdown_grid(std::ostream& out, const Grid& grid);

// An SVG picture of the grid, with a legend of (colour, meaning) pairs under it.
void write_svg_grid(std::ostream& out, const Grid& grid, const std::string& title,
                    const std::vector<std::pair<std::string, std::string>>& legend);

}  // namespace kinrow::cli

#include <fstream>

#include "cli/args.h"

namespace kinrow::cli {

// Where a table command writes: the --markdown FILE (a page with a head) or stdout.
class TablePage {
 public:
  explicit TablePage(const Args& args);  // InputError if FILE cannot be written
  std::ostream& out() { return file_.is_open() ? file_ : std::cout; }
  bool is_page() const { return file_.is_open(); }
  // On a page: "# title", the date, the command that made it, and the --svg picture.
  void head(const std::string& title);

 private:
  const Args& args_;
  std::ofstream file_;
};

// Draws the grid into the --svg FILE, if one was asked for.
void write_svg_option(const Args& args, const Grid& grid, const std::string& title,
                      const std::vector<std::pair<std::string, std::string>>& legend);

}  // namespace kinrow::cli
