#include "search/sum_certificate.h"

#include <optional>
#include <stdexcept>

#include "core/error.h"
#include "core/notation.h"
#include "dictionary/canonical.h"
#include "dictionary/stones_set.h"

namespace kinrow {
namespace {

constexpr std::size_t kMaxSymmetries = 1024;  // as df-pn's walk; the checker lists more

class SumWalker {
 public:
  SumWalker(SumSolver& solver, const Game& game) : solver_(solver), game_(game), masks_(game) {
    try {
      symmetry_.emplace(game, kMaxSymmetries);
    } catch (const InputError&) {
      // Too many symmetries to list: only equal positions merge.
    }
  }

  Strategy extract(const Stones& start, int holder, Claim claim) {
    Strategy strategy;
    strategy.holder = holder;
    strategy.claim = claim;
    strategy.win_now_rule = game_.rules.goal == Goal::Normal;
    holder_ = holder;
    claim_ = claim;
    seen_.clear();
    out_ = &strategy;
    visit(start);
    return strategy;
  }

 private:
  // The checker's rule: every line through which the holder could lose is spoiled.
  bool settled_by_lines(const Stones& s) const {
    return claim_ == Claim::NotLose && masks_.cannot_lose(s, holder_);
  }

  void visit(const Stones& s) {
    if (settled_by_lines(s)) return;
    if (!seen_.insert(symmetry_ ? symmetry_->canonical(s).stones : s)) return;
    const int mover = masks_.to_move(s);
    const CellMask legal = masks_.legal(s);
    if (mover != holder_) {
      for (CellMask m = legal; m; m &= m - 1) follow(s, mover, std::countr_zero(m));
      return;
    }
    if (game_.rules.goal == Goal::Normal && masks_.winning_cells(s.of(mover), s.of(1 - mover), legal)) return;
    const Value need = claim_ == Claim::Win ? Value::Win : Value::Draw;
    for (CellMask m = legal; m; m &= m - 1) {
      const Cell c = std::countr_zero(m);
      if (static_cast<int>(solver_.value_after(s, c)) < static_cast<int>(need)) continue;
      StrategyEntry entry;
      entry.owner = owners_of(s, game_.cell_count());
      entry.move = Turn{c};
      out_->entries.push_back(std::move(entry));
      follow(s, mover, c);
      return;
    }
    // The search said the claim holds here; no move keeping it means the search is wrong.
    throw std::logic_error("certificate by parts: no move keeps the claim");
  }

  void follow(const Stones& s, int mover, Cell c) {
    Stones after = s;
    after.place(mover, c);
    if (masks_.result_after(after, mover, c) == BoardMasks::kGoesOn) visit(after);
  }

  SumSolver& solver_;
  const Game& game_;
  BoardMasks masks_;
  std::optional<Canonicaliser> symmetry_;
  StonesSet seen_;
  int holder_ = 0;
  Claim claim_ = Claim::Win;
  Strategy* out_ = nullptr;
};

}  // namespace

Certificate sum_certificate(SumSolver& solver, const Position& position, Value value) {
  const Game& game = position.game();
  Certificate certificate;
  certificate.spec = game.spec;
  certificate.start = format_turns(game, position.history());
  const Stones start = stones_of(position);
  SumWalker walker(solver, game);
  if (value == Value::Draw) {
    certificate.strategies.push_back(walker.extract(start, 0, Claim::NotLose));
    certificate.strategies.push_back(walker.extract(start, 1, Claim::NotLose));
  } else {
    const int mover = position.to_move();
    certificate.strategies.push_back(walker.extract(start, value == Value::Win ? mover : 1 - mover, Claim::Win));
  }
  return certificate;
}

}  // namespace kinrow
