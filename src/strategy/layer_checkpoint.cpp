#include "strategy/layer_checkpoint.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "core/error.h"

namespace kinrow {
namespace {

constexpr const char* kMagic = "kinrow layered verification checkpoint 1";

}  // namespace

void save_checkpoint(const std::string& path, const LayerCheckpoint& c, const LayerPieces& layer) {
  const std::string partial = path + ".partial";
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError("cannot write the checkpoint \"" + printable(partial) + "\"");
    out << kMagic << '\n'
        << "identity " << c.identity << '\n'
        << "holder-moves " << c.holder_moves << '\n'
        << "positions " << c.positions << '\n'
        << "replies " << c.opponent_moves << '\n'
        << "game-ends " << c.games_ended << '\n'
        << "seconds " << c.seconds << '\n'
        << "key-words " << c.key_words << '\n'
        << "layer-words " << words_in(layer) << '\n';
    for (const std::vector<uint64_t>& piece : layer)
      out.write(reinterpret_cast<const char*>(piece.data()), static_cast<std::streamsize>(piece.size() * sizeof(uint64_t)));
    if (!out.flush()) throw InputError("writing the checkpoint \"" + printable(partial) + "\" failed (disk full?)");
  }
  if (std::rename(partial.c_str(), path.c_str()) != 0)
    throw InputError("cannot rename \"" + printable(partial) + "\" to \"" + printable(path) + "\"");
}

std::optional<LayerCheckpoint> load_checkpoint(const std::string& path, LayerPieces& layer) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  const std::string where = "the checkpoint \"" + printable(path) + "\"";
  std::string line;
  if (!std::getline(in, line) || line != kMagic) throw InputError(where + " is not a kinrow checkpoint");
  // The header: one "name value" line per field, in the order save_checkpoint writes them.
  auto field = [&](const char* name) {
    if (!std::getline(in, line) || line.rfind(std::string(name) + ' ', 0) != 0)
      throw InputError(where + " is damaged: no \"" + name + "\" line");
    return line.substr(std::string(name).size() + 1);
  };
  LayerCheckpoint c;
  std::size_t words = 0;
  try {
    c.identity = field("identity");
    c.holder_moves = std::stoi(field("holder-moves"));
    c.positions = std::stoull(field("positions"));
    c.opponent_moves = std::stoull(field("replies"));
    c.games_ended = std::stoull(field("game-ends"));
    c.seconds = std::stod(field("seconds"));
    c.key_words = std::stoi(field("key-words"));
    words = std::stoull(field("layer-words"));
    // No game kinrow keys takes 64 words (a key is at most two bits a cell).
    if (c.key_words <= 0 || c.key_words > 64 || words % static_cast<std::size_t>(c.key_words) != 0)
      throw InputError(where + " is damaged: its layer is not whole keys");
  } catch (const std::logic_error&) {  // stoi and friends on a damaged number
    throw InputError(where + " is damaged: a number does not parse");
  }
  const std::size_t piece_words = static_cast<std::size_t>(c.key_words) << 20;
  layer.clear();
  for (std::size_t read = 0; read < words; read += piece_words) {
    std::vector<uint64_t>& piece = layer.emplace_back(std::min(piece_words, words - read));
    in.read(reinterpret_cast<char*>(piece.data()), static_cast<std::streamsize>(piece.size() * sizeof(uint64_t)));
    if (!in) throw InputError(where + " is damaged: wrong length");
  }
  if (in.peek() != std::char_traits<char>::eof()) throw InputError(where + " is damaged: wrong length");
  return c;
}

}  // namespace kinrow
