#include "dictionary/dictionary.h"

#include <bit>
#include <cctype>
#include <istream>
#include <ostream>

#include <sstream>

#include "core/error.h"
#include "core/text_file.h"
#include "proof/certificate.h"

namespace kinrow {
namespace {

bool is_dash_line(const std::string& line) {
  return line.size() >= 5 && line.find_first_not_of('-') == std::string::npos;
}

bool is_cells_line(const std::string& line, int cells) {
  return static_cast<int>(line.size()) == cells && line.find_first_not_of(".xoXO") == std::string::npos;
}

[[noreturn]] void bad_line(int line, const std::string& why) {
  throw InputError("line " + std::to_string(line) + ": " + why);
}

// The holder is to move when the stones are level (first player) or x leads by one.
void check_counts(const DictionaryStones& s, int holder, int line) {
  const int x = s.first.count(), o = s.second.count();
  if (x - o != holder)
    bad_line(line, std::to_string(x) + " x and " + std::to_string(o) + " o do not leave the " +
                       (holder == 0 ? "first" : "second") + " player to move");
}

void parse_cells(const std::string& text, int line, int holder, Dictionary& out) {
  const char mine = holder == 0 ? 'X' : 'O', theirs = holder == 0 ? 'O' : 'X';
  DictionaryStones stones;
  Bits<1> alternatives;
  Cell move = -1;
  for (Cell c = 0; c < static_cast<Cell>(text.size()); ++c) {
    const char ch = text[c];
    if (ch == 'x') stones.place(0, c);
    else if (ch == 'o') stones.place(1, c);
    else if (ch == theirs) alternatives.set(c);
    else if (ch == mine) {
      if (move >= 0) bad_line(line, std::string("two moves marked '") + mine + "'");
      move = c;
    }
  }
  if (move < 0) bad_line(line, std::string("no move: mark the holder's move with '") + mine + "'");
  const int player_of_alternatives = 1 - holder;
  if (alternatives.none()) {
    check_counts(stones, holder, line);
    out.entries.push_back({stones, move, line});
  }
  for (Cell a : alternatives) {
    DictionaryStones expanded = stones;
    expanded.place(player_of_alternatives, a);
    check_counts(expanded, holder, line);
    out.entries.push_back({expanded, move, line});
  }
  ++out.entry_lines;
}

void parse_run_length(const std::string& text, int line, int cells, int holder, Dictionary& out) {
  const std::size_t space = text.rfind(' ');
  if (space == std::string::npos) bad_line(line, "expected \"POSITION MOVE\", e.g. \"xo1x8x8o41o 41\"");
  DictionaryStones stones;
  Cell at = 0;
  for (std::size_t i = 0; i < space;) {
    const char ch = text[i];
    if (std::isdigit(static_cast<unsigned char>(ch))) {
      int run = 0;
      while (i < space && std::isdigit(static_cast<unsigned char>(text[i]))) {
        run = run * 10 + (text[i++] - '0');
        if (run > cells) bad_line(line, "the position runs past the board's " + std::to_string(cells) + " cells");
      }
      at += run;
      continue;
    }
    if (ch != 'x' && ch != 'o') bad_line(line, std::string("unexpected '") + ch + "' in the position");
    if (at >= cells) bad_line(line, "the position runs past the board's " + std::to_string(cells) + " cells");
    stones.place(ch == 'x' ? 0 : 1, at++);
    ++i;
  }
  if (at > cells) bad_line(line, "the position runs past the board's " + std::to_string(cells) + " cells");
  const std::string move_text = text.substr(space + 1);
  if (move_text.empty() || move_text.find_first_not_of("0123456789") != std::string::npos || move_text.size() > 4)
    bad_line(line, "the move must be a cell number, not \"" + printable(move_text) + "\"");
  const Cell move = std::stoi(move_text);
  if (move >= cells) bad_line(line, "move " + move_text + " is off the board");
  check_counts(stones, holder, line);
  out.entries.push_back({stones, move, line});
  ++out.entry_lines;
}

// A kinrow certificate's winning strategy, as a dictionary (the holder comes from the file).
Dictionary from_certificate(const std::string& text, const Game& game) {
  std::istringstream in(text);
  const Certificate certificate = read_certificate(in, game);
  for (const Strategy& strategy : certificate.strategies) {
    if (strategy.claim != Claim::Win || strategy.plan) continue;
    if (strategy.pairing_rule)
      throw InputError("the certificate's strategy ends games by pairings (the \"pairs\" rule), which a "
                       "dictionary cannot hold; check it with kinrow verify instead");
    if (!certificate.start.empty())
      throw InputError("the certificate starts from a position (" + certificate.start +
                       "); a dictionary starts from the empty board");
    Dictionary dictionary;
    dictionary.holder = strategy.holder;
    for (const StrategyEntry& entry : strategy.entries) {
      dictionary.entries.push_back({stones_of<1>(entry.owner), entry.move.at(0), entry.source_line});
    }
    dictionary.entry_lines = static_cast<int>(dictionary.entries.size());
    return dictionary;
  }
  throw InputError("the certificate holds no winning strategy given by entries");
}

}  // namespace

const char* notation_name(DictionaryNotation notation) {
  return notation == DictionaryNotation::RunLength ? "run-length" : "cells";
}

DictionaryNotation parse_notation(const std::string& name) {
  if (name == "run-length") return DictionaryNotation::RunLength;
  if (name == "cells") return DictionaryNotation::Cells;
  throw InputError("unknown notation \"" + printable(name) + "\" (known: run-length, cells)");
}

void check_dictionary_game(const Game& game) {
  if (game.cell_count() > 64)
    throw InputError("dictionaries are for boards of at most 64 cells; " + game.spec + " has " +
                     std::to_string(game.cell_count()));
  if (game.rules.stones_per_turn != 1 || game.rules.first_turn_stones != 1)
    throw InputError("dictionaries are for games of one stone a turn; " + game.spec + " is not");
}

Dictionary read_dictionary(std::istream& in, const Game& game, int holder) {
  check_dictionary_game(game);
  std::vector<std::string> lines;
  std::string text;
  for (std::string line; std::getline(in, line);) {
    text += line + '\n';
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  if (!lines.empty() && lines[0].rfind("kinrow-certificate", 0) == 0) return from_certificate(text, game);
  Dictionary dictionary;
  dictionary.holder = holder;
  std::size_t first = 0;
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (is_dash_line(lines[i])) {
      dictionary.preamble.assign(lines.begin(), lines.begin() + i + 1);
      first = i + 1;
      dictionary.notation = DictionaryNotation::RunLength;
      break;
    }
  if (first == 0) {
    dictionary.notation = DictionaryNotation::RunLength;
    for (const std::string& line : lines)
      if (!line.empty() && line[0] != '#') {
        if (is_cells_line(line, game.cell_count())) dictionary.notation = DictionaryNotation::Cells;
        break;
      }
  }
  for (std::size_t i = first; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    const int number = static_cast<int>(i) + 1;
    if (line.empty() || line[0] == '#') continue;
    if (dictionary.notation == DictionaryNotation::Cells) {
      if (!is_cells_line(line, game.cell_count()))
        bad_line(number, "expected " + std::to_string(game.cell_count()) +
                             " characters of . x o X O (one per cell), got \"" + printable(line) + "\"");
      parse_cells(line, number, holder, dictionary);
    } else {
      parse_run_length(line, number, game.cell_count(), holder, dictionary);
    }
  }
  for (const DictionaryEntry& entry : dictionary.entries)
    if (entry.stones.occupied().test(entry.move))
      bad_line(entry.line, "the move " + std::to_string(entry.move) + " is onto a stone");
  return dictionary;
}

Dictionary read_dictionary_file(const std::string& path, const Game& game, int holder) {
  InputFile in(path);
  try {
    return read_dictionary(in, game, holder);
  } catch (const InputError& e) {
    throw InputError(path + ": " + e.what());
  }
}

std::string cells_line(const DictionaryStones& stones, Cell move, const Bits<1>& alternatives, int holder, int cells) {
  std::string text(cells, '.');
  for (Cell c = 0; c < cells; ++c) {
    if (stones.first.test(c)) text[c] = 'x';
    if (stones.second.test(c)) text[c] = 'o';
    if (alternatives.test(c)) text[c] = holder == 0 ? 'O' : 'X';
  }
  text[move] = holder == 0 ? 'X' : 'O';
  return text;
}

std::string run_length_line(const DictionaryStones& stones, Cell move, int cells) {
  std::string text;
  int run = 0;
  for (Cell c = 0; c < cells; ++c) {
    const bool x = stones.first.test(c), o = stones.second.test(c);
    if (!x && !o) {
      ++run;
      continue;
    }
    if (run) text += std::to_string(run);
    run = 0;
    text += x ? 'x' : 'o';
  }
  return text + " " + std::to_string(move);
}

void write_dictionary(std::ostream& out, const Dictionary& dictionary, const Game& game, DictionaryNotation notation) {
  if (notation == DictionaryNotation::RunLength)
    for (const std::string& line : dictionary.preamble) out << line << '\n';
  for (const DictionaryEntry& entry : dictionary.entries)
    out << (notation == DictionaryNotation::RunLength
                ? run_length_line(entry.stones, entry.move, game.cell_count())
                : cells_line(entry.stones, entry.move, {}, dictionary.holder, game.cell_count()))
        << '\n';
}

}  // namespace kinrow
