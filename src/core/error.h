// Errors caused by what the user typed (a spec, a move, a file). The CLI prints the
// message on one line and exits with status 2; everything else is a bug.
#pragma once

#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>

namespace kinrow {

struct InputError : std::runtime_error {
  explicit InputError(const std::string& what) : std::runtime_error(what) {}
};

// User text made safe to quote in a one-line message: control and non-ASCII bytes as
// \xNN, and text longer than `longest` cut short.
inline std::string printable(std::string_view text, std::size_t longest = 60) {
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < longest; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
      out += escaped;
    }
  }
  if (text.size() > longest) out += "...";
  return out;
}

}  // namespace kinrow
