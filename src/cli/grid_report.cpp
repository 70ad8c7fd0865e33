#include "cli/grid_report.h"

#include <algorithm>
#include <ctime>

#include "core/error.h"

namespace kinrow::cli {
namespace {

std::string xml_escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string markdown_escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

void write_markdown_grid(std::ostream& out, const Grid& grid) {
  out << "| " << markdown_escaped(grid.corner) << " |";
  for (const std::string& c : grid.columns) out << " " << markdown_escaped(c) << " |";
  out << "\n|---|";
  for (std::size_t i = 0; i < grid.columns.size(); ++i) out << "---|";
  out << "\n";
  for (std::size_t r = 0; r < grid.rows.size(); ++r) {
    out << "| **" << markdown_escaped(grid.rows[r]) << "** |";
    for (const GridCell& cell : grid.cells[r]) out << " " << (cell.present ? markdown_escaped(cell.text) : "") << " |";
    out << "\n";
  }
}

void write_svg_grid(std::ostream& out, const Grid& grid, const std::string& title,
                    const std::vector<std::pair<std::string, std::string>>& legend) {
  constexpr int kCellWidth = 84, kCellHeight = 46, kLabel = 70, kTop = 60, kLegendRow = 22;
  const int columns = static_cast<int>(grid.columns.size()), rows = static_cast<int>(grid.rows.size());
  const int width = std::max(kLabel + columns * kCellWidth + 20, 20 + static_cast<int>(title.size()) * 9);
  const int height = kTop + rows * kCellHeight + 20 + static_cast<int>(legend.size()) * kLegendRow + 10;
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" font-family=\"sans-serif\" font-size=\"13\">\n";
  out << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  out << "<text x=\"10\" y=\"22\" font-size=\"16\" font-weight=\"bold\">" << xml_escaped(title) << "</text>\n";
  out << "<text x=\"10\" y=\"" << kTop - 8 << "\" fill=\"#555555\">" << xml_escaped(grid.corner) << "</text>\n";
  for (int c = 0; c < columns; ++c)
    out << "<text x=\"" << kLabel + c * kCellWidth + kCellWidth / 2 << "\" y=\"" << kTop - 8
        << "\" text-anchor=\"middle\" font-weight=\"bold\">" << xml_escaped(grid.columns[c]) << "</text>\n";
  for (int r = 0; r < rows; ++r) {
    const int y = kTop + r * kCellHeight;
    out << "<text x=\"" << kLabel - 10 << "\" y=\"" << y + kCellHeight / 2 + 5
        << "\" text-anchor=\"end\" font-weight=\"bold\">" << xml_escaped(grid.rows[r]) << "</text>\n";
    for (int c = 0; c < columns; ++c) {
      const GridCell& cell = grid.cells[r][c];
      if (!cell.present) continue;
      const int x = kLabel + c * kCellWidth;
      out << "<rect x=\"" << x + 1 << "\" y=\"" << y + 1 << "\" width=\"" << kCellWidth - 2 << "\" height=\""
          << kCellHeight - 2 << "\" fill=\"" << cell.fill << "\" stroke=\"" << (cell.flagged ? "#d00000" : "#999999")
          << "\" stroke-width=\"" << (cell.flagged ? 4 : 1) << "\"/>\n";
      out << "<text x=\"" << x + kCellWidth / 2 << "\" y=\"" << y + 20 << "\" text-anchor=\"middle\">"
          << xml_escaped(cell.text) << "</text>\n";
      if (!cell.detail.empty())
        out << "<text x=\"" << x + kCellWidth / 2 << "\" y=\"" << y + 37
            << "\" text-anchor=\"middle\" font-size=\"11\" fill=\"#444444\">" << xml_escaped(cell.detail)
            << "</text>\n";
    }
  }
  int y = kTop + rows * kCellHeight + 20;
  for (const auto& [fill, meaning] : legend) {
    out << "<rect x=\"10\" y=\"" << y << "\" width=\"16\" height=\"16\" fill=\"" << fill
        << "\" stroke=\"" << (fill == "none" ? "#d00000" : "#999999") << "\" stroke-width=\""
        << (fill == "none" ? 3 : 1) << "\"/>\n";
    out << "<text x=\"34\" y=\"" << y + 13 << "\">" << xml_escaped(meaning) << "</text>\n";
    y += kLegendRow;
  }
  out << "</svg>\n";
}

}  // namespace kinrow::cli

namespace kinrow::cli {

TablePage::TablePage(const Args& args) : args_(args) {
  if (!args.has("markdown")) return;
  file_.open(args.get("markdown"));
  if (!file_) throw InputError("cannot write \"" + printable(args.get("markdown")) + "\"");
}

void TablePage::head(const std::string& title) {
  if (!is_page()) return;
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  std::string command = "kinrow table";
  for (const std::string& w : args_.words) command += " " + w;
  file_ << "# " << title << "\n\nGenerated on " << date << " by\n\n```\n" << command << "\n```\n\n";
  if (args_.has("svg")) {
    const std::string svg = args_.get("svg");
    file_ << "![the table as a picture](" << svg.substr(svg.rfind('/') + 1) << ")\n\n";
  }
}

void write_svg_option(const Args& args, const Grid& grid, const std::string& title,
                      const std::vector<std::pair<std::string, std::string>>& legend) {
  if (!args.has("svg")) return;
  std::ofstream svg(args.get("svg"));
  if (!svg) throw InputError("cannot write \"" + printable(args.get("svg")) + "\"");
  write_svg_grid(svg, grid, title, legend);
}

}  // namespace kinrow::cli
