#include "search/game_values.h"

#include <algorithm>

#include "core/hashing.h"

namespace kinrow {

namespace {

void sort_unique(std::vector<GameValues::Id>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

uint64_t pair_key(GameValues::Id a, GameValues::Id b) {
  return static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32 | static_cast<uint32_t>(b);
}

}  // namespace

std::size_t GameValues::FormHash::operator()(const std::vector<Id>& v) const {
  uint64_t h = v.size();
  for (Id x : v) h = SplitMix64(h ^ static_cast<uint32_t>(x)).next();
  return static_cast<std::size_t>(h);
}

GameValues::GameValues() {
  zero_ = intern({}, {});
  star_ = intern({zero_}, {zero_});
  one_ = intern({zero_}, {});
  minus_one_ = intern({}, {zero_});
}

// Stores a form as given (callers pass sorted, duplicate-free options).
GameValues::Id GameValues::intern(std::vector<Id> left, std::vector<Id> right) {
  std::vector<Id> key = left;
  key.push_back(-1);
  key.insert(key.end(), right.begin(), right.end());
  const auto [it, inserted] = index_.try_emplace(std::move(key), static_cast<Id>(forms_.size()));
  if (inserted) {
    forms_.push_back(Form{std::move(left), std::move(right)});
    negation_.push_back(-1);
  }
  return it->second;
}

bool GameValues::less_equal(Id g, Id h) {
  if (g == h) return true;
  const uint64_t key = pair_key(g, h);
  if (const auto it = less_equal_.find(key); it != less_equal_.end()) return it->second;
  // g <= h unless Left has an option of g at least h, or Right one of h at most g.
  bool result = true;
  for (std::size_t i = 0; result && i < forms_[g].left.size(); ++i)
    if (less_equal(h, forms_[g].left[i])) result = false;
  for (std::size_t i = 0; result && i < forms_[h].right.size(); ++i)
    if (less_equal(forms_[h].right[i], g)) result = false;
  less_equal_.emplace(key, result);
  return result;
}

GameValues::Id GameValues::make(std::vector<Id> left, std::vector<Id> right) {
  sort_unique(left);
  sort_unique(right);
  // The game as given: its value is what every step below keeps.
  const Id g = intern(left, right);
  for (bool changed = true; changed;) {
    changed = false;
    // Dominated options: Left never needs an option below another, Right one above. Of
    // two equal options (never two canonical ones) the lesser id stays.
    const auto drop_dominated = [&](std::vector<Id>& options, bool for_left) {
      std::vector<Id> kept;
      for (Id a : options) {
        bool dominated = false;
        for (Id b : options)
          if (a != b && (for_left ? less_equal(a, b) : less_equal(b, a)) &&
              !(b > a && (for_left ? less_equal(b, a) : less_equal(a, b)))) {
            dominated = true;
            break;
          }
        if (!dominated) kept.push_back(a);
      }
      changed |= kept.size() != options.size();
      options.swap(kept);
    };
    drop_dominated(left, true);
    drop_dominated(right, false);
    // Reversible options: a Left option whose Right reply is at most g is as good as that
    // reply's Left options (and symmetrically for Right).
    const auto bypass_reversible = [&](std::vector<Id>& options, bool for_left) {
      std::vector<Id> bypassed;
      for (Id a : options) {
        Id through = -1;
        for (Id reply : for_left ? forms_[a].right : forms_[a].left)
          if (for_left ? less_equal(reply, g) : less_equal(g, reply)) {
            through = reply;
            break;
          }
        if (through < 0) {
          bypassed.push_back(a);
          continue;
        }
        const std::vector<Id>& replaced = for_left ? forms_[through].left : forms_[through].right;
        bypassed.insert(bypassed.end(), replaced.begin(), replaced.end());
        changed = true;
      }
      sort_unique(bypassed);
      options.swap(bypassed);
    };
    bypass_reversible(left, true);
    bypass_reversible(right, false);
  }
  return intern(std::move(left), std::move(right));
}

GameValues::Id GameValues::add(Id g, Id h) {
  if (g == zero_) return h;
  if (h == zero_) return g;
  if (g > h) std::swap(g, h);
  const uint64_t key = pair_key(g, h);
  if (const auto it = sums_.find(key); it != sums_.end()) return it->second;
  std::vector<Id> left, right;
  // Copies: the recursive calls may grow forms_.
  const Form fg = forms_[g], fh = forms_[h];
  for (Id x : fg.left) left.push_back(add(x, h));
  for (Id x : fh.left) left.push_back(add(g, x));
  for (Id x : fg.right) right.push_back(add(x, h));
  for (Id x : fh.right) right.push_back(add(g, x));
  const Id sum = make(std::move(left), std::move(right));
  sums_.emplace(key, sum);
  return sum;
}

GameValues::Id GameValues::negate(Id g) {
  if (negation_[g] >= 0) return negation_[g];
  const Form f = forms_[g];
  std::vector<Id> left, right;
  for (Id x : f.right) left.push_back(negate(x));
  for (Id x : f.left) right.push_back(negate(x));
  sort_unique(left);
  sort_unique(right);
  const Id n = intern(std::move(left), std::move(right));  // the negative of a canonical form is one
  negation_[g] = n;
  negation_[n] = g;
  return n;
}

}  // namespace kinrow
