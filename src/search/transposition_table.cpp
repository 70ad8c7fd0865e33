#include "search/transposition_table.h"

#include <algorithm>
#include <bit>
#include <filesystem>
#include <fstream>
#include <memory>
#include <new>

#include "core/error.h"

namespace kinrow {

// The buckets live in huge pages (core/huge_pages.h): the table is probed at random.
TranspositionTable::TranspositionTable(std::size_t megabytes) {
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
  bucket_count_ = std::bit_floor(bytes / sizeof(Bucket));
  shift_ = 64 - std::countr_zero(bucket_count_);
  memory_ = std::make_unique<HugePageMemory>(bucket_count_ * sizeof(Bucket));
  buckets_ = std::uninitialized_value_construct_n(static_cast<Bucket*>(memory_->data()), bucket_count_) - bucket_count_;
}

TranspositionTable::~TranspositionTable() {
  std::destroy_n(buckets_, bucket_count_);
}

void TranspositionTable::clear() {
  for (std::size_t b = 0; b < bucket_count_; ++b)
    for (Slot& slot : buckets_[b].slots) {
      slot.data.store(0, std::memory_order_relaxed);
      slot.check.store(0, std::memory_order_relaxed);
    }
}

void TranspositionTable::store(uint64_t key, int lower, int upper, int move, uint64_t nodes, uint64_t high) {
  const uint8_t work = static_cast<uint8_t>(std::bit_width(nodes | 1));
  Bucket& bucket = buckets_[index(key, high)];
  Slot* victim = &bucket.slots[0];
  uint8_t victim_work = 255;
  for (Slot& slot : bucket.slots) {
    const uint64_t data = slot.data.load(std::memory_order_relaxed);
    const uint8_t slot_work = work_of(data);
    if (slot_work && (slot.check.load(std::memory_order_relaxed) ^ data) == key) {
      // Both are true bounds of one exact value: keep the tighter of each.
      const TableEntry old = unpack(key, data);
      const uint64_t merged = pack(std::max<int>(old.lower, lower), std::min<int>(old.upper, upper),
                                   move >= 0 ? move : old.move, std::max(old.work, work));
      slot.data.store(merged, std::memory_order_relaxed);
      slot.check.store(key ^ merged, std::memory_order_relaxed);
      return;
    }
    if (slot_work < victim_work) {
      victim = &slot;
      victim_work = slot_work;
    }
  }
  const uint64_t data = pack(lower, upper, move, work);
  victim->data.store(data, std::memory_order_relaxed);
  victim->check.store(key ^ data, std::memory_order_relaxed);
}

// The file: a text header (format, label, buckets), then every slot's two words as they
// are in memory. The format line names this machine's byte order, so that a file from a
// machine of the other order is refused rather than misread.
namespace {
constexpr const char* kTableFormat = std::endian::native == std::endian::little
                                         ? "kinrow transposition table 1 little-endian"
                                         : "kinrow transposition table 1 big-endian";
}  // namespace

void TranspositionTable::save(const std::string& path, const std::string& label) const {
  const std::string temporary = path + ".part";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError("cannot write the table file " + printable(temporary));
    out << kTableFormat << "\n" << label << "\n" << bucket_count_ << "\n";
    for (std::size_t b = 0; b < bucket_count_; ++b) {
      uint64_t words[2 * kWays];
      for (int i = 0; i < kWays; ++i) {
        words[2 * i] = buckets_[b].slots[i].check.load(std::memory_order_relaxed);
        words[2 * i + 1] = buckets_[b].slots[i].data.load(std::memory_order_relaxed);
      }
      out.write(reinterpret_cast<const char*>(words), sizeof words);
    }
    if (!out.flush()) throw InputError("cannot write the table file " + printable(temporary) + " (disk full?)");
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) throw InputError("cannot write the table file " + printable(path) + ": " + error.message());
}

void TranspositionTable::load(const std::string& path, const std::string& label) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read the table file " + printable(path));
  std::string format, file_label, buckets;
  std::getline(in, format);
  std::getline(in, file_label);
  std::getline(in, buckets);
  const std::string where = "the table file " + printable(path);
  if (format != kTableFormat)
    throw InputError(where + " is not a kinrow table (or was written on a machine of the other byte order)");
  if (file_label != label)
    throw InputError(where + " is of \"" + printable(file_label) + "\", not \"" + printable(label) + "\"");
  if (buckets != std::to_string(bucket_count_))
    throw InputError(where + " holds " + printable(buckets) + " buckets, this table " + std::to_string(bucket_count_) +
                     " (give the same --tt-mb as when it was written)");
  for (std::size_t b = 0; b < bucket_count_; ++b) {
    uint64_t words[2 * kWays];
    if (!in.read(reinterpret_cast<char*>(words), sizeof words)) throw InputError(where + " is cut short");
    for (int i = 0; i < kWays; ++i) {
      buckets_[b].slots[i].check.store(words[2 * i], std::memory_order_relaxed);
      buckets_[b].slots[i].data.store(words[2 * i + 1], std::memory_order_relaxed);
    }
  }
  if (in.peek() != std::char_traits<char>::eof()) throw InputError(where + " has bytes after its table");
}

}  // namespace kinrow
