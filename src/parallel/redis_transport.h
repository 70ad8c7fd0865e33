// A manager's side of the Redis broker: its jobs go to its own stream, read by the
// workers' consumer group, and their answers come back on its own results stream
// (parallel/broker_keys.h). Workers take jobs from the live managers in turn
// (parallel/worker.h), and each manager keeps about its share of the live worker
// threads busy (capacity), so that several managers share one pool evenly, as the
// broker of the [NCTU Connect6 report] let several clients do.
//
// A job is queued together with its "sent" marker by one script, which does nothing
// where the marker exists: a manager that restarts sends every job it has not recorded
// an answer for, and only those the broker lost are queued again. An answer is
// acknowledged after the manager's database has it. After the broker restarts (the
// connection's generation changes, or a group is missing) the manager makes its streams
// and groups again and sends again every unanswered job.
#pragma once

#include <functional>
#include <map>
#include <string>

#include "parallel/redis_connection.h"
#include "parallel/transport.h"
#include "store/proof_db.h"

namespace kinrow {

class RedisTransport final : public JobTransport {
 public:
  // `claim_after`: seconds a job may go without its worker's heartbeat before another
  // worker takes it. `note` is told about outages.
  RedisTransport(const BrokerAddress& address, ProofDatabase& db, const JobContext& context,
                 double claim_after, std::function<void(const std::string&)> note);

  int capacity() override;
  void send(const Dispatch& dispatch) override;
  std::vector<Finished> wait(double seconds) override;
  void done(const Finished& finished) override;
  void drop(const std::vector<int64_t>& jobs) override;
  void close() override;
  std::string status() override;

  const std::string& id() const { return id_; }

 private:
  void heartbeat();
  void rebuild();  // streams, groups, registration, every unanswered job
  void queue(const Dispatch& dispatch);

  RedisConnection redis_;
  std::string id_;
  std::string game_, start_, db_path_;
  long long claim_ms_;
  std::map<int64_t, Dispatch> sent_;
  uint64_t generation_ = 0;
  bool read_pending_ = true;  // answers delivered before a restart come first
  long long last_heartbeat_ = 0;
  int capacity_ = 1;
  int live_workers_ = 0, live_managers_ = 1;
};

}  // namespace kinrow
