#include "search/kept_open.h"

#include <cinttypes>
#include <filesystem>
#include <sstream>

#include "core/error.h"

namespace kinrow {
namespace {

std::string open_header(const std::string& label) { return "kinrow-kept-open 1 " + label; }

}  // namespace

std::string kept_open_path(const std::string& kept_proofs_file) {
  return kept_path(kept_proofs_file, ".open", ".proofs");
}

KeptOpenWriter::KeptOpenWriter(const std::string& path, const std::string& label)
    : path_(path), snapshot_(path, open_header(label)) {}

void KeptOpenWriter::add(const KeptOpenNode& node) {
  char line[80];
  std::snprintf(line, sizeof line, "%" PRIx64 " %" PRIu32 " %" PRIu32 " %d", node.key, node.pn, node.dn, node.work);
  snapshot_.line(line);
}

bool KeptOpenWriter::finish() {
  std::error_code error;
  if (snapshot_.lines() == 0 && !std::filesystem::exists(path_, error)) return true;  // the part goes with the writer
  return snapshot_.finish();
}

std::size_t read_kept_open(const std::string& path, const std::string& label,
                           const std::function<void(const KeptOpenNode&)>& take) {
  return read_kept_lines(path, open_header(label), 64, [&](int number, const std::string& line) {
    std::istringstream fields(line);
    std::string key, extra;
    uint64_t pn = 0, dn = 0;
    KeptOpenNode node;
    const bool form = static_cast<bool>(fields >> key >> pn >> dn >> node.work) && !(fields >> extra) &&
                      !key.empty() && key.size() <= 16 &&
                      key.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos && pn > 0 &&
                      dn > 0 && pn <= kKeptOpenLargestNumber && dn <= kKeptOpenLargestNumber && node.work >= 1 &&
                      node.work <= 64;
    if (!form)
      refuse_kept_line(path, number,
                       "expected \"KEY PN DN WORK\", both numbers 1 to 2^30, not \"" + printable(line) + "\"");
    node.key = std::stoull(key, nullptr, 16);
    node.pn = static_cast<uint32_t>(pn);
    node.dn = static_cast<uint32_t>(dn);
    take(node);
  });
}

}  // namespace kinrow
