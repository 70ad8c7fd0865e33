#include "core/spec.h"

#include <charconv>
#include <string>

#include "core/error.h"

namespace kinrow {
namespace {

// Names a user may type instead of a spec; each expands to a spec text.
struct Alias {
  std::string_view name;
  std::string_view spec;
};
constexpr Alias kAliases[] = {
    {"tictactoe", "mnk:3x3x3"}, {"tic-tac-toe", "mnk:3x3x3"}, {"connect4", "connect:7x6x4"},
    {"qubic", "cube:4x3"},      {"gomoku", "mnk:15x15x5"},    {"connect6", "mnk:19x19x6,p=2,q=1"},
};

constexpr int kMaxSide = 4096;  // a board axis; the solvers' cell limit is checked later
constexpr int kMaxStones = 4;  // stones per turn the boards support
constexpr int kMaxTileStones = 64;  // p of p=1..P: the tile search's boards have 64 cells
constexpr int kMaxThreshold = 64;

// "a,b,,c" -> {"a", "b", "", "c"}: empty fields are kept so they can be reported.
std::vector<std::string> split_fields(std::string_view text) {
  std::vector<std::string> fields;
  for (std::size_t start = 0;;) {
    const std::size_t comma = text.find(',', start);
    fields.emplace_back(text.substr(start, comma == std::string_view::npos ? comma : comma - start));
    if (comma == std::string_view::npos) return fields;
    start = comma + 1;
  }
}

int parse_int(std::string_view text, std::string_view what, int low, int high) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || (error != std::errc() && error != std::errc::result_out_of_range) ||
      end != text.data() + text.size())
    throw InputError(std::string(what) + " must be a number, not \"" + printable(text) + "\"");
  if (error == std::errc::result_out_of_range)  // digits only, but past an int
    throw InputError(std::string(what) + " must be between " + std::to_string(low) + " and " +
                     std::to_string(high) + ", not " + printable(text));
  if (value < low || value > high)
    throw InputError(std::string(what) + " must be between " + std::to_string(low) + " and " +
                     std::to_string(high) + ", not " + std::to_string(value));
  return value;
}

// "7x6x4" -> {7, 6, 4}; `names` name each number for error messages.
std::vector<int> parse_dimensions(std::string_view text, std::string_view family,
                                  std::initializer_list<std::string_view> names,
                                  std::size_t required) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t x = text.find('x', start);
    parts.push_back(text.substr(start, x == std::string_view::npos ? x : x - start));
    if (x == std::string_view::npos) break;
    start = x + 1;
  }
  std::string usage = std::string(family) + ":";
  std::size_t i = 0;
  for (std::string_view name : names) usage += (i++ ? (i > required ? "[x" : "x") : "") + std::string(name);
  if (names.size() > required) usage += "]";
  if (parts.size() < required || parts.size() > names.size())
    throw InputError(std::string("\"") + std::string(family) + ":" + printable(text) +
                     "\" does not match " + usage);
  std::vector<int> values;
  i = 0;
  for (std::string_view name : names) {
    if (i == parts.size()) break;
    values.push_back(parse_int(parts[i++], std::string(family) + " " + std::string(name), 1, kMaxSide));
  }
  return values;
}

void check_family_params(GameSpec& spec) {
  const std::vector<int>& v = spec.params;
  if (spec.family == "mnk" || spec.family == "connect") {
    if (v[2] > std::max(v[0], v[1]))
      throw InputError("k = " + std::to_string(v[2]) + " does not fit on a " + std::to_string(v[0]) +
                       "x" + std::to_string(v[1]) + " board");
  } else if (spec.family == "cube") {
    if (v[1] > 12) throw InputError("cube dimension must be at most 12, not " + std::to_string(v[1]));
    if (v.size() == 2) spec.params.push_back(v[0]);
    if (spec.params[2] > spec.params[0])
      throw InputError("k = " + std::to_string(spec.params[2]) + " is longer than the cube side " +
                       std::to_string(spec.params[0]));
  } else if (spec.family == "square") {
    if (v[0] < 2) throw InputError("square:N needs N >= 2");
  }
}

