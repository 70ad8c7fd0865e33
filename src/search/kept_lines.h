// A small text file that a long search appends its costliest results to as it finds them,
// beside its table file, so that the search outlives the machine that keeps the table.
//
// A table that holds a long search is as large as the search's memory and lives where it
// ran: twice a machine was replaced and took a twelve-hour search with it. What such a
// search cannot cheaply do again is a few hundred positions near the root, each the result
// of hundreds of millions of nodes. A line each, they make a file of kilobytes that can be
// kept anywhere (a repository, say); read back into an empty table, they let a search on
// another machine skip every subtree they settle. Two kinds use this file: alpha-beta's
// bounds (search/kept_bounds.h) and df-pn's proofs (search/kept_proofs.h).
//
// The file is a header line naming what its lines mean (the kind, the key scheme, the
// game), then one line per result. Each is appended and flushed to the disk as it is found:
// a kill or a crash loses none. A last line cut short (a process killed mid-write, a full
// disk) is skipped when read and ended before the next append. Copies with Windows line
// ends read as well.
#pragma once

#include <cstdio>
#include <functional>
#include <mutex>
#include <set>
#include <string>

namespace kinrow {

// The kept file beside a table file: "9x6x4.bounds" for "9x6x4.table" and extension
// ".bounds" (the extension added to a name that does not end in ".table").
std::string kept_path(const std::string& table_file, const std::string& extension);

class KeptLineFile {
 public:
  // Lines go to the end of `path`, which is made with `header` as its first line when the
  // first one is kept (a search too small to keep any leaves no file). InputError if the
  // file has another header: it was kept by another search.
  KeptLineFile(const std::string& path, const std::string& header);
  ~KeptLineFile();
  KeptLineFile(const KeptLineFile&) = delete;
  KeptLineFile& operator=(const KeptLineFile&) = delete;

  // Appends `line` (no newline) and puts it on the disk, unless a line of the same
  // `identity` was appended by this object already (several threads often finish the same
  // position). Thread-safe; rare by construction. A write that fails is noted once on
  // stderr and the search goes on: its table holds the result.
  void append(const std::string& identity, const std::string& line);
  // A line of this identity is in the file already (read back at the start): not again.
  void mark_appended(const std::string& identity);

 private:
  std::mutex mutex_;
  std::string path_, header_;
  std::FILE* file_ = nullptr;  // opened at the first line kept
  bool failed_ = false;
  std::set<std::string> appended_;
};

// Calls `parse` with each complete line after the header (its number in the file, the
// line without its end); the number of lines it was called for. A missing file has none.
// InputError for another header, or for a line longer than `longest`.
std::size_t read_kept_lines(const std::string& path, const std::string& header, std::size_t longest,
                            const std::function<void(int number, const std::string& line)>& parse);

// The InputError a parser throws for a line it refuses: the file and line named.
[[noreturn]] void refuse_kept_line(const std::string& path, int number, const std::string& problem);

}  // namespace kinrow
