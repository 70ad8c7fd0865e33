#include "search/sum_certificate.h"

#include <optional>

#include "core/error.h"
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

void write_sum_certificate(SumSolver& solver, const Position& position, Value value, CertificateSink& out) {
  const Game& game = position.game();
  Board<1> board(solver.tables());
  replay(board, position);
  SumOracle oracle(solver);
  const auto symmetry = listed_symmetries<1>(game);
  CertificateWalker<Board<1>, SumOracle> walker(board, oracle, symmetry ? &*symmetry : nullptr);
  if (!out.begin(game.spec, format_turns(game, position.history())))
    throw InputError("writing the certificate failed (is the disk full?)");
  if (value == Value::Draw) {
    walker.write(0, Claim::NotLose, out);
    walker.write(1, Claim::NotLose, out);
  } else {
    const int mover = position.to_move();
    walker.write(value == Value::Win ? mover : 1 - mover, Claim::Win, out);
  }
  if (!out.end()) throw InputError("writing the certificate failed (is the disk full?)");
}

Certificate sum_certificate(SumSolver& solver, const Position& position, Value value) {
  CertificateBuilder builder;
  write_sum_certificate(solver, position, value, builder);
  return std::move(builder.certificate());
}

}  // namespace kinrow
