#include "tests/support/commit_and_wait.hpp"

#include <future>

namespace belote::store {

std::optional<CommitError> commit_and_wait(Store& store, std::vector<Write> writes) {
    std::promise<std::optional<CommitError>> outcome;
    store.commit(std::move(writes), [&](const std::optional<CommitError>& error) { outcome.set_value(error); });
    return outcome.get_future().get();
}

}  // namespace belote::store
