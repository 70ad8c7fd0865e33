// Certificates as text in the tests: read from a string, and the checker's messages searched.
#pragma once

#include <sstream>
#include <string>

#include "core/game.h"
#include "proof/certificate.h"

namespace kinrow::testing {

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

inline Certificate certificate_from_text(const std::string& text, const Game& game) {
  std::istringstream in(text);
  return read_certificate(in, game);
}

}  // namespace kinrow::testing
