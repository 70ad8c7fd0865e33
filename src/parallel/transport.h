// How a manager's jobs reach workers and their answers come back: worker threads in the
// manager's own process (parallel/embedded_workers.h, the default), or `kinrow worker`
// processes anywhere behind a Redis broker (parallel/redis_transport.h). The manager
// (parallel/manager.h) records every answer in its database before it acknowledges it
// (done), so an answer lost in a crash is delivered again, and one delivered twice is
// recorded once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parallel/job.h"

namespace kinrow {

struct Dispatch {
  int64_t job = 0;  // the job's id in the manager's database
  JobSpec spec;
  std::string text;  // describe_job, for listings
};

struct Finished {
  int64_t job = 0;
  std::optional<JobResult> result;  // none: the worker could not run it (error says why)
  std::string error;
  std::string worker;   // who ran it
  double started = 0;   // when it started (seconds since the epoch)
  double seconds = 0;   // how long it ran
  std::string receipt;  // the transport's handle for done()
};

class JobTransport {
 public:
  virtual ~JobTransport() = default;
  // How many jobs the manager should keep sent and unanswered (the workers it may use).
  virtual int capacity() = 0;
  virtual void send(const Dispatch& dispatch) = 0;
  // Answers that arrived, waiting up to `seconds` for the first.
  virtual std::vector<Finished> wait(double seconds) = 0;
  // The answer is recorded: it need not be delivered again.
  virtual void done(const Finished& finished) = 0;
  // These jobs are of no use any more (their question is answered): a worker may stop
  // them, and their answers need not come.
  virtual void drop(const std::vector<int64_t>& jobs) = 0;
  // The proof is complete: what the transport keeps for the manager can go.
  virtual void close() = 0;
  // "2 worker threads", "broker redis://host:6379: 6 worker threads, 2 managers".
  virtual std::string status() = 0;
};

}  // namespace kinrow
