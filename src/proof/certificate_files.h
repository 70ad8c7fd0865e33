// Certificates as files: written whole or not at all. A certificate cut short (by an
// error, a budget, Ctrl-C) is no certificate, so each is written under a partial name
// and renamed into place only once it is whole.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "proof/certificate.h"
#include "proof/certificate_join.h"

namespace kinrow {

// Writes `certificate` to `path`, compressed when the name ends in ".gz"; InputError if
// the file cannot be written.
void save_certificate(const std::string& path, const Game& game, const Certificate& certificate);

// Where a certificate bound for `path` is written until it is whole, then renamed:
// "c.cert.part" for "c.cert", "c.part.gz" for "c.gz" (".gz" stays last: it says compressed).
std::string partial_certificate_path(const std::string& path);

// Joins the certificate files `inputs` into `path` (proof/certificate_join.h), from
// `start`. The join is written beside `path` and renamed over it only when whole, so a
// failed join leaves neither half a certificate nor a damaged input; InputError if `path`
// is one of the inputs.
JoinReport join_certificate_files(const std::string& path, const Game& game, const std::string& start,
                                  const std::vector<std::string>& inputs);

}  // namespace kinrow
