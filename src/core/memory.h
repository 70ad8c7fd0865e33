// How much memory the machine can give a search now (for tables sized by default).
#pragma once

#include <cstddef>

namespace kinrow {

// MemAvailable of /proc/meminfo (what can be had without swapping), or, where that cannot
// be read, the physical memory; 0 if neither is known.
std::size_t available_memory_bytes();

}  // namespace kinrow
