// The workbench's jobs: requests queued in the database, run as kinrow child processes
// (server/job_process.h), at most `max_running` at a time, in the order they came.
// Progress lines are kept in memory while a job runs (so a page can follow them live)
// and written with the result when it ends. A server started on a database whose jobs
// were running when it last stopped marks them "interrupted" and runs the queued ones.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>
#include <vector>

#include "server/job_commands.h"
#include "server/workbench_db.h"

namespace kinrow::server {

class JobQueue {
 public:
  JobQueue(WorkbenchDb& db, JobCommandContext context, int max_running);
  ~JobQueue();  // kills the running jobs (they are marked interrupted)
  JobQueue(const JobQueue&) = delete;
  JobQueue& operator=(const JobQueue&) = delete;

  // A request {"kind", "spec", "moves", "options"}: validated, stored, queued.
  nlohmann::json submit(const nlohmann::json& request);
  std::optional<nlohmann::json> get(int64_t id);
  nlohmann::json list();
  std::optional<nlohmann::json> cancel(int64_t id);
  nlohmann::json counts();  // running, queued, max

  // For streaming: the progress lines from index `from` on, waiting up to `wait` for
  // some if there are none yet; `finished` once the job has ended. Nullopt: no such job.
  struct Update {
    std::vector<std::string> lines;
    bool finished = false;
  };
  std::optional<Update> updates(int64_t id, std::size_t from, std::chrono::milliseconds wait);

 private:
  struct Live {  // a queued or running job
    JobRecord record;
    std::atomic<pid_t> pid{0};
    bool cancelled = false;
  };
  void dispatch();
  void run(std::shared_ptr<Live> live);
  void finish(Live& live);  // stores the record, forgets the live job
  nlohmann::json job_json(const JobRecord& job) const;

  WorkbenchDb& db_;
  JobCommandContext context_;
  int max_running_;

  std::mutex mutex_;  // guards everything below
  std::condition_variable changed_;
  std::map<int64_t, std::shared_ptr<Live>> live_;
  std::deque<int64_t> queued_;
  int running_ = 0;
  bool stopping_ = false;
  std::thread dispatcher_;
};

}  // namespace kinrow::server
