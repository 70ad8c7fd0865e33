#include "proof/certificate_join.h"

#include <algorithm>
#include <type_traits>
#include <unordered_set>
#include <utility>

#include "core/error.h"
#include "core/notation.h"

namespace kinrow {
namespace {

bool same_group(const Strategy& a, const Strategy& b) { return a.holder == b.holder && a.claim == b.claim; }

// The turns of a start, each turn's cells sorted (the text may list a turn's stones in
// any order).
std::vector<Turn> turns_of(const Game& game, const std::string& moves) {
  std::vector<Turn> turns = play_moves(game, moves).history();
  for (Turn& t : turns) std::sort(t.begin(), t.end());
  return turns;
}

// First pass over an input: its game, its start and its strategies' headers.
class HeaderScan final : public CertificateSink {
 public:
  // `groups`: the join's strategy headers, one per holder and claim, with the rules any
  // input strategy of theirs used.
  HeaderScan(const Game& game, const std::vector<Turn>& start, std::vector<Strategy>& groups)
      : game_(game), start_(start), groups_(groups) {}

  bool begin(const std::string&, const std::string& start) override {  // the reader checked the game
    const std::vector<Turn> turns = turns_of(game_, start);
    if (turns.size() < start_.size() || !std::equal(start_.begin(), start_.end(), turns.begin()))
      throw InputError("its start \"" + start + "\" does not begin with the join's start");
    return true;
  }
  bool strategy(const Strategy& header) override {
    if (header.plan) throw InputError("a matching-plan strategy cannot be joined");
    for (Strategy& g : groups_)
      if (same_group(g, header)) {
        g.win_now_rule |= header.win_now_rule;
        g.pairing_rule |= header.pairing_rule;
        g.zone_rule |= header.zone_rule;
        g.forest_rule |= header.forest_rule;
        g.stronger_rule |= header.stronger_rule;
        return true;
      }
    groups_.push_back(header);  // a header: no entries yet, and no plan (refused above)
    return true;
  }
  bool entry(const StrategyEntry&) override { return true; }
  bool paired(const PairedEntry&) override { return true; }
  bool zone(const ZoneEntry&) override { return true; }
  bool stronger(const StrongerEntry&) override { return true; }
  bool end() override { return true; }

 private:
  const Game& game_;
  const std::vector<Turn>& start_;
  std::vector<Strategy>& groups_;
};

// A position as a set key: the withheld count, the given count (two bytes), then four
// cells a byte.
std::string position_key(const std::vector<int8_t>& owner, int withheld, int given = 0) {
  std::string key(3 + (owner.size() + 3) / 4, '\0');
  key[0] = static_cast<char>(withheld);
  key[1] = static_cast<char>(given & 0xFF);
  key[2] = static_cast<char>(given >> 8);
  for (std::size_t c = 0; c < owner.size(); ++c)
    key[3 + c / 4] = static_cast<char>(key[3 + c / 4] | ((owner[c] + 1) << (2 * (c % 4))));
  return key;
}

// A later pass: forwards the entries of one group's strategies, each position once.
class GroupCopy final : public CertificateSink {
 public:
  GroupCopy(const Strategy& group, CertificateSink& out, JoinReport& report)
      : group_(group), out_(out), report_(report) {}

  bool begin(const std::string&, const std::string&) override { return true; }
  bool strategy(const Strategy& header) override {
    inside_ = same_group(group_, header);
    return true;
  }
  bool entry(const StrategyEntry& e) override {
    return !inside_ || forward(entries_, position_key(e.owner, e.withheld, e.given), e);
  }
  bool paired(const PairedEntry& e) override { return !inside_ || forward(paired_, position_key(e.owner, 0), e); }
  bool zone(const ZoneEntry& e) override { return !inside_ || forward(zones_, position_key(e.owner, e.withheld), e); }
  // A position may have several stronger lines: each set is kept once.
  bool stronger(const StrongerEntry& e) override {
    std::string key = position_key(e.owner, 0, e.given);
    std::vector<Cell> cells = e.cells;
    std::sort(cells.begin(), cells.end());
    for (Cell c : cells) key += std::to_string(c) + ',';
    return !inside_ || forward(stronger_, key, e);
  }
  bool end() override { return true; }
  bool failed() const { return failed_; }

 private:
  template <class E>
  bool forward(std::unordered_set<std::string>& seen, const std::string& key, const E& e) {
    if (!seen.insert(key).second) {
      ++report_.duplicates;
      return true;
    }
    ++report_.lines;
    bool written;
    if constexpr (std::is_same_v<E, StrategyEntry>) written = out_.entry(e);
    else if constexpr (std::is_same_v<E, PairedEntry>) written = out_.paired(e);
    else if constexpr (std::is_same_v<E, ZoneEntry>) written = out_.zone(e);
    else written = out_.stronger(e);
    failed_ |= !written;
    return written;
  }

  const Strategy& group_;
  CertificateSink& out_;
  JoinReport& report_;
  bool inside_ = false;
  bool failed_ = false;
  std::unordered_set<std::string> entries_, paired_, zones_, stronger_;
};

// Reads certificate i into `sink`, its problems named after it.
void read_input(const Game& game, const std::vector<std::string>& names, std::size_t i,
                const std::function<std::unique_ptr<std::istream>(std::size_t)>& open, CertificateSink& sink) {
  try {
    const std::unique_ptr<std::istream> in = open(i);
    read_certificate(*in, game, sink);
  } catch (const InputError& e) {
    throw InputError(names[i] + ": " + e.what());
  }
}

}  // namespace

JoinReport join_certificates(const Game& game, const std::string& start, const std::vector<std::string>& names,
                             const std::function<std::unique_ptr<std::istream>(std::size_t)>& open,
                             CertificateSink& out) {
  if (names.empty()) throw InputError("no certificates to join");
  const std::vector<Turn> start_turns = turns_of(game, start);
  std::vector<Strategy> groups;
  for (std::size_t i = 0; i < names.size(); ++i) {
    HeaderScan scan(game, start_turns, groups);
    read_input(game, names, i, open, scan);
  }
  if (groups.empty()) throw InputError("the certificates hold no strategy");

  JoinReport report;
  report.inputs = names.size();
  report.strategies = groups.size();
  begin_certificate(out, game.spec, format_turns(game, play_moves(game, start).history()));
  for (const Strategy& g : groups) {
    if (!out.strategy(g)) throw InputError("the joined certificate could not be written");
    GroupCopy copy(g, out, report);
    for (std::size_t i = 0; i < names.size() && !copy.failed(); ++i) read_input(game, names, i, open, copy);
    if (copy.failed()) throw InputError("the joined certificate could not be written");
  }
  end_certificate(out);
  return report;
}

}  // namespace kinrow
