// Text files that may be gzip-compressed: certificates run to gigabytes of text (one
// character a cell, a line a position) and shrink about forty times (Connect(6,2,3)'s:
// 1.37 GB, 34 MB compressed).
//
// InputFile reads a plain file or a gzip one alike (zlib tells them apart by their first
// bytes), so the readers built on it take both. OutputFile compresses when the name ends
// in ".gz".
#pragma once

#include <istream>
#include <memory>
#include <ostream>
#include <streambuf>
#include <string>

namespace kinrow {

class GzipBuffer;

// A file to read; InputError if it cannot be opened or is a folder.
class InputFile : public std::istream {
 public:
  explicit InputFile(const std::string& path);
  ~InputFile() override;

 private:
  std::unique_ptr<GzipBuffer> buffer_;
};

// A file to write, gzip-compressed when `path` ends in ".gz"; InputError if it cannot
// be created. close() says whether everything was written (handed to the system).
class OutputFile : public std::ostream {
 public:
  explicit OutputFile(const std::string& path);
  ~OutputFile() override;
  bool close();

 private:
  std::unique_ptr<GzipBuffer> buffer_;
};

// The whole of a file, plain or compressed, as InputFile reads it.
std::string read_text_file(const std::string& path);

// Bytes received whole (an upload): inflated if they are gzip data (every member), else
// returned as they are. InputError if the gzip data is damaged or cut short, is followed
// by bytes that are not another member (which a file's reader would ignore), or would
// inflate to more than `max_bytes`.
std::string text_of_bytes(std::string bytes, std::size_t max_bytes);

}  // namespace kinrow
