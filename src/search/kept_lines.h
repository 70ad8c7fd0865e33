// A small text file that a long search appends its costliest results to as it finds them,
// beside its table file, so that the search outlives the machine that keeps the table.
//
// A table that holds a long search is as large as the search's memory and lives where it
// ran: twice a machine was replaced and took a twelve-hour search with it. What such a
// search cannot cheaply do again is a few hundred positions near the root, each the result
// of hundreds of millions of nodes. A line each, they make a file of kilobytes that can be
// kept anywhere (a repository, say); read back into an empty table, they let a search on
// another machine skip every subtree they settle. Two kinds use this file: alpha-beta's
// bounds (search/kept_bounds.h) and df-pn's proofs (search/kept_proofs.h); df-pn's
// open nodes (search/kept_open.h) are a snapshot, replaced whole at each save.
//
// The file is a header line naming what its lines mean (the kind, the key scheme, the
// game), then one line per result. Each is written to the file as it is found, so a kill
// loses none, and put on the disk (fsync) with it, so a crash of the machine loses none:
// alpha-beta keeps a few lines an hour. A df-pn proof may keep thousands, each a wait for
// the disk under a lock its threads share, so its file is put on the disk at most once a
// second (`sync_interval`), and when it is closed: a crash may lose the lines of the last
// moments (a line no later line follows reaches the disk when the kernel writes it back,
// within half a minute by Linux's default). A last line
// cut short (a process killed mid-write, a full disk, a copy taken mid-write) is skipped
// when read and dropped before the next append. Copies with Windows line ends read as well.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_set>

namespace kinrow {

// The kept file beside a table file: "9x6x4.bounds" for "9x6x4.table" and extension
// ".bounds" (the extension added to a name that does not end in `replacing`).
std::string kept_path(const std::string& table_file, const std::string& extension,
                      const std::string& replacing = ".table");

class KeptLineFile {
 public:
  // Lines go to the end of `path`, which is made with `header` as its first line when the
  // first one is kept (a search too small to keep any leaves no file). InputError if the
  // file has another header: it was kept by another search. `sync_interval`: the least
  // time between two fsyncs (zero: one a line).
  KeptLineFile(const std::string& path, const std::string& header,
               std::chrono::steady_clock::duration sync_interval = {});
  ~KeptLineFile();
  KeptLineFile(const KeptLineFile&) = delete;
  KeptLineFile& operator=(const KeptLineFile&) = delete;

  // Appends `line` (no newline), unless a line of the same `identity` was appended by this
  // object already (several threads often finish the same position; identities are kept
  // as 64-bit hashes, and two that collide lose a line, which the table still holds).
  // Thread-safe. A write that fails is noted once on stderr and the search goes on.
  void append(const std::string& identity, const std::string& line);
  // A line of this identity is in the file already (read back at the start): not again.
  void mark_appended(const std::string& identity);

 private:
  bool write(const std::string& line);  // under the lock

  std::mutex mutex_;
  std::string path_, header_;
  std::FILE* file_ = nullptr;  // opened at the first line kept
  bool failed_ = false;
  std::unordered_set<uint64_t> appended_;  // hashes of identities
  std::chrono::steady_clock::duration sync_interval_;
  std::optional<std::chrono::steady_clock::time_point> synced_;  // the last fsync
};

// Calls `parse` with each complete line after the header (its number in the file, the
// line without its end); the number of lines it was called for. A missing file has none.
// InputError for another header, or for a line longer than `longest`.
std::size_t read_kept_lines(const std::string& path, const std::string& header, std::size_t longest,
                            const std::function<void(int number, const std::string& line)>& parse);

// A kept file that is a snapshot rather than a log (search/kept_open.h), written whole:
// through PATH.part, put on the disk, then renamed over PATH (and the rename put on the
// disk with its folder), so a crash leaves the previous snapshot or this one, never a
// mix. Lines go to the file as they come, so a snapshot of millions of lines is never
// held in memory.
class KeptSnapshot {
 public:
  KeptSnapshot(const std::string& path, const std::string& header);
  // Not finished (an exception on the way): PATH.part removed, the previous file left.
  ~KeptSnapshot();
  KeptSnapshot(const KeptSnapshot&) = delete;
  KeptSnapshot& operator=(const KeptSnapshot&) = delete;

  void line(const char* text);
  std::size_t lines() const { return lines_; }  // given to line(), written or not
  // Puts the file in place; false if the disk refused anywhere (PATH.part then removed).
  bool finish();

 private:
  std::string path_, part_;
  std::FILE* file_ = nullptr;
  bool failed_ = false, finished_ = false;
  std::size_t lines_ = 0;
};

// The InputError a parser throws for a line it refuses: the file and line named.
[[noreturn]] void refuse_kept_line(const std::string& path, int number, const std::string& problem);

}  // namespace kinrow
