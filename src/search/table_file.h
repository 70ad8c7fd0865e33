// A search's table kept on disk between runs, so that a search stopped by its time budget
// (or by Ctrl-C) goes on where it stopped: the gravity solver's transposition table
// (search/transposition_table.h) and df-pn's (search/dfpn.h).
//
// The file is a text header — a format line naming this machine's byte order, a label
// saying what the keys mean (which table, key scheme and game), the number of units the
// table holds (buckets or slots) — then the table's memory as it is. A file is read only
// into a table of the same label, size and byte order; anything else, a file cut short or
// one with bytes after its table, is refused with the reason (InputError). Writing goes to
// PATH.part, renamed over PATH when complete: a save cut short leaves the previous file.
#pragma once

#include <atomic>
#include <cstddef>
#include <exception>
#include <fstream>
#include <string>

namespace kinrow {

// Waits until what was written to `path` (a file, or a folder's names) is on the disk;
// "" or the reason it is not.
std::string reaches_disk(const std::string& path);
// The folder that holds `path`, so a rename to `path`, on the disk; "" or the reason.
std::string folder_reaches_disk(const std::string& path);

// Labels name the key scheme of the keys a file holds ("gravity bitboard key 1 ...",
// "df-pn key 1 ..."), so that a file of other keys is refused rather than misread. Files
// written before 2026-12-04 named none in their tables (the bitboard's kept bounds always
// did); their keys are scheme 1's, the only scheme there was. So a file's label (or a kept
// file's header) FOUND reads as LABEL if it is LABEL, or LABEL without its "key 1 " words:
// an old file is read while its keys are still the scheme's, refused once it is bumped.
bool label_reads_as(const std::string& found, const std::string& label);

// Thrown by a writer whose save was abandoned (below): not an error, the save is simply
// not made, and the previous file stays.
struct TableSaveAbandoned : std::exception {
  const char* what() const noexcept override { return "the table save was abandoned"; }
};

class TableFileWriter {
 public:
  // `abandon`, if given, is read at every write and twice in finish(), the second time
  // just before the fsync: once it is set the writer throws TableSaveAbandoned and leaves
  // the previous file (a save already inside its fsync or rename completes). A run stopped during a periodic save
  // (search/periodic_save.h) saves at its end anyway, and must not wait for both.
  TableFileWriter(const std::string& path, const std::string& label, std::size_t units,
                  const std::atomic<bool>* abandon = nullptr);
  // A writer not finished (an error on the way) removes PATH.part: a file as large as the
  // table must not stay to fill the disk for the next save.
  ~TableFileWriter();
  TableFileWriter(const TableFileWriter&) = delete;
  TableFileWriter& operator=(const TableFileWriter&) = delete;
  void write(const void* bytes, std::size_t size);
  // Flushes and puts the file in place; InputError if the disk refused.
  void finish();

 private:
  void check_abandoned() const;

  std::string path_, temporary_;
  const std::atomic<bool>* abandon_;
  std::ofstream out_;
  bool finished_ = false;
};

class TableFileReader {
 public:
  // `size_hint`: what to tell a user whose file has another size (which option sets it).
  // A file's label must read as `label` (label_reads_as).
  TableFileReader(const std::string& path, const std::string& label, std::size_t units, const std::string& size_hint);
  void read(void* bytes, std::size_t size);
  // InputError if bytes follow the table.
  void finish();

 private:
  std::string where_;
  std::ifstream in_;
};

}  // namespace kinrow
