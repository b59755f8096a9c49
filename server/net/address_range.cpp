#include "server/net/address_range.hpp"

#include <stdexcept>

namespace belote::net {
namespace ip = boost::asio::ip;

namespace {

ip::address unmapped(const ip::address& address) {
    if (address.is_v6() && address.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, address.to_v6());
    return address;
}

}  // namespace

std::optional<AddressRange> AddressRange::parse(const std::string& text) {
    boost::system::error_code ec;
    if (text.find('/') == std::string::npos) {
        const auto address = ip::make_address(text, ec);
        if (ec) return std::nullopt;
        const auto plain = unmapped(address);
        if (plain.is_v4()) return AddressRange(ip::network_v4(plain.to_v4(), 32));
        return AddressRange(ip::network_v6(plain.to_v6(), 128));
    }
    if (const auto v4 = ip::make_network_v4(text, ec); !ec) return AddressRange(v4.canonical());
    ec.clear();
    if (const auto v6 = ip::make_network_v6(text, ec); !ec) return AddressRange(v6.canonical());
    return std::nullopt;
}

bool AddressRange::contains(const ip::address& address) const {
    const auto client = unmapped(address);
    if (const auto* v4 = std::get_if<ip::network_v4>(&network_))
        return client.is_v4() && ip::network_v4(client.to_v4(), v4->prefix_length()).canonical() == *v4;
    const auto& v6 = std::get<ip::network_v6>(network_);
    return client.is_v6() && ip::network_v6(client.to_v6(), v6.prefix_length()).canonical() == v6;
}

std::string address_range_error(const std::string& text) {
    return AddressRange::parse(text) ? std::string{} : "not an IP address or a network (CIDR): " + text;
}

std::vector<AddressRange> parse_address_ranges(const std::vector<std::string>& texts) {
    std::vector<AddressRange> ranges;
    ranges.reserve(texts.size());
    for (const auto& text : texts) {
        auto range = AddressRange::parse(text);
        if (!range) throw std::invalid_argument(address_range_error(text));
        ranges.push_back(*range);
    }
    return ranges;
}

}  // namespace belote::net
