// What a table command throws from a search's progress callback when a board has used
// its time (--board-seconds, --search-seconds): the search unwinds, and the board is
// named as not finished (with the nodes and seconds it reached, where the command
// reports them).
#pragma once

#include <cstdint>

namespace kinrow::cli {

struct OutOfTime {
  uint64_t nodes = 0;
  double seconds = 0;
  bool interrupted = false;  // Ctrl-C (cli/interrupt.h) rather than the budget
};

}  // namespace kinrow::cli
