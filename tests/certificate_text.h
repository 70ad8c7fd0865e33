// A certificate read from its text form in memory (the tests' certificates are strings).
#pragma once

#include <sstream>
#include <string>

#include "core/game.h"
#include "proof/certificate.h"

namespace kinrow::testing {

inline Certificate certificate_from_text(const std::string& text, const Game& game) {
  std::istringstream in(text);
  return read_certificate(in, game);
}

}  // namespace kinrow::testing
