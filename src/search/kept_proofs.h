// Df-pn's kept file (search/kept_lines.h): the proofs and disproofs whose search cost the
// most, a line each, beside a df-pn table file.
//
//   kinrow-kept-proofs 1 df-pn key 1 mnk:8x8x6,p=2,q=1, reduced keys
//   KEY RESULT WORK ZONE
// KEY: the table's key in hexadecimal (it carries the attacker, so both questions of a
// value share the file); RESULT: `proven` or `disproven`; WORK: log2 of the nodes its
// search took, threat searches included; ZONE: for a disproof with zones of disproofs, the
// empty cells it does not need (search/dfpn.h), as the board's 64-bit words in
// hexadecimal, the highest first, joined by `.`; `-` for none.
//
// Only final answers are appended here, as they are found. The proof and disproof numbers
// of open nodes, which hold much of a stopped proof's progress but change all the time,
// are a snapshot written with each table save (search/kept_open.h). What is read back is
// trusted as the table is (a key is a hash: a line can be checked for its form and its
// cells, not against a position); a certificate written from the search is checked as
// ever.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "search/kept_lines.h"

namespace kinrow {

// A df-pn node is kept once its search took at least this many nodes (threat searches
// included), by default: Qubic's proof (8.0 M expansions) kept 837 lines, 24 KB. A lower
// threshold keeps more of a stopped proof: on Qubic, stopped after 3.7 M to 4.5 M
// expansions, a start from its kept answers alone took 7.4 M expansions at 2^17, 7.2 M at
// 2^14 and 6.0 M at 2^10, against 8.0 M from nothing, and kept 41, 1,016 and 19,530 lines
// (docs/benchmarks.md).
constexpr uint64_t kDefaultKeptProofsNodes = uint64_t{1} << 17;

// "c7.proofs" for "c7.table".
inline std::string kept_proofs_path(const std::string& table_file) { return kept_path(table_file, ".proofs"); }

struct KeptProof {
  uint64_t key = 0;
  bool proven = false;
  int work = 1;                  // log2 of its nodes, 1 to 64
  std::vector<uint64_t> zone;    // the board's words, the lowest first; all 0 for none
};

class KeptProofs {
 public:
  // `label`: what the table's keys mean (the game and key scheme: Dfpn::kept_label).
  KeptProofs(const std::string& path, const std::string& label, uint64_t min_nodes);

  uint64_t min_nodes() const { return min_nodes_; }

  // Appends one answer (KeptLineFile::append: on the disk once a second at most); `zone`
  // as the board's words, the lowest first.
  void keep(uint64_t key, bool proven, int work, std::span<const uint64_t> zone);
  // The file holds this key's answer already (read at the start): it is not kept again
  // when found again (df-pn expands its root however it is known).
  void mark_kept(uint64_t key);

  // Hands every answer of the file at `path` to `take`; the number read. A missing file
  // has none. InputError, naming the line, for another label or a line that does not read,
  // has another number of words than `words`, or a zone cell past the board's `cells`.
  static std::size_t read(const std::string& path, const std::string& label, int cells, int words,
                          const std::function<void(const KeptProof&)>& take);

 private:
  KeptLineFile file_;
  uint64_t min_nodes_;
};

}  // namespace kinrow
