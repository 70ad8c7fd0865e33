#include "server/job_queue.h"

#include "server/api_error.h"
#include "server/job_process.h"
#include "server/position_json.h"

namespace kinrow::server {

namespace {

constexpr std::size_t kMaxProgressLines = 20000;  // a job printing more keeps the first ones

nlohmann::json seconds_or_null(double seconds) {
  return seconds > 0 ? nlohmann::json(seconds) : nlohmann::json(nullptr);
}

}  // namespace

JobQueue::JobQueue(WorkbenchDb& db, JobCommandContext context, int max_running)
    : db_(db), context_(std::move(context)), max_running_(max_running) {
  {
    std::lock_guard db_lock(db_.mutex());
    for (int64_t id : db_.jobs_in_state("running")) {
      JobRecord job = *db_.job(id);
      job.state = "interrupted";
      job.error = "the server stopped while it ran";
      job.finished = unix_seconds();
      db_.update_job(job);
    }
    for (int64_t id : db_.jobs_in_state("queued")) {
      auto live = std::make_shared<Live>();
      live->record = *db_.job(id);
      live_[id] = live;
      queued_.push_back(id);
    }
  }
  dispatcher_ = std::thread([this] { dispatch(); });
}

JobQueue::~JobQueue() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (auto& [id, live] : live_) JobProcess::kill(live->pid);
  }
  changed_.notify_all();
  dispatcher_.join();
  // The job threads are detached; each ends by taking the lock to record its job.
  // The kill is repeated for a job whose process was starting.
  std::unique_lock lock(mutex_);
  while (running_ > 0) {
    for (auto& [id, live] : live_) JobProcess::kill(live->pid);
    changed_.wait_for(lock, std::chrono::milliseconds(50));
  }
}

nlohmann::json JobQueue::job_json(const JobRecord& job) const {
  nlohmann::json result = nullptr;
  if (!job.result.empty()) {
    result = nlohmann::json::parse(job.result, nullptr, false);
    if (result.is_discarded()) result = job.result;  // not JSON: shown as text
  }
  return {{"id", job.id},
          {"kind", job.kind},
          {"spec", job.spec},
          {"moves", job.moves},
          {"options", job.options},
          {"state", job.state},
          {"created", seconds_or_null(job.created)},
          {"started", seconds_or_null(job.started)},
          {"finished", seconds_or_null(job.finished)},
          {"progress", job.progress},
          {"result", result},
          {"error", job.error.empty() ? nlohmann::json(nullptr) : nlohmann::json(job.error)}};
}

nlohmann::json JobQueue::submit(const nlohmann::json& request) {
  const RequestedPosition position = requested_position(request);
  const std::string kind = string_field(request, "kind");
  // A missing or null "options" is no options, as null is for every other field.
  const nlohmann::json options =
      request.contains("options") && !request["options"].is_null() ? request["options"] : nlohmann::json::object();
  job_command(context_, kind, position.game.spec, position.moves, options);  // validates

  auto live = std::make_shared<Live>();
  live->record.kind = kind;
  live->record.spec = position.game.spec;
  live->record.moves = position.moves;
  live->record.options = options;
  live->record.state = "queued";
  live->record.created = unix_seconds();
  {
    std::lock_guard db_lock(db_.mutex());
    live->record.id = db_.add_job(live->record);
  }
  nlohmann::json answer = job_json(live->record);
  {
    std::lock_guard lock(mutex_);
    live_[live->record.id] = live;
    queued_.push_back(live->record.id);
  }
  changed_.notify_all();
  return answer;
}

void JobQueue::dispatch() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [&] { return stopping_ || (!queued_.empty() && running_ < max_running_); });
    if (stopping_) return;
    const int64_t id = queued_.front();
    queued_.pop_front();
    auto live = live_.at(id);
    live->record.state = "running";
    live->record.started = unix_seconds();
    ++running_;
    changed_.notify_all();  // (the lock is held: the waiters wake once it is released)
    std::thread([this, live] { run(live); }).detach();
  }
}

