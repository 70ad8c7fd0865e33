#include "strategy/misere_paper.h"

namespace kinrow {

std::optional<Outcome> misere_paper_claim(int k, int w, int h, bool annulus) {
  if (annulus) {
    if (h % 2 == 0 && w >= k) return Outcome::Second;  // "take-even ... without modification"
    return std::nullopt;
  }
  if (w < k && !(k == 2 && h == 1 && w == 1)) return Outcome::Draw;  // Section III.6, narrow boards
  if (k == 2) {
    if (w == 1) return Outcome::Draw;
    if (h == 1 && (w == 2 || w == 4 || w == 6)) return Outcome::Draw;  // Theorem 4
    return Outcome::Second;
  }
  if (h == 1) return Outcome::Draw;                   // Theorem 3
  if (h % 2 == 0) return Outcome::Second;             // Corollary 1
  return w % 2 == 1 ? Outcome::First : Outcome::Second;  // Theorem 2, Corollary 2
}

}  // namespace kinrow
