// The text form of certificates (docs/certificates.md). Reading is strict about form and
// names the line of every problem; whether the strategies are any good is the checker's
// business, not the reader's.
#include "proof/certificate.h"

#include <istream>
#include <ostream>
#include <optional>
#include <sstream>
#include <string_view>
#include <algorithm>

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

// The longest line read. A certificate's lines are short: a board of at most 1024 cells, its
// zones, a matching plan of kilobytes. A damaged or hostile file whose line runs to a
// gigabyte (a megabyte of gzip can hold one) must be refused before it is held whole.
constexpr std::size_t kLongestLine = std::size_t{16} << 20;

// The next line of `in` into `raw`, without its newline; false at the end of the input. Read
// in pieces by istream::getline, which finds the newline in the stream's buffer as
// std::getline does, so that a line longer than kLongestLine is refused as it is read.
bool read_line(std::istream& in, int number, std::string& raw) {
  raw.clear();
  char piece[4096];
  for (;;) {
    in.getline(piece, sizeof piece);
    const bool full = in.fail() && !in.eof() && in.gcount() == static_cast<std::streamsize>(sizeof piece) - 1;
    const std::streamsize stored = full || in.eof() ? in.gcount() : in.gcount() - 1;
    raw.append(piece, static_cast<std::size_t>(std::max<std::streamsize>(stored, 0)));
    if (raw.size() > kLongestLine)
      fail(number, "longer than " + std::to_string(kLongestLine >> 20) + " MiB: no certificate line is (a damaged file?)");
    if (!full) return !in.fail() || !raw.empty();
    in.clear(in.rdstate() & ~std::ios::failbit);
  }
}

// The next line that is not blank or a comment, trimmed; `number` counts every line.
bool next_line(std::istream& in, int& number, std::string& text) {
  std::string raw;
  while (read_line(in, number + 1, raw)) {
    ++number;
    text = trimmed(raw);
    if (!text.empty() && text[0] != '#') return true;
  }
  return false;
}

// The first line of a certificate: the format and its version.
void check_magic_line(const std::string& keyword, std::istringstream& words, int number) {
  std::string version, extra;
  words >> version >> extra;
  if (keyword != kMagic) fail(number, std::string("expected \"") + kMagic + " 1\" first (not a kinrow certificate)");
  if (version != std::to_string(kVersion) || !extra.empty())
    fail(number, std::string("unsupported certificate version ") + quoted(version) + " (this kinrow reads version 1)");
}

// The spec of a "game SPEC" line, its keyword read.
std::string game_line_spec(std::istringstream& words, int number) {
  std::string name, extra;
  words >> name >> extra;
  if (name.empty() || !extra.empty()) fail(number, "expected \"game SPEC\"");
  return name;
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
    fail(line, "expected \"strategy first|second win|at-least-draw [win-now] [pairs] [zones] [forest] [stronger]\"");
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
    } else if (rule == "zones") {
      strategy.zone_rule = true;
    } else if (rule == "forest") {
      strategy.forest_rule = true;
    } else if (rule == "stronger") {
      strategy.stronger_rule = true;
    } else if (rule == "matching") {
      strategy.plan.emplace();
    } else {
      fail(line, std::string("unknown rule ") + quoted(rule) + " (known: win-now, pairs, zones, forest, stronger, matching)");
    }
  }
  return strategy;
}

// "~W ..." or "+G ...": the count after the sign (1 or more), then a blank, and the rest.
std::string_view counted_prefix(std::string_view text, int line, const char* expected, int& count) {
  std::size_t i = 1;
  count = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9' && count < 100000) count = count * 10 + (text[i++] - '0');
  if (i == 1 || count == 0 || i >= text.size() || !is_blank(text[i])) fail(line, expected);
  return text.substr(i);
}

// "~W ..." (the opponent's stones withheld on the way, zones rule): W, and the rest.
std::string_view withheld_prefix(std::string_view text, int line, const Strategy& strategy, int& withheld) {
  if (!strategy.zone_rule) fail(line, "\"~W\" (stones withheld) needs the zones rule on its strategy (\"strategy ... zones\")");
  return counted_prefix(text, line, "expected \"~W\" with W the stones withheld (1 or more), then a blank", withheld);
}

// "+G ..." (stones given the opponent on the way, stronger rule): G, and the rest.
std::string_view given_prefix(std::string_view text, int line, const Strategy& strategy, int& given) {
  if (!strategy.stronger_rule) fail(line, "\"+G\" (stones given) needs the stronger rule on its strategy (\"strategy ... stronger\")");
  return counted_prefix(text, line, "expected \"+G\" with G the stones given (1 or more), then a blank", given);
}

