// kinrow solve --split: the options checked, the split run (parallel/root_split.h), its
// answers reported as solve reports a value.
#include "cli/solve_split.h"

#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/version.h"
#include "core/error.h"
#include "core/notation.h"

namespace kinrow::cli {

SplitObserver split_progress(ProgressLine& progress) {
  SplitObserver observer;
  observer.on_start = [&progress](std::size_t moves, std::size_t answered, std::size_t owing, int workers,
                                  std::size_t table_megabytes) {
    progress.note("split at the root: " + std::to_string(moves) + " moves up to symmetry (" +
                  std::to_string(answered) + " answered by an earlier run" +
                  (owing ? ", " + std::to_string(owing) + " of them still owing a certificate" : "") + "), " +
                  std::to_string(workers) + " at a time, a table of " + std::to_string(table_megabytes) + " MiB each");
  };
  observer.on_progress = [&progress](const std::vector<MoveProof>& moves,
                                     const std::vector<SplitObserver::Running>& running, std::size_t answered,
                                     double seconds) {
    uint64_t nodes = 0;
    std::string names;
    for (std::size_t i = 0; i < moves.size(); ++i)
      if (running[i].nodes)
        nodes += running[i].nodes, names += " " + moves[i].text + " (pn " + std::to_string(running[i].pn) + " dn " +
                                            std::to_string(running[i].dn) + ")";
    progress.show("split  " + std::to_string(answered) + "/" + std::to_string(moves.size()) + " answered; proving" +
                  names + "  " + with_commas(nodes) + " nodes  " + seconds_text(seconds));
  };
  observer.on_answered = [&progress](const MoveProof& move, std::size_t answered, std::size_t moves) {
    progress.note("split  " + move.text + (move.wins ? "  wins" : "  refuted") + "  " + with_commas(move.nodes) +
                  " nodes  " + seconds_text(move.seconds) + "  (" + std::to_string(answered) + "/" +
                  std::to_string(moves) + ")" + (move.certificate_pending ? "; its certificate next" : ""));
  };
  observer.on_kept_read = [&progress](const std::string& file, std::size_t read) {
    progress.note("read " + with_commas(read) + " kept results from " + file);
  };
  observer.on_opponent = [&progress](int opponent, int threads) {
    progress.clear();
    progress.note("then: does the " + player_name(opponent) + " player win? (df-pn on the whole position, " +
                  std::to_string(threads) + " thread" + (threads > 1 ? "s" : "") + ")");
  };
  return observer;
}

int solve_split(const Args& args, const Position& position, const DfpnOptions& options, const MethodChoice& choice,
                ProgressLine& progress) {
  const Game& game = position.game();
  if (args.has("table-file")) throw InputError("--split keeps each move's answer in --split-dir, not a table file");
  const int me = position.to_move();
  if (args.has("wins") && args.get("wins") != player_name(me))
    throw InputError("--split splits the side to move's question; --wins " + args.get("wins") +
                     " asks of the player not to move, whose question df-pn answers whole");
  if (args.has("certificate-from-empty"))
    throw InputError("--certificate-from-empty is for one proof after an opening turn, not --split");
  SplitRequest request;
  request.options = options;
  request.threads = choice.threads;
  request.table_megabytes = choice.table_megabytes;
  request.dir = args.get("split-dir");
  request.certificate = args.get("certificate");
  request.one_question = args.has("wins");
  request.observer = split_progress(progress);
  const SplitResult result = split_solve(position, request);
  progress.clear();
  const std::vector<MoveProof>& moves = result.moves;
  const bool certificate = !request.certificate.empty();

  auto split_json = [&] {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const MoveProof& m : moves) {
      nlohmann::ordered_json one = {{"move", m.text}};
      one["answer"] = !m.decided ? nlohmann::json(nullptr) : nlohmann::json(m.wins ? "wins" : "refuted");
      one["nodes"] = m.nodes;
      one["seconds"] = m.seconds;
      one["resumed"] = m.resumed;
      if (m.proofs_read) one["proofs_read"] = *m.proofs_read;
      if (m.open_read) one["open_read"] = *m.open_read;
      if (m.certificate_pending) one["certificate"] = "pending";  // answered, its certificate not written yet
      list.push_back(one);
    }
    return list;
  };
  const std::string moves_text = format_turns(game, position.history());
  auto list_answers = [&] {
    for (const MoveProof& m : moves)
      if (m.decided)
        std::cout << "  " << m.text << "  " << (m.wins ? "wins" : "refuted") << "  " << with_commas(m.nodes)
                  << " nodes  " << seconds_text(m.seconds) << (m.resumed ? "  (an earlier run)" : "")
                  << (m.certificate_pending ? "  (its certificate not written yet)" : "") << "\n";
  };
  if (result.stopped) {
    std::size_t done = 0, owing = 0;
    for (const MoveProof& m : moves) done += m.decided, owing += m.certificate_pending;
    const std::string why = result.interrupted ? "interrupted (Ctrl-C)" : "--seconds ran out";
    if (args.has("json")) {
      nlohmann::ordered_json out = {{"game", game.spec}, {"moves", moves_text}, {"method", "pns"}};
      out["value"] = nullptr;
      out["stopped"] = result.interrupted ? "interrupt" : "seconds";
      out["nodes"] = result.nodes;
      out["seconds"] = result.seconds;
      out["split"] = split_json();
      if (result.opponent_proofs_read) out["opponent_proofs_read"] = *result.opponent_proofs_read;
      if (result.opponent_open_read) out["opponent_open_read"] = *result.opponent_open_read;
      // A move proved to win, its certificate still owed: the value is known, not yet certified.
      if (result.winning) out["winning_move"] = moves[*result.winning].text;
      if (!request.dir.empty()) out["split_dir"] = request.dir;
      std::cout << out.dump() << "\n";
    } else {
      std::cout << "game         " << game.spec << "\n"
                << "moves        " << moves_or_empty_board(moves_text) << "\n";
      if (result.winning)
        std::cout << "value        win for the side to move (" << moves[*result.winning].text
                  << "), by its proof; the certificate is not written: " << why << "\n";
      else
        std::cout << "value        not decided: " << why << "; " << done
                  << " of " << moves.size() << " moves answered"
                  << (owing ? " (" + std::to_string(owing) + " by proof, not yet by certificate)" : "")
                  << (done == moves.size() && !owing ? ", the opponent's question open" : "") << "\n";
      list_answers();
      std::cout << "nodes        " << with_commas(result.nodes) << " (" << rate(result.nodes, result.seconds) << ")\n"
                << "time         " << seconds_text(result.seconds) << "\n";
      if (certificate && !result.winning) std::cout << "certificate  not written: the value was not decided\n";
      if (!request.dir.empty())
        std::cout << "split dir    " << request.dir << ": run the same command again to go on\n";
    }
    return result.interrupted ? 130 : 4;
  }

