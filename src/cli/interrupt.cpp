#include "cli/interrupt.h"

#include <csignal>

namespace kinrow::cli {
namespace {

std::atomic<bool> requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

extern "C" void on_interrupt(int) {
  requested.store(true, std::memory_order_relaxed);
  std::signal(SIGINT, SIG_DFL);  // the next Ctrl-C ends the process
}

}  // namespace

void stop_on_interrupt() { std::signal(SIGINT, on_interrupt); }

const std::atomic<bool>& interrupt_requested() { return requested; }

}  // namespace kinrow::cli
