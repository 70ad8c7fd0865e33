// One run at a time on a table file.
//
// A run of days goes on from its table file and the kept files beside it (search/
// table_file.h, search/kept_lines.h). Two runs given the same file -- a sitting started
// while the last one still runs, or the same command in a second terminal -- would each
// save its table over the other's and append to the same kept files: whichever saved last
// would stand, with the other's work in neither. So a run holds an exclusive lock on a
// file beside them, NAME.lock, named as the kept files are (without a split's table size),
// from before it makes its table until it ends, and a second run is refused with the
// first one's process id. The lock is flock(2)'s: the system drops it when its process
// ends, however it ends (kill -9 too), so a lock is never left behind by a crash. The
// small file stays: one removed while another run opens it could let two runs lock two
// files of one name. flock is sound on local file systems, not on every network one.
#pragma once

#include <string>

namespace kinrow {

class TableLock {
 public:
  // Locks `lock_file` (creating it) for the run on `table_file`; an empty `table_file`
  // locks nothing. InputError, naming the process that holds it, if another run (or
  // another lock in this process) holds it.
  TableLock(const std::string& table_file, const std::string& lock_file);
  ~TableLock();
  TableLock(const TableLock&) = delete;
  TableLock& operator=(const TableLock&) = delete;

 private:
  int descriptor_ = -1;
};

}  // namespace kinrow
