#include "server/game/player.hpp"

namespace belote::game {

std::shared_ptr<net::Connection> Player::connection() const {
    std::lock_guard lock(mutex_);
    return connection_;
}

std::shared_ptr<net::Connection> Player::attach(std::shared_ptr<net::Connection> connection) {
    std::lock_guard lock(mutex_);
    std::swap(connection_, connection);
    return connection;
}

bool Player::detach(std::uint64_t connection_id) {
    std::lock_guard lock(mutex_);
    if (!connection_ || connection_->id() != connection_id) return false;
    connection_.reset();
    return true;
}

void Player::add_table(const std::string& table) {
    std::lock_guard lock(mutex_);
    tables_.insert(table);
}

std::vector<std::string> Player::tables() const {
    std::lock_guard lock(mutex_);
    return {tables_.begin(), tables_.end()};
}

}  // namespace belote::game
