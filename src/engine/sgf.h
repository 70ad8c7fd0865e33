// SGF, the Smart Game Format (FF[4]): the syntax only, as a tree of nodes and properties.
//
//   Collection = GameTree { GameTree }
//   GameTree   = "(" Sequence { GameTree } ")"
//   Sequence   = Node { Node }
//   Node       = ";" { Property }
//   Property   = PropIdent PropValue { PropValue }
//   PropValue  = "[" text, where "\]" and "\\" stand for ] and \ "]"
//
// What the properties mean for kinrow's games is engine/sgf_record.h's and
// engine/sgf_proof.h's business; here every property, known or not, is kept as read, so
// that nothing a user's file holds is lost on the way through.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace kinrow {

struct SgfProperty {
  std::string id;  // upper-case letters ("B", "AB", "SZ"; FF[3]'s lower case is dropped)
  std::vector<std::string> values;  // unescaped: "\]" read as "]", soft line breaks removed
};

struct SgfNode {
  std::vector<SgfProperty> properties;  // in the order of the file
  std::size_t offset = 0;  // the byte of its ';' in the text read (0 for nodes built)

  // The property's values, or null. Ids are unique within a node (the parser checks).
  const SgfProperty* find(std::string_view id) const;
  // Appends a property (or a value to the one already there).
  void add(const std::string& id, const std::string& value);
};

struct SgfTree {
  std::vector<SgfNode> sequence;  // at least one node
  std::vector<SgfTree> variations;  // the first one is the main line
  std::size_t offset = 0;  // the byte of its '('
};

// Reads a collection (one or more game trees). Throws InputError("SGF byte N: ...") for
// malformed text, naming the byte (1-based) where the problem shows and what was expected.
std::vector<SgfTree> parse_sgf(std::string_view text);

// Writes a collection: a node per line on the main line, variations indented, values
// escaped so that parse_sgf reads the same tree back.
std::string write_sgf(const std::vector<SgfTree>& collection);

// The number of nodes of a tree, variations included.
std::size_t sgf_node_count(const SgfTree& tree);

}  // namespace kinrow
