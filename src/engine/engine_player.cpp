// kinrow's own engine as a match player: think() on the position, in this process.
#include <chrono>
#include <exception>

#include "engine/player.h"
#include "engine/protocol_player.h"

namespace kinrow {

namespace {

class EnginePlayer final : public Player {
 public:
  explicit EnginePlayer(const EngineOptions& budget) : budget_(budget) {}

  std::string new_game(const Game&) override { return ""; }

  PlayerMove move(const Position& position) override {
    const auto started = std::chrono::steady_clock::now();
    PlayerMove m;
    try {
      const EngineResult r = think(position, budget_);
      if (r.move.empty()) m.forfeit = "the engine found no turn";
      else m.turn = r.move;
    } catch (const std::exception& e) {
      // An engine error must not end the match: the game is lost and said why.
      m.forfeit = std::string("the engine failed: ") + e.what();
    }
    m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return m;
  }

 private:
  EngineOptions budget_;
};

}  // namespace

std::unique_ptr<Player> make_player(const PlayerSpec& spec) {
  if (spec.command.empty()) return std::make_unique<EnginePlayer>(spec.budget);
  return make_protocol_player(spec);
}

}  // namespace kinrow