// The tile games' options (p=1..P, b=N) name Chiang, Wu and Lin's maker-breaker games and
// nothing else: the breaker's answer matches the maker's turn, which no other rule has.
void check_tile_rules(Rules& rules, bool p_given, bool q_given) {
  const bool picks = rules.maker_picks_count, threshold = rules.maker_threshold >= 0;
  if (!picks && !threshold) return;
  const std::string name = picks ? "p=1..P" : "b=N";
  if (picks && threshold)
    throw InputError("p=1..P and b=N do not go together: under b=N the maker places any number of stones");
  if (rules.goal != Goal::MakerBreaker) throw InputError(name + " needs maker-breaker (the tile games of Chiang, Wu and Lin)");
  if (rules.gravity) throw InputError(name + " does not go with gravity");
  if (q_given) throw InputError(name + ": the maker chooses every turn's size, so q does not apply");
  if (threshold && p_given) throw InputError("b=N: the maker places any number of stones, so p does not apply");
  if (picks && rules.stones_per_turn == 1) rules.maker_picks_count = false;  // p=1..1 is p=1
  if (threshold) rules.stones_per_turn = rules.first_turn_stones = 0;  // no fixed number
}

}  // namespace

GameSpec parse_spec(std::string_view text) {
  std::vector<std::string> fields = split_fields(text);
  for (const Alias& alias : kAliases)
    if (fields[0] == alias.name) {
      std::vector<std::string> expanded = split_fields(alias.spec);
      expanded.insert(expanded.end(), fields.begin() + 1, fields.end());
      fields = std::move(expanded);
      break;
    }
  const std::string_view head = fields[0];

  GameSpec spec;
  const std::size_t colon = head.find(':');
  if (colon == std::string_view::npos)
    throw InputError("\"" + printable(head) +
                     "\" is not a game: write FAMILY:PARAMS (mnk:3x3x3, connect:7x6x4, cube:4x3, "
                     "square:4, animal:4x4:l-tetromino, file:PATH, bn:5x8) or an alias (tictactoe, connect4, qubic, gomoku, connect6)");
  spec.family = std::string(head.substr(0, colon));
  const std::string_view params = head.substr(colon + 1);
  if (spec.family == "mnk" || spec.family == "connect") {
    spec.params = parse_dimensions(params, spec.family, {"W", "H", "K"}, 3);
  } else if (spec.family == "cube") {
    spec.params = parse_dimensions(params, spec.family, {"N", "D", "K"}, 2);
  } else if (spec.family == "square") {
    spec.params = parse_dimensions(params, spec.family, {"N"}, 1);
  } else if (spec.family == "bn" || spec.family == "bnx") {
    spec.params = parse_dimensions(params, spec.family, {"L", "W"}, 2);
  } else if (spec.family == "recx") {
    spec.params = parse_dimensions(params, spec.family, {"M", "N"}, 2);
  } else if (spec.family == "animal") {
    const std::size_t second = params.find(':');
    if (second == std::string_view::npos || second + 1 == params.size())
      throw InputError("\"animal:" + printable(params) +
                       "\" does not match animal:W[xH]:SHAPE (e.g. animal:4x4:l-tetromino)");
    spec.params = parse_dimensions(params.substr(0, second), spec.family, {"W", "H"}, 1);
    if (spec.params.size() == 1) spec.params.push_back(spec.params[0]);
    spec.shape = std::string(params.substr(second + 1));
  } else if (spec.family == "file") {
    if (params.empty()) throw InputError("file: needs a path, e.g. file:tiles.json");
    spec.path = std::string(params);
  } else {
    throw InputError("unknown game family \"" + printable(spec.family) +
                     "\" (known: mnk, connect, cube, square, animal, file, bn, bnx, recx)");
  }
  check_family_params(spec);

  spec.rules.gravity = spec.family == "connect";
  bool p_given = false, q_given = false;
  for (std::size_t i = 1; i < fields.size(); ++i) {
    const std::string_view option = fields[i];
    if (option == "normal") spec.rules.goal = Goal::Normal;
    else if (option == "misere") spec.rules.goal = Goal::Misere;
    else if (option == "maker-breaker") spec.rules.goal = Goal::MakerBreaker;
    else if (option == "gravity") spec.rules.gravity = true;
    else if (option == "cylinder") spec.rules.cylinder = true;
    else if (option == "exact") spec.rules.exact = true;
    else if (option.substr(0, 5) == "p=1..") {
      spec.rules.stones_per_turn = parse_int(option.substr(5), "p in p=1..P", 1, kMaxTileStones);
      spec.rules.maker_picks_count = true;
      p_given = true;
    } else if (option.substr(0, 2) == "p=") {
      spec.rules.stones_per_turn = parse_int(option.substr(2), "p", 1, kMaxStones);
      spec.rules.maker_picks_count = false;
      p_given = true;
    }
    else if (option.substr(0, 2) == "b=")
      spec.rules.maker_threshold = parse_int(option.substr(2), "b", 0, kMaxThreshold);
    else if (option.substr(0, 2) == "q=") {
      spec.rules.first_turn_stones = parse_int(option.substr(2), "q", 1, kMaxStones);
      q_given = true;
    } else
      throw InputError("unknown option \"" + printable(option) +
                       "\" (known: normal, misere, maker-breaker, gravity, cylinder, exact, p=N, q=N, p=1..P, b=N)");
  }
  if (!q_given) spec.rules.first_turn_stones = spec.rules.stones_per_turn;
  check_tile_rules(spec.rules, p_given, q_given);
  // Gravity turns an mnk board into the connect family; one name per game keeps specs
  // canonical (and certificates comparable).
  if (spec.family == "mnk" && spec.rules.gravity) spec.family = "connect";
  if (spec.rules.cylinder && spec.family != "mnk" && spec.family != "connect")
    throw InputError("cylinder applies to mnk and connect boards only");
  if (spec.rules.exact) {
    // The overline rule is Gomoku's: free placement, straight lines, one stone a turn, the
    // first to own a line wins. Elsewhere "the cells that extend a line" or "the stone
    // that completes it" would need a definition of their own.
    if (spec.family != "mnk" || spec.rules.gravity || spec.rules.cylinder)
      throw InputError("exact (an overline does not win) applies to mnk boards without gravity or cylinder");
    if (spec.rules.goal != Goal::Normal)
      throw InputError("exact (an overline does not win) applies to normal play only, not misere or maker-breaker");
    if (spec.rules.stones_per_turn != 1 || spec.rules.first_turn_stones != 1)
      throw InputError("exact (an overline does not win) applies to one stone a turn (p=1, q=1)");
    if (spec.params[2] < 2)
      throw InputError("exact (an overline does not win) needs k >= 2: a line of one cell has no direction");
  }
  return spec;
}

