// Writing a certificate a command proved to the file its --certificate names.
#pragma once

#include <cstddef>
#include <optional>

#include "cli/args.h"
#include "core/position.h"
#include "proof/certificate.h"

namespace kinrow::cli {

// Fails before a search, not after it, when --certificate names a file that cannot be
// written; checks --certificate-from-empty's conditions on --moves as well.
void check_certificate_options(const Args& args, const Position& position);

// Writes `certificate`, if there is one; the number of entries (moves, pairings and
// zones: the lines kinrow verify counts as entries). With
// --certificate-from-empty the certificate starts at the empty board, the opening turn
// of --moves its holder's first entry.
std::size_t write_certificate_file(const Args& args, const Game& game, const Position& position,
                                   std::optional<Certificate> certificate);

}  // namespace kinrow::cli
