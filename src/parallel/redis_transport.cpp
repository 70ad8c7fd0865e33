#include "parallel/redis_transport.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "core/error.h"
#include "parallel/broker_keys.h"

namespace kinrow {
namespace {

namespace keys = broker_keys;

// Queues a job unless its marker says it is queued already: KEYS marker, stream; ARGV
// the marker's lifetime in seconds, then the entry's fields and values.
constexpr const char* kQueueScript = R"lua(
if redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then
  redis.call('XADD', KEYS[2], '*', unpack(ARGV, 2))
  return 1
end
return 0
)lua";

// A marker outlives any sane outage of its manager.
constexpr const char* kMarkerSeconds = "2592000";

std::string random_id() {
  std::random_device device;
  char text[17];
  std::snprintf(text, sizeof text, "%08x%08x", device(), device());
  return text;
}

bool is_missing_group(const RedisError& e) {
  return std::string(e.what()).rfind("NOGROUP", 0) == 0;
}

}  // namespace

RedisTransport::RedisTransport(const BrokerAddress& address, ProofDatabase& db,
                               const JobContext& context, double claim_after,
                               std::function<void(const std::string&)> note)
    : redis_(address), db_path_(db.path()), claim_ms_(static_cast<long long>(claim_after * 1000)) {
  redis_.on_outage(std::move(note));
  std::optional<std::string> id = db.meta("broker_id");
  if (!id) {
    id = random_id();
    Transaction transaction(db.database());
    db.set_meta("broker_id", *id);
    transaction.commit();
  }
  id_ = *id;
  game_ = context.game.spec;
  start_ = db.identity().start;
  rebuild();
}

void RedisTransport::rebuild() {
  generation_ = redis_.generation();
  for (const std::string& stream : {keys::jobs(id_), keys::results(id_)}) {
    const char* group = stream == keys::jobs(id_) ? keys::kWorkersGroup : keys::kManagerGroup;
    try {
      redis_.command({"XGROUP", "CREATE", stream, group, "0", "MKSTREAM"});
    } catch (const RedisError& e) {
      if (std::string(e.what()).rfind("BUSYGROUP", 0) != 0) throw;  // exists already: fine
    }
  }
  last_heartbeat_ = 0;
  heartbeat();
  for (const auto& [job, dispatch] : sent_) queue(dispatch);
  read_pending_ = true;
}

void RedisTransport::heartbeat() {
  const long long now = epoch_milliseconds();
  if (now < last_heartbeat_ + 1000) return;
  last_heartbeat_ = now;
  redis_.command({"ZADD", keys::managers(), std::to_string(now), id_});
  redis_.command({"HSET", keys::manager(id_), "game", game_, "start", start_, "host", host_name(),
                  "pid", std::to_string(::getpid()), "db", db_path_, "claim_ms",
                  std::to_string(claim_ms_), "sent", std::to_string(sent_.size()), "seen",
                  std::to_string(now)});
  // Registries forget who has not been seen for a day.
  const std::string day_ago = std::to_string(now - 86400000LL);
  redis_.command({"ZREMRANGEBYSCORE", keys::workers(), "-inf", "(" + day_ago});
  redis_.command({"ZREMRANGEBYSCORE", keys::managers(), "-inf", "(" + day_ago});
  const std::string live = std::to_string(now - keys::kLiveMilliseconds);
  live_workers_ =
      static_cast<int>(redis_.command({"ZCOUNT", keys::workers(), live, "+inf"}).integer);
  live_managers_ = std::max(
      1, static_cast<int>(redis_.command({"ZCOUNT", keys::managers(), live, "+inf"}).integer));
  // Its share of the live worker threads, rounded up, and at least one job.
  capacity_ = std::max(1, (live_workers_ + live_managers_ - 1) / live_managers_);
}

int RedisTransport::capacity() {
  return capacity_;
}

void RedisTransport::queue(const Dispatch& d) {
  redis_.command({"EVAL", kQueueScript, "2", keys::marker(id_, d.job), keys::jobs(id_),
                  kMarkerSeconds, "job", std::to_string(d.job), "game", game_, "start", start_,
                  "spec", job_spec_json(d.spec), "text", d.text});
}

void RedisTransport::send(const Dispatch& dispatch) {
  sent_[dispatch.job] = dispatch;
  if (redis_.generation() != generation_) {
    rebuild();  // queues it with the rest
    return;
  }
  queue(dispatch);
}

std::vector<Finished> RedisTransport::wait(double seconds) {
  heartbeat();
  if (redis_.generation() != generation_) rebuild();
  std::vector<Finished> out;
  std::vector<std::string> read = {"XREADGROUP", "GROUP", keys::kManagerGroup,
                                   "manager",    "COUNT", "64"};
  if (!read_pending_) {
    read.push_back("BLOCK");
    read.push_back(std::to_string(std::max<long long>(1, std::llround(seconds * 1000))));
  }
  read.insert(read.end(), {"STREAMS", keys::results(id_), read_pending_ ? "0" : ">"});
  RedisValue reply;
  try {
    reply = redis_.command(read);
  } catch (const RedisError& e) {
    if (!is_missing_group(e)) throw;
    rebuild();  // the broker forgot the groups: it restarted empty
    return out;
  }
  if (redis_.generation() != generation_) {
    rebuild();
    return out;
  }
  std::size_t entries = 0;
  if (!reply.nil())
    for (const RedisValue& stream : reply.elements)
      for (const RedisValue& entry : stream[1].elements) {
        ++entries;
        std::map<std::string, std::string> f = stream_fields(entry);
        Finished finished;
        finished.receipt = entry[0].text;
        try {
          finished.job = std::stoll(f["job"]);
          finished.worker = f["worker"];
          finished.started = std::stod(f["started"]);
          finished.seconds = std::stod(f["seconds"]);
          if (f.count("result")) finished.result = job_result_from_json(f["result"]);
          finished.error = f["error"];
        } catch (const std::exception&) {
          // Not a kinrow answer: acknowledged and dropped.
          redis_.command({"XACK", keys::results(id_), keys::kManagerGroup, finished.receipt});
          redis_.command({"XDEL", keys::results(id_), finished.receipt});
          continue;
        }
        out.push_back(std::move(finished));
      }
  if (read_pending_ && entries == 0) read_pending_ = false;
  return out;
}

void RedisTransport::done(const Finished& finished) {
  redis_.command({"XACK", keys::results(id_), keys::kManagerGroup, finished.receipt});
  redis_.command({"XDEL", keys::results(id_), finished.receipt});
  if (sent_.erase(finished.job)) redis_.command({"DEL", keys::marker(id_, finished.job)});
}

void RedisTransport::drop(const std::vector<int64_t>& jobs) {
  // Workers check the marker: a job without one is skipped, or stopped if it runs.
  for (int64_t job : jobs)
    if (sent_.erase(job)) redis_.command({"DEL", keys::marker(id_, job)});
}

void RedisTransport::close() {
  for (const auto& [job, dispatch] : sent_) redis_.command({"DEL", keys::marker(id_, job)});
  sent_.clear();
  redis_.command({"DEL", keys::jobs(id_), keys::results(id_), keys::manager(id_)});
  redis_.command({"ZREM", keys::managers(), id_});
}

std::string RedisTransport::status() {
  return "broker " + redis_.address().text + " (manager " + id_ +
         "): " + std::to_string(live_workers_) + " live worker thread" +
         (live_workers_ == 1 ? "" : "s") + ", " + std::to_string(live_managers_) + " manager" +
         (live_managers_ == 1 ? "" : "s");
}

}  // namespace kinrow