void JobQueue::run(std::shared_ptr<Live> live) {
  std::vector<std::string> argv;
  JobRecord snapshot;
  {
    std::lock_guard lock(mutex_);
    snapshot = live->record;
  }
  {
    std::lock_guard db_lock(db_.mutex());
    db_.update_job(snapshot);
  }
  argv = job_command(context_, snapshot.kind, snapshot.spec, snapshot.moves, snapshot.options);
  const auto outcome = JobProcess::run(
      argv,
      [&](const std::string& line) {
        {
          std::lock_guard lock(mutex_);
          if (live->record.progress.size() < kMaxProgressLines) live->record.progress.push_back(line);
        }
        changed_.notify_all();
      },
      live->pid);

  std::lock_guard lock(mutex_);
  JobRecord& record = live->record;
  record.finished = unix_seconds();
  record.result = outcome.output;
  if (live->cancelled) {
    record.state = "cancelled";
  } else if (stopping_) {
    record.state = "interrupted";
    record.error = "the server stopped while it ran";
  } else if (outcome.failure.empty()) {
    record.state = "done";
  } else {
    record.state = "failed";
    // The command's own one-line reason is its last line of standard error.
    record.error = record.progress.empty() ? outcome.failure : record.progress.back() + " (" + outcome.failure + ")";
  }
  --running_;
  finish(*live);
}

void JobQueue::finish(Live& live) {
  {
    std::lock_guard db_lock(db_.mutex());
    db_.update_job(live.record);
  }
  live_.erase(live.record.id);
  changed_.notify_all();
}

std::optional<nlohmann::json> JobQueue::get(int64_t id) {
  {
    std::lock_guard lock(mutex_);
    const auto it = live_.find(id);
    if (it != live_.end()) return job_json(it->second->record);
  }
  std::lock_guard db_lock(db_.mutex());
  const auto job = db_.job(id);
  if (!job) return std::nullopt;
  return job_json(*job);
}

nlohmann::json JobQueue::list() {
  std::vector<JobRecord> jobs;
  {
    std::lock_guard db_lock(db_.mutex());
    jobs = db_.recent_jobs(100);
  }
  nlohmann::json list = nlohmann::json::array();
  std::lock_guard lock(mutex_);
  for (JobRecord& job : jobs) {
    const auto it = live_.find(job.id);
    if (it != live_.end()) job = it->second->record;
    nlohmann::json summary = job_json(job);
    summary.erase("progress");
    summary.erase("result");
    list.push_back(summary);
  }
  return list;
}

std::optional<nlohmann::json> JobQueue::cancel(int64_t id) {
  {
    std::lock_guard lock(mutex_);
    const auto it = live_.find(id);
    if (it != live_.end()) {
      auto live = it->second;
      live->cancelled = true;
      if (live->record.state == "queued") {
        std::erase(queued_, id);
        live->record.state = "cancelled";
        live->record.finished = unix_seconds();
        nlohmann::json answer = job_json(live->record);
        finish(*live);
        return answer;
      }
    }
  }
  // A running job ends in a moment; answer with its final state. The kill is repeated:
  // a job that was just taken from the queue may not have its process yet.
  for (int i = 0; i < 250; ++i) {
    {
      std::lock_guard lock(mutex_);
      const auto it = live_.find(id);
      if (it == live_.end()) break;
      JobProcess::kill(it->second->pid);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return get(id);
}

nlohmann::json JobQueue::counts() {
  std::lock_guard lock(mutex_);
  return {{"running", running_}, {"queued", queued_.size()}, {"max", max_running_}};
}

std::optional<JobQueue::Update> JobQueue::updates(int64_t id, std::size_t from, const std::string& seen_state,
                                                  std::chrono::milliseconds wait) {
  std::unique_lock lock(mutex_);
  const auto deadline = std::chrono::steady_clock::now() + wait;
  for (;;) {
    const auto it = live_.find(id);
    if (it == live_.end()) break;
    const auto& progress = it->second->record.progress;
    if (progress.size() > from || it->second->record.state != seen_state || std::chrono::steady_clock::now() >= deadline) {
      Update update;
      update.state = it->second->record.state;
      if (progress.size() > from) update.lines.assign(progress.begin() + static_cast<long>(from), progress.end());
      return update;
    }
    changed_.wait_until(lock, deadline);
  }
  lock.unlock();
  // Not live: finished (or never was).
  std::lock_guard db_lock(db_.mutex());
  const auto job = db_.job(id);
  if (!job) return std::nullopt;
  Update update;
  update.state = job->state;
  update.finished = true;
  if (job->progress.size() > from)
    update.lines.assign(job->progress.begin() + static_cast<long>(from), job->progress.end());
  return update;
}

}  // namespace kinrow::server
