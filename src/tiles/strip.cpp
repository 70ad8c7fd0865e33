#include "tiles/strip.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace kinrow {
namespace {

// Rows as "0-2" or "0, 2, 3".
std::string rows_text(const std::vector<int>& rows) {
  if (rows.empty()) return "none";
  bool consecutive = true;
  for (std::size_t i = 1; i < rows.size(); ++i) consecutive &= rows[i] == rows[i - 1] + 1;
  if (consecutive && rows.size() > 2) return std::to_string(rows.front()) + "-" + std::to_string(rows.back());
  std::string text;
  for (int y : rows) text += (text.empty() ? "" : ", ") + std::to_string(y);
  return text;
}

std::vector<int> rows_of(unsigned mask) {
  std::vector<int> rows;
  for (int y = 0; mask >> y; ++y)
    if (mask >> y & 1) rows.push_back(y);
  return rows;
}

// BN's two kinds of line on the rows given for each.
Strip bn_on_rows(const std::vector<int>& column_rows, const std::vector<int>& diagonal_rows) {
  Strip strip;
  for (int y : column_rows) strip.height = std::max(strip.height, y + 1);
  for (int y : diagonal_rows) strip.height = std::max(strip.height, y + 1);
  strip.kinds.resize(2);
  for (int y : column_rows) strip.kinds[0].push_back({0, y});
  for (int y : diagonal_rows) strip.kinds[1].push_back({y, y});
  return strip;
}

}  // namespace

Strip bn_strip(int length) {
  std::vector<int> rows(length);
  std::iota(rows.begin(), rows.end(), 0);
  return bn_on_rows(rows, rows);
}

bool strip_is_forest(const Strip& strip) {
  // Quotient vertices: rows 0..height-1, then one per kind. An edge per cell of a kind,
  // from the kind to the row, labelled with the cell's column offset.
  const int rows = strip.height, vertices = rows + static_cast<int>(strip.kinds.size());
  std::vector<std::vector<std::pair<int, int>>> adjacent(vertices);  // (vertex, label seen from here)
  for (std::size_t k = 0; k < strip.kinds.size(); ++k)
    for (const StripCell& c : strip.kinds[k]) {
      const int kind = rows + static_cast<int>(k);
      adjacent[kind].push_back({c.y, c.dx});
      adjacent[c.y].push_back({kind, -c.dx});
    }
  // Per connected part: a spanning tree gives every vertex an offset (a row's column
  // relative to its kind's); an edge off the tree closes a cycle whose labels sum to the
  // mismatch of its ends' offsets.
  std::vector<char> seen(vertices, 0);
  std::vector<long long> offset(vertices, 0);
  for (int root = 0; root < vertices; ++root) {
    if (seen[root]) continue;
    seen[root] = 1;
    std::vector<int> queue{root};
    int edge_ends = 0;
    for (std::size_t i = 0; i < queue.size(); ++i) {
      const int v = queue[i];
      edge_ends += static_cast<int>(adjacent[v].size());
      for (const auto& [w, label] : adjacent[v])
        if (!seen[w]) {
          seen[w] = 1;
          offset[w] = offset[v] + label;
          queue.push_back(w);
        }
    }
    const int cycles = edge_ends / 2 - static_cast<int>(queue.size()) + 1;
    if (cycles >= 2) return false;
    if (cycles == 1) {
      bool labels_sum_off_zero = false;
      for (int v : queue)
        for (const auto& [w, label] : adjacent[v]) labels_sum_off_zero |= offset[w] != offset[v] + label;
      if (!labels_sum_off_zero) return false;
    }
  }
  return true;
}

std::optional<StripProof> prove_bn_by_trees(int length, int p) {
  if (length > 12 || length < p + 2) return std::nullopt;
  const unsigned all = (1u << length) - 1;
  for (unsigned columns = all; columns; columns = (columns - 1) & all) {
    if (std::popcount(columns) < p + 2) continue;
    for (unsigned diagonals = all; diagonals; diagonals = (diagonals - 1) & all) {
      if (std::popcount(diagonals) < p + 2) continue;
      const std::vector<int> c = rows_of(columns), d = rows_of(diagonals);
      if (!strip_is_forest(bn_on_rows(c, d))) continue;
      StripProof proof;
      proof.kept_rows[0] = c;
      proof.kept_rows[1] = d;
      proof.text = "columns cut to rows " + rows_text(c) + " and diagonals to rows " + rows_text(d) +
                   ": lines of at least " + std::to_string(p + 2) + " squares that form a forest (Lemma 2)";
      return proof;
    }
  }
  return std::nullopt;
}

std::optional<StripProof> prove_bnx_by_trees(int length, int b) {
  if (length > 12 || b < 1) return std::nullopt;
  const unsigned all = (1u << length) - 1;
  for (int filled = 0; filled < b && filled < length; ++filled)
    for (unsigned removed = 0; removed <= all; ++removed) {
      if (std::popcount(removed) != filled) continue;
      const std::vector<int> kept = rows_of(all & ~removed);
      if (!strip_is_forest(bn_on_rows(kept, kept))) continue;
      StripProof proof;
      proof.removed_rows = rows_of(removed);
      proof.text = filled == 0 ? std::string("BN(") + std::to_string(length) +
                                     ")'s lines form a forest: cut on exclusive squares (Lemma 9)"
                               : "rows " + rows_text(proof.removed_rows) + " taken by the maker beforehand (" +
                                     std::to_string(filled) + " stone(s) a line), rows " + rows_text(kept) +
                                     " form a forest: cut on exclusive squares (Lemmas 9 and 10)";
      return proof;
    }
  return std::nullopt;
}

}  // namespace kinrow
