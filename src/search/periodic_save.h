// A long search's table saved every so often while the search goes on.
//
// A table file (search/table_file.h) is written when a search ends: decided, at its
// budget or at Ctrl-C. A run killed without warning -- kill -9, the out-of-memory killer,
// the machine lost -- wrote nothing, and hours of work were gone: a Connect Four 9x6 table
// that had taken 59 G nodes was lost with a machine (docs/connect4.md). Saved every half
// hour, such a run loses at most half an hour.
//
// The search does not pause for it. Both tables may be read while their searches write:
// the transposition table's slots are Hyatt's pairs (a pair torn by a write reads as a
// miss), and df-pn's slots are read under their seqlock (a slot being written is saved
// empty). Every slot holds true knowledge whenever it was written (the tables' save()
// says why), so a file read slot by slot is as sound as one written at rest: it is only
// not a picture of one instant. The file goes through PATH.part renamed over PATH, so a
// run killed during a save keeps the save before it.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace kinrow {

// Half an hour: saving a 4 GiB table takes about 10 s on this project's machine, so the
// saves cost under 1 % of a run.
inline constexpr double kDefaultSaveEverySeconds = 30 * 60;

// What one save did: the seconds it took, or why it failed. A failed save is reported and
// the search goes on; the save at the end tries again and, failing, says so as before.
struct TableSaveReport {
  std::string path;
  double seconds = 0;
  std::string error;  // empty: saved
};

class PeriodicSave {
 public:
  // Calls `save(path)` every `interval_seconds` on a thread of its own until destroyed,
  // and `on_saved` (if set) after each, on that thread. No thread where the interval is 0
  // (or less) or the path empty.
  PeriodicSave(double interval_seconds, std::string path, std::function<void(const std::string&)> save,
               std::function<void(const TableSaveReport&)> on_saved = {});
  // Stops the thread, waiting for a save under way to finish (the caller's own save at
  // the end then comes after it).
  ~PeriodicSave();
  PeriodicSave(const PeriodicSave&) = delete;
  PeriodicSave& operator=(const PeriodicSave&) = delete;

 private:
  void run(double interval_seconds);

  std::string path_;
  std::function<void(const std::string&)> save_;
  std::function<void(const TableSaveReport&)> on_saved_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace kinrow
