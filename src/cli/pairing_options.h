// --pairing MODE and --no-pairing, shared by solve and bench: the pairing cut-off of the
// generic search (search/pairing_cutoff.h), switchable so its effect can be measured.
#pragma once

#include "cli/args.h"
#include "search/pairing.h"

namespace kinrow::cli {

OptionSpec pairing_option();
OptionSpec no_pairing_option();

// The mode those options ask for (default: hj).
PairingMode pairing_mode(const Args& args);

}  // namespace kinrow::cli
