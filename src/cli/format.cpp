#include "cli/format.h"

#include "search/alphabeta.h"
#include "strategy/verifier.h"

#include <cstdio>
#include <iostream>
#include <unistd.h>

#include <nlohmann/json.hpp>

namespace kinrow::cli {

std::string with_commas(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string rate(uint64_t nodes, double seconds) {
  char text[64];
  const double per_second = seconds > 0 ? nodes / seconds : 0.0;
  if (per_second >= 1e6) {
    std::snprintf(text, sizeof text, "%.2f M nodes/s", per_second / 1e6);
    return text;
  }
  return with_commas(static_cast<uint64_t>(per_second + 0.5)) + " nodes/s";
}

std::string seconds_text(double seconds) {
  char text[64];
  std::snprintf(text, sizeof text, "%.3f s", seconds);
  return text;
}

ProgressLine::ProgressLine(bool enabled) : enabled_(enabled), terminal_(isatty(2)) {}

void ProgressLine::show(const std::string& text) {
  if (!enabled_) return;
  const std::lock_guard lock(mutex_);
  std::cerr << (terminal_ ? "\r\033[K" : "") << text << (terminal_ ? "" : "\n") << std::flush;
  shown_ = true;
}

void ProgressLine::clear() {
  const std::lock_guard lock(mutex_);
  clear_unlocked();
}

void ProgressLine::clear_unlocked() {
  if (enabled_ && shown_ && terminal_) std::cerr << "\r\033[K" << std::flush;
  shown_ = false;
}

void ProgressLine::note(const std::string& text) {
  if (!enabled_) return;
  const std::lock_guard lock(mutex_);
  clear_unlocked();
  std::cerr << text << "\n" << std::flush;
}

std::string verify_progress_text(const VerifyProgress& p) {
  std::string text = with_commas(p.positions) + " positions  ";
  if (p.holder_moves >= 0 && p.layer_size)
    text += "holder's move " + std::to_string(p.holder_moves) + ": " +
            std::to_string(100 * p.layer_done / p.layer_size) + "% of " + with_commas(p.layer_size) + "  ";
  return text + seconds_text(p.seconds);
}

std::string root_progress_text(const SearchProgress& p) {
  if (p.path_length <= 0) return "";
  const ProgressStep& root = p.path[0];
  return "root: " + std::to_string(root.done) + " of " + std::to_string(root.moves) + " moves done";
}

std::string stopped_where_text(const SearchProgress& p) {
  if (!p.nodes) return "";
  const std::string root = root_progress_text(p);
  return " (window " + std::to_string(p.window_low) + (root.empty() ? "" : ", " + root) + ")";
}

void add_stopped_where(nlohmann::ordered_json& out, const SearchProgress& p) {
  if (!p.nodes) return;
  out["window"] = p.window_low;
  if (!p.path_length) return;
  out["root_moves_done"] = p.path[0].done;
  out["root_moves"] = p.path[0].moves;
  nlohmann::ordered_json path = nlohmann::json::array();
  for (int i = 0; i < p.path_length; ++i)
    path.push_back({{"done", p.path[i].done}, {"moves", p.path[i].moves}, {"column", p.path[i].column + 1}});
  out["path"] = path;
}

std::string search_progress_text(const SearchProgress& p) {
  std::string text = "window " + std::to_string(p.window_low) + "  nodes " + with_commas(p.nodes) + "  " +
                     rate(p.nodes, p.seconds) + "  " + seconds_text(p.seconds);
  if (p.path_length <= 0) return text;
  text += "  " + root_progress_text(p);
  // Each step names the column it searches; a step below one that has not yet begun a
  // move cannot be, so the path ends at the first step with no column.
  for (int i = 0; i < p.path_length && p.path[i].column >= 0; ++i) {
    const ProgressStep& s = p.path[i];
    text += i == 0 ? ", on column " + std::to_string(s.column + 1)
                   : "; then " + std::to_string(s.done) + " of " + std::to_string(s.moves) + ", on " +
                         std::to_string(s.column + 1);
  }
  return text;
}

}  // namespace kinrow::cli
