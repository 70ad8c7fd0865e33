#include "search/kept_bounds.h"

#include <bit>
#include <cinttypes>
#include <fstream>
#include <iostream>
#include <sstream>

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
  if (failed_) return;
  // Opened at the first position worth keeping: a search too small to keep any leaves no file.
  if (!file_) {
    const bool is_new = !std::ifstream(path_).good() || std::ifstream(path_).peek() == std::ifstream::traits_type::eof();
    file_ = std::fopen(path_.c_str(), "a");
    if (file_ && is_new) std::fprintf(file_, "%s%s\n", kMagic, label_.c_str());
  }
  const int work = std::bit_width(nodes | 1);
  const bool written = file_ &&
                       std::fprintf(file_, "%d %" PRIx64 " %" PRIx64 " %d %d %d %d\n", moves, key_high, key_low, lower,
                                    upper, move, work) > 0 &&
                       std::fflush(file_) == 0;
  if (!written) {
    failed_ = true;
    std::cerr << "\nkinrow: cannot write " << printable(path_) << " (the search goes on; its table keeps the bounds)\n";
  }
}

std::size_t KeptBounds::read(const std::string& path, const std::string& label, TranspositionTable& table) {
  std::ifstream in(path);
  if (!in) return 0;
  std::string line;
  int number = 0;
  std::size_t read = 0;
  while (std::getline(in, line)) {
    ++number;
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
        moves < 0 || lower > upper || lower < INT16_MIN || upper > INT16_MAX || move < -1 || move > 255 || work < 1 ||
        work > 64)
      fail(path, number, "expected \"MOVES KEY-HIGH KEY-LOW LOWER UPPER MOVE WORK\", not \"" + printable(line) + "\"");
    table.store(low, lower, upper, move, uint64_t{1} << (work - 1), high);
    ++read;
  }
  return read;
}

}  // namespace kinrow
