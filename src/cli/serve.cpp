// kinrow serve: the workbench in the browser (server/workbench_server.h).
#include <csignal>
#include <filesystem>
#include <iostream>
#include <pthread.h>
#include <thread>

#include "cli/commands.h"
#include "core/error.h"
#include "server/workbench_server.h"

namespace kinrow::cli {

const CommandSpec kServeSpec = {
    "serve",
    "[--port N] [--db PATH] [--max-jobs N] [--host ADDRESS] [--web DIR]",
    "The workbench: edit positions, run the engine and the provers, build books, browse proofs.",
    "Starts an HTTP server with kinrow's web app and its JSON API, on 127.0.0.1 (this\n"
    "machine only) unless --host says otherwise; open the address it prints in a browser.\n"
    "The board draws any game kinrow models; the engine, solve, defences, prove-draw and\n"
    "the opening-book builder run as jobs (kinrow subcommands in child processes), at most\n"
    "--max-jobs at once, the rest queued; a job can be cancelled and its progress followed\n"
    "live. Trees of variations, books, jobs and the certificates opened are kept in one\n"
    "SQLite file (--db), so they survive a restart. docs/workbench.md describes each screen\n"
    "and the API.\n\n"
    "examples:\n"
    "  kinrow serve                       then open http://127.0.0.1:8080/\n"
    "  kinrow serve --port 0 --db /tmp/w.db   any free port (printed)\n"
    "  kinrow serve --max-jobs 2",
    {
        {"port", "N", "the port (default 8080; 0: any free port)"},
        {"db", "PATH", "the workbench database (default workbench.kinrow.db here)"},
        {"max-jobs", "N", "jobs running at once (default 1; the rest queue)"},
        {"host", "ADDRESS", "the address to listen on (default 127.0.0.1: this machine only)"},
        {"web", "DIR", "serve the web app from DIR (default: the web/ folder of kinrow's source)"},
    },
    0,
    0,
};

int run_serve(const Args& args) {
  server::ServerOptions options;
  options.port = static_cast<int>(args.get_int("port", 8080, 0, 65535));
  options.database = args.get("db", options.database);
  options.max_jobs = static_cast<int>(args.get_int("max-jobs", 1, 1, 64));
  options.host = args.get("host", options.host);
  options.web_root = args.get("web", KINROW_WEB_DIR);
  std::error_code error;
  options.kinrow_binary = std::filesystem::read_symlink("/proc/self/exe", error).string();
  if (error) throw InputError("cannot find kinrow's own program to run jobs: " + error.message());
  if (!std::filesystem::is_regular_file(std::filesystem::path(options.web_root) / "index.html"))
    throw InputError("no web app in \"" + options.web_root + "\" (index.html is missing; --web DIR)");

  // SIGINT and SIGTERM stop the server cleanly (running jobs are killed and marked
  // interrupted): they are blocked in every thread and awaited by one.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  server::WorkbenchServer server(options);
  const int port = server.bind();
  std::cout << "kinrow workbench on http://" << options.host << ":" << port << "/  (database "
            << options.database << ", " << options.max_jobs << " job" << (options.max_jobs == 1 ? "" : "s")
            << " at once; Ctrl-C stops)" << std::endl;
  std::thread stopper([&] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    server.stop();
  });
  server.serve();
  // Stopped by a signal (the usual way) or because the server failed: end the waiter.
  pthread_kill(stopper.native_handle(), SIGTERM);
  stopper.join();
  return 0;
}

}  // namespace kinrow::cli
