#include "proof/certificate_files.h"

#include <filesystem>
#include <memory>
#include <system_error>

#include "core/error.h"
#include "core/text_file.h"

namespace kinrow {

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
    // An error names the file asked for, not the partial name it is written under first.
    std::unique_ptr<OutputFile> opened;
    try {
      opened = std::make_unique<OutputFile>(part);
    } catch (const InputError&) {
      throw InputError("cannot write \"" + path + "\"");
    }
    OutputFile& file = *opened;
    CertificateWriter writer(file, game);
    report = join_certificates(game, start, inputs,
                               [&](std::size_t i) { return std::make_unique<InputFile>(inputs[i]); }, writer);
    if (!file.close()) throw InputError("writing \"" + path + "\" failed");
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(part, ignored);
    throw;
  }
  std::filesystem::rename(part, path);
  return report;
}

}  // namespace kinrow
