#include "search/periodic_save.h"

#include "search/table_file.h"

#include <chrono>
#include <exception>
#include <utility>

namespace kinrow {

PeriodicSave::PeriodicSave(double interval_seconds, std::string path, TableSaver save,
                           std::function<void(const TableSaveReport&)> on_saved)
    : path_(std::move(path)), save_(std::move(save)), on_saved_(std::move(on_saved)) {
  if (interval_seconds > 0 && !path_.empty()) thread_ = std::thread([this, interval_seconds] { run(interval_seconds); });
}

PeriodicSave::~PeriodicSave() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  abandon_.store(true, std::memory_order_relaxed);
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void PeriodicSave::run(double interval_seconds) {
  using Clock = std::chrono::steady_clock;
  const auto interval = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(interval_seconds));
  std::unique_lock lock(mutex_);
  for (auto next = Clock::now() + interval;; next += interval) {
    if (wake_.wait_until(lock, next, [this] { return stopping_; })) return;
    lock.unlock();  // the destructor waits for this save to notice abandon_, not for the lock
    TableSaveReport report;
    report.path = path_;
    const auto start = Clock::now();
    try {
      save_(path_, &abandon_);
    } catch (const TableSaveAbandoned&) {
      return;  // stopping: the caller saves at the end
    } catch (const std::exception& e) {
      report.error = e.what();
    } catch (...) {
      report.error = "an unknown error";
    }
    report.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    try {
      if (on_saved_) on_saved_(report);
    } catch (...) {  // a report that fails (stderr closed, say) is no reason to stop saving
    }
    lock.lock();
    // A save slower than the interval: the next one starts an interval after it ended.
    if (Clock::now() > next) next = Clock::now();
  }
}

}  // namespace kinrow
