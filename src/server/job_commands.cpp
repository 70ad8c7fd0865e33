#include "server/job_commands.h"

#include <cmath>
#include <sstream>

#include "server/api_error.h"

namespace kinrow::server {

namespace {

// A number option in [low, high], written back as the command line wants it; absent: "".
std::string number_option(const nlohmann::json& options, const char* name, double low, double high, bool integer) {
  const auto it = options.find(name);
  if (it == options.end() || it->is_null()) return "";
  if (!it->is_number()) throw ApiError(400, std::string("option \"") + name + "\" must be a number");
  const double value = it->get<double>();
  if (!(value >= low && value <= high) || (integer && value != std::floor(value))) {
    std::ostringstream range;
    range << "option \"" << name << "\" must be " << (integer ? "an integer " : "") << "from " << low << " to " << high;
    throw ApiError(400, range.str());
  }
  std::ostringstream text;
  if (integer) text << static_cast<long long>(value);
  else text << value;
  return text.str();
}

std::string text_option(const nlohmann::json& options, const char* name, const char* allowed) {
  const auto it = options.find(name);
  if (it == options.end() || it->is_null()) return "";
  if (!it->is_string()) throw ApiError(400, std::string("option \"") + name + "\" must be a string");
  const std::string value = it->get<std::string>();
  if (value.empty() || value.front() == '-' || value.find_first_not_of(allowed) != std::string::npos)
    throw ApiError(400, std::string("option \"") + name + "\" has characters it cannot hold");
  return value;
}

bool flag_option(const nlohmann::json& options, const char* name, bool fallback) {
  const auto it = options.find(name);
  if (it == options.end() || it->is_null()) return fallback;
  if (!it->is_boolean()) throw ApiError(400, std::string("option \"") + name + "\" must be true or false");
  return it->get<bool>();
}

void add(std::vector<std::string>& argv, const char* flag, const std::string& value) {
  if (value.empty()) return;
  argv.push_back(flag);
  argv.push_back(value);
}

}  // namespace

const std::vector<std::string>& job_kinds() {
  static const std::vector<std::string> kinds = {"solve", "prove", "think", "defences", "prove-draw", "book", "puzzles"};
  return kinds;
}

std::vector<std::string> job_command(const JobCommandContext& context, const std::string& kind,
                                     const std::string& spec, const std::string& moves,
                                     const nlohmann::json& options) {
  if (!options.is_object()) throw ApiError(400, "\"options\" must be a JSON object");
  std::vector<std::string> argv = {context.kinrow_binary};
  if (kind == "book") {
    argv.insert(argv.end(), {"book", "build"});
  } else {
    bool known = false;
    for (const auto& k : job_kinds()) known |= k == kind;
    if (!known) {
      std::string list;
      for (const auto& k : job_kinds()) list += (list.empty() ? "" : ", ") + k;
      throw ApiError(400, "unknown job kind \"" + kind + "\" (one of: " + list + ")");
    }
    argv.push_back(kind);
  }
  argv.push_back(spec);
  // Puzzles come from self-play from the empty board: `kinrow puzzles` takes no position.
  if (kind == "puzzles" && !moves.empty())
    throw ApiError(400, "a puzzles job takes no moves: its positions come from self-play from the empty board");
  add(argv, "--moves", moves);
  if (kind == "think") {
    add(argv, "--time", number_option(options, "time", 0.01, 3600, false));
    add(argv, "--exclude", text_option(options, "exclude", "abcdefghijklmnopqrstuvwxyz0123456789,:#"));
  } else if (kind == "book") {
    add(argv, "--db", context.database_path);
    add(argv, "--time", number_option(options, "time", 0.01, 600, false));
    add(argv, "--max-nodes", number_option(options, "max_nodes", 1, 1000000, true));
    // Without the engine's proofs the book grows by the defences even where the engine
    // would prove the root at once (tic-tac-toe): a book to look at, not only a verdict.
    if (!flag_option(options, "engine_proofs", true)) argv.push_back("--no-proofs");
  } else if (kind == "prove") {
    // The job-level proof-number search with its workers as threads of the job's process.
    add(argv, "--workers", number_option(options, "workers", 1, 64, true));
    add(argv, "--policy", text_option(options, "policy", "abcdefghijklmnopqrstuvwxyz-"));
    add(argv, "--job-nodes", number_option(options, "job_nodes", 1000, 1e9, true));
    add(argv, "--engine-nodes", number_option(options, "engine_nodes", 0, 1e9, true));
    if (flag_option(options, "defences", false)) add(argv, "--defences", "on");
  } else if (kind == "puzzles") {
    add(argv, "--count", number_option(options, "count", 1, 1000, true));
  }
  argv.push_back("--json");
  return argv;
}

}  // namespace kinrow::server
