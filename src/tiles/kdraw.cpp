#include "tiles/kdraw.h"

#include "tiles/strip.h"

namespace kinrow {
namespace {

std::string n_name(int length, int p) { return "MBBoardN(" + std::to_string(length) + ", " + std::to_string(p) + ")"; }
std::string x_name(int length, int b) { return "MBBoardNX(" + std::to_string(length) + ", " + std::to_string(b) + ")"; }

}  // namespace

KdrawClosure::KdrawClosure(int max_length, int base_length)
    : max_length_(max_length), n_(max_length + 1, Fact{0, 0, "", false, -1}), x_(max_length + 1, Fact{-1, 0, "", false, -1}) {
  // Base games: the strongest each tree rule proves on BN(L) and BNX(L).
  for (int length = 2; length <= std::min(base_length, max_length); ++length) {
    for (int p = length - 2; p >= 1; --p)
      if (const auto proof = prove_bn_by_trees(length, p)) {
        n_[length] = {p, 0, proof->text, false, -1};
        break;
      }
    for (int b = 1; b < length; ++b)
      if (const auto proof = prove_bnx_by_trees(length, b)) {
        x_[length] = {b, 0, proof->text, false, -1};
        break;
      }
  }
  // Every rule makes L no smaller, so one pass in increasing L reaches the closure:
  // at L, Lemma 7 turns the best N into an NX; Lemmas 11 and 12 carry the best NX to
  // 2L + 1 and 2L + 2.
  for (int length = 2; length <= max_length; ++length) {
    if (n_[length].value >= 1) {
      const int b = length - n_[length].value - 1;
      if (b >= 0 && (x_[length].value < 0 || b < x_[length].value)) x_[length] = {b, 7, "", false, length};
    }
    const int b = x_[length].value;
    if (b <= 0 || b >= length) continue;
    const struct {
      int length, p;
      int lemma;
    } derived[] = {{2 * length + 1, 2 * length - b - 1, 11}, {2 * length + 2, 2 * length - b, 12}};
    for (const auto& d : derived)
      if (d.length <= max_length && d.p > n_[d.length].value) n_[d.length] = {d.p, d.lemma, "", true, length};
  }
}

std::optional<int> KdrawClosure::least_length(int p) const {
  for (int length = 2; length <= max_length_; ++length)
    if (n_[length].value >= p) return length;
  return std::nullopt;
}

void KdrawClosure::chain_of(bool nx, int length, std::vector<std::string>& out) const {
  const Fact& fact = nx ? x_[length] : n_[length];
  if (fact.parent >= 0) chain_of(fact.from_nx, fact.parent, out);
  out.push_back((nx ? x_name(length, fact.value) : n_name(length, fact.value)) + "  by " +
                (fact.lemma ? "Lemma " + std::to_string(fact.lemma) : "the tree rule: " + fact.tree));
}

std::vector<std::string> KdrawClosure::chain(int length) const {
  std::vector<std::string> out;
  chain_of(false, length, out);
  return out;
}

std::string KdrawClosure::chain_text(int length) const {
  std::string text;
  std::vector<std::pair<bool, int>> path;
  for (std::pair<bool, int> at{false, length}; at.second >= 0;) {
    path.push_back(at);
    const Fact& fact = at.first ? x_[at.second] : n_[at.second];
    at = {fact.from_nx, fact.parent};
  }
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    const Fact& fact = it->first ? x_[it->second] : n_[it->second];
    if (!text.empty()) text += " → ";
    text += (it->first ? "NX(" : "N(") + std::to_string(it->second) + "," + std::to_string(fact.value) + ")" +
            (fact.lemma ? " [L" + std::to_string(fact.lemma) + "]" : " [tree]");
  }
  return text;
}

int paper_kdraw(int p) {
  auto P = [](int d) { return (1 << d) - d - 2; };
  int d = 1;
  while (!(P(d - 1) < p && p <= P(d))) ++d;
  return 3 * p + 3 * d - 1;
}

}  // namespace kinrow
