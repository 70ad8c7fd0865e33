// kinrow verify: re-check a certificate with the independent checker.
#include <future>
#include <iostream>
#include <memory>
#include <optional>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/format.h"
#include "cli/version.h"
#include "core/clock.h"
#include "core/error.h"
#include "core/text_file.h"
#include "games/families.h"
#include "proof/checker.h"

namespace kinrow::cli {

const CommandSpec kVerifySpec = {
    "verify",
    "SPEC FILE [--infinite] [--json] [--quiet]",
    "Re-check a certificate against every defence; exit 0 if it proves its claim.",
    "The checker shares nothing with the solvers but the rules and the symmetry group: it\n"
    "replays the certificate's strategies against every legal reply, and names the first\n"
    "gap (a reachable position with no entry), illegal move or lost game it finds.\n"
    "Exit status: 0 proved, 1 rejected, 2 unreadable input. Format: docs/certificates.md.\n"
    "FILE may be gzip-compressed (as --certificate NAME.gz writes it).\n\n"
    "With --infinite it also checks the claim on the unbounded board (on a second thread),\n"
    "where lines run past the edge and the opponent may play outside: this holds for a win\n"
    "proved with relevance zones on a plain k-in-a-row board, when no zone would have to\n"
    "reach past the edge and zones answer every opponent turn (docs/certificates.md, \"The\n"
    "unbounded board\"). The exit status stays that of the board's own check; the answer is\n"
    "printed (not when the board's check rejects).\n\n"
    "Progress goes to stderr about once a second: the strategy, whether its entries are\n"
    "still being read or it is being played out, and the positions checked so far (a\n"
    "certificate of millions of entries takes minutes: 8x8x5's 4.4 M about 4).\n\n"
    "examples:\n"
    "  kinrow solve mnk:4x4x3 --certificate 4x4x3.cert --quiet\n"
    "  kinrow verify mnk:4x4x3 4x4x3.cert\n"
    "  kinrow solve connect6 --moves \"c5 s1s3 d5e5 a19c17 f2f3 q19s15 f4j9 a10s10 k9l9 a14n19\" \\\n"
    "      --certificate c6.cert --quiet\n"
    "  kinrow verify connect6 c6.cert --infinite",
    {
        {"infinite", "", "also check that the claim holds on the unbounded board"},
        {"json", "", "print one JSON object instead of text"},
        {"quiet", "", "no progress on stderr"},
    },
    2,
    2,
};

int run_verify(const Args& args) {
  const Game game = make_game(args.positional[0]);
  const std::string& path = args.positional[1];
  InputFile in(path);  // plain or gzip-compressed
  // The unbounded board: a second pass over the file, in the checker's stricter mode, on
  // a second thread while the board's own check runs (the two share nothing but the
  // game; Connect(6,2,3)'s certificate: 5 min 28 s one after the other). Its answer
  // counts only if the board's check accepts.
  std::future<CheckReport> unbounded_check;
  if (args.has("infinite")) {
    auto again = std::make_shared<InputFile>(path);
    unbounded_check = std::async(std::launch::async, [&game, again] {
      CheckOptions unbounded_options;
      unbounded_options.infinite = true;
      return check_certificate(game, *again, unbounded_options);
    });
  }
  // Read and checked entry by entry (proof/checker.h): certificates of tens of millions
  // of entries are never held whole.
  ProgressLine progress(!args.has("quiet"));
  const auto start = std::chrono::steady_clock::now();
  double shown_at = 0;
  CheckOptions options;
  options.on_progress = [&](const CheckProgress& p) {
    const double seconds = seconds_since(start);
    if (seconds - shown_at < 1) return;
    shown_at = seconds;
    progress.show("verify  " + player_name(p.holder) + " player's strategy: " +
                  (p.reading ? "reading entries" : "playing out") + "  " + with_commas(p.entries) + " entries  " +
                  with_commas(p.positions) + " positions  " + seconds_text(seconds));
  };
  CheckReport report;
  try {
    report = check_certificate(game, in, options);
  } catch (...) {
    progress.clear();  // a form error's message starts a line of its own
    throw;
  }
  progress.clear();
  std::optional<CheckReport> unbounded;
  if (unbounded_check.valid()) {
    CheckReport answer = unbounded_check.get();
    if (report.ok) unbounded = std::move(answer);
  }

  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["game"] = game.spec;
    out["certificate"] = path;
    out["ok"] = report.ok;
    out["proves"] = report.ok ? nlohmann::json(report.proves) : nlohmann::json(nullptr);
    out["to_move_value"] = report.ok ? nlohmann::json(report.to_move_value) : nlohmann::json(nullptr);
    out["start"] = report.start;  // the position proved: "" the empty board
    out["error"] = report.ok ? nlohmann::json(nullptr) : nlohmann::json(report.error);
    out["positions_checked"] = report.positions_checked;
    out["immediate_wins"] = report.immediate_wins;
    out["dead_ends"] = report.dead_ends;
    out["paired_ends"] = report.paired_ends;
    out["zone_answers"] = report.zone_answers;
    out["stronger_answers"] = report.stronger_answers;
    out["forest_ends"] = report.forest_ends;
    out["entries"] = report.entries;
    out["entries_unreached"] = report.entries_unreached;
    if (args.has("infinite")) {
      out["infinite"] = unbounded ? nlohmann::json(unbounded->ok) : nlohmann::json(nullptr);
      out["infinite_error"] = unbounded && !unbounded->ok ? nlohmann::json(unbounded->error) : nlohmann::json(nullptr);
    }
    out["built_from"] = kBuiltFrom;
    std::cout << out.dump() << "\n";
  } else if (report.ok) {
    // A certificate of a position after some moves proves that position's value, not the game's.
    std::cout << "proved: " << report.proves << " (side to move: " << report.to_move_value << ")"
              << (report.start.empty() ? "" : " from the position after " + report.start) << "\n"
              << "checked " << count_of(report.positions_checked, "position") << " against "
              << count_of(report.entries, "entry", "entries") << " ("
              << with_commas(report.entries_unreached) << " never reached)\n";
    if (report.immediate_wins)
      std::cout << "and " << with_commas(report.immediate_wins) << " games ended by an immediate win (win-now)\n";
    if (report.dead_ends)
      std::cout << "and " << with_commas(report.dead_ends)
                << " positions where the opponent can no longer win (every line he needs is spoiled)\n";
    if (report.paired_ends)
      std::cout << "and " << with_commas(report.paired_ends)
                << " positions where the holder pairs every line the opponent could still complete\n";
    if (report.zone_answers)
      std::cout << "and " << with_commas(report.zone_answers)
                << " relevance zones, each answering the opponent's turns outside it by a checked sub-proof\n";
    if (report.stronger_answers)
      std::cout << "and " << with_commas(report.stronger_answers)
                << " turns of the opponent answered by a checked position where he owns more (stronger)\n";
    if (report.forest_ends)
      std::cout << "and " << with_commas(report.forest_ends)
                << " positions where the live lines form a forest the breaker keeps cutting (forest)\n";
    if (unbounded && unbounded->ok)
      std::cout << "on the unbounded board: holds too (every zone and line it reads stays on this board)\n";
    else if (unbounded)
      std::cout << "on the unbounded board: not shown (" << unbounded->error << ")\n";
  } else {
    std::cout << "rejected: " << report.error << "\n";
  }
  return report.ok ? 0 : 1;
}

}  // namespace kinrow::cli
