#include "server/players/player.hpp"

#include "protocol/text_rules.hpp"

namespace belote::players {

Player::Player(std::string id, std::string nickname, bool guest)
    : id_(std::move(id)), name_(std::move(nickname)), name_key_(protocol::name_key(name_)), guest_(guest) {}

std::string Player::nickname() const {
    std::lock_guard lock(mutex_);
    return name_;
}

std::string Player::name_key() const {
    std::lock_guard lock(mutex_);
    return name_key_;
}

bool Player::guest() const {
    std::lock_guard lock(mutex_);
    return guest_;
}

platform::PlayerRef Player::ref() const {
    std::lock_guard lock(mutex_);
    return {id_, name_};
}

void Player::registered(std::string username) {
    std::lock_guard lock(mutex_);
    name_ = std::move(username);
    name_key_ = protocol::name_key(name_);
    guest_ = false;
}

std::shared_ptr<net::Connection> Player::connection() const {
    std::lock_guard lock(mutex_);
    return connection_;
}

bool Player::bound_to(std::uint64_t connection_id) const {
    std::lock_guard lock(mutex_);
    return connection_ && connection_->id() == connection_id;
}

std::shared_ptr<net::Connection> Player::attach(std::shared_ptr<net::Connection> connection) {
    std::lock_guard lock(mutex_);
    std::swap(connection_, connection);
    disconnected_at_ = 0;
    return connection;
}

bool Player::detach(std::uint64_t connection_id, std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    if (!connection_ || connection_->id() != connection_id) return false;
    connection_.reset();
    disconnected_at_ = now_ms;
    return true;
}

std::int64_t Player::disconnected_at() const {
    std::lock_guard lock(mutex_);
    return disconnected_at_;
}

std::string Player::address() const {
    std::lock_guard lock(mutex_);
    return address_;
}

void Player::set_address(std::string address) {
    std::lock_guard lock(mutex_);
    address_ = std::move(address);
}

void Player::add_table(const std::string& table) {
    std::lock_guard lock(mutex_);
    tables_.insert(table);
}

std::vector<std::string> Player::tables() const {
    std::lock_guard lock(mutex_);
    return {tables_.begin(), tables_.end()};
}

}  // namespace belote::players
