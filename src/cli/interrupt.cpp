#include "cli/interrupt.h"

#include <csignal>
#include <ctime>

namespace kinrow::cli {
namespace {

std::atomic<bool> requested{false};
std::atomic<long long> first_at{0};  // when the first Ctrl-C came, in nanoseconds (CLOCK_MONOTONIC)
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<long long>::is_always_lock_free,
              "set from a signal handler");

// A second Ctrl-C this soon after the first is taken as the same request. GNU timeout
// (`timeout -s INT`) sends its signal to the command and then to the command's process
// group, which holds the command too: two signals a moment apart, and ending at the
// second lost a long run's table while it was being saved.
constexpr long long kSameRequestNs = 1'000'000'000;

long long now_ns() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);  // async-signal-safe
  return static_cast<long long>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

extern "C" void on_interrupt(int) {
  const long long now = now_ns();
  if (!requested.load(std::memory_order_relaxed)) {
    first_at.store(now, std::memory_order_relaxed);
    requested.store(true, std::memory_order_relaxed);
    return;
  }
  if (now - first_at.load(std::memory_order_relaxed) < kSameRequestNs) return;
  std::signal(SIGINT, SIG_DFL);  // a later Ctrl-C ends the process at once, as usual
  std::raise(SIGINT);
}

}  // namespace

void stop_on_interrupt() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;  // no SA_RESETHAND: it stays for the second Ctrl-C
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
}

const std::atomic<bool>& interrupt_requested() { return requested; }

}  // namespace kinrow::cli
