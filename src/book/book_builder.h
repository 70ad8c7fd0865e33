// The opening-book generator of seed 001: from a position, the engine's best turn for the
// attacker (the side to move) and the Verifier's list of every defence, alternated until
// every defence is refuted or the budget runs out.
//
// The book is a proof-number tree (Allis): an attacker node is proven when one of its
// turns is, a defender node when every defence is. The next node to expand is the most
// proving one, found from the root by the child of least proof number at attacker nodes
// and of least disproof number at defender nodes, so the budget goes where the proof is
// closest. Expanding
// - an attacker node asks the engine (engine/engine.h) for its best turn, leaving out the
//   turns of the node that failed already (the job-level search's question); none left,
//   or every one refuted, fails the node;
// - a defender node asks the Verifier (book/verifier.h): no defence left proves it (its
//   zone certificate checked); where the engine said its turn wins surely, df-pn proves
//   it with a checked certificate, or, if df-pn runs out, the engine's word does, and
//   the node says it is unchecked; otherwise every defence left becomes an attacker node.
// Games that end are proven (the attacker won) or failed (the defender won, or a draw).
// Every expansion is committed to the database before the next one starts.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "book/book_store.h"
#include "core/position.h"

namespace kinrow {

struct BookSettings {
  double seconds = 1.0;       // per engine call and per df-pn proof
  uint64_t engine_nodes = 0;  // the engine's heuristic nodes instead of time (deterministic)
  uint64_t max_nodes = 200;   // nodes to add in this run (the last expansion may pass it)
  uint64_t threat_nodes = 65536;  // each threat question of the defences list
  // The engine's proof steps (off: its heuristic search alone picks the attacker's turns,
  // and the book's own tree and the Verifier do all the proving).
  bool engine_proofs = true;
};

struct BookProgress {
  int64_t book_id = 0;
  int64_t nodes = 0, added = 0, proven = 0, unchecked = 0;
  uint64_t root_pn = 1, root_dn = 1;
  int64_t engine_calls = 0, verifier_calls = 0;
  double seconds = 0;  // this run
  BookStatus status = BookStatus::Open;
  std::string step;  // what the build is doing now ("" between steps)
};

// Builds (or continues: the same spec and moves in the same file) the book of `position`
// in the database at `path`. InputError if the game is over, the position is inside a
// turn, the file is in use by another build or is not a book database. `progress` is
// called before each expansion (saying which in `step`) and after it.
BookProgress build_book(const std::string& path, const Position& position, const BookSettings& settings,
                        const std::function<void(const BookProgress&)>& progress = {});

}  // namespace kinrow
