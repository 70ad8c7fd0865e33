// Runs the kinrow binary as a user would, for the command-line tests.
#pragma once

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace kinrow::testing {

struct CliRun {
  int status;
  std::string out;  // stdout
  std::string err;  // stderr
};

inline CliRun kinrow(const std::string& arguments) {
  const auto dir = std::filesystem::temp_directory_path();
  const auto err_path = dir / ("kinrow_cli_test_" + std::to_string(::getpid()) + ".err");
  const std::string command = std::string(KINROW_BINARY) + " " + arguments + " 2>" + err_path.string();
  CliRun run{};
  FILE* pipe = ::popen(command.c_str(), "r");
  std::array<char, 4096> buffer;
  while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) run.out.append(buffer.data(), n);
  const int status = ::pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream err(err_path);
  run.err.assign(std::istreambuf_iterator<char>(err), {});
  std::filesystem::remove(err_path);
  return run;
}

}  // namespace kinrow::testing
