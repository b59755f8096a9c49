#include "server/store/group_writer.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

namespace belote::store {

GroupWriter::GroupWriter(WriteTarget& target) : target_(target), thread_([this] { run(); }) {}

GroupWriter::~GroupWriter() { stop(); }

void GroupWriter::stop() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void GroupWriter::commit(std::vector<Write> writes, Committed done) {
    {
        std::lock_guard lock(mutex_);
        queue_.push_back({std::move(writes), std::move(done)});
        ++queued_;
    }
    wake_.notify_one();
}

bool GroupWriter::healthy() const {
    std::lock_guard lock(mutex_);
    return healthy_;
}

void GroupWriter::on_recovered(std::function<void()> f) {
    std::lock_guard lock(mutex_);
    on_recovered_.push_back(std::move(f));
}

void GroupWriter::flush() {
    std::unique_lock lock(mutex_);
    const auto target = queued_;
    drained_.wait(lock, [&] { return done_ >= target; });
}

void GroupWriter::wait_until_idle() {
    std::unique_lock lock(mutex_);
    drained_.wait(lock, [&] { return !idle_work_; });
}

void GroupWriter::run() {
    for (;;) {
        std::vector<Job> jobs;
        const bool idle_work = healthy() && target_.idle_work_due();  // a step of it when nothing is queued
        {
            std::unique_lock lock(mutex_);
            idle_work_ = idle_work;
            if (!idle_work) drained_.notify_all();
            // While unhealthy, wake up every second to see whether the database is back.
            if (healthy_ && !idle_work)
                wake_.wait(lock, [&] { return stop_ || !queue_.empty(); });
            else if (!healthy_)
                wake_.wait_for(lock, std::chrono::seconds(1), [&] { return stop_ || !queue_.empty(); });
            if (stop_ && queue_.empty()) return;
            jobs.assign(std::make_move_iterator(queue_.begin()), std::make_move_iterator(queue_.end()));
            queue_.clear();
        }
        if (jobs.empty()) {
            if (idle_work)
                target_.idle_work_step();
            else
                probe();
            continue;
        }
        commit_group(jobs);
        {
            std::lock_guard lock(mutex_);
            done_ += jobs.size();
        }
        drained_.notify_all();
    }
}

void GroupWriter::commit_group(std::vector<Job>& jobs) {
    std::vector<std::optional<CommitError>> outcomes(jobs.size());
    try {
        target_.transaction([&] {
            for (const auto& job : jobs)
                for (const auto& write : job.writes) target_.apply(write);
        });
        set_healthy(true);
    } catch (const StoreError& e) {
        if (target_.refusal(e))
            commit_one_by_one(jobs, outcomes);  // some batch is refused: each again alone, so only it fails
        else
            fail_from(0, e, outcomes);
    }
    {
        std::lock_guard lock(mutex_);
        idle_work_ = target_.idle_work_due();  // before anyone hears of what the group changed
    }
    for (std::size_t i = 0; i < jobs.size(); ++i)
        if (jobs[i].done) jobs[i].done(outcomes[i]);
}

void GroupWriter::commit_one_by_one(std::vector<Job>& jobs, std::vector<std::optional<CommitError>>& outcomes) {
    for (std::size_t i = 0; i < jobs.size(); ++i) try {
            target_.transaction([&] {
                for (const auto& write : jobs[i].writes) target_.apply(write);
            });
            set_healthy(true);
        } catch (const StoreError& e) {
            auto refused = target_.refusal(e);
            if (!refused) return fail_from(i, e, outcomes);
            outcomes[i] = std::move(refused);
        }
}

void GroupWriter::fail_from(std::size_t first, const StoreError& error,
                            std::vector<std::optional<CommitError>>& outcomes) {
    spdlog::error("store: a commit of {} batches failed: {}", outcomes.size() - first, error.what());
    for (auto i = first; i < outcomes.size(); ++i) outcomes[i] = CommitError{CommitError::Kind::Storage, error.what()};
    set_healthy(false);
}

void GroupWriter::probe() {
    try {
        target_.probe();
        set_healthy(true);
    } catch (const StoreError& e) {
        spdlog::debug("store: still failing: {}", e.what());
    }
}

void GroupWriter::set_healthy(bool healthy) {
    std::vector<std::function<void()>> callbacks;
    {
        std::lock_guard lock(mutex_);
        if (healthy_ == healthy) return;
        healthy_ = healthy;
        if (healthy) callbacks = on_recovered_;
    }
    if (healthy) spdlog::info("store: writing again");
    for (auto& f : callbacks) f();
}

}  // namespace belote::store
