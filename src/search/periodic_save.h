// A long search's table saved every so often while the search goes on.
//
// A table file (search/table_file.h) is written when a search ends: decided, at its
// budget or at Ctrl-C. A run killed without warning -- kill -9, the out-of-memory killer,
// the machine lost -- wrote nothing, and hours of work were gone: a Connect Four 9x6 table
// that had taken 59 G nodes was lost with a machine (docs/connect4.md). Saved every half
// hour, such a run loses at most half an hour.
//
// The search does not pause for it. Both tables may be read while their searches write:
// the transposition table's slots are Hyatt's pairs (a pair torn by a write almost surely
// reads as a miss), and df-pn's slots are read under their seqlock (search/dfpn_slot.h:
// a slot being written is saved empty). Every slot holds true knowledge whenever it was
// written (the tables' save() says why), so a file read slot by slot is as sound as one
// written at rest: it is only not a picture of one instant. The file goes through PATH.part renamed over PATH, so a
// run killed during a save keeps the save before it.
#pragma once

#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace kinrow {

// Half an hour: an 8 GiB table took 34 s to save, the search going on meanwhile at about
// two thirds of its speed: 0.5 % of a run (docs/benchmarks.md, "Saving a table while the
// search runs").
inline constexpr double kDefaultSaveEverySeconds = 30 * 60;

// What one save did: the seconds it took, or why it failed. A failed save is reported and
// the search goes on; the save at the end tries again and, failing, says so as before.
struct TableSaveReport {
  std::string path;
  double seconds = 0;
  std::string error;  // empty: saved
};

// Saves the table to `path`; a table's save() passes `abandon` to its TableFileWriter
// (search/table_file.h), which gives up once it is set.
using TableSaver = std::function<void(const std::string& path, const std::atomic<bool>* abandon)>;

class PeriodicSave {
 public:
  // Calls `save(path, abandon)` every `interval_seconds` on a thread of its own until
  // destroyed, and `on_saved` (if set) after each, on that thread. No thread where the
  // interval is 0 (or less) or the path empty. Whatever either throws is caught on that
  // thread: a save must never end the run it protects.
  PeriodicSave(double interval_seconds, std::string path, TableSaver save,
               std::function<void(const TableSaveReport&)> on_saved = {});
  // Stops the thread. A save under way is abandoned at its next write, or before its
  // fsync (its previous file stays, and it is not reported): the caller saves at the end
  // anyway, and a stop during the save of an 8 GiB table would otherwise wait half a
  // minute for a file about to be replaced.
  ~PeriodicSave();
  PeriodicSave(const PeriodicSave&) = delete;
  PeriodicSave& operator=(const PeriodicSave&) = delete;

 private:
  void run(double interval_seconds);

  std::string path_;
  TableSaver save_;
  std::function<void(const TableSaveReport&)> on_saved_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::atomic<bool> abandon_{false};  // set with stopping_, read by the save under way
  std::thread thread_;
};

// Runs `search` with the table at `path` saved every `interval_seconds` meanwhile, then
// saves it once more however `search` ended: decided, or stopped by an exception (a
// budget, Ctrl-C), which is passed on after the save. An empty path: `search` alone.
template <class Search>
void run_saving_table(double interval_seconds, const std::string& path, const TableSaver& save,
                      const std::function<void(const TableSaveReport&)>& on_saved, Search&& search) {
  std::exception_ptr stopped;
  {
    const PeriodicSave saves(interval_seconds, path, save, on_saved);
    try {
      search();
    } catch (...) {
      stopped = std::current_exception();
    }
  }
  if (!path.empty()) save(path, nullptr);
  if (stopped) std::rethrow_exception(stopped);
}

}  // namespace kinrow
