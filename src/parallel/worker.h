// `kinrow worker`: runs jobs for every manager of a Redis broker (parallel/broker_keys.h),
// on any machine, joining and leaving at any time.
//
// Each of its threads (a "slot", named NAME/N) takes the next job from the live managers
// in turn — so every manager gets an equal share of the pool — reading its stream as a
// member of the consumer group "workers", or, where a job has gone without a heartbeat
// for the manager's claim time (its worker died), claiming it (XAUTOCLAIM). While a job
// runs, a heartbeat thread keeps its entry claimed and its slot registered, and stops
// the job if another worker has taken it or its manager no longer wants it. The answer
// goes to the manager's results stream, and the job is acknowledged, in one script. On
// a clean stop (SIGINT, SIGTERM) running jobs are handed back at once.
#pragma once

#include <atomic>
#include <functional>
#include <string>

#include "parallel/redis_connection.h"

namespace kinrow {

struct WorkerOptions {
  int threads = 1;
  std::string name;  // default: HOST-PID
  // Stop after this many jobs in all (0: never): for tests and batch schedulers.
  long max_jobs = 0;
};

// Runs until `stop` is raised (or max_jobs are done). InputError if the broker cannot be
// reached at the start; afterwards outages are waited out. `log` gets one line per job
// and per outage.
void run_worker(const BrokerAddress& address, const WorkerOptions& options, std::atomic<bool>& stop,
                const std::function<void(const std::string&)>& log);

}  // namespace kinrow
