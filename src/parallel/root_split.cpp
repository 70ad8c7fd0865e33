// Df-pn split at the root (kinrow solve --split, table mnk --split).
//
// Each move of the side to move (one per symmetry class of the position) becomes a proof
// of its own — "does the side to move still win after it?" — with a table of its own, and
// with --threads N, N moves are proved at once, one a thread (df-pn's own threads search
// the same root and share one table). A move that wins ends the split; if none does, the
// opponent's question is asked of the whole position as usual, and the certificate is
// joined from the moves' and the opponent's (proof/certificate_join.h) for the checker to
// re-check whole. With --split-dir each answer and certificate (the moves', then the
// opponent's) is kept as it comes, so a split stopped by --seconds or Ctrl-C goes on, run
// again, from the questions not yet answered; the moves can as well be proved on other
// machines (solve --moves M --wins PLAYER --certificate) and their answers put in the
// directory by hand. An answer is kept as soon as its proof decides, before the walk that
// reads the certificate off the proof: that walk can outlast the proof (Connect6 8x8
// after b8), and a stopped one leaves the answer standing, the certificate owed to a
// later run (which proves the answered moves again from their kept tables, after the
// questions still open).
//
// Where df-pn on the whole position decides, the split is not faster: the whole shares
// transpositions between the moves and refutes some by the zones of refuted siblings,
// and its threads share one table (8x8x5 on one thread: 2,993 s for the ten first moves,
// 2,662 s whole; 9x6x5 on two: 41 s split, 28 s whole). But where every move is refuted
// and none comes near a win, the whole picks its next move by proof number alone and
// leaves each before its disproof is done: Connect6 on 8x8 ran 1.5 G nodes whole without
// deciding, where its corner and centre first moves were refuted alone in 11 M and 27 M
// (docs/benchmarks.md).
#include "parallel/root_split.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "core/clock.h"
#include "core/error.h"
#include "core/notation.h"
#include "core/symmetry.h"
#include "core/text_file.h"
#include "proof/certificate.h"
#include "proof/certificate_files.h"
#include "proof/certificate_join.h"

namespace kinrow {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// The turns of the side to move, one per class of the symmetries that keep the position.
std::vector<Turn> turns_up_to_symmetry(const Position& position) {
  const Game& game = position.game();
  std::vector<Permutation> keeping;
  for (const Permutation& map : automorphisms(game).maps) {
    bool keeps = true;
    for (Cell c = 0; c < game.cell_count() && keeps; ++c) keeps = position.owner(map[c]) == position.owner(c);
    if (keeps) keeping.push_back(map);
  }
  std::vector<Turn> turns;
  std::set<Turn> seen;
  for (const Turn& turn : position.legal_turns()) {
    if (seen.count(turn)) continue;
    turns.push_back(turn);
    for (const Permutation& map : keeping) {
      Turn image;
      for (Cell c : turn) image.push_back(map[c]);
      std::sort(image.begin(), image.end());
      seen.insert(image);
    }
  }
  return turns;
}

// Where the moves' answers and certificates live: --split-dir, kept; else, when a
// certificate is asked for, a directory of its own, removed at the end.
class SplitDir {
 public:
  SplitDir(const std::string& kept_at, const Position& position, bool certificate) {
    const std::string identity = "game " + position.game().spec + "\nmoves " +
                                 format_turns(position.game(), position.history()) + "\ncertificates " +
                                 (certificate ? "yes" : "no") + "\n";
    if (!kept_at.empty()) {
      path_ = kept_at;
      keep_ = true;
    } else if (certificate) {
      std::string pattern = (fs::temp_directory_path() / "kinrow-split-XXXXXX").string();
      if (!::mkdtemp(pattern.data())) throw InputError("cannot make a directory in " + fs::temp_directory_path().string());
      path_ = pattern;
    } else {
      return;  // nothing to keep
    }
    fs::create_directories(path_);
    const fs::path id = fs::path(path_) / "split.txt";
    if (fs::exists(id)) {
      if (read_text_file(id.string()) != identity)
        throw InputError("the split directory " + path_ + " holds another split (" + id.string() +
                         "): another position, game or certificate setting");
    } else {
      std::ofstream(id) << identity;
    }
  }
  ~SplitDir() {
    std::error_code ignored;
    if (!path_.empty() && !keep_) fs::remove_all(path_, ignored);
  }
  SplitDir(const SplitDir&) = delete;
  SplitDir& operator=(const SplitDir&) = delete;

