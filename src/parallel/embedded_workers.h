// Worker threads inside the manager's process: `kinrow prove` without --broker needs
// nothing started beside it. Each thread runs one job at a time (parallel/job.h); a job
// dropped while it runs is stopped at its next progress check.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "parallel/transport.h"

namespace kinrow {

class EmbeddedWorkers final : public JobTransport {
 public:
  EmbeddedWorkers(const JobContext& context, int threads);
  ~EmbeddedWorkers() override;

  int capacity() override { return static_cast<int>(threads_.size()); }
  void send(const Dispatch& dispatch) override;
  std::vector<Finished> wait(double seconds) override;
  void done(const Finished&) override {}
  void drop(const std::vector<int64_t>& jobs) override;
  void close() override {}
  std::string status() override;

 private:
  void work(int index);

  const JobContext& context_;
  std::mutex mutex_;
  std::condition_variable work_ready_, answer_ready_;
  std::deque<Dispatch> queue_;
  std::vector<Finished> answers_;
  // Raised to stop the jobs running: each job holds the flag of the generation it started in.
  std::vector<std::shared_ptr<std::atomic<bool>>> running_flags_;
  std::vector<int64_t> running_jobs_;  // per thread: the job it runs (-1: none)
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace kinrow
