#include "cli/certificate_file.h"

#include <fstream>

#include "core/error.h"

namespace kinrow::cli {

void check_certificate_options(const Args& args, const Position& position) {
  if (args.has("certificate-from-empty")) {
    if (!args.has("certificate")) throw InputError("--certificate-from-empty needs --certificate FILE");
    if (position.history().size() != 1)
      throw InputError("--certificate-from-empty needs --moves to be exactly one turn, the opening");
  }
  if (args.has("certificate")) {
    std::ofstream probe(args.get("certificate"));
    if (!probe) throw InputError("cannot write \"" + args.get("certificate") + "\"");
  }
}

std::size_t write_certificate_file(const Args& args, const Game& game, const Position& position,
                                   std::optional<Certificate> certificate) {
  if (!certificate) return 0;
  if (args.has("certificate-from-empty")) start_at_empty_board(*certificate, position);
  const std::string path = args.get("certificate");
  std::ofstream file(path);
  if (!file) throw InputError("cannot write \"" + path + "\"");
  write_certificate(file, game, *certificate);
  file.close();
  if (!file) throw InputError("writing \"" + path + "\" failed");
  std::size_t entries = 0;
  for (const Strategy& s : certificate->strategies) entries += s.entries.size() + s.paired.size() + s.zones.size();
  return entries;
}

}  // namespace kinrow::cli