std::string format_spec(const GameSpec& spec) {
  std::string out = spec.family + ":";
  if (spec.family == "file") {
    out += spec.path;
  } else {
    std::vector<int> params = spec.params;
    if (spec.family == "cube" && params.size() == 3 && params[2] == params[0]) params.pop_back();
    for (std::size_t i = 0; i < params.size(); ++i) out += (i ? "x" : "") + std::to_string(params[i]);
    if (spec.family == "animal") out += ":" + spec.shape;
  }
  const Rules& r = spec.rules;
  if (r.goal != Goal::Normal) out += std::string(",") + goal_name(r.goal);
  if (r.gravity && spec.family != "connect") out += ",gravity";
  if (r.cylinder) out += ",cylinder";
  if (r.exact) out += ",exact";
  if (r.maker_threshold >= 0) {
    out += ",b=" + std::to_string(r.maker_threshold);
  } else if (r.maker_picks_count) {
    out += ",p=1.." + std::to_string(r.stones_per_turn);
  } else {
    if (r.stones_per_turn != 1) out += ",p=" + std::to_string(r.stones_per_turn);
    if (r.first_turn_stones != r.stones_per_turn) out += ",q=" + std::to_string(r.first_turn_stones);
  }
  return out;
}

}  // namespace kinrow
