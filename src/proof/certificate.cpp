// The text form of certificates (docs/certificates.md). Reading is strict about form and
// names the line of every problem; whether the strategies are any good is the checker's
// business, not the reader's.
#include "proof/certificate.h"

#include <istream>
#include <ostream>
#include <sstream>

#include "core/error.h"
#include "core/notation.h"
#include "core/spec.h"

namespace kinrow {
namespace {

constexpr const char* kMagic = "kinrow-certificate";
constexpr int kVersion = 1;

char stone_letter(int player) {
  return player == 0 ? 'x' : 'o';
}
char upper(char c) {
  return static_cast<char>(c - 'a' + 'A');
}
bool is_blank(char c) {
  return c == ' ' || c == '\t';
}

std::string trimmed(const std::string& text) {
  std::size_t begin = 0, end = text.size();
  while (begin < end && is_blank(text[begin])) ++begin;
  while (end > begin && (is_blank(text[end - 1]) || text[end - 1] == '\r')) --end;
  return text.substr(begin, end - begin);
}

[[noreturn]] void fail(int line, const std::string& problem) {
  throw InputError(std::string("line ") + std::to_string(line) + ": " + problem);
}

std::string quoted(const std::string& text) {
  return std::string("\"") + printable(text) + "\"";
}

// A certificate names its game by spec; any spelling of the same spec is accepted, and a
// hand-built game (tests) matches by its exact spec text.
void check_game_line(const std::string& spec, int line, const Game& game) {
  if (spec == game.spec) return;
  std::string canonical;
  try {
    canonical = format_spec(parse_spec(spec));
  } catch (const InputError& e) {
    fail(line, e.what());
  }
  if (canonical != game.spec)
    fail(line, std::string("the certificate is for ") + canonical + ", not " + game.spec);
}

// "strategy first win win-now" -> the strategy's header fields.
Strategy parse_strategy_header(std::istringstream& words, int line) {
  Strategy strategy;
  strategy.source_line = line;
  std::string holder, claim, rule;
  words >> holder >> claim;
  if (holder == "first") {
    strategy.holder = 0;
  } else if (holder == "second") {
    strategy.holder = 1;
  } else {
    fail(line, "expected \"strategy first|second win|at-least-draw [win-now] [pairs] [forest]\"");
  }
  if (claim == claim_name(Claim::Win)) {
    strategy.claim = Claim::Win;
  } else if (claim == claim_name(Claim::NotLose)) {
    strategy.claim = Claim::NotLose;
  } else {
    fail(line, std::string("the claim must be \"win\" or \"at-least-draw\", not ") + quoted(claim));
  }
  strategy.win_now_rule = false;
  while (words >> rule) {
    if (rule == "win-now") {
      strategy.win_now_rule = true;
    } else if (rule == "pairs") {
      strategy.pairing_rule = true;
    } else if (rule == "forest") {
      strategy.forest_rule = true;
    } else if (rule == "matching") {
      strategy.plan.emplace();
    } else {
      fail(line, std::string("unknown rule ") + quoted(rule) + " (known: win-now, pairs, forest, matching)");
    }
  }
  return strategy;
}

// One entry line, expanding O'Dwyer's alternatives: k upper-case opponent letters stand
// for k positions, each with exactly one of those cells holding an opponent stone.
// Blanks inside the line are ignored, so rows may be spaced apart for reading.
void parse_entry(const std::string& line_text, int line, const Game& game, Strategy& strategy) {
  std::string text;
  for (char ch : line_text)
    if (!is_blank(ch)) text += ch;
  if (static_cast<int>(text.size()) != game.cell_count())
    fail(line, std::string("an entry has one character per cell (") +
                   std::to_string(game.cell_count()) + "), not " + std::to_string(text.size()));
  const char mine = stone_letter(strategy.holder), theirs = stone_letter(1 - strategy.holder);
  StrategyEntry entry;
  entry.source_line = line;
  entry.owner.assign(game.cell_count(), kNoPlayer);
  std::vector<Cell> alternatives;
  for (Cell c = 0; c < game.cell_count(); ++c) {
    const char ch = text[c];
    if (ch == '.') continue;
    if (ch == mine) {
      entry.owner[c] = static_cast<int8_t>(strategy.holder);
    } else if (ch == theirs) {
      entry.owner[c] = static_cast<int8_t>(1 - strategy.holder);
    } else if (ch == upper(mine)) {
      entry.move.push_back(c);
    } else if (ch == upper(theirs)) {
      alternatives.push_back(c);
    } else {
      fail(line, std::string("unexpected character ") + quoted(std::string(1, ch)) +
                     " (an entry uses . x o, and X O in upper case for the holder's move and " +
                     "the opponent's alternatives)");
    }
  }
  if (entry.move.empty())
    fail(line,
         std::string("no move: mark the holder's stones of this turn with '") + upper(mine) + "'");
  if (alternatives.empty()) {
    strategy.entries.push_back(std::move(entry));
    return;
  }
  for (Cell a : alternatives) {
    StrategyEntry expanded = entry;
    expanded.owner[a] = static_cast<int8_t>(1 - strategy.holder);
    strategy.entries.push_back(std::move(expanded));
  }
}

// "paired BOARD (a1,b2) (c3,d4) ...": the board before the first '(' (blanks ignored),
// in lower case, then the pairs.
void parse_paired(const std::string& text, int line, const Game& game, const CellReader& cells, Strategy& strategy) {
  if (!strategy.pairing_rule)
    fail(line, "a \"paired\" line needs the pairs rule on its strategy (\"strategy ... pairs\")");
  const std::size_t open = text.find('(');
  std::string board;
  for (char ch : text.substr(6, open == std::string::npos ? std::string::npos : open - 6))
    if (!is_blank(ch)) board += ch;
  if (static_cast<int>(board.size()) != game.cell_count())
    fail(line, std::string("a paired position has one character per cell (") + std::to_string(game.cell_count()) +
                   "), not " + std::to_string(board.size()) + " (expected \"paired BOARD (a1,b2) ...\")");
  PairedEntry entry;
  entry.source_line = line;
  entry.owner.assign(game.cell_count(), kNoPlayer);
  for (Cell c = 0; c < game.cell_count(); ++c) {
    const char ch = board[c];
    if (ch == 'x' || ch == 'o')
      entry.owner[c] = static_cast<int8_t>(ch == 'x' ? 0 : 1);
    else if (ch != '.')
      fail(line, std::string("unexpected character ") + quoted(std::string(1, ch)) + " in a paired position (. x o)");
  }
  if (open == std::string::npos) fail(line, "a paired position lists its pairs: (a1,b2) ...");
  std::vector<MatchingComponent> components;
  try {
    components = parse_components(cells, text.substr(open));
  } catch (const InputError& e) {
    fail(line, e.what());
  }
  for (const MatchingComponent& component : components) {
    if (!component.is_pair()) fail(line, "a paired position lists pairs (a1,b2) only");
    entry.pairs.emplace_back(component.markers[0], component.markers[1]);
  }
  strategy.paired.push_back(std::move(entry));
}

// A line of a matching strategy: "opening CELL" or components.
void parse_plan_line(const std::string& text, const std::string& keyword, int line, const CellReader& cells,
                     MatchingPlan& plan) {
  try {
    if (keyword == "opening") {
      if (plan.opening >= 0 || !plan.components.empty())
        fail(line, "\"opening\" comes once, before the components");
      std::istringstream words(text.substr(keyword.size()));
      std::string cell, extra;
      words >> cell >> extra;
      if (cell.empty() || !extra.empty()) fail(line, "expected \"opening CELL\"");
      plan.opening = cells.parse(cell);
      return;
    }
    auto components = parse_components(cells, text);
    plan.components.insert(plan.components.end(), components.begin(), components.end());
  } catch (const InputError& e) {
    if (std::string(e.what()).rfind("line ", 0) == 0) throw;
    fail(line, e.what());
  }
}

}  // namespace

const char* claim_name(Claim claim) {
  return claim == Claim::Win ? "win" : "at-least-draw";
}

void write_certificate(std::ostream& out, const Game& game, const Certificate& certificate) {
  out << kMagic << ' ' << kVersion << "\n";
  out << "# one line per position where the holder is to move, one character per cell in\n"
         "# cell order: . empty, x first player, o second player, the holder's move in upper\n"
         "# case; \"paired\" lines: a position where the holder's pairs (x,y) take over;\n"
         "# or, for a \"matching\" strategy, the pairs (x,y) and matching sets\n"
         "# [markers | attack->reply {what is left}] of docs/pairing.md.\n"
         "# Format: docs/certificates.md. Check: kinrow verify SPEC FILE\n";
  out << "game " << certificate.spec << "\n";
  out << "start" << (certificate.start.empty() ? "" : " ") << certificate.start << "\n";
  std::string text(game.cell_count(), '.');
  for (const Strategy& strategy : certificate.strategies) {
    out << "strategy " << (strategy.holder == 0 ? "first " : "second ")
        << claim_name(strategy.claim) << (strategy.win_now_rule && !strategy.plan ? " win-now" : "")
        << (strategy.pairing_rule && !strategy.plan ? " pairs" : "")
        << (strategy.forest_rule && !strategy.plan ? " forest" : "")
        << (strategy.plan ? " matching" : "") << "\n";
    if (strategy.plan) {
      if (strategy.plan->opening >= 0)
        out << "opening " << format_cell(game, strategy.plan->opening) << "\n";
      for (const MatchingComponent& component : strategy.plan->components)
        out << format_component(game, component) << "\n";
      continue;
    }
    for (const StrategyEntry& entry : strategy.entries) {
      for (Cell c = 0; c < game.cell_count(); ++c)
        text[c] = entry.owner[c] == kNoPlayer ? '.' : stone_letter(entry.owner[c]);
      for (Cell c : entry.move) text[c] = upper(stone_letter(strategy.holder));
      out << text << "\n";
    }
    for (const PairedEntry& entry : strategy.paired) {
      for (Cell c = 0; c < game.cell_count(); ++c)
        text[c] = entry.owner[c] == kNoPlayer ? '.' : stone_letter(entry.owner[c]);
      out << "paired " << text;
      for (const auto& [a, b] : entry.pairs) out << " (" << format_cell(game, a) << ',' << format_cell(game, b) << ')';
      out << "\n";
    }
  }
}

Certificate read_certificate(std::istream& in, const Game& game) {
  const CellReader cells(game);
  Certificate certificate;
  std::string raw;
  int number = 0;
  bool header = false, have_game = false, have_start = false;
  while (std::getline(in, raw)) {
    ++number;
    const std::string text = trimmed(raw);
    if (text.empty() || text[0] == '#') continue;
    std::istringstream words(text);
    std::string keyword;
    words >> keyword;
    if (!header) {
      std::string version, extra;
      words >> version >> extra;
      if (keyword != kMagic)
        fail(number, std::string("expected \"") + kMagic + " 1\" first (not a kinrow certificate)");
      if (version != std::to_string(kVersion) || !extra.empty())
        fail(number, std::string("unsupported certificate version ") + quoted(version) +
                         " (this kinrow reads version 1)");
      header = true;
    } else if (keyword == "game") {
      std::string spec, extra;
      words >> spec >> extra;
      if (have_game) fail(number, "a second \"game\" line");
      if (spec.empty() || !extra.empty()) fail(number, "expected \"game SPEC\"");
      check_game_line(spec, number, game);
      certificate.spec = game.spec;
      have_game = true;
    } else if (keyword == "start") {
      if (!have_game) fail(number, "\"game SPEC\" must come before \"start\"");
      if (have_start) fail(number, "a second \"start\" line");
      if (!certificate.strategies.empty())
        fail(number, "\"start\" must come before the strategies");
      certificate.start = trimmed(text.substr(keyword.size()));
      try {
        play_moves(game, certificate.start);
      } catch (const InputError& e) {
        fail(number, std::string("start: ") + e.what());
      }
      have_start = true;
    } else if (keyword == "strategy") {
      if (!have_game) fail(number, "\"game SPEC\" must come before the strategies");
      certificate.strategies.push_back(parse_strategy_header(words, number));
    } else {
      if (certificate.strategies.empty()) fail(number, "an entry before any \"strategy\" line");
      Strategy& strategy = certificate.strategies.back();
      if (strategy.plan)
        parse_plan_line(text, keyword, number, cells, *strategy.plan);
      else if (keyword == "paired")
        parse_paired(text, number, game, cells, strategy);
      else
        parse_entry(text, number, game, strategy);
    }
  }
  if (!header) throw InputError("not a kinrow certificate (it is empty)");
  if (!have_game) throw InputError("the certificate names no game (a \"game SPEC\" line)");
  if (certificate.strategies.empty()) throw InputError("the certificate holds no strategy");
  return certificate;
}

}  // namespace kinrow
