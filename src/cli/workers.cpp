// kinrow workers: who is on a Redis broker, and who is busy with what.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "core/error.h"
#include "parallel/broker_keys.h"
#include "parallel/redis_connection.h"

namespace kinrow::cli {

const CommandSpec kWorkersSpec = {
    "workers",
    "--broker redis://HOST:PORT [--json]",
    "Show the managers and workers of a Redis broker, and what each worker is running.",
    "One line per manager (its game and start, host and process, database, jobs sent and\n"
    "not answered) and per worker thread (idle or busy, since when, the manager and the job:\n"
    "its kind, attacker and position). Entries not heard from for 10 seconds are marked\n"
    "\"gone\": a killed process, whose jobs other workers will take.\n\n"
    "examples:\n"
    "  kinrow workers --broker redis://server:6379\n"
    "  kinrow workers --broker redis://127.0.0.1:6379 --json",
    {
        {"broker", "URL", "the Redis server: redis://HOST:PORT"},
        {"json", "", "print one JSON object instead of text"},
    },
    0,
    0,
};

namespace {

std::map<std::string, std::string> hash_of(RedisConnection& redis, const std::string& key) {
  std::map<std::string, std::string> fields;
  const RedisValue all = redis.command({"HGETALL", key});
  for (std::size_t i = 0; i + 1 < all.size(); i += 2) fields[all[i].text] = all[i + 1].text;
  return fields;
}

std::string ago(long long now, const std::string& then_ms) {
  if (then_ms.empty()) return "?";
  char text[32];
  std::snprintf(text, sizeof text, "%.0f s",
                std::max(0.0, static_cast<double>(now - std::stoll(then_ms)) / 1000));
  return text;
}

}  // namespace

int run_workers(const Args& args) {
  if (!args.has("broker")) throw InputError("needs --broker redis://HOST:PORT");
  const BrokerAddress address = parse_broker_url(args.get("broker"));
  RedisConnection redis(address);
  namespace keys = broker_keys;
  const long long now = epoch_milliseconds();
  auto members = [&](const std::string& set) {
    std::vector<std::pair<std::string, long long>> out;
    const RedisValue list = redis.command({"ZRANGE", set, "0", "-1", "WITHSCORES"});
    for (std::size_t i = 0; i + 1 < list.size(); i += 2)
      out.push_back({list[i].text, std::stoll(list[i + 1].text)});
    return out;
  };
  nlohmann::ordered_json managers = nlohmann::json::array(), workers = nlohmann::json::array();
  for (const auto& [id, seen] : members(keys::managers())) {
    auto h = hash_of(redis, keys::manager(id));
    long long queued = 0;
    try {
      queued = redis.command({"XLEN", keys::jobs(id)}).integer;
    } catch (const RedisError&) {
    }
    managers.push_back({{"id", id},
                        {"live", now - seen <= keys::kLiveMilliseconds},
                        {"seen_ms_ago", now - seen},
                        {"game", h["game"]},
                        {"start", h["start"]},
                        {"host", h["host"]},
                        {"pid", h["pid"]},
                        {"db", h["db"]},
                        {"sent", h["sent"].empty() ? 0 : std::stoll(h["sent"])},
                        {"in_stream", queued}});
  }
  int busy = 0, live_workers = 0;
  for (const auto& [slot, seen] : members(keys::workers())) {
    auto h = hash_of(redis, keys::worker(slot));
    const bool live = now - seen <= keys::kLiveMilliseconds;
    live_workers += live;
    busy += live && h["state"] == "busy";
    workers.push_back(
        {{"slot", slot},
         {"live", live},
         {"seen_ms_ago", now - seen},
         {"host", h["host"]},
         {"pid", h["pid"]},
         {"state", live ? h["state"] : "gone"},
         {"since_ms_ago", h["since"].empty() ? nlohmann::json(nullptr)
                                             : nlohmann::json(now - std::stoll(h["since"]))},
         {"manager", h["manager"]},
         {"job", h["job"]},
         {"text", h["text"]},
         {"done", h["done"].empty() ? 0 : std::stoll(h["done"])}});
  }
  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["broker"] = address.text;
    out["managers"] = managers;
    out["workers"] = workers;
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << "broker " << address.text << ": " << managers.size() << " manager"
            << (managers.size() == 1 ? "" : "s") << ", " << live_workers << " live worker thread"
            << (live_workers == 1 ? "" : "s") << " (" << busy << " busy)\n";
  for (const auto& m : managers)
    std::cout << "manager " << m["id"].get<std::string>() << "  " << m["game"].get<std::string>()
              << (m["start"].get<std::string>().empty() ? ""
                                                        : " after " + m["start"].get<std::string>())
              << "  " << m["host"].get<std::string>() << ":" << m["pid"].get<std::string>()
              << "  db " << m["db"].get<std::string>() << "  " << m["sent"].get<long long>()
              << " jobs out"
              << (m["live"].get<bool>()
                      ? ""
                      : "  (gone: not seen for " +
                            ago(now, std::to_string(now - m["seen_ms_ago"].get<long long>())) + ")")
              << "\n";
  for (const auto& w : workers) {
    const std::string state = w["state"].get<std::string>();
    std::cout << "worker  " << w["slot"].get<std::string>() << "  " << state;
    if (!w["since_ms_ago"].is_null())
      std::cout << " for " << ago(now, std::to_string(now - w["since_ms_ago"].get<long long>()));
    if (state == "busy")
      std::cout << "  manager " << w["manager"].get<std::string>() << " job "
                << w["job"].get<std::string>() << ": " << w["text"].get<std::string>();
    std::cout << "  (" << w["done"].get<long long>() << " jobs done)\n";
  }
  return 0;
}

}  // namespace kinrow::cli
