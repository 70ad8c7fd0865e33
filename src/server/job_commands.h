// The kinds of job the workbench runs and the kinrow command line each one is: a job is
// a subcommand with --json, its spec and moves validated before it is queued and its
// options checked one by one, so no request reaches a command line unchecked.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace kinrow::server {

struct JobCommandContext {
  std::string kinrow_binary;  // this program
  std::string database_path;  // the workbench's database (books are built into it)
};

// The argv of a job (throws ApiError 400 for an unknown kind or a bad option). `moves`
// is already canonical.
std::vector<std::string> job_command(const JobCommandContext& context, const std::string& kind,
                                     const std::string& spec, const std::string& moves,
                                     const nlohmann::json& options);

// The kinds, for the API's error messages and the web app.
const std::vector<std::string>& job_kinds();

}  // namespace kinrow::server
