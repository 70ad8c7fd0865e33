#include "search/sum_certificate.h"

#include <optional>

#include "core/notation.h"
#include "games/board_dispatch.h"
#include "search/canonical.h"
#include "search/certificate_walker.h"

namespace kinrow {
namespace {

// The walk's oracle: the first move the search by parts values as keeping the claim.
class SumOracle {
 public:
  explicit SumOracle(SumSolver& solver) : solver_(solver) {}

  std::optional<Move> choose(Board<1>& board, int, Claim claim) {
    const Value need = claim == Claim::Win ? Value::Win : Value::Draw;
    for (Cell c : board.playable())
      if (static_cast<int>(solver_.value_after(board, c)) >= static_cast<int>(need)) return Move::of(c);
    return std::nullopt;
  }
  bool pairing_rule(int, Claim) const { return false; }
  bool paired(Board<1>&) const { return false; }
  const std::vector<std::pair<Cell, Cell>>* listed_pairs() const { return nullptr; }

 private:
  SumSolver& solver_;
};

}  // namespace

Certificate sum_certificate(SumSolver& solver, const Position& position, Value value) {
  const Game& game = position.game();
  Certificate certificate;
  certificate.spec = game.spec;
  certificate.start = format_turns(game, position.history());
  Board<1> board(solver.tables());
  replay(board, position);
  SumOracle oracle(solver);
  const auto symmetry = listed_symmetries<1>(game);
  CertificateWalker<Board<1>, SumOracle> walker(board, oracle, symmetry ? &*symmetry : nullptr);
  if (value == Value::Draw) {
    certificate.strategies.push_back(walker.extract(0, Claim::NotLose));
    certificate.strategies.push_back(walker.extract(1, Claim::NotLose));
  } else {
    const int mover = position.to_move();
    certificate.strategies.push_back(walker.extract(value == Value::Win ? mover : 1 - mover, Claim::Win));
  }
  return certificate;
}

}  // namespace kinrow
