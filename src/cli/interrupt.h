// Ctrl-C as a request to stop: a long search (solve) winds down, saves its table where it
// keeps one (--table-file) and says where it stopped, instead of dying with its work. A
// second Ctrl-C ends the process at once, as usual — unless it comes within a second of
// the first, as `timeout -s INT` sends it (interrupt.cpp).
#pragma once

#include <atomic>

namespace kinrow::cli {

// Installs the SIGINT handler; interrupt_requested() turns true at the first Ctrl-C.
void stop_on_interrupt();
const std::atomic<bool>& interrupt_requested();

}  // namespace kinrow::cli
