// Writing a certificate a command proved to the file its --certificate names.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "cli/args.h"
#include "core/position.h"
#include "core/text_file.h"
#include "proof/certificate.h"

namespace kinrow::cli {

// Fails before a search, not after it, when --certificate names a file that cannot be
// written; checks --certificate-from-empty's conditions on --moves as well.
void check_certificate_options(const Args& args, const Position& position);

// The file --certificate names, as a sink the certificate streams into while it is found
// (a proof of millions of entries is then never held whole). With
// --certificate-from-empty the certificate starts at the empty board, the opening turn
// of --moves its holder's first entry; a name ending in ".gz" is written compressed
// (kinrow verify reads both). A file not finished is removed when this goes: a
// certificate cut short by an error or a budget is no certificate.
class CertificateFile {
 public:
  CertificateFile(const Args& args, const Game& game, const Position& position);
  ~CertificateFile();
  CertificateFile(const CertificateFile&) = delete;
  CertificateFile& operator=(const CertificateFile&) = delete;

  CertificateSink& sink() { return from_empty_ ? static_cast<CertificateSink&>(*from_empty_) : writer_; }
  // Closes the file; the number of entries written (moves, pairings and zones: the lines
  // kinrow verify counts as entries). InputError if writing failed.
  std::size_t finish();

 private:
  void discard();  // closes and removes the file

  std::string path_;
  OutputFile file_;
  CertificateWriter writer_;
  std::optional<FromEmptyBoard> from_empty_;
  bool finished_ = false;
};

}  // namespace kinrow::cli
