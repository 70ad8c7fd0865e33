#include "search/kept_bounds.h"

#include <algorithm>
#include <bit>
#include <cinttypes>
#include <map>
#include <sstream>
#include <utility>

#include "core/error.h"
#include "search/transposition_table.h"

namespace kinrow {
namespace {

std::string bounds_header(const std::string& label) { return "kinrow-kept-bounds 1 " + label; }

}  // namespace

KeptBounds::KeptBounds(const std::string& path, const std::string& label, uint64_t min_nodes)
    : file_(path, bounds_header(label)), min_nodes_(min_nodes) {}

void KeptBounds::keep(int moves, uint64_t key_high, uint64_t key_low, int lower, int upper, int move, uint64_t nodes) {
  char identity[64], line[128];
  std::snprintf(identity, sizeof identity, "%" PRIx64 " %" PRIx64 " %d %d", key_high, key_low, lower, upper);
  std::snprintf(line, sizeof line, "%d %" PRIx64 " %" PRIx64 " %d %d %d %d", moves, key_high, key_low, lower, upper,
                move, static_cast<int>(std::bit_width(nodes | 1)));
  file_.append(identity, line);
}

std::size_t KeptBounds::read(const std::string& path, const std::string& label, const KeptKeys& keys,
                             TranspositionTable& table) {
  // Bounds of one position on several lines narrow its window; lines that leave none
  // contradict each other, and the file is not trusted.
  std::map<std::pair<uint64_t, uint64_t>, std::pair<int, int>> window;
  return read_kept_lines(path, bounds_header(label), 200, [&](int number, const std::string& line) {
    std::istringstream words(line);
    int moves = 0, lower = 0, upper = 0, move = 0, work = 0;
    uint64_t high = 0, low = 0;
    std::string extra;
    if (!(words >> moves >> std::hex >> high >> low >> std::dec >> lower >> upper >> move >> work) || (words >> extra) ||
        moves < 0 || moves > keys.cells || lower > upper || lower < -keys.max_score || upper > keys.max_score ||
        move < -1 || move >= keys.width || work < 1 || work > 64)
      refuse_kept_line(path, number,
                       "expected \"MOVES KEY-HIGH KEY-LOW LOWER UPPER MOVE WORK\", not \"" + printable(line) + "\"");
    // The table indexes buckets by the high word: one past the board's keys would be a
    // bucket past the table's end.
    if (high >= keys.high_end) refuse_kept_line(path, number, "a key of more bits than the board has");
    const auto [at, added] = window.try_emplace({high, low}, lower, upper);
    if (!added) {
      at->second = {std::max(at->second.first, lower), std::min(at->second.second, upper)};
      if (at->second.first > at->second.second)
        refuse_kept_line(path, number, "bounds that contradict an earlier line's for the same position");
    }
    table.store(low, lower, upper, move, uint64_t{1} << (work - 1), high);
  });
}

}  // namespace kinrow
