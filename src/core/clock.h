// Wall time for the figures a run reports.
#pragma once

#include <chrono>

namespace kinrow {

// Seconds from `start` (a steady_clock reading) until now.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace kinrow
