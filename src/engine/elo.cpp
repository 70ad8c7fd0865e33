#include "engine/elo.h"

#include <cmath>
#include <limits>

namespace kinrow {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kZ95 = 1.959963984540054;  // the two-sided 95% quantile of the normal law

}  // namespace

double elo_from_score(double score) {
  if (score >= 1) return kInfinity;
  if (score <= 0) return -kInfinity;
  return 400 * std::log10(score / (1 - score));  // exactly 0 at 1/2, not -0
}

std::array<int, 5> pentanomial(const std::vector<double>& points) {
  std::array<int, 5> pairs{};
  for (std::size_t i = 0; i + 1 < points.size(); i += 2)
    ++pairs[static_cast<std::size_t>(std::lround(2 * (points[i] + points[i + 1])))];
  return pairs;
}

EloEstimate estimate_elo(const std::vector<double>& points, bool paired) {
  EloEstimate e;
  e.games = static_cast<int>(points.size());
  if (points.empty()) {
    e.low = -kInfinity;
    e.high = kInfinity;
    e.margin = kInfinity;
    return e;
  }
  e.paired = paired && points.size() % 2 == 0;
  // The trials: the games, or the pairs (each scored as its mean a game).
  std::vector<double> trials;
  if (e.paired)
    for (std::size_t i = 0; i < points.size(); i += 2) trials.push_back((points[i] + points[i + 1]) / 2);
  else
    trials = points;
  double sum = 0;
  for (double t : trials) sum += t;
  const double n = static_cast<double>(trials.size());
  e.score = sum / n;
  double squares = 0;
  for (double t : trials) squares += (t - e.score) * (t - e.score);
  // The spread of the trials as observed (divided by n, as cutechess and fishtest do: with
  // the few hundred trials of a match the difference from n - 1 is well inside the error).
  const double standard_error = std::sqrt(squares / n) / std::sqrt(n);
  e.elo = elo_from_score(e.score);
  e.low = elo_from_score(e.score - kZ95 * standard_error);
  e.high = elo_from_score(e.score + kZ95 * standard_error);
  e.margin = (e.high - e.low) / 2;
  if (standard_error > 0) e.superiority = 0.5 * std::erfc(-(e.score - 0.5) / (standard_error * std::sqrt(2.0)));
  else e.superiority = e.score > 0.5 ? 1 : e.score < 0.5 ? 0 : 0.5;
  return e;
}

}  // namespace kinrow
