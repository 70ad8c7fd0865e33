#include "cli/pairing_options.h"

#include "core/error.h"

namespace kinrow::cli {

OptionSpec pairing_option() {
  return {"pairing", "MODE",
          "cut the search where the side not to move holds a pairing: shared (default: pairs,\n"
          "each serving every line through both its cells), hj (two cells of its own for every\n"
          "line), matching (set matching, docs/pairing.md) or off"};
}

OptionSpec no_pairing_option() { return {"no-pairing", "", "the same as --pairing off"}; }

PairingMode pairing_mode(const Args& args) {
  if (args.has("no-pairing")) {
    if (args.has("pairing")) throw InputError("--no-pairing and --pairing contradict each other");
    return PairingMode::Off;
  }
  return args.has("pairing") ? parse_pairing_mode(args.get("pairing")) : PairingMode::Shared;
}

}  // namespace kinrow::cli
