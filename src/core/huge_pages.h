// Memory for large tables probed at random. With 4 KiB pages nearly every probe of a
// large table also misses the TLB; memory mapped on huge-page boundaries and marked for
// transparent huge pages (Linux's default "madvise" mode honours only marked memory)
// avoids most of that. Where the kernel declines, the pages are ordinary and only speed
// differs. The memory starts zeroed.
#pragma once

#include <cstddef>

namespace kinrow {

class HugePageMemory {
 public:
  explicit HugePageMemory(std::size_t bytes);  // std::bad_alloc if it cannot be mapped
  ~HugePageMemory();
  HugePageMemory(const HugePageMemory&) = delete;
  HugePageMemory& operator=(const HugePageMemory&) = delete;

  void* data() const { return data_; }

 private:
  void* data_ = nullptr;
  std::size_t mapped_bytes_ = 0;
};

}  // namespace kinrow
