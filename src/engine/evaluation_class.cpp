#include "engine/evaluation_class.h"

#include "core/error.h"

namespace kinrow {

namespace {

struct Names {
  const char* name;
  const char* words;
};

// In the enum's order.
constexpr Names kNames[] = {
    {"A-wins", "sure win"},         {"A4", "strong advantage"}, {"A3", "advantage"},
    {"A2", "slight advantage"},     {"A1", "a little better"},  {"D1", "a little worse"},
    {"D2", "slight disadvantage"},  {"D3", "disadvantage"},     {"D4", "strong disadvantage"},
    {"D-wins", "sure loss"},        {"stable", "even"},         {"unstable1", "even, sharp"},
    {"unstable2", "even, very sharp"}, {"unknown", "not evaluated"},
};

}  // namespace

const char* evaluation_name(Evaluation evaluation) {
  return kNames[static_cast<int>(evaluation)].name;
}

const char* evaluation_words(Evaluation evaluation) {
  return kNames[static_cast<int>(evaluation)].words;
}

Evaluation evaluation_from_name(const std::string& name) {
  for (int i = 0; i <= static_cast<int>(Evaluation::Unknown); ++i)
    if (name == kNames[i].name) return static_cast<Evaluation>(i);
  throw InputError("unknown evaluation \"" + printable(name) + "\"");
}

Evaluation from_other_side(Evaluation evaluation) {
  // AttackerWins..DefenderWins are mirror images around the middle of the enum.
  const int i = static_cast<int>(evaluation), last = static_cast<int>(Evaluation::DefenderWins);
  return i <= last ? static_cast<Evaluation>(last - i) : evaluation;
}

}  // namespace kinrow
