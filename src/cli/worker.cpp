// kinrow worker: runs job-level proof jobs for every manager of a Redis broker.
#include "parallel/worker.h"

#include <csignal>
#include <iostream>
#include <mutex>

#include "cli/commands.h"
#include "cli/gravity_options.h"
#include "core/error.h"

namespace kinrow::cli {

const CommandSpec kWorkerSpec = {
    "worker",
    "--broker redis://HOST:PORT [--threads N] [--name NAME]",
    "Run the jobs of kinrow prove managers that use a Redis broker, on this machine.",
    "Start as many as you like, on any machines that reach the broker, at any time; stop\n"
    "them with Ctrl-C (or SIGTERM), which hands running jobs back at once. Each thread runs\n"
    "one job at a time, taking the next job from the live managers in turn, so managers\n"
    "share the workers evenly. A worker killed outright has its job taken by another once\n"
    "the job has gone without a heartbeat for its manager's --claim-after. Needs nothing but\n"
    "the broker: the jobs carry the game and the position. Logs one line per job on stderr.\n"
    "Step by step for several machines: docs/parallel.md.\n\n"
    "examples:\n"
    "  kinrow worker --broker redis://server:6379\n"
    "  kinrow worker --broker redis://server:6379 --threads 8 --name lab-pc-3",
    {
        {"broker", "URL", "the Redis server: redis://HOST:PORT"},
        {"threads", "N", "jobs at a time (default: one per core)"},
        {"name", "NAME", "how `kinrow workers` lists it (default: HOST-PID)"},
        {"max-jobs", "N", "stop after N jobs (default: never)"},
        {"quiet", "", "no log lines"},
    },
    0,
    0,
};

namespace {

std::atomic<bool> stop_requested{false};

extern "C" void request_stop(int) {
  stop_requested = true;
}

}  // namespace

int run_worker(const Args& args) {
  if (!args.has("broker")) throw InputError("needs --broker redis://HOST:PORT");
  const BrokerAddress address = parse_broker_url(args.get("broker"));
  WorkerOptions options;
  options.threads = static_cast<int>(args.get_int("threads", all_cores(), 1, 1024));
  options.name = args.get("name");
  if (options.name.find_first_of(" /\t\n") != std::string::npos)
    throw InputError("--name takes a name without spaces or '/'");
  options.max_jobs = args.get_int("max-jobs", 0, 0, 1L << 40);
  std::signal(SIGINT, request_stop);
  std::signal(SIGTERM, request_stop);
  std::mutex log_mutex;
  const bool quiet = args.has("quiet");
  const std::function<void(const std::string&)> log = [&](const std::string& line) {
    if (quiet) return;
    std::lock_guard lock(log_mutex);
    std::cerr << line << "\n" << std::flush;
  };
  log("kinrow worker: " + std::to_string(options.threads) + " thread" +
      (options.threads == 1 ? "" : "s") + " on the broker " + address.text);
  kinrow::run_worker(address, options, stop_requested, log);
  return 0;
}

}  // namespace kinrow::cli
