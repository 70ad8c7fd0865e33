// Child processes for the tests of the job-level proof: kinrow managers and workers, and
// a redis-server on a free loopback port in a temporary directory, each stopped (or
// killed) by its process id.
#pragma once

#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace kinrow::testing {

// A program started with its output in files; killed (SIGKILL) if still running when
// destroyed.
class Child {
 public:
  Child(const std::vector<std::string>& argv, const std::filesystem::path& out,
        const std::filesystem::path& err)
      : out_(out), err_(err) {
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      ::dup2(o, 1);
      ::dup2(e, 2);
      std::vector<char*> args;
      for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      ::execv(args[0], args.data());
      ::_exit(127);
    }
  }
  ~Child() {
    if (running()) signal(SIGKILL);
    wait();
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  pid_t pid() const { return pid_; }
  void signal(int sig) {
    if (pid_ > 0 && !reaped_) ::kill(pid_, sig);
  }
  bool running() {
    if (reaped_) return false;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      reaped_ = true;
      status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    return !reaped_;
  }
  // Exit status (-1 if killed by a signal), waiting at most `seconds` (then killing it).
  int wait(double seconds = 600) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (running() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (running()) {
      signal(SIGKILL);
      while (running()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return status_;
  }
  std::string out() const { return read(out_); }
  std::string err() const { return read(err_); }

 private:
  static std::string read(const std::filesystem::path& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  pid_t pid_ = -1;
  bool reaped_ = false;
  int status_ = -1;
  std::filesystem::path out_, err_;
};

// Waits until `done()` holds, checking every 20 ms; false after `seconds`.
inline bool eventually(const std::function<bool()>& done, double seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < deadline) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return done();
}

// A loopback port nothing listens on now.
inline int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  socklen_t length = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  const int port = ntohs(address.sin_port);
  ::close(fd);
  return port;
}

// Sends `request` to 127.0.0.1:port in one write and returns everything the server says
// until it closes: for requests a client library would not send as written (a chunked
// body the server refuses before reading it, which a library writing in several steps
// would still be writing when the server closes).
inline std::string raw_http(int port, const std::string& request) {
  // One write, then read to the end.
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<uint16_t>(port));
  std::string answer;
  const timeval wait{10, 0};  // a server that never closes fails the test, not ctest's timeout
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  if (fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      ::send(fd, request.data(), request.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(request.size())) {
    char buffer[4096];
    for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return answer;
}

// A fresh temporary directory, removed with everything in it.
class TemporaryDirectory {
 public:
  explicit TemporaryDirectory(const std::string& name) {
    path_ = std::filesystem::temp_directory_path() /
            (name + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TemporaryDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  static int& counter() {
    static int n = 0;
    return n;
  }
  std::filesystem::path path_;
};

// redis-server on 127.0.0.1 only, on a free port, keeping nothing on disk but its
// directory; stopped when destroyed. restart() stops it and starts a new one on the same
// port (which has forgotten everything: no persistence).
class RedisServer {
 public:
  RedisServer() : directory_("kinrow-redis"), port_(free_port()) { start(); }
  ~RedisServer() { stop(); }

  int port() const { return port_; }
  std::string url() const { return "redis://127.0.0.1:" + std::to_string(port_); }
  void restart() {
    stop();
    start();
  }
  void stop() {
    if (!server_) return;
    server_->signal(SIGTERM);
    server_->wait(10);
    server_.reset();
  }

 private:
  void start() {
    server_ = std::make_unique<Child>(
        std::vector<std::string>{"/usr/bin/redis-server", "--bind", "127.0.0.1", "--port",
                                 std::to_string(port_), "--dir", directory_.path().string(),
                                 "--save", "", "--appendonly", "no", "--daemonize", "no",
                                 "--protected-mode", "yes"},
        directory_ / "redis.out", directory_ / "redis.err");
    // Ready when it answers on its port.
    const bool ready = eventually(
        [&] {
          const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
          sockaddr_in address{};
          address.sin_family = AF_INET;
          address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
          address.sin_port = htons(static_cast<uint16_t>(port_));
          const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
          ::close(fd);
          return ok;
        },
        20);
    if (!ready)
      throw std::runtime_error("redis-server did not start: " + server_->err() + server_->out());
  }
  TemporaryDirectory directory_;
  int port_;
  std::unique_ptr<Child> server_;
};

}  // namespace kinrow::testing
