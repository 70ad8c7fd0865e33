#include "core/memory.h"

#include <fstream>
#include <string>

#include <unistd.h>

namespace kinrow {

std::size_t available_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  for (std::string key; meminfo >> key;) {
    std::size_t kib = 0;
    meminfo >> kib;
    if (key == "MemAvailable:") return kib << 10;
    meminfo.ignore(64, '\n');
  }
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<std::size_t>(pages) * static_cast<std::size_t>(page) : 0;
}

}  // namespace kinrow
