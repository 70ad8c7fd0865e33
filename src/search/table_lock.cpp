#include "search/table_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "core/error.h"

namespace kinrow {
namespace {

// The process id the holder wrote, for the message ("" if it cannot be read).
std::string holder_of(int descriptor) {
  char text[32] = {};
  const ssize_t read = ::pread(descriptor, text, sizeof text - 1, 0);
  std::string holder = read > 0 ? std::string(text, static_cast<std::size_t>(read)) : "";
  while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
  return holder;
}

}  // namespace

TableLock::TableLock(const std::string& table_file, const std::string& lock_file) {
  if (table_file.empty()) return;
  int descriptor = ::open(lock_file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  // A lock file made by another user, or on a read-only disk: flock needs no writing.
  if (descriptor < 0 && (errno == EACCES || errno == EROFS))
    descriptor = ::open(lock_file.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor < 0)
    throw InputError("cannot open the lock file " + printable(lock_file) + " beside the table: " +
                     std::strerror(errno));
  if (::flock(descriptor, LOCK_EX | LOCK_NB) != 0) {
    const int reason = errno;
    const std::string holder = reason == EWOULDBLOCK ? holder_of(descriptor) : "";
    ::close(descriptor);
    if (reason != EWOULDBLOCK)
      throw InputError("cannot lock " + printable(lock_file) + ": " + std::strerror(reason));
    throw InputError("the table file " + printable(table_file) + " is in use by another run" +
                     (holder.empty() ? "" : " (process " + holder + ")") + ", which holds " + printable(lock_file) +
                     ": two runs on one table would save over each other's work. Wait for it or stop it, or "
                     "give this run another table file or --table-dir");
  }
  // Who holds it, for the message above (not through a read-only descriptor); the lock
  // stands without it.
  const std::string holder = std::to_string(::getpid()) + "\n";
  [[maybe_unused]] const bool named = ::ftruncate(descriptor, 0) == 0 &&
                                      ::pwrite(descriptor, holder.data(), holder.size(), 0) ==
                                          static_cast<ssize_t>(holder.size());
  descriptor_ = descriptor;
}

TableLock::~TableLock() {
  if (descriptor_ >= 0) ::close(descriptor_);  // closing drops the lock
}

}  // namespace kinrow
