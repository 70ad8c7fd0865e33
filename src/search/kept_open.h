// Df-pn's costliest open nodes, kept beside its answers (search/kept_proofs.h) so that a
// proof whose table is lost with its machine goes on from more than its answers.
//
//   kinrow-kept-open 1 df-pn mnk:8x8x6,p=2,q=1, reduced keys
//   KEY PN DN WORK
// KEY: the table's key in hexadecimal; PN, DN: the node's proof and disproof numbers, both
// above 0 (an open node); WORK: log2 of the most nodes one search of it took.
//
// Why: the kept answers hold only what is final. Of a proof stopped halfway, much of the
// progress is in the numbers of the open nodes near the root, which steer the search to
// the children it had found cheapest. On Qubic stopped after 60 s, the answers alone
// brought back none to 58 % of the nodes spent; the answers and open nodes of the same
// work, 48 to 98 % (docs/benchmarks.md, "Open nodes kept too?").
//
// Unlike answers, which are final and appended as found, open numbers change all the
// time: the file is a snapshot, written whole with each table save (search/periodic_save.h,
// PATH.part renamed over PATH) and read only where the table file is missing: a table
// saved with it is as new and holds far more. Like the table, its numbers guide a search
// and decide nothing, so a stale or damaged line can cost nodes, never a wrong answer.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kinrow {

// "c7.open" beside "c7.proofs" (".open" added to a name that does not end in ".proofs").
std::string kept_open_path(const std::string& kept_proofs_file);

struct KeptOpenNode {
  uint64_t key = 0;
  uint32_t pn = 1, dn = 1;
  int work = 1;  // log2 of its nodes, 1 to 64
};

// Replaces the file at `path` with these nodes (none and no file: no file is made);
// `label` as Dfpn::kept_label(). False if the disk refused (the previous file then stays).
bool write_kept_open(const std::string& path, const std::string& label, const std::vector<KeptOpenNode>& nodes);

// Hands every node of the file at `path` to `take`; the number read. A missing file has
// none. InputError, naming the line, for another label or a line that does not read.
std::size_t read_kept_open(const std::string& path, const std::string& label,
                           const std::function<void(const KeptOpenNode&)>& take);

}  // namespace kinrow
