#include "search/finished_certificate.h"

#include <vector>

#include "core/notation.h"

namespace kinrow {

void write_finished_certificate(const Position& position, CertificateSink& out) {
  begin_certificate(out, position.game().spec, format_turns(position.game(), position.history()));
  const int w = position.winner();
  Strategy strategy;
  for (int holder : w == kNoPlayer ? std::vector<int>{0, 1} : std::vector<int>{w}) {
    strategy.holder = holder;
    strategy.claim = w == kNoPlayer ? Claim::NotLose : Claim::Win;
    out.strategy(strategy);
  }
  end_certificate(out);
}

}  // namespace kinrow
