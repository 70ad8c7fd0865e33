// `kinrow serve`: the workbench's HTTP server — a JSON API over kinrow (positions,
// jobs, trees of variations, opening books, certificates) and the web app's static files
// — on cpp-httplib, bound to 127.0.0.1 unless told otherwise. docs/workbench.md lists
// the endpoints; every error is a status with {"error": "one line"}, and the server
// stays up whatever a request holds.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

namespace kinrow::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port (bound_port() tells which)
  std::string database = "workbench.kinrow.db";
  std::string web_root;  // the web app's folder
  std::string kinrow_binary;  // this program, run for jobs
  int max_jobs = 1;  // jobs running at once; the rest queue
  std::size_t max_body_bytes = 4u << 20;
  // Connections served at once: httplib gives a connection its thread for as long as it
  // is kept alive, so fewer threads than clients starve the queued ones (measured:
  // 200 clients on 64 threads saw 10 s waits); an idle thread costs only its stack.
  int threads = 256;
};

class WorkbenchServer {
 public:
  explicit WorkbenchServer(const ServerOptions& options);
  ~WorkbenchServer();
  WorkbenchServer(const WorkbenchServer&) = delete;
  WorkbenchServer& operator=(const WorkbenchServer&) = delete;

  // Binds the address (throws InputError if it cannot) and returns the port.
  int bind();
  // Serves until stop() is called (from another thread or a signal handler's thread).
  void serve();
  void stop();

  struct State;  // the database, the jobs and the routes (workbench_server.cpp)

 private:
  std::unique_ptr<State> state_;
};

}  // namespace kinrow::server
