#include "games/json_file.h"

#include <filesystem>

#include "core/error.h"
#include "core/text_file.h"

namespace kinrow {

nlohmann::json read_json_file(const std::string& path) {
  // A device (file:/dev/zero, named by a certificate from elsewhere) would be read
  // forever; a game or tiling is a regular file.
  std::error_code ignored;
  if (std::filesystem::exists(path, ignored) && !std::filesystem::is_regular_file(path, ignored) &&
      !std::filesystem::is_directory(path, ignored))
    throw InputError("cannot read \"" + printable(path, 1000) + "\": not a regular file");
  const std::string text = read_text_file(path);
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    // nlohmann's message starts with its own tag, "[json.exception.parse_error.101] ";
    // the user wants what follows: where in the file, and why.
    std::string reason = e.what();
    if (const std::size_t tag_end = reason.find("] "); reason.rfind("[json.", 0) == 0 && tag_end != std::string::npos)
      reason.erase(0, tag_end + 2);
    throw InputError(printable(path, 1000) + ": not valid JSON: " + printable(reason, 200));
  }
}

}  // namespace kinrow
