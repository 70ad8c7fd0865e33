// Df-pn's costliest open nodes, kept beside its answers (search/kept_proofs.h) so that a
// proof whose table is lost with its machine goes on from more than its answers.
//
//   kinrow-kept-open 1 df-pn key 1 mnk:8x8x6,p=2,q=1, reduced keys
//   KEY PN DN WORK
// KEY: the table's key in hexadecimal; PN, DN: the node's proof and disproof numbers, both
// above 0 (an open node); WORK: log2 of the most nodes one search of it took.
//
// Why: the kept answers hold only what is final. Of a proof stopped halfway, much of the
// progress is in the numbers of the open nodes near the root, which steer the search back
// to the children it had found cheapest. On Qubic stopped after 4.65 M nodes, the answers
// and open nodes kept at 2^10 brought back 89 % of that work, the answers alone 68 %; at
// the default 2^17, 32 % and 14 % (docs/benchmarks.md, "Open nodes kept: built").
//
// Unlike answers, which are final and appended as found, open numbers change all the
// time: the file is a snapshot, written whole with each table save (search/periodic_save.h;
// kept_lines.h, KeptSnapshot) and read only where the table file is missing: a table saved
// with it is as new and holds far more. Its numbers, like the table's, guide a search and
// decide nothing: a stale line costs nodes, never a wrong value. A line that does not
// read is refused by its number, as a kept answer's is.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "search/kept_lines.h"

namespace kinrow {

// "c7.open" beside "c7.proofs" (".open" added to a name that does not end in ".proofs").
std::string kept_open_path(const std::string& kept_proofs_file);

struct KeptOpenNode {
  uint64_t key = 0;
  uint32_t pn = 1, dn = 1;
  int work = 1;  // log2 of its nodes, 1 to 64
};

// df-pn's infinity (search/dfpn.h, kProofInfinity): no open number is larger.
inline constexpr uint32_t kKeptOpenLargestNumber = 1u << 30;

// One snapshot: the nodes added, then finish(), which replaces the file at `path` (none
// added and no file: no file is made; an older one is emptied). `label` as
// Dfpn::kept_label(). False if the disk refused (the previous file then stays).
class KeptOpenWriter {
 public:
  KeptOpenWriter(const std::string& path, const std::string& label);
  void add(const KeptOpenNode& node);
  bool finish();

 private:
  std::string path_;
  KeptSnapshot snapshot_;
};

// Hands every node of the file at `path` to `take`; the number read. A missing file has
// none. InputError, naming the line, for another label or a line that does not read
// (a number 0 or above kKeptOpenLargestNumber, a work outside 1 to 64).
std::size_t read_kept_open(const std::string& path, const std::string& label,
                           const std::function<void(const KeptOpenNode&)>& take);

}  // namespace kinrow
