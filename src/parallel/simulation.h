// What the proof would have taken on more workers than this machine has: a
// discrete-event simulation of the manager (parallel/manager.h) with W workers, over the
// real jobs.
//
// The simulated manager runs the same trees (parallel/job_tree.h), both questions at
// once, from the start: it chooses jobs exactly as the real one would, and a job it sends to a free worker finishes
// after the time the job really took. Job answers depend only on the job
// (parallel/job.h), so each is looked up in the database by its key; a job the real
// run never asked (more workers choose differently) is run now, on this thread, timed,
// and recorded (source "simulation") for the next simulation. The manager's own time and
// the messages' are taken as nothing, as [Wu et al., JL-PN] found them negligible.
#pragma once

#include <cstdint>
#include <vector>

#include "core/outcome.h"
#include "parallel/job.h"
#include "parallel/job_tree.h"
#include "store/proof_db.h"

namespace kinrow {

struct SimulationResult {
  int workers = 0;
  Value value = Value::Draw;  // the value the simulated run proved (the real run's, or a bug)
  double seconds = 0;         // simulated wall time, both questions
  double speedup = 1;         // the simulated time on one worker over this one
  int64_t jobs = 0;           // jobs the simulated run answered by running them
  int64_t jobs_computed = 0;  // of those, run now because no run had asked them before
  // Per question (0: does the side to move win): when its first job started and when it
  // was answered, in simulated seconds; -1 for never.
  double first_job_at[2] = {-1, -1};
  double answered_at[2] = {-1, -1};
};

// One result per worker count, in the order given; speed-ups against a simulated single
// worker (simulated too if 1 is not in the list).
std::vector<SimulationResult> simulate_proof(ProofDatabase& db, const JobContext& context,
                                             const TreeSettings& settings,
                                             const std::vector<int>& worker_counts);

}  // namespace kinrow
