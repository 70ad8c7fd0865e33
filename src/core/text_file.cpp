#include "core/text_file.h"

#include <zlib.h>

#include <array>
#include <filesystem>
#include <iterator>
#include <limits>

#include "core/error.h"

namespace kinrow {
namespace {

bool compressed_name(const std::string& path) {
  return path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
}

}  // namespace

// A stream buffer over zlib's gzFile, which reads plain files as they are and writes
// plain or compressed ones ("wT" or "wb6").
class GzipBuffer final : public std::streambuf {
 public:
  GzipBuffer(const std::string& path, const char* mode) : path_(path), file_(gzopen(path.c_str(), mode)) {
    if (file_) gzbuffer(file_, 1 << 18);
  }
  ~GzipBuffer() override { close(); }
  bool is_open() const { return file_ != nullptr; }

  bool close() {
    if (!file_) return ok_;
    ok_ = sync() == 0 && ok_;
    ok_ = gzclose(file_) == Z_OK && ok_;
    file_ = nullptr;
    return ok_;
  }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    const int n = file_ ? gzread(file_, buffer_.data(), static_cast<unsigned>(buffer_.size())) : 0;
    // A damaged or cut compressed file is not to be read as a shorter one: zlib returns
    // -1, or (a stream cut short) 0 with Z_BUF_ERROR noted.
    int code = Z_OK;
    const char* what = n <= 0 ? gzerror(file_, &code) : nullptr;
    if (n < 0 || (code != Z_OK && code != Z_STREAM_END))
      throw InputError(what && *what ? std::string("cannot read all of ") + what  // zlib's names the file
                                     : "cannot read all of \"" + path_ + "\"");
    if (n == 0) return traits_type::eof();
    setg(buffer_.data(), buffer_.data(), buffer_.data() + n);
    return traits_type::to_int_type(*gptr());
  }

  int_type overflow(int_type c) override {
    if (!flush_put()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }

  int sync() override { return pbase() && !flush_put() ? -1 : 0; }

 private:
  void start_writing() { setp(buffer_.data(), buffer_.data() + buffer_.size()); }

  bool flush_put() {
    if (!file_) return false;
    if (!pbase()) start_writing();
    const int n = static_cast<int>(pptr() - pbase());
    if (n > 0 && gzwrite(file_, pbase(), static_cast<unsigned>(n)) != n) {
      ok_ = false;
      return false;
    }
    start_writing();
    return true;
  }

  std::string path_;
  gzFile file_;
  bool ok_ = true;
  std::array<char, 1 << 16> buffer_;
};

InputFile::InputFile(const std::string& path) : std::istream(nullptr) {
  // A folder opens like a file on Linux and then fails its first read (or reads as empty
  // through some streams): say what it is before anything reads it.
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    throw InputError("cannot read \"" + printable(path, 1000) + "\": it is a folder, not a file");
  buffer_ = std::make_unique<GzipBuffer>(path, "rb");
  if (!buffer_->is_open()) throw InputError("cannot read \"" + printable(path, 1000) + "\"");
  rdbuf(buffer_.get());
  exceptions(std::ios::badbit);  // a read error reaches the reader as the InputError above
}

InputFile::~InputFile() = default;

std::string read_text_file(const std::string& path) {
  InputFile in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string text_of_bytes(std::string bytes, std::size_t max_bytes) {
  const bool gzip = bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
                    static_cast<unsigned char>(bytes[1]) == 0x8b;
  if (!gzip) return bytes;
  if (bytes.size() > std::numeric_limits<uInt>::max()) throw InputError("the compressed data is too large");
  z_stream z{};
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) throw InputError("cannot inflate the compressed data");
  struct End {
    z_stream& z;
    ~End() { inflateEnd(&z); }
  } end{z};
  z.next_in = reinterpret_cast<Bytef*>(bytes.data());
  z.avail_in = static_cast<uInt>(bytes.size());
  std::string text;
  std::array<char, 1 << 16> chunk;
  int code = Z_OK;
  while (true) {
    z.next_out = reinterpret_cast<Bytef*>(chunk.data());
    z.avail_out = static_cast<uInt>(chunk.size());
    code = inflate(&z, Z_NO_FLUSH);
    if (code == Z_BUF_ERROR && z.avail_in == 0) throw InputError("the compressed data is cut short");
    if (code != Z_OK && code != Z_STREAM_END)
      throw InputError(std::string("the compressed data is damaged: ") + (z.msg ? z.msg : "zlib error"));
    text.append(chunk.data(), chunk.size() - z.avail_out);
    if (text.size() > max_bytes)
      throw InputError("the compressed data holds more than " + std::to_string(max_bytes) + " bytes of text");
    if (code == Z_STREAM_END) {
      if (z.avail_in == 0) break;
      inflateReset(&z);  // another member follows
    } else if (z.avail_in == 0 && z.avail_out != 0) {
      throw InputError("the compressed data is cut short");
    }
  }
  return text;
}

OutputFile::OutputFile(const std::string& path)
    : std::ostream(nullptr), buffer_(std::make_unique<GzipBuffer>(path, compressed_name(path) ? "wb6" : "wT")) {
  if (!buffer_->is_open()) throw InputError("cannot write \"" + path + "\"");
  rdbuf(buffer_.get());
}

OutputFile::~OutputFile() = default;

bool OutputFile::close() {
  const bool flushed = static_cast<bool>(flush());
  return buffer_->close() && flushed;
}

}  // namespace kinrow
