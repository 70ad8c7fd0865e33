// What kinrow keeps in the Redis broker, in one place for managers, workers and
// `kinrow workers`:
//
//   kinrow:managers            sorted set: manager id -> last heartbeat (ms since the epoch)
//   kinrow:manager:ID          hash: game, start, host, pid, db, claim_ms, sent
//   kinrow:jobs:ID             stream of the manager's jobs; consumer group "workers"
//   kinrow:results:ID          stream of their answers; consumer group "manager"
//   kinrow:job:ID:JOB          "sent and not answered" (set with the job, atomically, so a
//                              job sent again after a restart is not queued twice)
//   kinrow:workers             sorted set: worker slot -> last heartbeat
//   kinrow:worker:SLOT         hash: host, pid, state, manager, job, text, since, done
//
// A manager or worker slot is live while its heartbeat is younger than kLiveMilliseconds.
#pragma once

#include <cstdint>
#include <string>

namespace kinrow::broker_keys {

inline constexpr long long kLiveMilliseconds = 10000;
inline constexpr const char* kWorkersGroup = "workers";
inline constexpr const char* kManagerGroup = "manager";

inline std::string managers() {
  return "kinrow:managers";
}
inline std::string manager(const std::string& id) {
  return "kinrow:manager:" + id;
}
inline std::string jobs(const std::string& id) {
  return "kinrow:jobs:" + id;
}
inline std::string results(const std::string& id) {
  return "kinrow:results:" + id;
}
inline std::string marker(const std::string& id, int64_t job) {
  return "kinrow:job:" + id + ":" + std::to_string(job);
}
inline std::string workers() {
  return "kinrow:workers";
}
inline std::string worker(const std::string& slot) {
  return "kinrow:worker:" + slot;
}

}  // namespace kinrow::broker_keys
