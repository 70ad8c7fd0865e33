#include "parallel/worker.h"

#include <unistd.h>

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "core/error.h"
#include "parallel/broker_keys.h"
#include "parallel/job.h"

namespace kinrow {
namespace {

namespace keys = broker_keys;

// Keeps a running job's entry claimed (its idle time back to 0) if this slot still owns
// it: KEYS stream; ARGV entry id, consumer, group. 0: another worker has taken it.
constexpr const char* kKeepScript = R"lua(
local p = redis.call('XPENDING', KEYS[1], ARGV[3], ARGV[1], ARGV[1], 1)
if #p == 1 and p[1][2] == ARGV[2] then
  redis.call('XCLAIM', KEYS[1], ARGV[3], ARGV[2], 0, ARGV[1], 'JUSTID')
  return 1
end
return 0
)lua";

// Posts an answer and acknowledges the job, unless the manager's stream is gone (its
// proof is over, or the broker lost it): KEYS jobs, results; ARGV entry id, fields...
constexpr const char* kAnswerScript = R"lua(
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('XADD', KEYS[2], '*', unpack(ARGV, 2))
redis.call('XACK', KEYS[1], 'workers', ARGV[1])
redis.call('XDEL', KEYS[1], ARGV[1])
return 1
)lua";

double epoch_seconds() {
  return static_cast<double>(epoch_milliseconds()) / 1000;
}

struct Slot {
  std::string name;
  std::mutex mutex;
  bool busy = false;
  std::string stream, entry, marker;
  std::shared_ptr<std::atomic<bool>> cancel;
  bool lost = false;  // another worker took the job, or its manager dropped it
};

// A job taken from a manager's stream.
struct Taken {
  std::string manager, entry;
  std::map<std::string, std::string> fields;
};

class Worker {
 public:
  Worker(const BrokerAddress& address, const WorkerOptions& options, std::atomic<bool>& stop,
         const std::function<void(const std::string&)>& log)
      : address_(address), options_(options), stop_(stop), log_(log) {
    if (options_.name.empty()) options_.name = host_name() + "-" + std::to_string(::getpid());
    for (int i = 0; i < options_.threads; ++i) {
      slots_.push_back(std::make_unique<Slot>());
      slots_.back()->name = options_.name + "/" + std::to_string(i);
    }
  }