// A position of a zone or stronger line, `. x o` with blanks ignored until it has one
// character per cell; the rest of the text (its cells) is left in `rest`.
std::vector<int8_t> parse_board(std::string_view& rest, int line, const Game& game, const char* what) {
  std::vector<int8_t> owner(game.cell_count(), kNoPlayer);
  int c = 0;
  std::size_t i = 0;
  for (; i < rest.size() && c < game.cell_count(); ++i) {
    const char ch = rest[i];
    if (is_blank(ch)) continue;
    if (ch == 'x' || ch == 'o') owner[c] = static_cast<int8_t>(ch == 'x' ? 0 : 1);
    else if (ch != '.')
      fail(line, std::string("unexpected character ") + quoted(std::string(1, ch)) + " in " + what + "'s position (. x o)");
    ++c;
  }
  if (c < game.cell_count())
    fail(line, std::string(what) + "'s position has one character per cell (" + std::to_string(game.cell_count()) + ")");
  rest.remove_prefix(i);
  return owner;
}

// "stronger [+G] BOARD a1 b2 ...": the position (the opponent to move), then the cells he
// would own.
bool parse_stronger(const std::string& text, int line, const Game& game, const CellReader& cells,
                    const Strategy& strategy, CertificateSink& sink) {
  if (!strategy.stronger_rule) fail(line, "a \"stronger\" line needs the stronger rule on its strategy (\"strategy ... stronger\")");
  std::string_view rest = std::string_view(text).substr(8);
  while (!rest.empty() && is_blank(rest[0])) rest.remove_prefix(1);
  StrongerEntry entry;
  entry.source_line = line;
  if (!rest.empty() && rest[0] == '+') rest = given_prefix(rest, line, strategy, entry.given);
  entry.owner = parse_board(rest, line, game, "a stronger line");
  std::istringstream words{std::string(rest)};
  std::string word;
  std::vector<bool> listed(game.cell_count(), false);
  while (words >> word) {
    Cell cell = -1;
    try {
      cell = cells.parse(word);
    } catch (const InputError& e) {
      fail(line, e.what());
    }
    if (listed[cell]) fail(line, std::string("the cell ") + word + " is listed twice");
    listed[cell] = true;
    entry.cells.push_back(cell);
  }
  if (entry.cells.empty()) fail(line, "a stronger line lists the cells the opponent would own");
  return sink.stronger(entry);
}

// "zone ~W BOARD a1 b2 | c3 ...": the position (. x o, blanks ignored until the board has
// one character per cell), then the cells of zone 1, and after each "|" those the next
// zone adds.
bool parse_zone(const std::string& text, int line, const Game& game, const CellReader& cells,
                const Strategy& strategy, CertificateSink& sink) {
  if (!strategy.zone_rule) fail(line, "a \"zone\" line needs the zones rule on its strategy (\"strategy ... zones\")");
  std::string_view rest = std::string_view(text).substr(4);
  while (!rest.empty() && is_blank(rest[0])) rest.remove_prefix(1);
  ZoneEntry entry;
  entry.source_line = line;
  if (rest.empty() || rest[0] != '~') fail(line, "expected \"zone ~W BOARD CELLS\"");
  rest = withheld_prefix(rest, line, strategy, entry.withheld);
  entry.owner = parse_board(rest, line, game, "a zone");
  entry.level.assign(game.cell_count(), 0);
  std::istringstream words{std::string(rest)};
  std::string word;
  int level = 1;
  while (words >> word) {
    if (word == "|") {
      // Zone i answers the i-th withheld stone: a zone past the W-th would answer none.
      if (++level > entry.withheld)
        fail(line, "a zone line of ~" + std::to_string(entry.withheld) + " holds at most " +
                       std::to_string(entry.withheld) + " zones (zone i answers the i-th stone withheld)");
      continue;
    }
    Cell cell = -1;
    try {
      cell = cells.parse(word);
    } catch (const InputError& e) {
      fail(line, e.what());
    }
    if (entry.level[cell] != 0) fail(line, std::string("the cell ") + word + " is listed twice");
    entry.level[cell] = static_cast<uint8_t>(std::min(level, 255));
  }
  return sink.zone(entry);
}

