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

void save_certificate(const std::string& path, const Game& game, const Certificate& certificate) {
  OutputFile file(path);
  write_certificate(file, game, certificate);
  if (!file.close()) throw InputError("writing \"" + path + "\" failed");
}

std::string partial_certificate_path(const std::string& path) {
  const bool gz = path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
  return gz ? path.substr(0, path.size() - 3) + ".part.gz" : path + ".part";
}

JoinReport join_certificate_files(const std::string& path, const Game& game, const std::string& start,
                                  const std::vector<std::string>& inputs) {
  for (const std::string& in : inputs) {
    std::error_code ignored;
    if (in == path || std::filesystem::equivalent(in, path, ignored))
      throw InputError("\"" + path + "\" is also a certificate to join");
  }
  const std::string part = partial_certificate_path(path);
  JoinReport report;
  try {
    OutputFile file(part);
    CertificateWriter writer(file, game);
    report = join_certificates(game, start, inputs,
                               [&](std::size_t i) { return std::make_unique<InputFile>(inputs[i]); }, writer);
    if (!file.close()) throw InputError("writing \"" + part + "\" failed");
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(part, ignored);
    throw;
  }
  std::filesystem::rename(part, path);
  return report;
}

}  // namespace kinrow::cli
