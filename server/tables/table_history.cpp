#include "server/tables/table_history.hpp"

namespace belote::tables {

Delivered render_delivered(const platform::Published& published, const std::string& table, int seats,
                           protocol::RenderedNotice& scratch) {
    protocol::render_notice(published.notice, table, published.v, seats, scratch);
    Delivered delivered{published.v, net::SharedText(scratch.everyone), {}};
    for (int s = 0; s < 4; ++s)
        if (scratch.has_own(s)) delivered.own[s] = net::SharedText(scratch.own[s]);
    return delivered;
}

void TableHistory::add(Delivered notice) {
    notices_.push_back(std::move(notice));
    while (notices_.size() > capacity_) notices_.pop_front();
}

std::optional<std::vector<net::SharedText>> TableHistory::since(std::uint64_t seen, std::uint64_t current,
                                                                std::optional<int> seat, std::size_t limit) const {
    if (seen > current || current - seen > limit) return std::nullopt;
    std::vector<net::SharedText> out;
    if (seen == current) return out;
    if (notices_.empty() || notices_.front().v > seen + 1) return std::nullopt;
    for (const auto& notice : notices_)
        if (notice.v > seen) out.push_back(notice.for_observer(seat));
    return out;
}

}  // namespace belote::tables
