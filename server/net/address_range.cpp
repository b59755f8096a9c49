#include "server/net/address_range.hpp"

#include <boost/asio/ip/network_v4.hpp>
#include <boost/asio/ip/network_v6.hpp>

#include <optional>
#include <variant>

namespace belote::net {
namespace ip = boost::asio::ip;

namespace {

using Network = std::variant<ip::network_v4, ip::network_v6>;

ip::address unmapped(const ip::address& address) {
    if (address.is_v6() && address.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, address.to_v6());
    return address;
}

/// `range` as a network; an address is the network of itself alone (/32, /128). nullopt: neither.
std::optional<Network> parse(const std::string& range) {
    boost::system::error_code ec;
    if (range.find('/') == std::string::npos) {
        const auto address = ip::make_address(range, ec);
        if (ec) return std::nullopt;
        const auto plain = unmapped(address);
        if (plain.is_v4()) return ip::network_v4(plain.to_v4(), 32);
        return ip::network_v6(plain.to_v6(), 128);
    }
    if (const auto v4 = ip::make_network_v4(range, ec); !ec) return v4;
    ec.clear();
    if (const auto v6 = ip::make_network_v6(range, ec); !ec) return v6;
    return std::nullopt;
}

}  // namespace

std::string address_range_error(const std::string& range) {
    return parse(range) ? std::string{} : "not an IP address or a network (CIDR): " + range;
}

bool in_address_range(const ip::address& address, const std::string& range) {
    const auto network = parse(range);
    if (!network) return false;
    const auto client = unmapped(address);
    if (const auto* v4 = std::get_if<ip::network_v4>(&*network))
        return client.is_v4() && ip::network_v4(client.to_v4(), v4->prefix_length()).canonical() == v4->canonical();
    const auto& v6 = std::get<ip::network_v6>(*network);
    return client.is_v6() && ip::network_v6(client.to_v6(), v6.prefix_length()).canonical() == v6.canonical();
}

}  // namespace belote::net
