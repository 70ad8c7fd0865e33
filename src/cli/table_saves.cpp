#include "cli/table_saves.h"

#include "cli/format.h"

namespace kinrow::cli {

OptionSpec save_every_option() {
  return {"save-every", "MINUTES",
          "with a kept table (--table-file, --table-dir, --split-dir): also save it every\n"
          "MINUTES while the search runs (default 30; 0: only when it ends), so that a run\n"
          "killed without warning (kill -9, out of memory, the machine lost) goes on from\n"
          "its last save"};
}

double save_every_seconds(const Args& args) {
  return 60 * args.get_double("save-every", kDefaultSaveEverySeconds / 60, 0, 1e7);
}

std::function<void(const TableSaveReport&)> save_notes(ProgressLine& progress) {
  return [&progress](const TableSaveReport& report) {
    progress.note(report.error.empty() ? "table saved to " + report.path + " in " + seconds_text(report.seconds)
                                       : "table not saved (the search goes on): " + report.error);
  };
}

}  // namespace kinrow::cli
