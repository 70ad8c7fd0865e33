#include "cli/version.h"

namespace kinrow::cli {

std::string version_line() {
  std::string line = std::string("kinrow, ") + kBuiltFrom;
#if defined(__clang__)
  line += ", clang " __clang_version__;
#elif defined(__GNUC__)
  line += ", GCC " __VERSION__;
#endif
#if defined(__OPTIMIZE__) && defined(NDEBUG)
  line += ", optimised";
#elif defined(__OPTIMIZE__)
  line += ", optimised with assertions";
#else
  line += ", not optimised (a debug build: slow)";
#endif
#if defined(__SANITIZE_ADDRESS__)
  line += ", sanitized";
#endif
  return line;
}

}  // namespace kinrow::cli
