#include "cli/args.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

#include "core/error.h"

namespace kinrow::cli {

std::string Args::get(const std::string& name, const std::string& fallback) const {
  read_.insert(name);
  auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

namespace {

// Every command takes --quiet, so that a script can pass it to all of them; one that
// prints no progress has nothing to silence (its help says so).
const OptionSpec kEveryCommandsQuiet{"quiet", "", "accepted by every command; this one prints no progress"};

std::string number_text(double x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

// The usage's first line: enough to quote in a one-line error.
std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

long Args::get_int(const std::string& name, long fallback, long min, long max) const {
  read_.insert(name);
  auto it = values_.find(name);
  if (it == values_.end()) return fallback;
  long value = 0;
  const std::string& text = it->second;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < min || value > max)
    throw InputError("--" + name + " takes a whole number from " + std::to_string(min) + " to " +
                     std::to_string(max) + ", not \"" + printable(text) + "\"");
  return value;
}

double Args::get_double(const std::string& name, double fallback, double min, double max) const {
  read_.insert(name);
  auto it = values_.find(name);
  if (it == values_.end()) return fallback;
  double value = 0;
  const std::string& text = it->second;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !(value >= min && value <= max))
    throw InputError("--" + name + " takes a number from " + number_text(min) + " to " + number_text(max) +
                     ", not \"" + printable(text) + "\"");
  return value;
}

std::vector<std::string> Args::unread() const {
  std::vector<std::string> names;
  for (const auto& [name, value] : values_)
    if (!read_.count(name) && name != "quiet") names.push_back(name);  // nothing to be quiet about is fine
  return names;
}

Args parse_args(const CommandSpec& spec, const std::vector<std::string>& words) {
  Args args;
  args.words = words;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word.size() < 2 || word.compare(0, 2, "--") != 0 || word == "--") {
      args.positional.push_back(word);
      continue;
    }
    std::string name = word.substr(2), value;
    const auto eq = name.find('=');
    const bool inline_value = eq != std::string::npos;
    if (inline_value) {
      value = name.substr(eq + 1);
      name.resize(eq);
    }
    const OptionSpec* option = nullptr;
    for (const OptionSpec& o : spec.options)
      if (o.name == name) option = &o;
    if (!option && name == "quiet") option = &kEveryCommandsQuiet;
    if (!option)
      throw InputError("unknown option --" + printable(name) + " for \"kinrow " + spec.name +
                       "\" (see kinrow " + spec.name + " --help)");
    if (option->value.empty()) {
      if (inline_value) throw InputError("--" + name + " takes no value");
      value = "1";
    } else if (!inline_value) {
      // No value begins with "--": "--certificate --quiet" forgot the file, and must not
      // write one named "--quiet".
      if (i + 1 >= words.size() || words[i + 1].rfind("--", 0) == 0)
        throw InputError("--" + name + " needs a value (" + option->value + ")" +
                         (i + 1 < words.size() ? ", not the option " + printable(words[i + 1]) : ""));
      value = words[++i];
    }
    args.values_[name] = value;
  }
  const int n = static_cast<int>(args.positional.size());
  if (n > spec.max_positional) {
    const std::string& extra = args.positional[static_cast<std::size_t>(spec.max_positional)];
    const bool option = extra.size() > 1 && extra[0] == '-' && std::isalpha(static_cast<unsigned char>(extra[1]));
    throw InputError((option ? "unknown option " : "unexpected argument ") + printable(extra) +
                     " (usage: kinrow " + spec.name + " " + first_line(spec.usage) + ")");
  }
  if (n < spec.min_positional) throw InputError("usage: kinrow " + spec.name + " " + spec.usage);
  return args;
}

std::string help_text(const CommandSpec& spec) {
  std::string text = "usage: kinrow " + spec.name + " " + spec.usage + "\n\n" + spec.summary + "\n";
  if (!spec.description.empty()) text += "\n" + spec.description + "\n";
  std::vector<OptionSpec> options = spec.options;
  if (std::none_of(options.begin(), options.end(), [](const OptionSpec& o) { return o.name == "quiet"; }))
    options.push_back(kEveryCommandsQuiet);
  text += "\noptions:\n";
  for (const OptionSpec& o : options) {
    std::string left = "  --" + o.name + (o.value.empty() ? "" : " " + o.value);
    if (left.size() < 24) left.resize(24, ' ');
    else left += "\n" + std::string(24, ' ');
    // Continuation lines of the help line up under its first line.
    std::string help = o.help;
    for (std::size_t at = help.find('\n'); at != std::string::npos; at = help.find('\n', at + 25))
      help.insert(at + 1, std::string(24, ' '));
    text += left + help + "\n";
  }
  return text;
}

}  // namespace kinrow::cli
