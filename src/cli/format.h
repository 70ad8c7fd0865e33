// Small text helpers shared by the subcommands: numbers, rates, durations, and a
// progress line on stderr that redraws itself on a terminal.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace kinrow::cli {

std::string with_commas(uint64_t n);
// "1 board", "2,048 boards": a count and its noun, plural past one ("entry", "entries").
inline std::string count_of(uint64_t n, const std::string& noun, const std::string& plural = "") {
  return with_commas(n) + " " + (n == 1 ? noun : plural.empty() ? noun + "s" : plural);
}
std::string rate(uint64_t nodes, double seconds);  // "12.30 M nodes/s", below a million "52,340 nodes/s"
std::string seconds_text(double seconds);  // "0.412 s"
// "first" or "second", as --json and --wins spell players.
inline std::string player_name(int player) { return player == 0 ? "first" : "second"; }
// "first player (x)" or "second player (o)", as the text output names a side with its mark.
inline std::string player_with_mark(int player) { return player == 0 ? "first player (x)" : "second player (o)"; }
// A position's moves as the text output shows them: "(empty board)" when there are none.
inline std::string moves_or_empty_board(const std::string& moves) { return moves.empty() ? "(empty board)" : moves; }

}  // namespace kinrow::cli

namespace kinrow {
struct VerifyProgress;
struct SearchProgress;
}

namespace kinrow::cli {

// A strategy verification's progress: "1,234 positions  holder's move 9: 41% of 5,678  3.2 s".
std::string verify_progress_text(const VerifyProgress& progress);
// A search's progress: "window 0  nodes 1,234,567  6.2 M nodes/s  0.2 s", and on gravity
// boards the path the window's leading thread is on, "  root: 2 of 9 moves done, on column
// 4; then 0 of 9, on 5; then 3 of 8, on 2": the replies to column 4 it has finished and
// the one it searches, then the same one ply further (columns numbered from 1, as moves are).
std::string search_progress_text(const SearchProgress& progress);
// Its root part alone, "root: 2 of 9 moves done", or "" where the search does not say.
std::string root_progress_text(const SearchProgress& progress);
// Where a stopped search was, after the reason it stopped: " (window 0, root: 1 of 9 moves
// done)", or "" if it reported nothing.
std::string stopped_where_text(const SearchProgress& progress);
// The same for --json, for the next sitting to compare with: "window", and on gravity
// boards "root_moves_done", "root_moves" and "path", a step per ply: {"done", "moves",
// "column" (from 1; 0: none yet)}.
void add_stopped_where(nlohmann::ordered_json& out, const SearchProgress& progress);

class ProgressLine {
 public:
  explicit ProgressLine(bool enabled);
  ~ProgressLine() { clear(); }  // a command that ends by an error ends its line first
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  void show(const std::string& text);
  void clear();  // ends the progress line, if one was shown
  // A line that stays (what a long run is doing, said before it starts). May come from
  // another thread than show()'s (a table's periodic save, cli/table_saves.h).
  void note(const std::string& text);

 private:
  void clear_unlocked();

  bool enabled_;
  bool terminal_;
  bool shown_ = false;
  std::mutex mutex_;
};

}  // namespace kinrow::cli
