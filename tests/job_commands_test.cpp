// The workbench's jobs are kinrow subcommands (server/job_commands.h): the server writes
// their command lines itself, so a renamed command or option would break a job with no
// compile error. Every kind, with every option the API takes, is run here as the server
// would run it, and must get past the command's parsing of its options.
#include "server/job_commands.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli_support.h"
#include "process_support.h"
#include "server/api_error.h"

namespace kinrow {
namespace {

using nlohmann::json;

// The options of each kind, every one the API takes, with small values.
json every_option(const std::string& kind) {
  if (kind == "think") return {{"time", 0.05}, {"exclude", "a1"}};
  if (kind == "book") return {{"time", 0.05}, {"max_nodes", 3}, {"engine_proofs", false}};
  if (kind == "prove")
    return {{"workers", 1}, {"policy", "greedy"}, {"job_nodes", 1000}, {"engine_nodes", 100}, {"defences", true}};
  if (kind == "puzzles") return {{"count", 1}};
  return json::object();
}

TEST(JobCommands, EveryKindWithEveryOptionIsACommandKinrowTakes) {
  testing::TemporaryDirectory dir("kinrow-job-commands");
  const server::JobCommandContext context{KINROW_BINARY, (dir / "workbench.db").string()};
  for (const std::string& kind : server::job_kinds()) {
    SCOPED_TRACE(kind);
    const std::string moves = kind == "puzzles" ? "" : "b2";  // puzzles start from the empty board
    const std::vector<std::string> argv = server::job_command(context, kind, "mnk:3x3x3", moves, every_option(kind));
    ASSERT_EQ(argv.front(), KINROW_BINARY);
    std::string arguments;
    for (std::size_t i = 1; i < argv.size(); ++i) arguments += " '" + argv[i] + "'";
    const testing::CliRun run = testing::kinrow(arguments + " --quiet");
    EXPECT_NE(run.status, 2) << arguments << "\n" << run.err;  // 2: the command refused its input
    EXPECT_EQ(run.err.find("unknown option"), std::string::npos) << run.err;
    EXPECT_EQ(json::parse(run.out, nullptr, false).is_discarded(), false) << arguments << "\n" << run.out;
  }
  EXPECT_THROW(server::job_command(context, "solve-fast", "mnk:3x3x3", "", json::object()), server::ApiError);
  EXPECT_THROW(server::job_command(context, "puzzles", "mnk:3x3x3", "b2", json::object()), server::ApiError);
  EXPECT_THROW(server::job_command(context, "think", "mnk:3x3x3", "", {{"time", "soon"}}), server::ApiError);
}

}  // namespace
}  // namespace kinrow
