#include "cli/gravity_options.h"

#include <algorithm>
#include <thread>

#include "core/error.h"

namespace kinrow::cli {
namespace {

constexpr const char* kTechniqueNames =
    "claimeven, child-bounds, transposition-cutoffs, mirror, threat-order, countermove, near-table";

}  // namespace

OptionSpec threads_option(const char* default_text) {
  return {"threads", "N", std::string("gravity boards: searches sharing the table (default: ") + default_text + ")"};
}

OptionSpec without_option() {
  return {"without", "LIST",
          std::string("gravity boards: switch techniques off to measure them, comma-separated from\n") +
              kTechniqueNames};
}

OptionSpec expect_option() {
  return {"expect", "WHO",
          "bitboard search: the outcome you expect, first, second or draw (a published one,\n"
          "say). Only a loss expected for the side to move changes anything: \"does it at least\n"
          "draw?\" is then asked first, and its \"no\" settles the sign in one window instead of\n"
          "two. A wrong guess costs time, never an answer"};
}

int all_cores() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

GravitySettings gravity_settings(const Args& args, int default_threads) {
  GravitySettings settings;
  settings.threads = static_cast<int>(args.get_int("threads", default_threads, 1, 256));
  if (args.has("expect")) {
    const std::string who = args.get("expect");
    if (who == "first") settings.expected_first_player_sign = 1;
    else if (who == "second") settings.expected_first_player_sign = -1;
    else if (who != "draw")
      throw InputError("--expect takes first, second or draw, not \"" + printable(who) + "\"");
  }
  const std::string list = args.get("without");
  GravityTechniques& t = settings.techniques;
  const std::pair<const char*, bool*> names[] = {{"claimeven", &t.claimeven},
                                                 {"child-bounds", &t.child_bounds},
                                                 {"transposition-cutoffs", &t.transposition_cutoffs},
                                                 {"mirror", &t.mirror},
                                                 {"threat-order", &t.threat_order},
                                                 {"countermove", &t.countermove},
                                                 {"near-table", &t.near_table}};
  for (std::size_t at = 0; at < list.size();) {
    const std::size_t comma = std::min(list.find(',', at), list.size());
    const std::string name = list.substr(at, comma - at);
    bool known = false;
    for (auto [n, flag] : names)
      if (name == n) *flag = false, known = true;
    if (!known)
      throw InputError("--without: unknown technique \"" + printable(name) + "\" (" + kTechniqueNames + ")");
    at = comma + 1;
  }
  return settings;
}

}  // namespace kinrow::cli
