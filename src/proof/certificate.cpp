#include "proof/certificate.h"

#include <istream>
#include <ostream>
#include <sstream>

#include "core/error.h"
#include "core/spec.h"

namespace kinrow {
namespace {

constexpr const char* kHeader = "kinrow-certificate 1";

char stone_letter(int player) { return player == 0 ? 'x' : 'o'; }
char upper(char c) { return static_cast<char>(c - 'a' + 'A'); }

[[noreturn]] void fail(int line, const std::string& problem) {
  throw InputError("certificate line " + std::to_string(line) + ": " + problem);
}

// "strategy first win win-now" -> the strategy's header fields.
Strategy parse_strategy_header(std::istringstream& words, int line) {
  Strategy strategy;
  std::string holder, claim, rule;
  words >> holder >> claim;
  if (holder == "first") strategy.holder = 0;
  else if (holder == "second") strategy.holder = 1;
  else fail(line, "expected \"strategy first|second win|at-least-draw [win-now]\"");
  if (claim == "win") strategy.claim = Claim::Win;
  else if (claim == claim_name(Claim::NotLose)) strategy.claim = Claim::NotLose;
  else fail(line, "the claim must be \"win\" or \"at-least-draw\", not \"" + printable(claim) + "\"");
  strategy.win_now_rule = false;
  while (words >> rule) {
    if (rule != "win-now") fail(line, "unknown rule \"" + printable(rule) + "\" (known: win-now)");
    strategy.win_now_rule = true;
  }
  return strategy;
}

// One entry line, expanding seed 004's alternatives: k upper-case opponent letters stand
// for k positions, each with exactly one of those cells holding an opponent stone.
void parse_entry(const std::string& text, int line, const Game& game, Strategy& strategy) {
  if (static_cast<int>(text.size()) != game.cell_count())
    fail(line, "an entry has one character per cell (" + std::to_string(game.cell_count()) + "), not " +
                   std::to_string(text.size()));
  const char mine = stone_letter(strategy.holder), theirs = stone_letter(1 - strategy.holder);
  StrategyEntry entry;
  entry.source_line = line;
  entry.owner.assign(game.cell_count(), kNoPlayer);
  std::vector<Cell> alternatives;
  for (Cell c = 0; c < game.cell_count(); ++c) {
    const char ch = text[c];
    if (ch == '.') continue;
    if (ch == mine) entry.owner[c] = static_cast<int8_t>(strategy.holder);
    else if (ch == theirs) entry.owner[c] = static_cast<int8_t>(1 - strategy.holder);
    else if (ch == upper(mine)) entry.move.push_back(c);
    else if (ch == upper(theirs)) alternatives.push_back(c);
    else
      fail(line, "unexpected character '" + printable(std::string(1, ch)) + "' (use . x o, and X or O for the " +
                     "holder's move and the opponent's alternatives)");
  }
  if (entry.move.empty())
    fail(line, std::string("no move: mark the holder's stones of this turn with '") + upper(mine) + "'");
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

}  // namespace

const char* claim_name(Claim claim) { return claim == Claim::Win ? "win" : "at-least-draw"; }

void write_certificate(std::ostream& out, const Game& game, const Certificate& certificate) {
  out << kHeader << "\n";
  out << "# one line per position: . empty, x first player, o second player; the holder's\n"
         "# move in upper case. Format: docs/certificates.md. Check: kinrow verify SPEC FILE\n";
  out << "game " << certificate.spec << "\n";
  out << "start " << certificate.start << "\n";
  std::string line(game.cell_count(), '.');
  for (const Strategy& strategy : certificate.strategies) {
    out << "strategy " << (strategy.holder == 0 ? "first " : "second ") << claim_name(strategy.claim)
        << (strategy.win_now_rule ? " win-now" : "") << "\n";
    for (const StrategyEntry& entry : strategy.entries) {
      for (Cell c = 0; c < game.cell_count(); ++c)
        line[c] = entry.owner[c] == kNoPlayer ? '.' : stone_letter(entry.owner[c]);
      for (Cell c : entry.move) line[c] = upper(stone_letter(strategy.holder));
      out << line << "\n";
    }
  }
}

Certificate read_certificate(std::istream& in, const Game& game) {
  Certificate certificate;
  std::string text;
  int number = 0;
  bool header = false, have_game = false;
  while (std::getline(in, text)) {
    ++number;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.empty() || text[0] == '#') continue;
    if (!header) {
      if (text != kHeader) fail(number, std::string("expected \"") + kHeader + "\" first");
      header = true;
      continue;
    }
    std::istringstream words(text);
    std::string keyword;
    words >> keyword;
    if (keyword == "game") {
      std::string spec;
      words >> spec;
      try {
        certificate.spec = format_spec(parse_spec(spec));
      } catch (const InputError& e) {
        fail(number, e.what());
      }
      if (certificate.spec != game.spec)
        fail(number, "the certificate is for " + certificate.spec + ", not " + game.spec);
      have_game = true;
    } else if (keyword == "start") {
      certificate.start = text.size() > 6 ? text.substr(6) : "";
    } else if (keyword == "strategy") {
      if (!have_game) fail(number, "\"game SPEC\" must come before the strategies");
      certificate.strategies.push_back(parse_strategy_header(words, number));
    } else {
      if (certificate.strategies.empty()) fail(number, "an entry before any \"strategy\" line");
      parse_entry(text, number, game, certificate.strategies.back());
    }
  }
  if (!header) throw InputError("not a kinrow certificate (it is empty)");
  if (!have_game) throw InputError("the certificate names no game (\"game SPEC\" line)");
  if (certificate.strategies.empty()) throw InputError("the certificate holds no strategy");
  return certificate;
}

}  // namespace kinrow
