#include "search/kept_bounds.h"

#include <bit>
#include <cinttypes>
#include <fstream>
#include <iostream>
#include <sstream>

#include <unistd.h>

#include "core/error.h"
#include "search/transposition_table.h"

namespace kinrow {
namespace {

constexpr const char* kMagic = "kinrow-kept-bounds 1 ";

[[noreturn]] void fail(const std::string& path, int line, const std::string& problem) {
  throw InputError(printable(path) + ", line " + std::to_string(line) + ": " + problem);
}

}  // namespace

std::string kept_bounds_path(const std::string& table_file) {
  const std::string suffix = ".table";
  const bool named = table_file.size() > suffix.size() &&
                     table_file.compare(table_file.size() - suffix.size(), suffix.size(), suffix) == 0;
  return (named ? table_file.substr(0, table_file.size() - suffix.size()) : table_file) + ".bounds";
}

KeptBounds::KeptBounds(const std::string& path, const std::string& label, uint64_t min_nodes)
    : path_(path), label_(label), min_nodes_(min_nodes) {
  std::string header;
  {
    std::ifstream in(path);
    if (in) std::getline(in, header);
  }
  if (!header.empty() && header != kMagic + label)
    throw InputError(printable(path) + " keeps the bounds of another search (\"" + printable(header) + "\"; this is \"" +
                     label + "\")");
}

KeptBounds::~KeptBounds() {
  if (file_) std::fclose(file_);
}

void KeptBounds::keep(int moves, uint64_t key_high, uint64_t key_low, int lower, int upper, int move, uint64_t nodes) {
  std::lock_guard lock(mutex_);
  // The team's threads often finish the same position with the same bounds: once is enough.
  if (failed_ || !written_.emplace(key_high, key_low, lower, upper).second) return;
  // Opened at the first position worth keeping: a search too small to keep any leaves no
  // file. A last line cut short (read() skips it) is ended first, or the next line would
  // join it.
  if (!file_) {
    char last = '\n';
    {
      std::ifstream in(path_, std::ios::binary | std::ios::ate);
      if (in && in.tellg() > 0) {
        in.seekg(-1, std::ios::end);
        in.get(last);
      } else {
        last = 0;  // new or empty: the header first
      }
    }
    file_ = std::fopen(path_.c_str(), "a");
    if (file_ && last == 0) std::fprintf(file_, "%s%s\n", kMagic, label_.c_str());
    if (file_ && last != 0 && last != '\n') std::fputc('\n', file_);
  }
  const int work = std::bit_width(nodes | 1);
  const bool written = file_ &&
                       std::fprintf(file_, "%d %" PRIx64 " %" PRIx64 " %d %d %d %d\n", moves, key_high, key_low, lower,
                                    upper, move, work) > 0 &&
                       std::fflush(file_) == 0 && ::fsync(::fileno(file_)) == 0;  // on the disk: a crash loses none
  if (!written) {
    failed_ = true;
    std::cerr << "\nkinrow: cannot write " << printable(path_) << " (the search goes on; its table keeps the bounds)\n";
  }
}

std::size_t KeptBounds::read(const std::string& path, const std::string& label, const KeptKeys& keys,
                             TranspositionTable& table) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return 0;
  std::string line;
  int number = 0;
  std::size_t read = 0;
  while (std::getline(in, line)) {
    ++number;
    // A last line with no newline was cut short (a process killed mid-write, a full
    // disk): its position is lost, the others stand, and keep() ends it before appending.
    if (in.eof()) {
      std::cerr << "kinrow: " << printable(path) << ", line " << number << ": cut short; skipped\n";
      break;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();  // a copy with Windows line ends
    if (number == 1) {
      if (line != kMagic + label)
        fail(path, 1, "expected \"" + std::string(kMagic) + label + "\" (the bounds of another search?)");
      continue;
    }
    if (line.size() > 200) fail(path, number, "too long for a kept position");
    std::istringstream words(line);
    int moves = 0, lower = 0, upper = 0, move = 0, work = 0;
    uint64_t high = 0, low = 0;
    std::string extra;
    if (!(words >> moves >> std::hex >> high >> low >> std::dec >> lower >> upper >> move >> work) || (words >> extra) ||
        moves < 0 || moves > keys.cells || lower > upper || lower < -keys.max_score || upper > keys.max_score ||
        move < -1 || move >= keys.width || work < 1 || work > 64)
      fail(path, number, "expected \"MOVES KEY-HIGH KEY-LOW LOWER UPPER MOVE WORK\", not \"" + printable(line) + "\"");
    // The table indexes buckets by the high word: one past the board's keys would be a
    // bucket past the table's end.
    if (high >= keys.high_end) fail(path, number, "a key of more bits than the board has");
    table.store(low, lower, upper, move, uint64_t{1} << (work - 1), high);
    ++read;
  }
  return read;
}

}  // namespace kinrow
