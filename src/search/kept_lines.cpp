#include "search/kept_lines.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

#include <unistd.h>

#include "core/error.h"
#include "search/table_file.h"

namespace kinrow {

std::string kept_path(const std::string& table_file, const std::string& extension, const std::string& replacing) {
  const bool named = table_file.size() > replacing.size() &&
                     table_file.compare(table_file.size() - replacing.size(), replacing.size(), replacing) == 0;
  return (named ? table_file.substr(0, table_file.size() - replacing.size()) : table_file) + extension;
}

KeptLineFile::KeptLineFile(const std::string& path, const std::string& header,
                           std::chrono::steady_clock::duration sync_interval)
    : path_(path), header_(header), sync_interval_(sync_interval) {
  std::string first;
  {
    std::ifstream in(path);
    if (in) std::getline(in, first);
  }
  if (!first.empty() && first.back() == '\r') first.pop_back();
  if (!first.empty() && !label_reads_as(first, header))
    throw InputError(printable(path) + " was kept by another search (\"" + printable(first) + "\"; this is \"" +
                     header + "\")");
}

KeptLineFile::~KeptLineFile() {
  if (!file_) return;
  if (!failed_ && (std::fflush(file_) != 0 || ::fsync(::fileno(file_)) != 0))
    std::cerr << "\nkinrow: cannot write " << printable(path_) << "\n";
  std::fclose(file_);
}

void KeptLineFile::append(const std::string& identity, const std::string& line) {
  std::lock_guard lock(mutex_);
  if (failed_ || !appended_.insert(std::hash<std::string>{}(identity)).second) return;
  if (!write(line)) {
    failed_ = true;
    std::cerr << "\nkinrow: cannot write " << printable(path_) << " (the search goes on; its table keeps the results)\n";
  }
}

bool KeptLineFile::write(const std::string& line) {
  if (!file_) {
    // A last line cut short (by a copy, or a kill in mid-write; read_kept_lines skips it)
    // is dropped before anything is added: ended, it would be a line the next read refuses,
    // and left, the next line would join it. It is one kept result lost, which a search
    // only redoes.
    std::error_code error;
    std::uintmax_t size = std::filesystem::exists(path_, error) ? std::filesystem::file_size(path_, error) : 0;
    if (error) return false;
    if (size > 0) {
      std::ifstream in(path_, std::ios::binary);
      char last = 0;
      in.seekg(-1, std::ios::end);
      if (!in.get(last)) return false;
      if (last != '\n') {  // rare: the whole file is read to find where the last whole line ends
        in.seekg(0);
        const std::string text{std::istreambuf_iterator<char>(in), {}};
        const std::size_t end = text.rfind('\n');
        size = end == std::string::npos ? 0 : end + 1;
        std::filesystem::resize_file(path_, size, error);
        if (error) return false;
      }
    }
    file_ = std::fopen(path_.c_str(), "a");
    if (file_ && size == 0) std::fprintf(file_, "%s\n", header_.c_str());  // new or empty: the header first
  }
  // In the file at once (a kill loses nothing the kernel has), on the disk as often as asked.
  if (!file_ || std::fprintf(file_, "%s\n", line.c_str()) <= 0 || std::fflush(file_) != 0) return false;
  const auto now = std::chrono::steady_clock::now();
  if (synced_ && now - *synced_ < sync_interval_) return true;
  synced_ = now;
  return ::fsync(::fileno(file_)) == 0;
}

void KeptLineFile::mark_appended(const std::string& identity) {
  std::lock_guard lock(mutex_);
  appended_.insert(std::hash<std::string>{}(identity));
}

void refuse_kept_line(const std::string& path, int number, const std::string& problem) {
  throw InputError(printable(path) + ", line " + std::to_string(number) + ": " + problem);
}

KeptSnapshot::KeptSnapshot(const std::string& path, const std::string& header)
    : path_(path), part_(path + ".part"), file_(std::fopen(part_.c_str(), "w")) {
  failed_ = !file_ || std::fprintf(file_, "%s\n", header.c_str()) <= 0;
}

KeptSnapshot::~KeptSnapshot() {
  if (file_) std::fclose(file_);
  if (!finished_) {
    std::error_code ignored;
    std::filesystem::remove(part_, ignored);
  }
}

void KeptSnapshot::line(const char* text) {
  ++lines_;  // counted written or not: finish() says whether they were
  if (!failed_) failed_ = std::fprintf(file_, "%s\n", text) <= 0;
}

bool KeptSnapshot::finish() {
  bool written = !failed_ && std::fflush(file_) == 0 && ::fsync(::fileno(file_)) == 0;
  if (file_) written = std::fclose(file_) == 0 && written;
  file_ = nullptr;
  std::error_code error;
  if (written) std::filesystem::rename(part_, path_, error);
  finished_ = written && !error;
  // The rename on the disk too, or a crash soon after could bring back the previous
  // snapshot. Advisory: the file is whole under one name or the other.
  if (finished_) folder_reaches_disk(path_);
  return finished_;
}

std::size_t read_kept_lines(const std::string& path, const std::string& header, std::size_t longest,
                            const std::function<void(int number, const std::string& line)>& parse) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return 0;
  std::string line;
  int number = 0;
  std::size_t read = 0;
  while (std::getline(in, line)) {
    ++number;
    // A last line with no newline was cut short: its result is lost, the others stand.
    if (in.eof()) {
      std::cerr << "kinrow: " << printable(path) << ", line " << number << ": cut short; skipped\n";
      break;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (number == 1) {
      if (!label_reads_as(line, header)) refuse_kept_line(path, 1, "expected \"" + header + "\" (kept by another search?)");
      continue;
    }
    if (line.size() > longest) refuse_kept_line(path, number, "too long for a kept position");
    parse(number, line);
    ++read;
  }
  return read;
}

}  // namespace kinrow
