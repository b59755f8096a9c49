#pragma once
// The bounded record of a table's recent notices, as sent, for replay to a client coming back
// (docs/design.md invariant 4): a replay carries exactly the bytes each recipient was sent.

#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include "platform/notices.hpp"
#include "protocol/messages.hpp"
#include "server/net/connection.hpp"

namespace belote::tables {

/// One notice as delivered: the public text and each seat's own copy when it differs.
struct Delivered {
    std::uint64_t v = 0;
    net::SharedText everyone;
    std::array<net::SharedText, 4> own{};
    /// The text for seat `seat` (a spectator when nullopt).
    const net::SharedText& for_observer(std::optional<int> seat) const {
        return seat && own[*seat] ? own[*seat] : everyone;
    }
};

/// Renders `published` for table `table` of `seats` seats (`scratch` keeps its buffers from one
/// notice to the next): the bytes every recipient gets, and the history keeps.
Delivered render_delivered(const platform::Published& published, const std::string& table, int seats,
                           protocol::RenderedNotice& scratch);

/// Keeps the last `capacity` notices. Not thread-safe (used on the table's strand).
class TableHistory {
public:
    explicit TableHistory(std::size_t capacity) : capacity_(capacity) {}

    /// Appends a notice (its v must follow the previous one's); drops the oldest beyond capacity.
    void add(Delivered notice);

    /// What the observer `seat` (a spectator when nullopt) missed after version `seen`, the table
    /// being at `current`; nullopt when the history no longer holds it all, when it is more than
    /// `limit` notices (a snapshot is then sent instead), or when `seen` is ahead.
    std::optional<std::vector<net::SharedText>> since(std::uint64_t seen, std::uint64_t current,
                                                      std::optional<int> seat,
                                                      std::size_t limit = static_cast<std::size_t>(-1)) const;

private:
    std::size_t capacity_;
    std::deque<Delivered> notices_;
};

}  // namespace belote::tables