// One entry line, expanding O'Dwyer's alternatives: k upper-case opponent letters stand
// for k positions, each with exactly one of those cells holding an opponent stone.
// Blanks inside the line are ignored, so rows may be spaced apart for reading. Each
// position goes to the sink in turn; false if the sink stops.
bool parse_entry(const std::string& line_text, int line, const Game& game, const Strategy& strategy,
                 CertificateSink& sink) {
  int withheld = 0, given = 0;
  std::string_view rest = line_text;
  if (!rest.empty() && rest[0] == '~') rest = withheld_prefix(rest, line, strategy, withheld);
  if (!rest.empty() && rest[0] == '+') rest = given_prefix(rest, line, strategy, given);
  std::string text;
  for (char ch : rest)
    if (!is_blank(ch)) text += ch;
  if (static_cast<int>(text.size()) != game.cell_count())
    fail(line, std::string("an entry has one character per cell (") +
                   std::to_string(game.cell_count()) + "), not " + std::to_string(text.size()));
  const char mine = stone_letter(strategy.holder), theirs = stone_letter(1 - strategy.holder);
  StrategyEntry entry;
  entry.source_line = line;
  entry.withheld = withheld;
  entry.given = given;
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
  if (alternatives.empty()) return sink.entry(entry);
  for (Cell a : alternatives) {
    entry.owner[a] = static_cast<int8_t>(1 - strategy.holder);
    if (!sink.entry(entry)) return false;
    entry.owner[a] = kNoPlayer;
  }
  return true;
}

