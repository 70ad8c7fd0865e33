#include "games/json_file.h"

#include "core/error.h"
#include "core/text_file.h"

namespace kinrow {

nlohmann::json read_json_file(const std::string& path) {
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
