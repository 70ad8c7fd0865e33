// The small games df-pn is checked on, one or more of every rule (normal, misère,
// maker-breaker, gravity, the square game, a cube, several stones a turn, an overline
// that does not win): each solves in
// milliseconds, so every test can afford dozens of positions of each.
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

namespace kinrow::testing {

inline std::vector<const char*> dfpn_small_games() {
  return {"mnk:3x3x3",          "mnk:4x4x3",          "mnk:4x3x3",
          "mnk:3x3x3,misere",   "mnk:4x3x3,misere",   "mnk:4x4x3,maker-breaker",
          "mnk:3x3x3,maker-breaker", "connect:4x4x3", "connect:5x4x4",
          "connect:4x4x3,misere", "square:3",         "cube:3x2",
          "mnk:3x3x3,p=2,q=1",  "mnk:4x3x3,p=2",      "connect:4x4x3,p=2,q=1",
          "mnk:4x3x3,misere,p=2,q=1", "mnk:4x3x3,maker-breaker,p=2,q=1",
          "mnk:5x3x3,exact",    "mnk:4x4x3,exact"};
}

// A test name from a spec: every character that is not a letter or digit becomes '_'.
inline std::string spec_test_name(const ::testing::TestParamInfo<const char*>& info) {
  std::string name = info.param;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

}  // namespace kinrow::testing
