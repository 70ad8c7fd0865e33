// Errors caused by what the user typed (a spec, a move, a file). The CLI prints the
// message on one line and exits with status 2; everything else is a bug.
#pragma once

#include <stdexcept>
#include <string>

namespace kinrow {

struct InputError : std::runtime_error {
  explicit InputError(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace kinrow
