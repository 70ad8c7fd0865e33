#include "search/kept_proofs.h"

#include <cctype>
#include <cinttypes>
#include <sstream>

#include "core/error.h"

namespace kinrow {
namespace {

std::string proofs_header(const std::string& label) { return "kinrow-kept-proofs 1 " + label; }

std::string key_text_of(uint64_t key) {
  char text[24];
  std::snprintf(text, sizeof text, "%" PRIx64, key);
  return text;
}

std::string zone_text(std::span<const uint64_t> zone) {
  bool any = false;
  for (uint64_t word : zone) any = any || word != 0;
  if (!any) return "-";
  std::string text;
  char word_text[24];
  for (std::size_t i = zone.size(); i-- > 0;) {
    std::snprintf(word_text, sizeof word_text, "%" PRIx64, zone[i]);
    text += word_text;
    if (i > 0) text += '.';
  }
  return text;
}

// The words of a zone written by zone_text, the lowest first; false if it does not read.
bool read_zone(const std::string& text, int words, std::vector<uint64_t>& zone) {
  zone.assign(static_cast<std::size_t>(words), 0);
  if (text == "-") return true;
  std::size_t at = 0;
  for (int i = words - 1; i >= 0; --i) {
    const std::size_t end = i > 0 ? text.find('.', at) : text.size();
    if (end == std::string::npos || end == at || end - at > 16) return false;
    for (std::size_t j = at; j < end; ++j)
      if (!std::isxdigit(static_cast<unsigned char>(text[j]))) return false;
    zone[static_cast<std::size_t>(i)] = std::stoull(text.substr(at, end - at), nullptr, 16);
    at = end + 1;
  }
  return at == text.size() + 1;
}

}  // namespace

// Df-pn keeps many lines: on the disk once a second at most (kept_lines.h).
KeptProofs::KeptProofs(const std::string& path, const std::string& label, uint64_t min_nodes)
    : file_(path, proofs_header(label), std::chrono::seconds(1)), min_nodes_(min_nodes) {}

void KeptProofs::keep(uint64_t key, bool proven, int work, std::span<const uint64_t> zone) {
  const std::string key_text = key_text_of(key);
  // A node proven by one thread is read, not proven again, by the others: one line a key.
  file_.append(key_text, key_text + (proven ? " proven " : " disproven ") + std::to_string(work) + " " +
                             zone_text(zone));
}

void KeptProofs::mark_kept(uint64_t key) { file_.mark_appended(key_text_of(key)); }

std::size_t KeptProofs::read(const std::string& path, const std::string& label, int cells, int words,
                             const std::function<void(const KeptProof&)>& take) {
  KeptProof proof;
  return read_kept_lines(path, proofs_header(label), 64 + 17 * static_cast<std::size_t>(words), [&](int number, const std::string& line) {
    std::istringstream fields(line);
    std::string key, result, zone, extra;
    const bool form = static_cast<bool>(fields >> key >> result >> proof.work >> zone) && !(fields >> extra) &&
                      !key.empty() && key.size() <= 16 &&
                      key.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos &&
                      (result == "proven" || result == "disproven") && proof.work >= 1 && proof.work <= 64 &&
                      read_zone(zone, words, proof.zone);
    if (!form)
      refuse_kept_line(path, number, "expected \"KEY proven|disproven WORK ZONE\" with a zone of " +
                                         std::to_string(words) + (words == 1 ? " word" : " words") +
                                         ", not \"" + printable(line) + "\"");
    for (int cell = cells; cell < 64 * words; ++cell)
      if ((proof.zone[static_cast<std::size_t>(cell / 64)] >> (cell % 64)) & 1)
        refuse_kept_line(path, number, "a zone cell (" + std::to_string(cell) + ") past the board's " +
                                           std::to_string(cells) + " cells");
    if (result == "proven" && zone != "-") refuse_kept_line(path, number, "a proof has no zone (only disproofs do)");
    proof.key = std::stoull(key, nullptr, 16);
    proof.proven = result == "proven";
    take(proof);
  });
}

}  // namespace kinrow
