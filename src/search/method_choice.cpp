#include "search/method_choice.h"

#include <algorithm>

namespace kinrow {

namespace {
constexpr std::size_t kSmall = 64, kLarge = 1024;  // df-pn's table sizes, MiB
}  // namespace

std::size_t dfpn_table_megabytes(const Position& position, std::size_t available_bytes) {
  if (position.game().cell_count() < 56 || position.empty_count() < 32) return kSmall;
  const std::size_t quarter = (available_bytes >> 20) / 4;
  return std::clamp(quarter, kSmall, kLarge);
}

MethodChoice choose_method(const Position& position, int cores, std::size_t available_bytes) {
  MethodChoice choice;
  const Game& game = position.game();
  if (position.over()) {
    choice.reason = "the game is over";
  } else if (game.rules.gravity) {
    choice.reason = "gravity: the Connect Four solver";
  } else if (position.empty_count() < kSmallPosition) {
    choice.reason = "fewer than " + std::to_string(kSmallPosition) + " empty cells: alpha-beta, with the distance";
  } else {
    choice = proof_numbers_choice(position, cores, available_bytes);
    choice.reason = "no gravity and " + std::to_string(position.empty_count()) + " empty cells: df-pn";
    choice.sizing = choice.table_megabytes > kSmall ? "on every core; the table: a quarter of the free memory (a large board)"
                                                    : "on every core; a small table (a small board or few empty cells)";
  }
  return choice;
}

MethodChoice proof_numbers_choice(const Position& position, int cores, std::size_t available_bytes) {
  MethodChoice choice;
  choice.method = SolveMethod::ProofNumbers;
  choice.threads = std::clamp(cores, 1, 4);  // more would repeat the helpers' epsilons (search/dfpn.cpp)
  choice.table_megabytes = dfpn_table_megabytes(position, available_bytes);
  return choice;
}

}  // namespace kinrow
