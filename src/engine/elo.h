// The Elo difference a match's results imply, with a 95% interval: what cutechess and
// fishtest print after an engine match, for kinrow match (engine/match.h).
//
// The logistic Elo model: a player scoring s per game is elo(s) = -400 log10(1/s - 1)
// points stronger (75% -> +191, 50% -> 0). The interval is the normal approximation on
// the mean score, mapped through elo(): mean +- 1.96 standard errors.
//
// Games come in pairs — each opening played twice, colours swapped — and the two games of
// a pair are not independent: an opening that favours the first player favours each
// engine in turn. Treating the games as independent draws (the trinomial model: win,
// draw, loss) counts that bias as noise and overstates the error. The pentanomial model
// takes the pair as the independent trial (its score 0, 1/4, 1/2, 3/4 or 1 a game) and the
// standard error from the pairs' spread, as fishtest does for paired openings. It is used
// whenever the games form whole pairs; otherwise the trinomial one.
#pragma once

#include <array>
#include <vector>

namespace kinrow {

// +infinity at 1, -infinity at 0.
double elo_from_score(double score);

// The pairs by points scored (the engine's view): [0] LL, [1] LD, [2] DD or WL,
// [3] WD, [4] WW. Games 2i and 2i+1 form a pair; an odd last game is left out.
std::array<int, 5> pentanomial(const std::vector<double>& points);

struct EloEstimate {
  int games = 0;
  double score = 0.5;        // mean points a game, 0..1
  double elo = 0;            // elo_from_score(score); infinite after all wins or losses
  double low = 0, high = 0;  // the 95% interval (elo of mean -+ 1.96 standard errors)
  double margin = 0;         // (high - low) / 2: the "+-" of cutechess
  // The probability that the engine is the stronger, in the same normal model (LOS).
  double superiority = 0.5;
  bool paired = false;       // pentanomial (true) or trinomial
};

// `points`: the engine's points in each game (1 win, 1/2 draw, 0 loss), in order; with
// `paired`, games 2i and 2i+1 are one opening with colours swapped (the pentanomial
// model, if the count is even). No games: a score of 1/2 and an infinite interval.
EloEstimate estimate_elo(const std::vector<double>& points, bool paired);

}  // namespace kinrow
