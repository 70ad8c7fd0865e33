// Readable GoogleTest parameter names from spec strings ("connect:5x4x4" -> connect_5x4x4).
#pragma once

#include <cctype>
#include <string>

namespace kinrow::testing {

inline std::string test_name(std::string text) {
  for (char& ch : text)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return text;
}

}  // namespace kinrow::testing
