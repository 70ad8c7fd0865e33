#include "search/dfpn_solve.h"

#include <filesystem>
#include <iostream>
#include <optional>

#include "core/clock.h"
#include "core/error.h"
#include "core/notation.h"
#include "core/symmetry.h"
#include "games/board_dispatch.h"
#include "search/dfpn_certificate.h"
#include "search/finished_certificate.h"
#include "search/kept_lines.h"
#include "search/table_lock.h"

namespace kinrow {
namespace {

// The certificate's first call, for the position solved.
void begin_certificate_at(const Position& position, CertificateSink& out) {
  begin_certificate(out, position.game().spec, format_turns(position.game(), position.history()));
}

// A proof stopped: the question it left open and its root's numbers.
template <int W>
void stopped_at(const Dfpn<W>& dfpn, DfpnResult& result) {
  result.complete = false;
  result.open_attacker = dfpn.attacker();
  result.open_pn = dfpn.root_pn();
  result.open_dn = dfpn.root_dn();
}

// The proofs: "does `only_winner` win?", or the value's two questions; the strategies
// their answers give, as (holder, claim), go to `reads`.
template <int W>
void ask(Dfpn<W>& dfpn, Board<W>& board, std::optional<int> only_winner, DfpnResult& result,
         std::vector<std::pair<int, Claim>>& reads) {
  const int me = board.to_move();
  if (only_winner) {
    const int attacker = *only_winner;
    const std::optional<bool> wins = dfpn.attacker_wins(board, attacker);
    result.nodes = dfpn.nodes();
    if (!wins) {
      stopped_at(dfpn, result);
    } else if (*wins) {
      result.value = attacker == me ? Value::Win : Value::Loss;
      reads.emplace_back(attacker, Claim::Win);
    } else {
      result.not_lose = 1 - attacker;
      reads.emplace_back(1 - attacker, Claim::NotLose);
    }
  } else {
    const std::optional<bool> wins = dfpn.attacker_wins(board, me);
    result.nodes = dfpn.nodes();
    if (!wins) {
      stopped_at(dfpn, result);
    } else if (*wins) {
      result.value = Value::Win;
      reads.emplace_back(me, Claim::Win);
    } else {
      const std::optional<bool> loses = dfpn.attacker_wins(board, 1 - me);
      result.nodes = dfpn.nodes();
      if (!loses) {
        stopped_at(dfpn, result);
        result.known_not_lose = 1 - me;
      } else if (*loses) {
        result.value = Value::Loss;
        reads.emplace_back(1 - me, Claim::Win);
      } else {
        result.value = Value::Draw;
        // The last proof's table first: it is the warmer.
        reads.emplace_back(me, Claim::NotLose);
        reads.emplace_back(1 - me, Claim::NotLose);
      }
    }
  }
}

// The open nodes of at least `min_nodes` work, as a snapshot at `path` (kept_open.h),
// before the table: the small file meant to outlive the machine is written even where the
// table's save fails. A snapshot the disk refuses is said, and the proof goes on: its
// table keeps the numbers, and a decided value must not be lost for want of a guide.
template <int W>
void save_open_nodes(const Dfpn<W>& dfpn, const std::string& path, uint64_t min_nodes,
                     const std::atomic<bool>* abandon) {
  KeptOpenWriter out(path, dfpn.kept_label());
  dfpn.for_each_open_node(min_nodes, [&out](const KeptOpenNode& node) { out.add(node); }, abandon);
  if (!out.finish()) std::cerr << "\nkinrow: cannot write " << printable(path) << " (the search goes on)\n";
}

// The proofs on the game's board, then the strategies read off them. All the proofs
// come first, so that only strategies of the value go to the sink (a not-lose read off
// the first disproof would be wasted where the second proof finds a win for the other
// side); a draw's first strategy is then read off a table the second proof shared, which
// only means deciding again what it overwrote.
template <int W>
void prove(Board<W>& board, const DfpnOptions& options, const Position& position, CertificateSink* certificate,
           std::optional<int> only_winner, std::chrono::steady_clock::time_point start, DfpnResult& result) {
  // The strategies to read, as (holder, claim), each off the proof of its attacker.
  std::vector<std::pair<int, Claim>> reads;
  Dfpn<W> dfpn(board.tables(), options);
  const std::string& file = options.table_file;
  // Beside the table file, its costliest answers (kept_proofs.h): read after the table
  // (a table saved before an answer was found holds it open), then kept as found. Another
  // search's file is refused before a table of gigabytes is read.
  const std::string kept_file = options.kept_file.empty() ? kept_proofs_path(file) : options.kept_file;
  // Named after the kept file, which a split names without the table's size: a move is
  // locked whatever --tt-mb a second run would give its table. Before the first read.
  const TableLock lock(file, kept_path(kept_file, ".lock", ".proofs"));
  std::optional<KeptProofs> kept;  // made to check the file's header even where none is kept
  if (!file.empty()) kept.emplace(kept_file, dfpn.kept_label(), options.kept_proofs_nodes);
  result.resumed = !file.empty() && std::filesystem::exists(file);
  if (result.resumed) dfpn.load_table(file);
  // Its costliest open nodes (kept_open.h), saved with the table: read only without it,
  // before the answers, which replace any open numbers of their keys.
  const std::string open_file = kept_open_path(kept_file);
  if (kept && !result.resumed) {
    const std::size_t read =
        read_kept_open(open_file, dfpn.kept_label(), [&](const KeptOpenNode& node) { dfpn.take_open(node); });
    result.resumed = read > 0;
    if (options.on_open_read) options.on_open_read(read);
  }
  if (kept) {
    const std::size_t read = KeptProofs::read(kept_file, dfpn.kept_label(), board.cell_count(), W,
                                              [&](const KeptProof& proof) {
                                                dfpn.take_kept(proof);
                                                kept->mark_kept(proof.key);
                                              });
    result.resumed = result.resumed || read > 0;
    if (options.on_kept_read) options.on_kept_read(read);
    if (options.kept_proofs_nodes > 0) dfpn.keep_proofs_in(&*kept);
  }
  if (options.seconds > 0)
    dfpn.set_deadline(std::chrono::steady_clock::now() +
                      std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                          std::chrono::duration<double>(options.seconds)));
  run_saving_table(
      options.save_every_seconds, file,
      [&](const std::string& path, const std::atomic<bool>* abandon) {
        if (options.kept_proofs_nodes > 0) save_open_nodes(dfpn, open_file, options.kept_proofs_nodes, abandon);
        dfpn.save_table(path, abandon);
      },
      options.on_table_saved, [&] { ask(dfpn, board, only_winner, result, reads); });
  if (!result.complete) {
    result.interrupted = options.interrupt && options.interrupt->load();
    result.out_of_time = !result.interrupted && options.seconds > 0 && seconds_since(start) >= options.seconds;
  }
  if (result.complete && options.on_decided) {
    DfpnResult decided = result;
    decided.seconds = seconds_since(start);
    options.on_decided(decided);
  }
  if (!certificate || !result.complete) return;
  dfpn.set_deadline(std::chrono::steady_clock::time_point::max());  // the budget was the value's
  const auto begin = std::chrono::steady_clock::now();
  const uint64_t before = dfpn.nodes();
  try {
    begin_certificate_at(position, *certificate);
    for (const auto& [holder, claim] : reads) {
      dfpn.begin(claim == Claim::Win ? holder : 1 - holder);
      write_strategy_from_proof(dfpn, board, holder, claim, *certificate);
    }
    end_certificate(*certificate);
    result.certificate_written = true;
  } catch (const CertificateOutOfBudget&) {
    result.certificate_out_of_budget = true;
  }
  result.certificate_nodes = dfpn.nodes() - before;
  result.certificate_seconds = seconds_since(begin);
}

}  // namespace

DfpnResult dfpn_solve(const Position& position, const DfpnOptions& options, CertificateSink* certificate,
                      std::optional<int> only_winner) {
  const auto start = std::chrono::steady_clock::now();
  DfpnResult result;
  if (position.over()) {
    const int w = position.winner(), me = position.to_move();
    result.value = w == kNoPlayer ? Value::Draw : w == me ? Value::Win : Value::Loss;
    if (certificate) {
      write_finished_certificate(position, *certificate);
      result.certificate_written = true;
    }
  } else {
    const Game& game = position.game();
    const BoardTables tables(game, dfpn_board_options(game, options));
    with_board(tables, [&](auto board) {
      replay(board, position);
      prove(board, options, position, certificate, only_winner, start, result);
    });
  }
  result.seconds = seconds_since(start) - result.certificate_seconds;
  return result;
}

DfpnResult dfpn_solve(const Position& position, const DfpnOptions& options, bool certificate,
                      std::optional<int> only_winner) {
  CertificateBuilder builder;
  DfpnResult result = dfpn_solve(position, options, certificate ? &builder : nullptr, only_winner);
  if (result.certificate_written) result.certificate = std::move(builder.certificate());
  return result;
}

}  // namespace kinrow
