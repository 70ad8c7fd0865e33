#include "search/race.h"

#include "games/board_tables.h"

#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <type_traits>

namespace kinrow {
namespace {

struct Stopped {};  // thrown from a progress callback to abandon the losing search

}  // namespace

bool dfpn_applies(const Game& game) {
  return game.cell_count() <= kMaxBoardCells;
}

RaceResult race(const Position& position, const SolveOptions& alphabeta, const DfpnOptions& dfpn, bool certificate) {
  RaceResult result;
  // Gravity games go to the bitboard solver, whose worker threads cannot be stopped from
  // a progress callback; it is the faster method there anyway (docs/gravity.md).
  if (!dfpn_applies(position.game()) || position.game().rules.gravity || position.over()) {
    SolveOptions options = alphabeta;
    options.certificate = certificate;
    result.alphabeta = solve(position, options);
    return result;
  }
  std::atomic<bool> finished{false};
  std::mutex mutex;  // guards `result`, `failure` and the callers' callbacks
  std::exception_ptr failure;

  SolveOptions ab = alphabeta;
  ab.certificate = certificate;
  ab.monitor.interval_seconds = 0;  // every 2^16 nodes: that is where it can be stopped
  ab.monitor.on_progress = [&, report = alphabeta.monitor.on_progress,
                            interval = alphabeta.monitor.interval_seconds,
                            last = 0.0](const SearchProgress& p) mutable {
    if (finished) throw Stopped{};
    if (!report || p.seconds < last + interval) return;
    last = p.seconds;
    std::lock_guard lock(mutex);
    report(p);
  };
  DfpnOptions pn = dfpn;
  pn.on_progress = [&, report = dfpn.on_progress](uint64_t nodes, uint32_t root_pn, uint32_t root_dn) {
    if (finished) throw Stopped{};
    if (!report) return;
    std::lock_guard lock(mutex);
    report(nodes, root_pn, root_dn);
  };

  // Each runner records its answer only if it is first. A runner that fails (an
  // exception other than being stopped: a table that cannot be allocated, a bug) leaves
  // the race to the other; the failure is rethrown only if neither answers.
  auto run = [&](auto search) {
    try {
      auto answer = search();
      std::lock_guard lock(mutex);
      if (!finished.exchange(true)) {
        if constexpr (std::is_same_v<decltype(answer), SolveResult>) result.alphabeta = std::move(answer);
        else result.dfpn = std::move(answer);
      }
    } catch (const Stopped&) {
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  std::thread df([&] { run([&] { return dfpn_solve(position, pn, certificate); }); });
  run([&] { return solve(position, ab); });
  df.join();
  if (!result.alphabeta && !result.dfpn) std::rethrow_exception(failure);
  return result;
}

}  // namespace kinrow
