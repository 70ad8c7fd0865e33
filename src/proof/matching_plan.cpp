// Matching plans: following one, and their text form (docs/pairing.md).
#include "proof/matching_plan.h"

#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "core/notation.h"

namespace kinrow {

bool MatchingComponent::is_pair() const {
  return markers.size() == 2 && coverings.size() == 2 && coverings[0].then.empty() &&
         coverings[1].then.empty() && coverings[0].attack == markers[0] &&
         coverings[0].reply == markers[1] && coverings[1].attack == markers[1] &&
         coverings[1].reply == markers[0];
}

std::size_t MatchingComponent::size() const {
  std::size_t n = coverings.size();
  for (const Covering& c : coverings)
    for (const MatchingComponent& sub : c.then) n += sub.size();
  return n;
}

std::size_t MatchingPlan::markers() const {
  std::size_t n = 0;
  for (const MatchingComponent& c : components) n += c.markers.size();
  return n;
}

std::size_t MatchingPlan::pairs() const {
  return static_cast<std::size_t>(
      std::count_if(components.begin(), components.end(), [](const auto& c) { return c.is_pair(); }));
}

MatchingComponent make_pair_component(Cell a, Cell b) {
  if (a > b) std::swap(a, b);
  MatchingComponent pair;
  pair.markers = {a, b};
  pair.coverings = {{a, b, {}}, {b, a, {}}};
  return pair;
}

Cell follow_plan(std::vector<MatchingComponent>& plan, Cell attack) {
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const auto& markers = plan[i].markers;
    if (!std::binary_search(markers.begin(), markers.end(), attack)) continue;
    for (const auto& covering : plan[i].coverings) {
      if (covering.attack != attack) continue;
      const Cell reply = covering.reply;
      std::vector<MatchingComponent> then = covering.then;
      plan.erase(plan.begin() + static_cast<std::ptrdiff_t>(i));
      plan.insert(plan.end(), then.begin(), then.end());
      return reply;
    }
    return -1;  // a marker without a covering: the checker rejects such plans
  }
  return -1;
}

std::string format_component(const Game& game, const MatchingComponent& component) {
  if (component.is_pair())
    return "(" + format_cell(game, component.markers[0]) + "," +
           format_cell(game, component.markers[1]) + ")";
  std::string text = "[";
  for (std::size_t i = 0; i < component.markers.size(); ++i)
    text += (i ? " " : "") + format_cell(game, component.markers[i]);
  text += " |";
  for (const auto& c : component.coverings)
    text += " " + format_cell(game, c.attack) + "->" + format_cell(game, c.reply) + " {" +
            format_components(game, c.then) + "}";
  return text + "]";
}

std::string format_components(const Game& game, const std::vector<MatchingComponent>& plan) {
  std::string text;
  for (std::size_t i = 0; i < plan.size(); ++i)
    text += (i ? " " : "") + format_component(game, plan[i]);
  return text;
}

namespace {

// A recursive-descent reader of the grammar
//   plan      := component*
//   component := "(" cell "," cell ")" | "[" cell* "|" covering* "]"
//   covering  := cell "->" cell "{" plan "}"
class PlanReader {
 public:
  PlanReader(const CellReader& cells, std::string_view text) : cells_(cells), text_(text) {}

  std::vector<MatchingComponent> plan(char closing) {
    std::vector<MatchingComponent> out;
    for (skip_blanks(); pos_ < text_.size() && text_[pos_] != closing; skip_blanks())
      out.push_back(component());
    if (closing && pos_ >= text_.size()) fail(std::string("missing '") + closing + "'");
    return out;
  }

 private:
  MatchingComponent component() {
    if (take('(')) {
      const Cell a = cell();
      expect(',');
      const Cell b = cell();
      expect(')');
      if (a == b) fail("a pair of one cell");
      return make_pair_component(a, b);
    }
    if (!take('[')) fail("expected '(' or '[' to start a component");
    MatchingComponent component;
    for (skip_blanks(); pos_ < text_.size() && text_[pos_] != '|'; skip_blanks())
      component.markers.push_back(cell());
    expect('|');
    std::sort(component.markers.begin(), component.markers.end());
    for (skip_blanks(); pos_ < text_.size() && text_[pos_] != ']'; skip_blanks()) {
      MatchingComponent::Covering covering;
      covering.attack = cell();
      expect('-');
      expect('>');
      covering.reply = cell();
      expect('{');
      covering.then = plan('}');
      expect('}');
      component.coverings.push_back(std::move(covering));
    }
    expect(']');
    return component;
  }

  Cell cell() {
    skip_blanks();
    const std::size_t begin = pos_;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) ||
                                   text_[pos_] == ':' || text_[pos_] == '#'))
      ++pos_;
    if (pos_ == begin) fail("expected a cell");
    return cells_.parse(std::string(text_.substr(begin, pos_ - begin)));
  }

  void skip_blanks() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }
  bool take(char c) {
    skip_blanks();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!take(c)) fail(std::string("expected '") + c + "'");
  }
  [[noreturn]] void fail(const std::string& problem) const {
    throw InputError(problem + " at column " + std::to_string(pos_ + 1));
  }

  const CellReader& cells_;
  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

std::vector<MatchingComponent> parse_components(const CellReader& cells, std::string_view text) {
  return PlanReader(cells, text).plan('\0');
}

}  // namespace kinrow
