#include "engine/sgf.h"

#include <algorithm>

#include "core/error.h"

namespace kinrow {
namespace {

// Variations nest one level per branch; a file nested deeper than any game is long is
// refused rather than followed down the stack (the tree is also destroyed recursively).
constexpr std::size_t kDeepestNesting = 10000;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {
    // A UTF-8 byte order mark, which some editors put before the first '('.
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") at_ = 3;
  }

  std::vector<SgfTree> collection() {
    std::vector<SgfTree> trees;
    skip_space();
    if (at_ == text_.size()) fail(text_.empty() ? "empty input: an SGF file starts with \"(;\"" : "no game tree: an SGF file starts with \"(;\"");
    while (at_ < text_.size()) {
      if (text_[at_] != '(') fail("expected '(' to start a game tree, found " + quoted(at_));
      trees.push_back(tree());
      skip_space();
    }
    return trees;
  }

 private:
  // One game tree, its variations read with an explicit stack (no recursion).
  SgfTree tree() {
    SgfTree root;
    std::vector<SgfTree*> open;
    auto start = [&](SgfTree& tree) {
      tree.offset = at_;
      ++at_;  // '('
      skip_space();
      if (at_ >= text_.size() || text_[at_] != ';')
        fail("expected ';' to start the first node of the game tree opened at byte " + std::to_string(tree.offset + 1) +
             ", found " + quoted(at_));
      while (at_ < text_.size() && text_[at_] == ';') {
        tree.sequence.push_back(node());
        skip_space();
      }
      open.push_back(&tree);
    };
    start(root);
    while (!open.empty()) {
      if (at_ >= text_.size())
        fail("unexpected end: the game tree opened at byte " + std::to_string(open.back()->offset + 1) +
             " is not closed by ')'");
      const char c = text_[at_];
      if (c == ')') {
        ++at_;
        open.pop_back();
        skip_space();
      } else if (c == '(') {
        if (open.size() >= kDeepestNesting) fail("variations nested deeper than " + std::to_string(kDeepestNesting));
        SgfTree& parent = *open.back();
        parent.variations.emplace_back();
        start(parent.variations.back());
      } else if (c == ';') {
        fail("a node after the variations of the game tree opened at byte " + std::to_string(open.back()->offset + 1) +
             " (nodes come before variations)");
      } else {
        fail("expected ';', '(' or ')', found " + quoted(at_));
      }
    }
    return root;
  }

  SgfNode node() {
    SgfNode node;
    node.offset = at_;
    ++at_;  // ';'
    skip_space();
    while (at_ < text_.size() && (is_upper(text_[at_]) || is_lower(text_[at_]))) {
      const std::size_t begin = at_;
      std::string id;
      // FF[3] identifiers may hold lower-case letters ("AddBlack"); FF[4] says to drop them.
      while (at_ < text_.size() && (is_upper(text_[at_]) || is_lower(text_[at_]))) {
        if (is_upper(text_[at_])) id += text_[at_];
        ++at_;
      }
      if (id.empty()) fail_at(begin, "property name \"" + printable(text_.substr(begin, at_ - begin)) + "\" has no upper-case letter");
      if (node.find(id)) fail_at(begin, "property " + id + " appears twice in one node");
      skip_space();
      if (at_ >= text_.size() || text_[at_] != '[') fail("expected '[' after property " + id + ", found " + quoted(at_));
      SgfProperty property{id, {}};
      while (at_ < text_.size() && text_[at_] == '[') {
        property.values.push_back(value(id));
        skip_space();
      }
      node.properties.push_back(std::move(property));
    }
    return node;
  }

  // A value, unescaped: "\x" is x, and a backslash before a line break removes both.
  std::string value(const std::string& id) {
    const std::size_t open = at_++;
    std::string out;
    while (at_ < text_.size() && text_[at_] != ']') {
      char c = text_[at_++];
      if (c == '\\') {
        if (at_ >= text_.size()) break;
        c = text_[at_++];
        if (c == '\n' || c == '\r') {  // a soft line break
          if (at_ < text_.size() && (text_[at_] == '\n' || text_[at_] == '\r') && text_[at_] != c) ++at_;
          continue;
        }
      }
      out += c;
    }
    if (at_ >= text_.size())
      fail_at(open, "the value of " + id + " opened here is not closed by ']' (write \\] for a ] inside it)");
    ++at_;  // ']'
    return out;
  }

  void skip_space() {
    while (at_ < text_.size() && is_space(text_[at_])) ++at_;
  }

  std::string quoted(std::size_t at) const {
    return at >= text_.size() ? std::string("the end of the input") : "'" + printable(text_.substr(at, 1)) + "'";
  }

  [[noreturn]] void fail(const std::string& what) const { fail_at(at_, what); }
  [[noreturn]] void fail_at(std::size_t at, const std::string& what) const {
    throw InputError("SGF byte " + std::to_string(std::min(at, text_.size()) + 1) + ": " + what);
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

std::string escaped(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

void write_node(const SgfNode& node, std::string& out) {
  out += ';';
  for (const SgfProperty& property : node.properties) {
    out += property.id;
    for (const std::string& value : property.values) out += "[" + escaped(value) + "]";
  }
}

// The main line's nodes run on in lines of about 80 characters; each variation starts a
// line of its own, indented by its depth, so that a proof tree reads as an outline.
void write_tree(const SgfTree& tree, std::size_t depth, std::string& out) {
  const std::string indent(std::min<std::size_t>(depth, 40), ' ');
  out += indent + "(";
  std::size_t line_start = out.size() - indent.size() - 1;
  for (std::size_t i = 0; i < tree.sequence.size(); ++i) {
    std::string node;
    write_node(tree.sequence[i], node);
    const bool after_root = depth == 0 && i == 1;  // the game's header stands alone
    if (i > 0 && (after_root || out.size() - line_start + node.size() > 80)) {
      out += "\n" + indent;
      line_start = out.size() - indent.size();
    }
    out += node;
  }
  for (const SgfTree& variation : tree.variations) {
    out += "\n";
    write_tree(variation, depth + 1, out);
  }
  out += ")";
}

}  // namespace

const SgfProperty* SgfNode::find(std::string_view id) const {
  for (const SgfProperty& property : properties)
    if (property.id == id) return &property;
  return nullptr;
}

void SgfNode::add(const std::string& id, const std::string& value) {
  for (SgfProperty& property : properties)
    if (property.id == id) {
      property.values.push_back(value);
      return;
    }
  properties.push_back({id, {value}});
}

std::vector<SgfTree> parse_sgf(std::string_view text) { return Parser(text).collection(); }

std::string write_sgf(const std::vector<SgfTree>& collection) {
  std::string out;
  for (const SgfTree& tree : collection) {
    write_tree(tree, 0, out);
    out += "\n";
  }
  return out;
}

std::size_t sgf_node_count(const SgfTree& tree) {
  std::size_t count = tree.sequence.size();
  for (const SgfTree& variation : tree.variations) count += sgf_node_count(variation);
  return count;
}

}  // namespace kinrow
