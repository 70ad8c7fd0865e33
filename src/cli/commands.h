// The subcommands of kinrow, one file each.
#pragma once

#include <string>
#include <vector>

#include "cli/args.h"

namespace kinrow::cli {

struct Command {
  const CommandSpec* spec;
  int (*run)(const Args& args);
};

extern const CommandSpec kInfoSpec, kSolveSpec, kVerifySpec, kBenchSpec, kTableSpec, kProveDrawSpec,
    kStrategySpec, kPlaySpec, kDictSpec, kDefencesSpec, kTilingSpec, kKdrawSpec, kProveSpec, kWorkerSpec,
    kWorkersSpec, kThinkSpec, kPbrainSpec, kPuzzlesSpec, kSgfSpec, kMatchSpec, kServeSpec, kBookSpec,
    kCertificateSpec;
int run_info(const Args& args);
int run_solve(const Args& args);
int run_verify(const Args& args);
int run_certificate(const Args& args);
int run_bench(const Args& args);
int run_table(const Args& args);
int run_table_misere(const Args& args);  // table_misere.cpp, through run_table
int run_table_mnk(const Args& args);     // table_mnk.cpp, through run_table
int run_prove_draw(const Args& args);
int run_strategy(const Args& args);
int run_play(const Args& args);
int run_dict(const Args& args);
int run_defences(const Args& args);
int run_tiling(const Args& args);
int run_kdraw(const Args& args);
int run_prove(const Args& args);
int run_worker(const Args& args);
int run_workers(const Args& args);
int run_think(const Args& args);
int run_pbrain(const Args& args);
int run_puzzles(const Args& args);
int run_sgf(const Args& args);
int run_match(const Args& args);
int run_serve(const Args& args);
int run_book(const Args& args);

const std::vector<Command>& commands();

}  // namespace kinrow::cli