  bool used() const { return !path_.empty(); }
  std::string answer(std::size_t i) const { return file("move-" + std::to_string(i + 1) + ".json"); }
  std::string certificate(std::size_t i) const { return file("move-" + std::to_string(i + 1) + ".cert.gz"); }
  std::string opponent_answer() const { return file("opponent.json"); }
  std::string opponent_certificate() const { return file("opponent.cert.gz"); }
  std::string root_entry() const { return file("root-entry.cert"); }
  // The df-pn table of a question not yet answered, kept between runs: "move-3.1024MiB.table",
  // "opponent.2048MiB.table" (`name` is "move-3" or "opponent"). Its size is in its name, as a
  // table is read back only at the size it was written, and a kept table keeps its size:
  // `megabytes` becomes it (a later run with fewer moves left, so fewer at once and more
  // megabytes each, would otherwise lose a proof of hours). Empty where the directory is
  // not kept.
  std::string table(const std::string& name, std::size_t& megabytes) const {
    if (!keep_) return "";
    const std::string prefix = name + ".", suffix = "MiB.table";
    std::error_code ignored;
    for (const auto& entry : fs::directory_iterator(path_, ignored)) {
      const std::string file_name = entry.path().filename().string();
      if (!file_name.starts_with(prefix) || !file_name.ends_with(suffix)) continue;
      const std::string size = file_name.substr(prefix.size(), file_name.size() - prefix.size() - suffix.size());
      if (!size.empty() && std::all_of(size.begin(), size.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        megabytes = std::stoul(size);
        return entry.path().string();
      }
    }
    return file(prefix + std::to_string(megabytes) + suffix);
  }
  // The answers a question's proofs keep as they go (search/kept_proofs.h): "move-3.proofs",
  // named without the table's size, so that they are read whatever size the table is made
  // at (or where it was lost). Empty where the directory is not kept.
  std::string kept(const std::string& name) const { return keep_ ? file(name + ".proofs") : ""; }
  // The question is answered: its table and kept answers and open nodes are no longer wanted.
  static void forget(const DfpnOptions& question) {
    std::error_code ignored;
    // With what a kill in the middle of a write may have left (NAME.part). Not the lock
    // (search/table_lock.h): a lock file removed while another run opens it could let two
    // runs lock two files of one name.
    for (const std::string& file : {question.table_file, question.kept_file,
                                    question.kept_file.empty() ? std::string() : kept_open_path(question.kept_file)}) {
      if (file.empty()) continue;
      fs::remove(file, ignored);
      fs::remove(file + ".part", ignored);
    }
  }

 private:
  std::string file(const std::string& name) const { return (fs::path(path_) / name).string(); }
  std::string path_;
  bool keep_ = false;
};

// A question answered by an earlier run, if its answer is there: a move's ("does the side
// to move still win after it?", `proof.text` the move) or the opponent's (`proof.text`
// "opponent"). Its certificate, where one is due, is the caller's to look for: an answer is
// kept as soon as its proof decides, before the certificate is read off the proof.
bool read_earlier(const std::string& answer, MoveProof& proof) {
  if (!fs::exists(answer)) return false;
  try {
    const nlohmann::json j = nlohmann::json::parse(read_text_file(answer));
    if (j.at("move").get<std::string>() != proof.text)
      throw InputError(answer + " answers " + j.at("move").get<std::string>() + ", not " + proof.text);
    proof.wins = j.at("wins").get<bool>();
    proof.nodes = j.at("nodes").get<uint64_t>();
    proof.seconds = j.at("seconds").get<double>();
  } catch (const nlohmann::json::exception&) {
    return false;  // damaged (a write cut short): the question is asked again
  }
  proof.decided = true;
  proof.resumed = true;
  return true;
}

void write_answer(const std::string& answer, const MoveProof& proof) {
  const nlohmann::ordered_json j = {
      {"move", proof.text}, {"wins", proof.wins}, {"nodes", proof.nodes}, {"seconds", proof.seconds}};
  const std::string part = answer + ".part";
  std::ofstream out(part);
  out << j.dump() << "\n";
  out.close();
  if (!out) throw InputError("writing \"" + part + "\" failed");
  fs::rename(part, answer);
}

// A df-pn proof whose certificate goes to `path` (renamed into place only when whole).
DfpnResult prove_into(const Position& position, const DfpnOptions& options, std::optional<int> only_winner,
                      const std::string& path) {
  if (path.empty()) return dfpn_solve(position, options, nullptr, only_winner);
  const std::string part = partial_certificate_path(path);
  DfpnResult result;
  try {
    OutputFile file(part);
    CertificateWriter writer(file, position.game());
    result = dfpn_solve(position, options, &writer, only_winner);
    if (!file.close()) throw InputError("writing \"" + part + "\" failed");
  } catch (...) {
    std::error_code ignored;
    fs::remove(part, ignored);
    throw;
  }
  // The walk that reads the certificate off re-decides forgotten positions, and stops with
  // the proof when the stop flag is set (a sibling won, the budget, Ctrl-C): the move is
  // then left for a later run, not an error.
  if (!result.certificate_written && options.interrupt && options.interrupt->load()) result.interrupted = true;
  if (result.complete && !result.out_of_time && !result.interrupted && !result.certificate_written) {
    fs::remove(part);
    throw SplitGaveUp("the certificate of " + path +
                      " was not written (re-deciding forgotten positions ran out of budget)");
  }
  if (result.certificate_written) fs::rename(part, path);
  else fs::remove(part);
  return result;
}

}  // namespace

SplitResult split_solve(const Position& position, const SplitRequest& request) {
  const Game& game = position.game();
  if (position.over()) throw InputError("the game is already over");
  const int me = position.to_move();
  const bool certificate = !request.certificate.empty();
  const SplitDir dir(request.dir, position, certificate);
  const auto started = Clock::now();
  const double budget = request.options.seconds;
  const SplitObserver& observer = request.observer;
  // A stop asked from outside (Ctrl-C): each move's proof has a stop flag of the split's.
  const std::atomic<bool>* outside = request.options.interrupt;
  auto interrupt_requested = [&] { return outside && outside->load(); };
  SplitResult result;
  std::vector<MoveProof>& moves = result.moves;

  for (const Turn& turn : turns_up_to_symmetry(position)) {
    MoveProof proof;
    proof.turn = turn;
    proof.text = format_turn(game, turn);
    moves.push_back(proof);
  }
  // The moves to prove: those not answered, then those whose answer an earlier run kept
  // but not yet their certificate (the walk that reads it off was stopped, or the answer
  // was put in the directory by hand): the answers come first.
  std::vector<std::size_t> open, owing;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!dir.used() || !read_earlier(dir.answer(i), moves[i])) open.push_back(i);
    else if (certificate && !fs::exists(dir.certificate(i))) moves[i].certificate_pending = true, owing.push_back(i);
  }
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (moves[i].decided && moves[i].wins) {  // an earlier run found the win: at most its certificate is left
      open.clear();
      owing.clear();
      if (moves[i].certificate_pending) owing.push_back(i);
      break;
    }
  open.insert(open.end(), owing.begin(), owing.end());
  const int workers = std::max(1, std::min<int>(request.threads, static_cast<int>(open.size())));
  result.workers = workers;
  const std::size_t table = std::max<std::size_t>(1, request.table_megabytes / static_cast<std::size_t>(workers));
  if (observer.on_start)
    observer.on_start(moves.size(), moves.size() - open.size() + owing.size(), owing.size(), workers, table);

  // The moves' proofs, `workers` at once; the first win (or a stop) ends them all.
  std::atomic<bool> stop{false};  // stops the proofs running: a win, Ctrl-C, an error
  bool out_of_budget = false;     // --seconds ran out: no proof is started (under `lock`)
  std::mutex lock;
  std::size_t next = 0, done = moves.size() - open.size() + owing.size();
  std::optional<std::size_t>& winning = result.winning;
  bool overflowed = false;
  uint64_t reproved_nodes = 0;
  // What each move being proved has reached, shown a second at most (under `lock`).
  std::vector<SplitObserver::Running> running(moves.size());
  double last_shown = -1;
  auto show = [&] {
    const double now = seconds_since(started);
    if (now < last_shown + 1 || !observer.on_progress) return;
    last_shown = now;
    observer.on_progress(moves, running, done, now);
  };
  // A move's answer, kept as soon as its proof decides (under `lock`).
  auto record = [&](std::size_t i, const DfpnResult& r) {
    MoveProof& proof = moves[i];
    if (proof.decided) {  // an earlier run's (proved again for its certificate), or kept when the proof decided
      if (proof.wins != !r.not_lose)
        throw InputError(dir.answer(i) + " says " + proof.text + (proof.wins ? " wins" : " is refuted") +
                         ", but its proof says it " + (proof.wins ? "is refuted" : "wins") + ": remove the file");
      return;
    }
    proof.decided = true;
    proof.wins = !r.not_lose;  // asked "does `me` win?": a no is the opponent's not-lose
    proof.nodes = r.nodes;
    proof.seconds = r.seconds;
    proof.certificate_pending = certificate;
    if (dir.used()) write_answer(dir.answer(i), proof);
    ++done;
    if (observer.on_answered) observer.on_answered(proof, done, moves.size());
  };
  std::exception_ptr failure;  // a proof's error (a bad option, say), rethrown here
  auto prove_moves = [&] {
    for (;;) {
      std::size_t i;
      {
        const std::lock_guard<std::mutex> guard(lock);
        // The proofs see a stop from outside only in their progress, which a short one
        // never reports: it is read here too, before each move.
        if (next < open.size() && !stop && interrupt_requested()) result.stopped = result.interrupted = stop = true;
        if (stop || out_of_budget || next >= open.size()) return;
        i = open[next++];
      }
      Position child = position;
      child.play(moves[i].turn);
      DfpnOptions one = request.options;
      one.threads = 1;
      one.table_megabytes = table;
      one.table_file = dir.table("move-" + std::to_string(i + 1), one.table_megabytes);  // a stopped move goes on from it
      one.kept_file = dir.kept("move-" + std::to_string(i + 1));
      one.on_kept_read = [&, i, file = one.kept_file](std::size_t n) {
        const std::lock_guard<std::mutex> guard(lock);
        moves[i].proofs_read = n;
        if (n > 0 && observer.on_kept_read) observer.on_kept_read(file, n);
      };
      one.on_open_read = [&, i, file = kept_open_path(one.kept_file)](std::size_t n) {
        const std::lock_guard<std::mutex> guard(lock);
        moves[i].open_read = n;
        if (n > 0 && observer.on_kept_read) observer.on_kept_read(file, n);
      };
      one.interrupt = &stop;
      if (budget > 0) one.seconds = std::max(1e-3, budget - seconds_since(started));
      one.on_progress = [&, i](uint64_t nodes, uint32_t pn, uint32_t dn) {
        if (interrupt_requested()) stop = true;
        const std::lock_guard<std::mutex> guard(lock);
        running[i] = {std::max<uint64_t>(nodes, 1), pn, dn};
        show();
      };
      one.on_decided = [&, i](const DfpnResult& r) {
        const std::lock_guard<std::mutex> guard(lock);
        record(i, r);
      };
      const DfpnResult r = prove_into(child, one, me, certificate ? dir.certificate(i) : "");
      const std::lock_guard<std::mutex> guard(lock);
      running[i] = {};
      MoveProof& proof = moves[i];
      if (proof.resumed) reproved_nodes += r.nodes;  // an earlier run's answer, proved again for its certificate
      if (!r.complete) {
        if (!proof.decided) proof.nodes = r.nodes, proof.seconds = r.seconds;  // how far it got
        result.stopped = true;
        result.interrupted |= r.interrupted && interrupt_requested();
        overflowed |= !r.out_of_time && !r.interrupted;
        // Out of --seconds: no move is started, but those running are not cut short — they
        // meet the same deadline in their proofs, and a walk reading off a decided proof has
        // none (the budget was the value's; a win's certificate is worth its walk).
        if (r.out_of_time) out_of_budget = true;
        else stop = true;
        continue;
      }
      record(i, r);  // where the proof had nothing to decide (the move ends the game)
      if (proof.wins && !winning) winning = i, stop = true;
      if (certificate && !r.certificate_written) {  // the walk was stopped: the certificate is owed
        result.stopped = true;
        result.interrupted |= interrupt_requested();
        stop = true;
        continue;
      }
      proof.certificate_pending = false;
      SplitDir::forget(one);  // kept until the certificate is written: it decides again at once
    }
  };
  auto work = [&] {
    try {
      prove_moves();
    } catch (...) {
      const std::lock_guard<std::mutex> guard(lock);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  };
  {
    std::vector<std::thread> threads;
    for (int t = 1; t < workers; ++t) threads.emplace_back(work);
    work();
    for (std::thread& t : threads) t.join();
  }
  if (failure) std::rethrow_exception(failure);
  for (std::size_t i = 0; i < moves.size() && !winning; ++i)
    if (moves[i].decided && moves[i].wins) winning = i;  // an earlier run's
  if (overflowed && !winning)
    throw SplitGaveUp("df-pn stopped before deciding a move (its proof numbers overflowed); try --method alphabeta");

  result.nodes = reproved_nodes;
  for (const MoveProof& m : moves) result.nodes += m.resumed ? 0 : m.nodes;
  // The opponent's question, asked of the whole position once no move wins (or taken
  // up from the directory, where an earlier run answered it).
  std::optional<DfpnResult>& opponent = result.opponent;
  if (!winning && !result.stopped && !request.one_question && interrupt_requested())
    result.stopped = result.interrupted = true;
  if (!winning && !result.stopped && !request.one_question) {
    MoveProof kept;
    kept.text = "opponent";
    if (dir.used() && read_earlier(dir.opponent_answer(), kept) &&
        (!certificate || fs::exists(dir.opponent_certificate()))) {
      opponent.emplace();
      opponent->complete = true;
      opponent->not_lose = !kept.wins;
      opponent->nodes = kept.nodes;
      opponent->seconds = kept.seconds;
      result.opponent_resumed = true;
    } else {
      DfpnOptions whole = request.options;
      whole.threads = request.threads;
      whole.table_megabytes = request.table_megabytes;
      whole.table_file = dir.table("opponent", whole.table_megabytes);
      whole.kept_file = dir.kept("opponent");
      whole.on_kept_read = [&, file = whole.kept_file](std::size_t n) {
        result.opponent_proofs_read = n;
        if (n > 0 && observer.on_kept_read) observer.on_kept_read(file, n);
      };
      whole.on_open_read = [&, file = kept_open_path(whole.kept_file)](std::size_t n) {
        result.opponent_open_read = n;
        if (n > 0 && observer.on_kept_read) observer.on_kept_read(file, n);
      };
      if (budget > 0) whole.seconds = std::max(1e-3, budget - seconds_since(started));
      if (observer.on_opponent) observer.on_opponent(1 - me, request.threads);
      whole.on_decided = [&](const DfpnResult& r) {  // kept before its certificate, as a move's answer is
        if (!dir.used()) return;
        if (kept.decided && kept.wins != !r.not_lose)
          throw InputError(dir.opponent_answer() + " says the opponent " + (kept.wins ? "wins" : "does not win") +
                           ", but its proof says he " + (kept.wins ? "does not" : "does") + ": remove the file");
        kept.wins = !r.not_lose;
        kept.nodes = r.nodes;
        kept.seconds = r.seconds;
        write_answer(dir.opponent_answer(), kept);
      };
      opponent = prove_into(position, whole, 1 - me, certificate ? dir.opponent_certificate() : "");
      result.nodes += opponent->nodes;
      if (opponent->out_of_time || opponent->interrupted)
        result.stopped = true, result.interrupted = opponent->interrupted;
      else if (!opponent->complete)
        throw SplitGaveUp("df-pn stopped before deciding the opponent's question (its proof numbers overflowed)");
      else
        SplitDir::forget(whole);
    }
  }
  result.seconds = seconds_since(started);
  // A win found by one move stands, whatever stopped the others, once its certificate (if
  // one is asked for) is written.
  if (result.stopped && (!winning || moves[*winning].certificate_pending)) return result;
  result.stopped = false;

  // The value, and which proofs the certificate is joined from.
  const std::string moves_text = format_turns(game, position.history());
  std::vector<std::string> parts;
  if (winning) {
    result.value = Value::Win;
    // The side to move's entry at the root, then his proof after it.
    Certificate root;
    root.spec = game.spec;
    root.start = moves_text;
    Strategy strategy;
    strategy.holder = me;
    strategy.claim = Claim::Win;
    StrategyEntry entry;
    for (Cell c = 0; c < game.cell_count(); ++c) entry.owner.push_back(static_cast<int8_t>(position.owner(c)));
    entry.move = moves[*winning].turn;
    strategy.entries.push_back(entry);
    root.strategies.push_back(strategy);
    if (certificate) {
      std::ofstream(dir.root_entry()) << [&] {
        std::ostringstream text;
        write_certificate(text, game, root);
        return text.str();
      }();
      parts = {dir.root_entry(), dir.certificate(*winning)};
    }
  } else if (request.one_question) {
    result.not_lose = 1 - me;
    for (std::size_t i = 0; i < moves.size() && certificate; ++i) parts.push_back(dir.certificate(i));
  } else if (!opponent->not_lose) {
    result.value = Value::Loss;  // the opponent wins
    if (certificate) parts = {dir.opponent_certificate()};
  } else {
    for (std::size_t i = 0; i < moves.size() && certificate; ++i) parts.push_back(dir.certificate(i));
    if (certificate) parts.push_back(dir.opponent_certificate());
  }
  if (certificate) {
    result.certificate_entries = join_certificate_files(request.certificate, game, moves_text, parts).lines;
    result.certificate_parts = parts.size();
  }
  result.seconds = seconds_since(started);
  return result;
}

}  // namespace kinrow
