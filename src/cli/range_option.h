// Options that take a number or a range of numbers ("--width 4..9").
#pragma once

#include <string>

#include "cli/args.h"

namespace kinrow::cli {

struct Range {
  int first, last;
};

// The range given as --NAME, or `fallback`; InputError outside 1..limit.
Range parse_range(const Args& args, const std::string& name, Range fallback, int limit);

}  // namespace kinrow::cli
