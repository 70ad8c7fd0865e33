// One job's child process: a kinrow subcommand whose standard output (its --json answer)
// is kept whole and whose standard error (its progress lines) is handed over line by
// line as it comes. A job runs as a child so that cancelling it is killing it — no search
// of kinrow needs a way to be interrupted — and so that a crash stays the job's.
//
// The child leads its own process group and dies with the server (PR_SET_PDEATHSIG): a
// server killed with -9 leaves no orphaned searches behind.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace kinrow::server {

class JobProcess {
 public:
  struct Outcome {
    std::string output;   // all of standard output
    std::string failure;  // "" if it exited with status 0, else how it ended
  };

  // Runs argv (argv[0] a path) until it ends or kill() is called; each line of its
  // standard error goes to `on_line` as it arrives.
  static Outcome run(const std::vector<std::string>& argv, const std::function<void(const std::string&)>& on_line,
                     std::atomic<pid_t>& pid);

  // Kills the process group of a child started by run (pid from its `pid` argument).
  static void kill(pid_t pid);
};

}  // namespace kinrow::server