// "paired BOARD (a1,b2) (c3,d4) ...": the board before the first '(' (blanks ignored),
// in lower case, then the pairs.
bool parse_paired(const std::string& text, int line, const Game& game, const CellReader& cells,
                  const Strategy& strategy, CertificateSink& sink) {
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
  return sink.paired(entry);
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

FromEmptyBoard::FromEmptyBoard(CertificateSink& next, const Position& opening) : next_(next), opening_(opening) {
  if (opening.history().size() != 1)
    throw InputError("a certificate starts at the empty board only after one opening turn, not " +
                     std::to_string(opening.history().size()));
}

bool FromEmptyBoard::begin(const std::string& spec, const std::string&) { return next_.begin(spec, ""); }

bool FromEmptyBoard::strategy(const Strategy& header) {
  if (++strategies_ > 1 || header.claim != Claim::Win || header.holder != 0)
    throw InputError("a certificate starts at the empty board only when the opening turn's player wins after it");
  if (!next_.strategy(header)) return false;
  StrategyEntry first;
  first.owner.assign(static_cast<std::size_t>(opening_.game().cell_count()), kNoPlayer);
  first.move = opening_.history()[0];
  return next_.entry(first);
}

bool FromEmptyBoard::end() {
  if (strategies_ != 1)
    throw InputError("a certificate starts at the empty board only when the opening turn's player wins after it");
  return next_.end();
}

void begin_certificate(CertificateSink& sink, const std::string& spec, const std::string& start) {
  if (!sink.begin(spec, start)) throw InputError("the certificate could not be begun");
}

void end_certificate(CertificateSink& sink) {
  if (!sink.end()) throw InputError("the certificate could not be finished (a failed write)");
}

void send_certificate(const Certificate& certificate, CertificateSink& sink) {
  if (!sink.begin(certificate.spec, certificate.start)) return;
  for (const Strategy& strategy : certificate.strategies) {
    Strategy header;
    header.holder = strategy.holder;
    header.claim = strategy.claim;
    header.win_now_rule = strategy.win_now_rule;
    header.pairing_rule = strategy.pairing_rule;
    header.zone_rule = strategy.zone_rule;
    header.forest_rule = strategy.forest_rule;
    header.stronger_rule = strategy.stronger_rule;
    header.plan = strategy.plan;
    header.source_line = strategy.source_line;
    if (!sink.strategy(header)) return;
    for (const StrategyEntry& entry : strategy.entries)
      if (!sink.entry(entry)) return;
    for (const PairedEntry& entry : strategy.paired)
      if (!sink.paired(entry)) return;
    for (const ZoneEntry& entry : strategy.zones)
      if (!sink.zone(entry)) return;
    for (const StrongerEntry& entry : strategy.stronger)
      if (!sink.stronger(entry)) return;
  }
  sink.end();
}

bool CertificateBuilder::begin(const std::string& spec, const std::string& start) {
  certificate_.spec = spec;
  certificate_.start = start;
  return true;
}
bool CertificateBuilder::strategy(const Strategy& header) {
  certificate_.strategies.push_back(header);
  return true;
}
bool CertificateBuilder::entry(const StrategyEntry& entry) {
  certificate_.strategies.back().entries.push_back(entry);
  return true;
}
bool CertificateBuilder::paired(const PairedEntry& entry) {
  certificate_.strategies.back().paired.push_back(entry);
  return true;
}
bool CertificateBuilder::zone(const ZoneEntry& entry) {
  certificate_.strategies.back().zones.push_back(entry);
  return true;
}
bool CertificateBuilder::stronger(const StrongerEntry& entry) {
  certificate_.strategies.back().stronger.push_back(entry);
  return true;
}

CertificateWriter::CertificateWriter(std::ostream& out, const Game& game)
    : out_(out), game_(game), text_(game.cell_count(), '.') {}

bool CertificateWriter::begin(const std::string& spec, const std::string& start) {
  out_ << kMagic << ' ' << kVersion << "\n";
  out_ << "# one line per position where the holder is to move, one character per cell in\n"
          "# cell order: . empty, x first player, o second player, the holder's move in upper\n"
          "# case; \"paired\" lines: a position where the holder's pairs (x,y) take over;\n"
          "# or, for a \"matching\" strategy, the pairs (x,y) and matching sets\n"
          "# [markers | attack->reply {what is left}] of docs/pairing.md.\n"
          "# Format: docs/certificates.md. Check: kinrow verify SPEC FILE\n";
  out_ << "game " << spec << "\n";
  out_ << "start" << (start.empty() ? "" : " ") << start << "\n";
  return bool(out_);
}

bool CertificateWriter::strategy(const Strategy& strategy) {
  mine_ = upper(stone_letter(strategy.holder));
  out_ << "strategy " << (strategy.holder == 0 ? "first " : "second ") << claim_name(strategy.claim)
       << (strategy.win_now_rule && !strategy.plan ? " win-now" : "")
       << (strategy.pairing_rule && !strategy.plan ? " pairs" : "")
       << (strategy.zone_rule && !strategy.plan ? " zones" : "") << (strategy.forest_rule && !strategy.plan ? " forest" : "") << (strategy.stronger_rule && !strategy.plan ? " stronger" : "")
       << (strategy.plan ? " matching" : "") << "\n";
  if (strategy.plan) {
    if (strategy.plan->opening >= 0) out_ << "opening " << format_cell(game_, strategy.plan->opening) << "\n";
    for (const MatchingComponent& component : strategy.plan->components)
      out_ << format_component(game_, component) << "\n";
  }
  return bool(out_);
}

bool CertificateWriter::entry(const StrategyEntry& entry) {
  for (Cell c = 0; c < game_.cell_count(); ++c)
    text_[c] = entry.owner[c] == kNoPlayer ? '.' : stone_letter(entry.owner[c]);
  for (Cell c : entry.move) text_[c] = mine_;
  if (entry.withheld > 0) out_ << '~' << entry.withheld << ' ';
  if (entry.given > 0) out_ << '+' << entry.given << ' ';
  out_ << text_ << '\n';
  ++entries_;
  return bool(out_);
}

bool CertificateWriter::zone(const ZoneEntry& entry) {
  for (Cell c = 0; c < game_.cell_count(); ++c)
    text_[c] = entry.owner[c] == kNoPlayer ? '.' : stone_letter(entry.owner[c]);
  out_ << "zone ~" << entry.withheld << ' ' << text_;
  const int top = entry.level.empty() ? 0 : *std::max_element(entry.level.begin(), entry.level.end());
  for (int level = 1; level <= top; ++level) {
    if (level > 1) out_ << " |";
    for (Cell c = 0; c < game_.cell_count(); ++c)
      if (entry.level[c] == level) out_ << ' ' << format_cell(game_, c);
  }
  out_ << '\n';
  ++entries_;
  return bool(out_);
}

bool CertificateWriter::stronger(const StrongerEntry& entry) {
  for (Cell c = 0; c < game_.cell_count(); ++c)
    text_[c] = entry.owner[c] == kNoPlayer ? '.' : stone_letter(entry.owner[c]);
  out_ << "stronger ";
  if (entry.given > 0) out_ << '+' << entry.given << ' ';
  out_ << text_;
  for (Cell c : entry.cells) out_ << ' ' << format_cell(game_, c);
  out_ << '\n';
  ++entries_;
  return bool(out_);
}

bool CertificateWriter::paired(const PairedEntry& entry) {
  for (Cell c = 0; c < game_.cell_count(); ++c)
    text_[c] = entry.owner[c] == kNoPlayer ? '.' : stone_letter(entry.owner[c]);
  out_ << "paired " << text_;
  for (const auto& [a, b] : entry.pairs) out_ << " (" << format_cell(game_, a) << ',' << format_cell(game_, b) << ')';
  out_ << '\n';
  ++entries_;
  return bool(out_);
}

bool CertificateWriter::end() {
  out_.flush();
  return bool(out_);
}

void write_certificate(std::ostream& out, const Game& game, const Certificate& certificate) {
  CertificateWriter writer(out, game);
  send_certificate(certificate, writer);
}

void read_certificate(std::istream& in, const Game& game, CertificateSink& sink) {
  const CellReader cells(game);
  std::string spec, start;
  // The strategy being read. A matching strategy goes to the sink whole, once its plan
  // is read; any other goes at its header, and its entries follow one by one.
  std::optional<Strategy> strategy;
  bool any_strategy = false;
  const auto send_plan = [&] { return !strategy || !strategy->plan || sink.strategy(*strategy); };
  int number = 0;
  bool header = false, have_game = false, have_start = false;
  std::string text;
  while (next_line(in, number, text)) {
    // Entry lines, nearly all of a large certificate, skip the word splitting below.
    if (strategy && !strategy->plan && std::string_view(".xoXO~+").find(text[0]) != std::string_view::npos) {
      if (!parse_entry(text, number, game, *strategy, sink)) return;
      continue;
    }
    std::istringstream words(text);
    std::string keyword;
    words >> keyword;
    if (!header) {
      check_magic_line(keyword, words, number);
      header = true;
    } else if (keyword == "game") {
      if (have_game) fail(number, "a second \"game\" line");
      check_game_line(game_line_spec(words, number), number, game);
      spec = game.spec;
      have_game = true;
    } else if (keyword == "start") {
      if (!have_game) fail(number, "\"game SPEC\" must come before \"start\"");
      if (have_start) fail(number, "a second \"start\" line");
      if (any_strategy) fail(number, "\"start\" must come before the strategies");
      start = trimmed(text.substr(keyword.size()));
      try {
        play_moves(game, start);
      } catch (const InputError& e) {
        fail(number, std::string("start: ") + e.what());
      }
      have_start = true;
    } else if (keyword == "strategy") {
      if (!have_game) fail(number, "\"game SPEC\" must come before the strategies");
      Strategy next = parse_strategy_header(words, number);
      if (!any_strategy && !sink.begin(spec, start)) return;
      if (!send_plan()) return;
      any_strategy = true;
      strategy = std::move(next);
      if (!strategy->plan && !sink.strategy(*strategy)) return;
    } else {
      if (!strategy) fail(number, "an entry before any \"strategy\" line");
      if (strategy->plan) {
        parse_plan_line(text, keyword, number, cells, *strategy->plan);
      } else if (keyword == "paired") {
        if (!parse_paired(text, number, game, cells, *strategy, sink)) return;
      } else if (keyword == "zone") {
        if (!parse_zone(text, number, game, cells, *strategy, sink)) return;
      } else if (keyword == "stronger") {
        if (!parse_stronger(text, number, game, cells, *strategy, sink)) return;
      } else if (!parse_entry(text, number, game, *strategy, sink)) {
        return;
      }
    }
  }
  if (!header) throw InputError("not a kinrow certificate (it is empty)");
  if (!have_game) throw InputError("the certificate names no game (a \"game SPEC\" line)");
  if (!any_strategy) throw InputError("the certificate holds no strategy");
  if (send_plan()) sink.end();
}

std::string read_certificate_spec(std::istream& in) {
  std::string text;
  int number = 0;
  bool header = false;
  while (next_line(in, number, text)) {
    std::istringstream words(text);
    std::string keyword;
    words >> keyword;
    if (!header) {
      check_magic_line(keyword, words, number);
      header = true;
    } else if (keyword == "game") {
      return game_line_spec(words, number);
    } else {
      fail(number, "expected \"game SPEC\" after the first line");
    }
  }
  if (!header) throw InputError("not a kinrow certificate (it is empty)");
  throw InputError("the certificate names no game (a \"game SPEC\" line)");
}

Certificate read_certificate(std::istream& in, const Game& game) {
  CertificateBuilder builder;
  read_certificate(in, game, builder);
  return std::move(builder.certificate());
}

}  // namespace kinrow
