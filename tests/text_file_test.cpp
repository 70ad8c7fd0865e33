// Compressed text (core/text_file.h): files written by OutputFile read back by both
// readers, whole files and bytes received whole, and damaged data refused.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "core/error.h"
#include "core/text_file.h"

namespace kinrow {
namespace {

std::string bytes_of(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A compressed file of `text`, its bytes.
std::string compressed(const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("kinrow_text_" + std::to_string(::getpid()) + ".gz");
  {
    OutputFile out(path.string());
    out << text;
    EXPECT_TRUE(out.close());
  }
  EXPECT_EQ(read_text_file(path.string()), text);
  std::string bytes = bytes_of(path);
  std::filesystem::remove(path);
  return bytes;
}

TEST(TextFile, BytesReceivedWholeInflateLikeAFile) {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "line " + std::to_string(i) + " ..X.O..\n";
  const std::string gz = compressed(text);
  ASSERT_LT(gz.size(), text.size() / 4);
  EXPECT_EQ(text_of_bytes(gz, text.size()), text);
  // Plain text passes as it is; two members read as one text, as a file of them does.
  EXPECT_EQ(text_of_bytes(text, 0), text);
  EXPECT_EQ(text_of_bytes(gz + compressed("more\n"), text.size() + 5), text + "more\n");
}

TEST(TextFile, DamagedOrOversizedCompressedBytesAreRefused) {
  const std::string text(100000, 'x');
  const std::string gz = compressed(text);
  for (const std::size_t keep : {gz.size() / 2, gz.size() - 8, std::size_t{10}})  // cut; no trailer; header only
    EXPECT_THROW(text_of_bytes(gz.substr(0, keep), text.size()), InputError) << keep << " bytes";
  std::string flipped = gz;
  flipped[gz.size() - 6] ^= 0x5a;  // the trailer's checksum or length no longer matches
  EXPECT_THROW(text_of_bytes(flipped, text.size()), InputError);
  EXPECT_THROW(text_of_bytes(gz, text.size() - 1), InputError);  // more text than allowed
}

}  // namespace
}  // namespace kinrow
