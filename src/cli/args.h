// A small command-line parser: each subcommand declares its options once, and the same
// declaration drives parsing, validation and --help.
#pragma once

#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace kinrow::cli {

struct OptionSpec {
  std::string name;  // without the leading "--"
  std::string value;  // the value's placeholder in help ("N", "FILE"); empty for a flag
  std::string help;
};

struct CommandSpec {
  std::string name;
  std::string usage;  // after "kinrow NAME "
  std::string summary;  // one line, for the command list
  std::string description;  // paragraphs for --help, including examples
  std::vector<OptionSpec> options;
  int min_positional = 0;
  int max_positional = 0;
};

class Args {
 public:
  std::vector<std::string> positional;
  std::vector<std::string> words;  // as given, after the subcommand (to quote the command back)

  bool has(const std::string& name) const {
    read_.insert(name);
    return values_.count(name) > 0;
  }
  std::string get(const std::string& name, const std::string& fallback = "") const;
  // An integer option in [min, max]; throws InputError naming the option otherwise.
  long get_int(const std::string& name, long fallback, long min, long max) const;
  // A decimal number in [min, max] ("0.5", "2e-1"), likewise.
  double get_double(const std::string& name, double fallback, double min, double max) const;

  // The options given that the command never looked at: options of its spec that do not
  // apply to this run (--row-values without --method parts). main() names them, so that
  // an option that did nothing does not pass for one that did. Best effort: has() marks
  // a name read, so an option only checked for conflicts counts as used.
  std::vector<std::string> unread() const;
  // Options read (to check their values) that the run then did not use: named as unread.
  void forget(std::initializer_list<const char*> names) const {
    for (const char* name : names) read_.erase(name);
  }

 private:
  friend Args parse_args(const CommandSpec&, const std::vector<std::string>&);
  std::map<std::string, std::string> values_;
  mutable std::set<std::string> read_;  // names asked for by has() and get*(): read Args from one thread
};

// Parses the words after the subcommand. Accepts "--name value" and "--name=value".
// Throws InputError for unknown options, missing values and wrong positional counts.
Args parse_args(const CommandSpec& spec, const std::vector<std::string>& words);

std::string help_text(const CommandSpec& spec);

}  // namespace kinrow::cli
