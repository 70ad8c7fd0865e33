#include "engine/child_process.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace kinrow {

namespace {

// A line longer than this is garbage, not an answer.
constexpr std::size_t kMaxLine = 1 << 16;
constexpr std::size_t kKeptErrors = 4096;

}  // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv) {
  if (argv.empty()) {
    start_error_ = "no command";
    return;
  }
  int io[2], errors[2], exec_report[2];
  // Close-on-exec everywhere: with games on several threads, one child must not inherit
  // the pipes of another (it would hold them open, and hide the other's death).
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, io) != 0) {
    start_error_ = std::string("socketpair: ") + std::strerror(errno);
    return;
  }
  if (::pipe2(errors, O_CLOEXEC) != 0 || ::pipe2(exec_report, O_CLOEXEC) != 0) {
    start_error_ = std::string("pipe: ") + std::strerror(errno);
    ::close(io[0]);
    ::close(io[1]);
    return;
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_ = ::fork();
  if (pid_ == 0) {
    // Only async-signal-safe calls from here to exec: the parent may have threads.
    ::setpgid(0, 0);
    ::dup2(io[1], 0);
    ::dup2(io[1], 1);
    ::dup2(errors[1], 2);
    ::execvp(args[0], args.data());
    const int error = errno;
    [[maybe_unused]] const ssize_t ignored = ::write(exec_report[1], &error, sizeof error);
    ::_exit(127);
  }
  ::close(io[1]);
  ::close(errors[1]);
  ::close(exec_report[1]);
  if (pid_ < 0) {
    start_error_ = std::string("fork: ") + std::strerror(errno);
    ::close(io[0]);
    ::close(errors[0]);
    ::close(exec_report[0]);
    return;
  }
  ::setpgid(pid_, pid_);  // also here: the child may not have run yet when we kill the group
  io_ = io[0];
  errors_ = errors[0];
  // The report pipe closes at a successful exec, or brings exec's error.
  int error = 0;
  ssize_t got;
  do got = ::read(exec_report[0], &error, sizeof error);
  while (got < 0 && errno == EINTR);
  ::close(exec_report[0]);
  if (got == static_cast<ssize_t>(sizeof error)) {
    start_error_ = "cannot run \"" + argv[0] + "\": " + std::strerror(error);
    reap(true);
  }
}

ChildProcess::~ChildProcess() {
  stop(0);
  if (io_ >= 0) ::close(io_);
  if (errors_ >= 0) ::close(errors_);
}

bool ChildProcess::write_line(const std::string& line) {
  if (io_ < 0) return false;
  const std::string text = line + "\r\n";  // the protocol's line end
  std::size_t sent = 0;
  while (sent < text.size()) {
    const ssize_t n = ::send(io_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

void ChildProcess::read_stderr() {
  char buffer[4096];
  const ssize_t n = ::read(errors_, buffer, sizeof buffer);
  if (n <= 0) {
    ::close(errors_);
    errors_ = -1;
    return;
  }
  err_buffer_.append(buffer, static_cast<std::size_t>(n));
  if (err_buffer_.size() > kKeptErrors) err_buffer_.erase(0, err_buffer_.size() - kKeptErrors);
}

ChildProcess::Read ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
  for (;;) {
    const std::size_t end = out_buffer_.find_first_of("\r\n");
    if (end != std::string::npos) {
      line = out_buffer_.substr(0, end);
      const std::size_t next = out_buffer_.find_first_not_of("\r\n", end);
      out_buffer_.erase(0, next == std::string::npos ? out_buffer_.size() : next);
      return Read::Line;
    }
    if (out_buffer_.size() > kMaxLine) return Read::TooLong;
    if (io_ < 0) return Read::Closed;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return Read::Timeout;
    pollfd fds[2] = {{io_, POLLIN, 0}, {errors_, POLLIN, 0}};
    const int ready = ::poll(fds, errors_ >= 0 ? 2 : 1, static_cast<int>(std::min<long long>(left, 1000)) + 1);
    if (ready < 0 && errno != EINTR) return Read::Closed;
    if (ready <= 0) continue;
    if (errors_ >= 0 && fds[1].revents) read_stderr();
    if (fds[0].revents) {
      char buffer[4096];
      const ssize_t n = ::recv(io_, buffer, sizeof buffer, 0);
      if (n <= 0) {
        if (n < 0 && errno == EINTR) continue;
        // End of output: what is left without a line end is its last line.
        ::close(io_);
        io_ = -1;
        if (!out_buffer_.empty()) out_buffer_ += '\n';
        continue;
      }
      out_buffer_.append(buffer, static_cast<std::size_t>(n));
    }
  }
}

bool ChildProcess::reap(bool wait) {
  if (reaped_ || pid_ <= 0) return true;
  int status = 0;
  pid_t r;
  do r = ::waitpid(pid_, &status, wait ? 0 : WNOHANG);
  while (r < 0 && errno == EINTR);
  if (r == pid_) {
    reaped_ = true;
    status_ = status;
  }
  return reaped_;
}

std::string ChildProcess::exit_reason(double seconds) {
  const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  while (!reap(false) && Clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  if (!reaped_) return "";
  // The last of its complaints may still be in the pipe.
  while (errors_ >= 0) {
    pollfd fd = {errors_, POLLIN, 0};
    if (::poll(&fd, 1, 0) <= 0) break;
    read_stderr();
  }
  if (WIFEXITED(status_)) return "exited with status " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_))
    return "killed by signal " + std::to_string(WTERMSIG(status_)) + " (" + strsignal(WTERMSIG(status_)) + ")";
  return "ended";
}

std::string ChildProcess::last_error_line() const {
  std::size_t end = err_buffer_.find_last_not_of("\r\n \t");
  if (end == std::string::npos) return "";
  const std::size_t begin = err_buffer_.find_last_of("\r\n", end);
  return err_buffer_.substr(begin == std::string::npos ? 0 : begin + 1, end + 1 - (begin == std::string::npos ? 0 : begin + 1));
}

void ChildProcess::stop(double seconds) {
  if (pid_ <= 0 || reaped_) return;
  if (io_ >= 0) ::shutdown(io_, SHUT_WR);  // end of its input: a polite brain exits
  if (seconds > 0) exit_reason(seconds);
  // Its whole group (a shell's children too), while the leader lives: then the group's
  // number is surely still ours.
  if (!reap(false)) ::kill(-pid_, SIGKILL);
  reap(true);
}

}  // namespace kinrow