  const std::string game_value =
      result.not_lose ? player_name(*result.not_lose) + "-player-not-lose" : game_value_name(result.value, me);
  const std::string to_move_value = result.not_lose ? "not-win" : value_name(result.value);
  if (args.has("json")) {
    nlohmann::ordered_json out = {{"game", game.spec}, {"moves", moves_text}, {"method", "pns"}};
    out["to_move"] = player_name(me);
    out["value"] = game_value;
    out["to_move_value"] = to_move_value;
    out["question"] = request.one_question ? nlohmann::json(args.get("wins") + " wins") : nlohmann::json(nullptr);
    out["threads"] = choice.threads;
    out["table_megabytes"] = choice.table_megabytes;
    out["nodes"] = result.nodes;  // this run's, as "seconds" (answers taken up from --split-dir say "resumed")
    out["seconds"] = result.seconds;
    out["split"] = split_json();
    out["winning_move"] = result.winning ? nlohmann::json(moves[*result.winning].text) : nlohmann::json(nullptr);
    out["opponent_nodes"] = result.opponent ? nlohmann::json(result.opponent->nodes) : nlohmann::json(nullptr);
    if (result.opponent_resumed) out["opponent_resumed"] = true;  // its nodes are the earlier run's
    if (result.opponent_proofs_read) out["opponent_proofs_read"] = *result.opponent_proofs_read;
    if (result.opponent_open_read) out["opponent_open_read"] = *result.opponent_open_read;
    if (!request.dir.empty()) out["split_dir"] = request.dir;
    if (certificate) {
      out["certificate"] = request.certificate;
      out["certificate_entries"] = result.certificate_entries;
    }
    out["built_from"] = kBuiltFrom;
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << "game         " << game.spec << "\n"
            << "moves        " << moves_or_empty_board(moves_text) << "\n"
            << "method       df-pn split at the root: " << moves.size() << " moves up to symmetry, " << result.workers
            << " at a time" << (request.one_question || result.winning ? "" : "; then the opponent's question whole")
            << "\n";
  list_answers();
  std::cout << "value        " << to_move_value << " for the side to move; game: " << game_value << "\n"
            << "nodes        " << with_commas(result.nodes) << " (this run)\n"
            << "time         " << seconds_text(result.seconds) << " (this run)\n";
  if (certificate)
    std::cout << "certificate  " << request.certificate << " (" << with_commas(result.certificate_entries)
              << " entries, joined from " << result.certificate_parts << " proofs; check with: kinrow verify "
              << game.spec << " " << request.certificate << ")\n";
  return 0;
}

}  // namespace kinrow::cli
