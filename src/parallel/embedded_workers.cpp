#include "parallel/embedded_workers.h"

#include <algorithm>
#include <chrono>
#include <exception>

#include "core/error.h"

namespace kinrow {
namespace {

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

EmbeddedWorkers::EmbeddedWorkers(const JobContext& context, int threads) : context_(context) {
  for (int i = 0; i < threads; ++i)
    running_flags_.push_back(std::make_shared<std::atomic<bool>>(false));
  running_jobs_.assign(static_cast<std::size_t>(threads), -1);
  for (int i = 0; i < threads; ++i) threads_.emplace_back([this, i] { work(i); });
}

EmbeddedWorkers::~EmbeddedWorkers() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    queue_.clear();
    for (auto& flag : running_flags_) *flag = true;
  }
  work_ready_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void EmbeddedWorkers::send(const Dispatch& dispatch) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(dispatch);
  }
  work_ready_.notify_one();
}

std::vector<Finished> EmbeddedWorkers::wait(double seconds) {
  std::unique_lock lock(mutex_);
  answer_ready_.wait_for(lock, std::chrono::duration<double>(seconds),
                         [&] { return !answers_.empty(); });
  std::vector<Finished> out;
  out.swap(answers_);
  return out;
}

void EmbeddedWorkers::drop(const std::vector<int64_t>& jobs) {
  auto dropped = [&](int64_t job) { return std::find(jobs.begin(), jobs.end(), job) != jobs.end(); };
  std::lock_guard lock(mutex_);
  std::erase_if(queue_, [&](const Dispatch& d) { return dropped(d.job); });
  for (std::size_t i = 0; i < running_jobs_.size(); ++i)
    if (running_jobs_[i] >= 0 && dropped(running_jobs_[i])) *running_flags_[i] = true;
  std::erase_if(answers_, [&](const Finished& f) { return dropped(f.job); });
}

std::string EmbeddedWorkers::status() {
  return std::to_string(threads_.size()) + " worker thread" + (threads_.size() == 1 ? "" : "s") +
         " in this process";
}

void EmbeddedWorkers::work(int index) {
  const std::string name = "thread " + std::to_string(index);
  for (;;) {
    Dispatch dispatch;
    std::shared_ptr<std::atomic<bool>> cancel;
    {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      dispatch = std::move(queue_.front());
      queue_.pop_front();
      cancel = running_flags_[static_cast<std::size_t>(index)] =
          std::make_shared<std::atomic<bool>>(false);
      running_jobs_[static_cast<std::size_t>(index)] = dispatch.job;
    }
    Finished finished;
    finished.job = dispatch.job;
    finished.worker = name;
    finished.started = now_seconds();
    const auto start = std::chrono::steady_clock::now();
    try {
      finished.result = run_job(context_, dispatch.spec, cancel.get());
    } catch (const JobCancelled&) {
      std::lock_guard lock(mutex_);
      running_jobs_[static_cast<std::size_t>(index)] = -1;
      continue;
    } catch (const std::exception& e) {
      finished.error = e.what();
    }
    finished.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    {
      std::lock_guard lock(mutex_);
      running_jobs_[static_cast<std::size_t>(index)] = -1;
      if (cancel->load()) continue;  // dropped while it ran
      answers_.push_back(std::move(finished));
    }
    answer_ready_.notify_one();
  }
}

}  // namespace kinrow
