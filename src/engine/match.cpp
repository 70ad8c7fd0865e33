#include "engine/match.h"

#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

namespace kinrow {

namespace {

// One game; players[0] is A.
GameRecord play_game(const Game& game, Player* players[2], const std::string names[2], const Opening& opening,
                     int index, int opening_index) {
  GameRecord record;
  record.index = index;
  record.opening = opening_index;
  record.a_first = index % 2 == 0;
  record.opening_turns = static_cast<int>(opening.turns.size());
  // The player (0 A, 1 B) on each side (0 first, 1 second).
  const int on_side[2] = {record.a_first ? 0 : 1, record.a_first ? 1 : 0};
  bool forfeited[2] = {false, false};
  const auto finish = [&](int winner, std::string reason) {
    record.winner = winner;
    record.reason = std::move(reason);
    for (int p = 0; p < 2; ++p) players[p]->game_over(forfeited[p]);
    return record;
  };

  std::string refusal[2];
  for (int p = 0; p < 2; ++p) refusal[p] = players[p]->new_game(game);
  if (!refusal[0].empty() || !refusal[1].empty()) {
    forfeited[0] = !refusal[0].empty();
    forfeited[1] = !refusal[1].empty();
    if (forfeited[0] && forfeited[1])
      return finish(-1, "neither could start: " + names[0] + ": " + refusal[0] + "; " + names[1] + ": " + refusal[1]);
    const int loser = forfeited[0] ? 0 : 1;
    return finish(1 - loser, names[loser] + " forfeits: " + refusal[loser]);
  }

  Position position(game);
  for (const Turn& turn : opening.turns) position.play(turn);
  while (!position.over()) {
    const int mover = on_side[position.to_move()];
    const PlayerMove m = players[mover]->move(position);
    record.seconds[mover] += m.seconds;
    std::string forfeit = m.forfeit;
    if (forfeit.empty()) {
      const std::string illegal = position.why_illegal(m.turn);
      if (!illegal.empty()) forfeit = "an illegal turn: " + illegal;
    }
    if (!forfeit.empty()) {
      record.turns = position.history();
      forfeited[mover] = true;
      return finish(1 - mover, names[mover] + " forfeits: " + forfeit);
    }
    position.play(m.turn);
    ++record.moves[mover];
  }
  record.turns = position.history();
  const int side_won = position.winner();
  if (side_won == kNoPlayer) return finish(-1, "board full");
  const int winner = on_side[side_won];
  const int last_mover = on_side[(position.turns_played() - 1) % 2];
  if (winner == last_mover) return finish(winner, names[winner] + " completes a line");
  if (game.rules.goal == Goal::Misere)
    return finish(winner, names[last_mover] + " completes a line (misere: and loses)");
  return finish(winner, "board full: " + names[winner] + " wins as the breaker");
}

}  // namespace

Tally tally(const std::vector<GameRecord>& games, int who, int side) {
  Tally t;
  for (const GameRecord& g : games) {
    const int played = (g.a_first ? 0 : 1) ^ who;  // the side `who` had
    if (side >= 0 && played != side) continue;
    if (g.winner == -1) ++t.draws;
    else if (g.winner == who) ++t.wins;
    else ++t.losses;
  }
  return t;
}

MatchResult play_match(const Game& game, const PlayerSpec& a, const PlayerSpec& b, const MatchOptions& options,
                       const GameReport& report) {
  MatchResult result;
  result.names[0] = a.name;
  result.names[1] = b.name;
  const int threads = std::max(1, std::min(options.concurrency, options.games));
  // Every player is made here, before any game, so that a bad spec stops the match at once.
  std::vector<std::unique_ptr<Player>> players;
  for (int t = 0; t < threads; ++t) {
    players.push_back(make_player(a));
    players.push_back(make_player(b));
  }
  OpeningOptions opening_options = options.openings;
  if (opening_options.count <= 0) opening_options.count = (options.games + 1) / 2;
  result.openings = make_openings(game, opening_options);
  if (result.openings.openings.empty()) result.openings.openings.push_back({});  // the empty board

  result.games.resize(static_cast<std::size_t>(options.games));
  std::atomic<int> next{0};
  std::mutex reporting;
  int finished = 0;
  std::exception_ptr failure;
  const auto work = [&](int t) {
    Player* pair[2] = {players[static_cast<std::size_t>(2 * t)].get(), players[static_cast<std::size_t>(2 * t + 1)].get()};
    try {
      for (int g; (g = next++) < options.games;) {
        const int o = (g / 2) % static_cast<int>(result.openings.openings.size());
        GameRecord record = play_game(game, pair, result.names, result.openings.openings[static_cast<std::size_t>(o)], g, o);
        std::lock_guard lock(reporting);
        result.games[static_cast<std::size_t>(g)] = std::move(record);
        ++finished;
        if (report) report(result.games[static_cast<std::size_t>(g)], finished);
      }
    } catch (...) {
      std::lock_guard lock(reporting);
      if (!failure) failure = std::current_exception();
      next = options.games;  // the others stop after their game
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (std::thread& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);

  std::vector<double> points;
  for (const GameRecord& g : result.games) points.push_back(g.points_a());
  result.elo = estimate_elo(points, true);
  return result;
}

}  // namespace kinrow
