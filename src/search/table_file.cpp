#include "search/table_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <system_error>

#include "core/error.h"

namespace kinrow {

std::string reaches_disk(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) return std::strerror(errno);
  const bool synced = ::fsync(fd) == 0;
  const std::string reason = synced ? "" : std::strerror(errno);
  ::close(fd);
  return reason;
}

std::string folder_reaches_disk(const std::string& path) {
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  return reaches_disk(folder.empty() ? "." : folder.string());
}

bool label_reads_as(const std::string& found, const std::string& label) {
  if (found == label) return true;
  constexpr std::string_view kSchemeOne = " key 1 ";
  const std::size_t at = label.find(kSchemeOne);
  return at != std::string::npos && found.size() + kSchemeOne.size() - 1 == label.size() &&
         found.compare(0, at + 1, label, 0, at + 1) == 0 &&
         found.compare(at + 1, std::string::npos, label, at + kSchemeOne.size()) == 0;
}

namespace {
constexpr const char* kTableFormat = std::endian::native == std::endian::little
                                         ? "kinrow transposition table 1 little-endian"
                                         : "kinrow transposition table 1 big-endian";
}  // namespace

TableFileWriter::TableFileWriter(const std::string& path, const std::string& label, std::size_t units,
                                 const std::atomic<bool>* abandon)
    : path_(path), temporary_(path + ".part"), abandon_(abandon), out_(temporary_, std::ios::binary | std::ios::trunc) {
  if (!out_) throw InputError("cannot write the table file " + printable(temporary_));
  out_ << kTableFormat << "\n" << label << "\n" << units << "\n";
}

void TableFileWriter::check_abandoned() const {
  if (abandon_ && abandon_->load(std::memory_order_relaxed)) throw TableSaveAbandoned{};
}

void TableFileWriter::write(const void* bytes, std::size_t size) {
  check_abandoned();
  out_.write(static_cast<const char*>(bytes), static_cast<std::streamsize>(size));
}

// The file reaches the disk (fsync) before it replaces the previous one, and the rename
// reaches it after: a machine lost at any moment leaves one whole table, old or new. A
// table is saved every half hour of a run of days (search/periodic_save.h) to survive
// exactly that.
void TableFileWriter::finish() {
  check_abandoned();
  if (!out_.flush()) throw InputError("cannot write the table file " + printable(temporary_) + " (disk full?)");
  out_.close();
  check_abandoned();  // before the fsync, which may take most of a large save's time
  if (const std::string reason = reaches_disk(temporary_); !reason.empty())
    throw InputError("cannot write the table file " + printable(temporary_) + ": " + reason);
  std::error_code error;
  std::filesystem::rename(temporary_, path_, error);
  if (error) throw InputError("cannot write the table file " + printable(path_) + ": " + error.message());
  finished_ = true;
  // The rename itself reaches the disk with the folder. Should that fail, the file is
  // whole under one name or the other, which the next run reads or redoes: no error.
  folder_reaches_disk(path_);
}

TableFileWriter::~TableFileWriter() {
  if (finished_) return;
  out_.close();
  std::error_code ignored;
  std::filesystem::remove(temporary_, ignored);
}

TableFileReader::TableFileReader(const std::string& path, const std::string& label, std::size_t units,
                                 const std::string& size_hint)
    : where_("the table file " + printable(path)), in_(path, std::ios::binary) {
  if (!in_) throw InputError("cannot read the table file " + printable(path));
  std::string format, file_label, file_units;
  std::getline(in_, format);
  std::getline(in_, file_label);
  std::getline(in_, file_units);
  if (format != kTableFormat)
    throw InputError(where_ + " is not a kinrow table (or was written on a machine of the other byte order)");
  if (!label_reads_as(file_label, label))
    throw InputError(where_ + " is of \"" + printable(file_label) + "\", not \"" + printable(label) + "\"");
  if (file_units != std::to_string(units))
    throw InputError(where_ + " was written from a table of another size (" + printable(file_units) +
                     " units, this one " + std::to_string(units) + "): " + size_hint);
}

void TableFileReader::read(void* bytes, std::size_t size) {
  if (!in_.read(static_cast<char*>(bytes), static_cast<std::streamsize>(size))) throw InputError(where_ + " is cut short");
}

void TableFileReader::finish() {
  if (in_.peek() != std::char_traits<char>::eof()) throw InputError(where_ + " has bytes after its table");
}

}  // namespace kinrow
