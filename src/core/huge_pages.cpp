#include "core/huge_pages.h"

#include <cstdint>
#include <new>

#include <sys/mman.h>

namespace kinrow {

namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
}  // namespace

HugePageMemory::HugePageMemory(std::size_t bytes) {
  mapped_bytes_ = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  void* memory = mmap(nullptr, mapped_bytes_ + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) throw std::bad_alloc();
  // Keep a huge-page-aligned stretch and give the rest back.
  const auto start = reinterpret_cast<std::uintptr_t>(memory);
  const std::uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
  if (aligned > start) munmap(memory, aligned - start);
  if (const std::size_t tail = start + kHugePage - aligned)
    munmap(reinterpret_cast<void*>(aligned + mapped_bytes_), tail);
  madvise(reinterpret_cast<void*>(aligned), mapped_bytes_, MADV_HUGEPAGE);
  data_ = reinterpret_cast<void*>(aligned);
}

HugePageMemory::~HugePageMemory() { munmap(data_, mapped_bytes_); }

}  // namespace kinrow
