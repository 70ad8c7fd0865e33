#include "cli/certificate_file.h"

#include <filesystem>
#include <memory>
#include <fstream>
#include <system_error>

#include "core/error.h"

namespace kinrow::cli {

void check_certificate_options(const Args& args, const Position& position) {
  if (args.has("certificate-from-empty")) {
    if (!args.has("certificate")) throw InputError("--certificate-from-empty needs --certificate FILE");
    if (position.history().size() != 1)
      throw InputError("--certificate-from-empty needs --moves to be exactly one turn, the opening");
  }
  if (args.has("certificate")) {
    // Opened for appending and closed again: a file that was not there is not left behind
    // (empty) by a run that stops on its next argument, one that was is not cut short.
    const std::string& path = args.get("certificate");
    const bool existed = std::filesystem::exists(path);
    if (!std::ofstream(path, std::ios::app)) throw InputError("cannot write \"" + path + "\"");
    std::error_code ignored;
    if (!existed) std::filesystem::remove(path, ignored);
  }
}

CertificateFile::CertificateFile(const Args& args, const Game& game, const Position& position)
    : path_(args.get("certificate")), file_(path_), writer_(file_, game) {
  try {
    if (args.has("certificate-from-empty")) from_empty_.emplace(writer_, position);
  } catch (...) {  // the destructor does not run for a constructor that throws
    discard();
    throw;
  }
}

CertificateFile::~CertificateFile() {
  if (!finished_) discard();
}

void CertificateFile::discard() {
  file_.close();
  std::error_code ignored;
  std::filesystem::remove(path_, ignored);
}

std::size_t CertificateFile::finish() {
  if (!file_.close()) throw InputError("writing \"" + path_ + "\" failed");
  finished_ = true;
  return writer_.entries();
}

}  // namespace kinrow::cli
