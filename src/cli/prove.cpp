// kinrow prove: a position's value by job-level proof-number search, on worker threads in
// this process or on `kinrow worker` processes behind a Redis broker, with the proof
// tree in an SQLite file that survives the manager.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/commands.h"
#include "cli/format.h"
#include "cli/gravity_options.h"
#include "cli/version.h"
#include "core/error.h"
#include "core/notation.h"
#include "games/families.h"
#include "parallel/embedded_workers.h"
#include "parallel/manager.h"
#include "parallel/redis_transport.h"
#include "parallel/simulation.h"
#include "parallel/tree_certificate.h"
#include "proof/certificate_files.h"

namespace kinrow::cli {

const CommandSpec kProveSpec = {
    "prove",
    "SPEC [--moves M] [--db PATH] [--broker redis://HOST:PORT] [options]",
    "Find a position's value by job-level proof-number search, on many workers or machines.",
    "The manager keeps a proof-number tree whose leaves are expanded by jobs, each a df-pn\n"
    "search with a node budget (Wu et al., \"Job-Level Proof-Number Search for Connect6\",\n"
    "CG 2010): a best-move job names the most promising move outside the node's children so\n"
    "far, with an evaluation class that sets its initial proof and disproof numbers, or says\n"
    "that no other move matters. Several most-proving nodes are chosen at once, the running\n"
    "ones counted as won (virtual-win), lost (virtual-loss) or either (greedy).\n\n"
    "The value is two questions, as for solve --method pns: does the side to move win; if\n"
    "not, does the opponent. Both are asked at once, the second with the workers the first\n"
    "leaves idle. The trees, the jobs and their answers live in one SQLite file\n"
    "(--db): kill the manager at any moment, run the same command again, and the proof goes\n"
    "on where it was; no answered job runs again.\n\n"
    "Workers: without --broker, threads in this process (--workers, one per core). With\n"
    "--broker, jobs go to a Redis server; start `kinrow worker --broker URL` on any number of\n"
    "machines, at any time (docs/parallel.md). A worker that dies mid-job has its job taken\n"
    "by another after --claim-after seconds; several managers share the workers evenly;\n"
    "`kinrow workers --broker URL` shows who is busy with what.\n\n"
    "examples:\n"
    "  kinrow prove mnk:5x5x4 --db 5x5x4.db\n"
    "  kinrow prove qubic --moves 'a1:1 b2:2' --db q.db --certificate q.cert\n"
    "  kinrow prove qubic --moves 'a1:1 b2:2' --db q.db --broker redis://server:6379\n"
    "  kinrow prove qubic --moves 'a1:1 b2:2' --db q.db --simulate 1,2,4,8,16,64\n"
    "  kinrow prove qubic --moves 'a1:1 b2:2' --defences on",
    {
        {"moves", "M", "moves from the empty board (docs/games.md)"},
        {"db", "PATH",
         "the proof's database (created if missing, resumed if it exists; default: a\n"
         "temporary file removed at the end)"},
        {"broker", "URL", "send jobs to workers behind this Redis server (redis://HOST:PORT)"},
        {"workers", "N",
         "without --broker: worker threads in this process (default: one per core)"},
        {"job-nodes", "N",
         "each job's df-pn budget in nodes: expansions, and with several stones a turn\n"
         "the threat searches' nodes too (default 100000; stored in the database, used\n"
         "again when resuming unless given)"},
        {"job-mb", "N", "each job's df-pn table in MiB (default 16)"},
        {"engine-nodes", "N",
         "best-move jobs: the playing engine picks each new child among those df-pn\n"
         "left open and evaluates it, on N heuristic-search nodes, as NCTU6 did (0:\n"
         "df-pn's choice and a class read off its numbers; default 0; stored)"},
        {"defences", "on|off",
         "at the defender's whole turns, one job lists every turn the attacker's\n"
         "threats do not refute (NCTU6-Verifier, kinrow defences) and they become\n"
         "the node's children at once (default off; stored; not under gravity or misere)"},
        {"policy", "P",
         "how running jobs count when choosing more: virtual-loss (default),\n"
         "virtual-win or greedy (virtual-loss where the evaluation favours the disproof)"},
        {"siblings", "S",
         "postponed (default: best-move jobs, one child at a time, the next generated\n"
         "when the last is chosen) or all (expand jobs: every child at once)"},
        {"claim-after", "S",
         "with --broker: seconds a job may go without its worker's heartbeat before\n"
         "another worker takes it (default 30)"},
        {"certificate", "FILE",
         "write a strategy certificate (docs/certificates.md) composed of the tree\n"
         "and df-pn proofs of its leaves; check it with kinrow verify"},
        {"simulate", "LIST",
         "after the proof, replay its jobs in a discrete-event simulation for these\n"
         "worker counts (e.g. 1,2,4,8,16,64), running the jobs it asks that were never\n"
         "run, and report the predicted times and speed-ups"},
        {"json", "", "print one JSON object instead of text"},
        {"quiet", "", "no progress on stderr"},
    },
    1,
    1,
};

namespace {

// The settings: as given, else as the database stored them, else the defaults.
TreeSettings tree_settings(const Args& args, ProofDatabase& db) {
  TreeSettings settings;
  auto stored = [&](const char* key, const std::string& fallback) {
    return db.meta(key).value_or(fallback);
  };
  settings.policy = policy_from_name(args.get("policy", stored("policy", "virtual-loss")));
  settings.siblings = siblings_from_name(args.get("siblings", stored("siblings", "postponed")));
  const long stored_nodes = std::stol(stored("job_nodes", "100000"));
  settings.job_nodes = static_cast<uint64_t>(args.get_int("job-nodes", stored_nodes, 1, 1L << 40));
  const long stored_mb = std::stol(stored("job_mb", "16"));
  settings.table_megabytes = static_cast<int>(args.get_int("job-mb", stored_mb, 1, 1 << 16));
  const long stored_engine = std::stol(stored("engine_nodes", "0"));
  settings.engine_nodes = static_cast<uint64_t>(args.get_int("engine-nodes", stored_engine, 0, 1L << 40));
  const std::string defences = args.get("defences", stored("defences", "off"));
  if (defences != "on" && defences != "off")
    throw InputError("--defences takes on or off, not \"" + printable(defences) + "\"");
  settings.defences = defences == "on";
  Transaction transaction(db.database());
  db.set_meta("policy", policy_name(settings.policy));
  db.set_meta("siblings", siblings_name(settings.siblings));
  db.set_meta("job_nodes", std::to_string(settings.job_nodes));
  db.set_meta("job_mb", std::to_string(settings.table_megabytes));
  db.set_meta("engine_nodes", std::to_string(settings.engine_nodes));
  db.set_meta("defences", defences);
  transaction.commit();
  return settings;
}

std::vector<int> worker_counts(const std::string& list) {
  std::vector<int> counts;
  std::size_t at = 0;
  while (at < list.size()) {
    std::size_t end = list.find(',', at);
    if (end == std::string::npos) end = list.size();
    const std::string item = list.substr(at, end - at);
    int n = 0;
    if (item.empty() || item.size() > 5 ||
        item.find_first_not_of("0123456789") != std::string::npos || (n = std::stoi(item)) < 1)
      throw InputError("--simulate takes worker counts separated by commas (1,2,4), not \"" +
                       printable(list) + "\"");
    counts.push_back(n);
    at = end + 1;
  }
  if (counts.empty())
    throw InputError("--simulate takes worker counts separated by commas (1,2,4)");
  return counts;
}

// A proof or disproof number, "inf" for infinity.
std::string number_text(uint32_t n) { return n >= kInfiniteNumber ? "inf" : std::to_string(n); }

std::string question_text(int attacker) {
  return std::string(attacker == 0 ? "x" : "o") + " (the " + player_name(attacker) +
         " player) wins";
}

// A temporary database for a proof without --db, removed however the command ends.
struct TemporaryDatabase {
  std::string path;
  ~TemporaryDatabase() {
    if (path.empty()) return;
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix, ignored);
  }
};

}  // namespace

