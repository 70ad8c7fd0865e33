// A program run as a child process and talked to line by line: its standard input and
// output are one socket pair (so a write to a dead child fails instead of raising SIGPIPE
// in this process), its standard error is kept, the last of it, to say why it failed.
// The child leads its own process group, and the group is killed at the end, so a shell
// script's children go with it. Used by the protocol player (engine/protocol_player.h).
#pragma once

#include <chrono>
#include <string>
#include <sys/types.h>
#include <vector>

namespace kinrow {

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  // Runs argv[0] (searched in PATH) with the rest as its arguments.
  explicit ChildProcess(const std::vector<std::string>& argv);
  ~ChildProcess();  // the child is killed if still running, and reaped
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // "" if it runs, else why not ("cannot run \"x\": No such file or directory").
  const std::string& start_error() const { return start_error_; }

  // False if the child no longer reads (it closed its input or died).
  bool write_line(const std::string& line);

  enum class Read { Line, Timeout, Closed, TooLong };
  // The next line it writes (without its end), waiting until `deadline`.
  Read read_line(std::string& line, Clock::time_point deadline);

  // How it ended, waiting for it up to `seconds` ("exited with status 3", "killed by
  // signal 11 (Segmentation fault)"), or "" if it still runs then.
  std::string exit_reason(double seconds);
  // The last line of what it wrote on standard error ("" if nothing).
  std::string last_error_line() const;

  // Closes its input, waits up to `seconds` for it to end, then kills its group.
  void stop(double seconds);

 private:
  void read_stderr();
  bool reap(bool wait);

  pid_t pid_ = -1;
  int io_ = -1;      // our end of its standard input and output
  int errors_ = -1;  // the read end of its standard error
  bool reaped_ = false;
  int status_ = 0;
  std::string start_error_;
  std::string out_buffer_;
  std::string err_buffer_;  // the last few KiB of standard error
};

}  // namespace kinrow
