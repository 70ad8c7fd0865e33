#include "server/job_process.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace kinrow::server {

namespace {

std::string describe_status(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status) == 0 ? "" : "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return std::string("killed by signal ") + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
  return "ended";
}

}  // namespace

JobProcess::Outcome JobProcess::run(const std::vector<std::string>& argv,
                                    const std::function<void(const std::string&)>& on_line,
                                    std::atomic<pid_t>& pid_out) {
  int out[2], err[2];
  if (pipe2(out, O_CLOEXEC) != 0) return {"", std::string("cannot make a pipe: ") + strerror(errno)};
  if (pipe2(err, O_CLOEXEC) != 0) {
    close(out[0]);
    close(out[1]);
    return {"", std::string("cannot make a pipe: ") + strerror(errno)};
  }
  std::vector<char*> args;
  for (const auto& word : argv) args.push_back(const_cast<char*>(word.c_str()));
  args.push_back(nullptr);
  const pid_t parent = getpid();

  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);  // the server died before the line above
    dup2(out[1], STDOUT_FILENO);
    dup2(err[1], STDERR_FILENO);
    const int null = open("/dev/null", O_RDONLY);
    if (null >= 0) dup2(null, STDIN_FILENO);
    execv(args[0], args.data());
    const std::string message = std::string("cannot run ") + argv[0] + ": " + strerror(errno) + "\n";
    (void)!write(STDERR_FILENO, message.data(), message.size());
    _exit(127);
  }
  close(out[1]);
  close(err[1]);
  if (pid < 0) {
    close(out[0]);
    close(err[0]);
    return {"", std::string("cannot start a process: ") + strerror(errno)};
  }
  setpgid(pid, pid);  // also here, so a kill right after fork reaches the group
  pid_out = pid;

  Outcome outcome;
  std::string partial;
  pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
  int open_pipes = 2;
  char buffer[65536];
  while (open_pipes > 0) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      const ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n <= 0) {
        if (n < 0 && errno == EINTR) continue;
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_pipes;
        continue;
      }
      if (i == 0) {
        outcome.output.append(buffer, static_cast<std::size_t>(n));
        continue;
      }
      partial.append(buffer, static_cast<std::size_t>(n));
      std::size_t end;
      while ((end = partial.find_first_of("\r\n")) != std::string::npos) {
        if (end > 0) on_line(partial.substr(0, end));
        partial.erase(0, end + 1);
      }
    }
  }
  if (!partial.empty()) on_line(partial);
  // Wait without reaping first: until reaped, the ended child's pid (and group) cannot be
  // reused, so a kill() racing with this line cannot reach another process.
  siginfo_t info;
  while (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR) {
  }
  pid_out = 0;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  outcome.failure = describe_status(status);
  return outcome;
}

void JobProcess::kill(pid_t pid) {
  if (pid > 0) ::kill(-pid, SIGKILL);
}

}  // namespace kinrow::server