int run_prove(const Args& args) {
  const Game game = make_game(args.positional[0]);
  const Position position = play_moves(game, args.get("moves"));
  if (position.over()) throw InputError("the game is already over");
  const std::string start = format_turns(game, position.history());
  const JobContext context(game.spec, start);
  const std::optional<std::vector<int>> simulate =
      args.has("simulate") ? std::optional(worker_counts(args.get("simulate"))) : std::nullopt;
  const std::string certificate_path = args.get("certificate");
  if (args.has("certificate")) {
    std::ofstream probe(certificate_path);  // fail before the search, not after it
    if (!probe) throw InputError("cannot write \"" + certificate_path + "\"");
  }
  if (args.has("broker") && args.has("workers"))
    throw InputError(
        "--workers sets this process's threads; with --broker, start kinrow worker processes "
        "instead");
  TemporaryDatabase temporary;
  std::string db_path = args.get("db");
  if (db_path.empty()) {
    db_path = temporary.path = (std::filesystem::temp_directory_path() /
                                ("kinrow-prove-" + std::to_string(::getpid()) + ".db"))
                                   .string();
  }
  // The broker first: an unreachable one is refused before the database is made.
  std::unique_ptr<RedisTransport> broker;
  std::optional<BrokerAddress> address;
  if (args.has("broker")) address = parse_broker_url(args.get("broker"));
  const double claim_after = static_cast<double>(args.get_int("claim-after", 30, 1, 86400));
  if (address) {
    RedisConnection probe(*address);  // InputError if it cannot be reached
  }
  std::unique_ptr<ProofDatabase> db = ProofDatabase::open(db_path, {game.spec, start});
  const TreeSettings settings = tree_settings(args, *db);
  if (settings.defences && !context.threat_tables)
    throw InputError("--defences reads threats, which do not decide this game (gravity or misere)");

  ProgressLine progress(!args.has("quiet"));
  std::unique_ptr<JobTransport> transport;
  if (address) {
    transport = std::make_unique<RedisTransport>(
        *address, *db, context, claim_after, [&](const std::string& note) { progress.note(note); });
  } else {
    const int threads = static_cast<int>(args.get_int("workers", all_cores(), 1, 1024));
    transport = std::make_unique<EmbeddedWorkers>(context, threads);
  }
  const std::string method = std::string("job-level proof-number search: ") +
                             (settings.siblings == Siblings::Postponed ? "best-move" : "expand") +
                             " jobs (df-pn, " + with_commas(settings.job_nodes) + " nodes, " +
                             std::to_string(settings.table_megabytes) + " MiB each" +
                             (settings.engine_nodes
                                  ? "; the engine picks children on " + with_commas(settings.engine_nodes) + " nodes"
                                  : std::string()) +
                             ")" + (settings.defences ? ", defences jobs at the defender's turns" : "") + ", " +
                             policy_name(settings.policy) + ", " +
                             siblings_name(settings.siblings) + " siblings";
  progress.note(method + "; " + transport->status() +
                (db->created() ? "" : "; resuming " + db_path));
  ProofManager manager(*db, context, *transport, settings, [&](const ProveProgress& p) {
    char rate[32];
    std::snprintf(rate, sizeof rate, "%.2f", p.session_rate);
    progress.show("q" + std::to_string(p.question + 1) + " " + (p.attacker == 0 ? "x" : "o") +
                  " wins?  root pn " + number_text(p.root.pn) + " dn " +
                  number_text(p.root.dn) + "  tree " + with_commas(p.tree_nodes) + " (" +
                  with_commas(p.decided_nodes) + " decided)  jobs " + std::to_string(p.running) +
                  " running, " + with_commas(static_cast<uint64_t>(p.done)) + " done  " + rate +
                  " jobs/s  " + seconds_text(p.seconds));
  });
  ProveReport report;
  try {
    report = manager.run();
  } catch (const std::runtime_error& e) {
    if (dynamic_cast<const InputError*>(&e)) throw;
    progress.clear();
    std::cerr << "kinrow prove: " << e.what() << "\n";
    return 1;
  }
  progress.clear();

  std::optional<TreeCertificate> certificate;
  if (args.has("certificate")) {
    progress.note("reading the certificate off the trees and df-pn proofs of their leaves");
    certificate = tree_certificate(*db, context, settings);
    save_certificate(certificate_path, game, certificate->certificate);
  }
  std::vector<SimulationResult> simulations;
  if (simulate) {
    progress.note("simulating the proof on " + args.get("simulate") + " workers");
    simulations = simulate_proof(*db, context, settings, *simulate);
  }

  const int me = position.to_move();
  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["game"] = game.spec;
    out["moves"] = start;
    out["method"] = "job-level";
    out["to_move"] = player_name(me);
    out["value"] = game_value_name(report.value, me);
    out["to_move_value"] = value_name(report.value);
    out["policy"] = policy_name(settings.policy);
    out["siblings"] = siblings_name(settings.siblings);
    out["job_nodes"] = settings.job_nodes;
    out["job_mb"] = settings.table_megabytes;
    out["engine_nodes"] = settings.engine_nodes;
    out["defences"] = settings.defences;
    out["workers"] = address ? nlohmann::json(address->text)
                             : nlohmann::json(transport ? transport->capacity() : 0);
    out["db"] = temporary.path.empty() ? nlohmann::json(db_path) : nlohmann::json(nullptr);
    nlohmann::json questions = nlohmann::json::array();
    for (const QuestionReport& q : report.questions)
      questions.push_back({{"attacker", player_name(q.attacker)},
                           {"answer", q.answer ? nlohmann::json(*q.answer ? "proved" : "disproved")
                                               : nlohmann::json(nullptr)},
                           {"tree_nodes", q.tree_nodes},
                           {"decided_nodes", q.decided_nodes},
                           {"jobs_run", q.jobs_run},
                           {"jobs_reused", q.jobs_reused},
                           {"seconds", q.seconds},
                           {"job_seconds", q.job_seconds}});
    out["questions"] = questions;
    out["seconds"] = report.seconds;
    if (certificate) {
      out["certificate"] = certificate_path;
      out["certificate_entries"] = certificate->entries;
      out["certificate_nodes"] = certificate->nodes;
      out["certificate_seconds"] = certificate->seconds;
    }
    if (simulate) {
      nlohmann::json sims = nlohmann::json::array();
      for (const SimulationResult& s : simulations)
        sims.push_back({{"workers", s.workers},
                        {"seconds", s.seconds},
                        {"speedup", s.speedup},
                        {"jobs", s.jobs},
                        {"jobs_run_for_it", s.jobs_computed}});
      out["simulation"] = sims;
    }
    out["built_from"] = kBuiltFrom;
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << "game         " << game.spec << "\n"
            << "moves        " << moves_or_empty_board(start) << "\n"
            << "method       " << method << "\n"
            << "workers      "
            << (address ? "behind the broker " + address->text
                        : std::to_string(transport->capacity()) + " threads in this process")
            << "\n";
  if (temporary.path.empty()) std::cout << "database     " << db_path << "\n";
  std::cout << "value        " << value_name(report.value)
            << " for the side to move; game: " << game_value_name(report.value, me) << "\n";
  for (std::size_t i = 0; i < report.questions.size(); ++i) {
    const QuestionReport& q = report.questions[i];
    std::cout << "question " << i + 1 << "   " << question_text(q.attacker) << ": "
              << (q.answer ? (*q.answer ? "proved" : "disproved") : "open (the other answer settles the value)")
              << " — "
              << with_commas(q.jobs_run) << " jobs run (" << seconds_text(q.job_seconds) << "), "
              << with_commas(q.jobs_reused) << " answered from the database; tree of "
              << with_commas(q.tree_nodes) << " nodes (" << with_commas(q.decided_nodes)
              << " decided); " << seconds_text(q.seconds) << "\n";
  }
  std::cout << "time         " << seconds_text(report.seconds) << " (this session)\n";
  if (certificate)
    std::cout << "certificate  " << certificate_path << " (" << with_commas(certificate->entries)
              << " entries, " << seconds_text(certificate->seconds) << " with "
              << with_commas(certificate->nodes) << " df-pn nodes; check with: kinrow verify "
              << game.spec << " " << certificate_path << ")\n";
  for (const SimulationResult& s : simulations) {
    char line[160];
    std::snprintf(line, sizeof line,
                  "simulated    %3d worker%s: %10.1f s, speed-up %6.2f, efficiency %.2f (%lld "
                  "jobs, %lld run for the simulation)\n",
                  s.workers, s.workers == 1 ? " " : "s", s.seconds, s.speedup,
                  s.speedup / s.workers, static_cast<long long>(s.jobs),
                  static_cast<long long>(s.jobs_computed));
    std::cout << line;
  }
  return 0;
}

}  // namespace kinrow::cli