  void run() {
    RedisConnection beat(address_);  // InputError here if the broker is unreachable
    beat.stop_when(&stop_);
    std::vector<std::thread> threads;
    for (auto& slot : slots_) threads.emplace_back([this, &slot] { work(*slot); });
    try {
      while (!all_done()) {
        heartbeat(beat);
        for (int i = 0; i < 10 && !all_done(); ++i)
          std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
    } catch (const BrokerStopped&) {
    }
    stop_ = true;
    raise_cancels();
    for (std::thread& t : threads) t.join();
  }

 private:
  bool all_done() const { return finished_slots_.load() == static_cast<int>(slots_.size()); }

  void raise_cancels() {
    for (auto& slot : slots_) {
      std::lock_guard lock(slot->mutex);
      if (slot->cancel) *slot->cancel = true;
    }
  }

  void heartbeat(RedisConnection& redis) {
    if (stop_) raise_cancels();
    const std::string now = std::to_string(epoch_milliseconds());
    for (auto& slot : slots_) {
      std::string stream, entry, marker;
      {
        std::lock_guard lock(slot->mutex);
        if (!slot->busy) continue;
        stream = slot->stream, entry = slot->entry, marker = slot->marker;
      }
      bool kept = false;
      try {
        kept = redis.command(
                        {"EVAL", kKeepScript, "1", stream, entry, slot->name, keys::kWorkersGroup})
                       .integer == 1 &&
               redis.command({"EXISTS", marker}).integer == 1;
      } catch (const RedisError&) {
        kept = false;  // the stream or its group is gone
      }
      if (!kept) {
        std::lock_guard lock(slot->mutex);
        if (slot->busy && slot->entry == entry && slot->cancel) {
          slot->lost = true;
          *slot->cancel = true;
        }
      }
    }
    for (auto& slot : slots_) {
      redis.command({"ZADD", keys::workers(), now, slot->name});
      redis.command({"EXPIRE", keys::worker(slot->name), "60"});
    }
  }

  void set_state(RedisConnection& redis, Slot& slot, const std::vector<std::string>& fields) {
    std::vector<std::string> words = {"HSET", keys::worker(slot.name)};
    words.insert(words.end(), fields.begin(), fields.end());
    redis.command(words);
    redis.command({"EXPIRE", keys::worker(slot.name), "60"});
  }

  // The next job, from the live managers in turn starting after the last one served.
  std::optional<Taken> take(RedisConnection& redis, Slot& slot, std::size_t& turn) {
    const std::string live = std::to_string(epoch_milliseconds() - keys::kLiveMilliseconds);
    const RedisValue managers = redis.command({"ZRANGEBYSCORE", keys::managers(), live, "+inf"});
    const std::size_t n = managers.size();
    for (std::size_t k = 0; k < n; ++k) {
      const std::string manager = managers[(turn + k) % n].text;
      const std::string stream = keys::jobs(manager);
      try {
        const RedisValue fresh = redis.command({"XREADGROUP", "GROUP", keys::kWorkersGroup,
                                                slot.name, "COUNT", "1", "STREAMS", stream, ">"});
        if (!fresh.nil() && fresh.size() && fresh[0][1].size()) {
          turn = (turn + k + 1) % n;
          return Taken{manager, fresh[0][1][0][0].text, stream_fields(fresh[0][1][0])};
        }
        // A job whose worker has not been heard of for the manager's claim time.
        const RedisValue claim_ms = redis.command({"HGET", keys::manager(manager), "claim_ms"});
        const std::string idle = claim_ms.nil() ? "30000" : claim_ms.text;
        std::string cursor = "0-0";
        for (int scans = 0; scans < 100; ++scans) {
          const RedisValue claimed = redis.command(
              {"XAUTOCLAIM", stream, keys::kWorkersGroup, slot.name, idle, cursor, "COUNT", "1"});
          for (const RedisValue& entry : claimed[1].elements)
            if (entry.size() >= 2 && !entry[1].nil()) {
              turn = (turn + k + 1) % n;
              return Taken{manager, entry[0].text, stream_fields(entry)};
            }
          cursor = claimed[0].text;
          if (cursor == "0-0") break;
        }
      } catch (const RedisError&) {
        continue;  // no group yet, or the stream is gone: another manager's turn
      }
    }
    return std::nullopt;
  }

  std::shared_ptr<const JobContext> context_for(const std::string& game, const std::string& start) {
    std::lock_guard lock(contexts_mutex_);
    auto& context = contexts_[game + "\n" + start];
    if (!context) context = std::make_shared<const JobContext>(game, start);
    return context;
  }

  void work(Slot& slot) {
    try {
      RedisConnection redis(address_);
      redis.stop_when(&stop_);
      redis.on_outage([&](const std::string& note) { log_(slot.name + ": " + note); });
      set_state(redis, slot,
                {"host", host_name(), "pid", std::to_string(::getpid()), "state", "idle", "since",
                 std::to_string(epoch_milliseconds()), "done", "0"});
      redis.command({"ZADD", keys::workers(), std::to_string(epoch_milliseconds()), slot.name});
      std::size_t turn = 0;
      long done = 0;
      while (!stop_) {
        const std::optional<Taken> taken = take(redis, slot, turn);
        if (!taken) {
          std::this_thread::sleep_for(std::chrono::milliseconds(100));
          continue;
        }
        if (run(redis, slot, *taken)) {
          ++done;
          set_state(redis, slot,
                    {"state", "idle", "manager", "", "job", "", "text", "", "since",
                     std::to_string(epoch_milliseconds()), "done", std::to_string(done)});
          if (options_.max_jobs && ++jobs_done_ >= options_.max_jobs) stop_ = true;
        }
      }
      redis.command({"DEL", keys::worker(slot.name)});
      redis.command({"ZREM", keys::workers(), slot.name});
    } catch (const BrokerStopped&) {
    } catch (const std::exception& e) {
      log_(slot.name + ": " + e.what());
      stop_ = true;
    }
    ++finished_slots_;
  }

  // Runs a taken job; whether it was answered.
  bool run(RedisConnection& redis, Slot& slot, const Taken& taken) {
    const std::string stream = keys::jobs(taken.manager);
    auto field = [&](const char* name) {
      const auto it = taken.fields.find(name);
      return it == taken.fields.end() ? std::string() : it->second;
    };
    const std::string job = field("job");
    const std::string marker = keys::marker(taken.manager, job.empty() ? -1 : std::stoll(job));
    if (job.empty() || redis.command({"EXISTS", marker}).integer == 0) {
      // Answered or dropped since it was queued: nobody wants it.
      redis.command({"XACK", stream, keys::kWorkersGroup, taken.entry});
      redis.command({"XDEL", stream, taken.entry});
      return false;
    }
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    {
      std::lock_guard lock(slot.mutex);
      slot.busy = true;
      slot.stream = stream, slot.entry = taken.entry, slot.marker = marker;
      slot.cancel = cancel;
      slot.lost = false;
    }
    const long long since = epoch_milliseconds();
    set_state(redis, slot,
              {"state", "busy", "manager", taken.manager, "job", job, "text", field("text"),
               "since", std::to_string(since)});
    const double started = epoch_seconds();
    const auto clock = std::chrono::steady_clock::now();
    std::vector<std::string> answer;
    bool cancelled = false;
    try {
      const std::shared_ptr<const JobContext> context = context_for(field("game"), field("start"));
      const JobResult result = run_job(*context, job_spec_from_json(field("spec")), cancel.get());
      answer = {"result", job_result_json(result)};
    } catch (const JobCancelled&) {
      cancelled = true;
    } catch (const std::exception& e) {
      answer = {"error", e.what()};
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - clock).count();
    bool lost = false;
    {
      std::lock_guard lock(slot.mutex);
      slot.busy = false;
      slot.cancel.reset();
      lost = slot.lost;
    }
    if (cancelled) {
      if (stop_ && !lost) {
        // Handed back: idle "for ever", so the next worker that looks claims it at once.
        redis.command({"XCLAIM", stream, keys::kWorkersGroup, slot.name, "0", taken.entry, "IDLE",
                       "3600000000", "JUSTID"});
        log_(slot.name + ": stopped; job " + job + " of manager " + taken.manager + " handed back");
      } else if (redis.command({"EXISTS", marker}).integer == 0) {
        // Its manager no longer wants it.
        redis.command({"XACK", stream, keys::kWorkersGroup, taken.entry});
        redis.command({"XDEL", stream, taken.entry});
      }
      return false;
    }
    std::vector<std::string> words = {"EVAL",
                                      kAnswerScript,
                                      "2",
                                      stream,
                                      keys::results(taken.manager),
                                      taken.entry,
                                      "job",
                                      job,
                                      "worker",
                                      slot.name,
                                      "started",
                                      std::to_string(started),
                                      "seconds",
                                      std::to_string(seconds)};
    words.insert(words.end(), answer.begin(), answer.end());
    redis.command(words);
    char line[64];
    std::snprintf(line, sizeof line, " (%.2f s)", seconds);
    log_(slot.name + ": job " + job + " of manager " + taken.manager + ": " + field("text") + line);
    return true;
  }

  BrokerAddress address_;
  WorkerOptions options_;
  std::atomic<bool>& stop_;
  const std::function<void(const std::string&)>& log_;
  std::vector<std::unique_ptr<Slot>> slots_;
  std::atomic<int> finished_slots_{0};
  std::atomic<long> jobs_done_{0};
  std::mutex contexts_mutex_;
  std::map<std::string, std::shared_ptr<const JobContext>> contexts_;
};

}  // namespace

void run_worker(const BrokerAddress& address, const WorkerOptions& options, std::atomic<bool>& stop,
                const std::function<void(const std::string&)>& log) {
  Worker(address, options, stop, log).run();
}

}  // namespace kinrow
