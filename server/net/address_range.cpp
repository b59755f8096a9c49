#include "server/net/address_range.hpp"

#include <boost/asio/ip/network_v4.hpp>
#include <boost/asio/ip/network_v6.hpp>

namespace belote::net {
namespace ip = boost::asio::ip;

namespace {

ip::address unmapped(const ip::address& address) {
    if (address.is_v6() && address.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, address.to_v6());
    return address;
}

}  // namespace

std::string address_range_error(const std::string& range) {
    boost::system::error_code ec;
    if (range.find('/') == std::string::npos) {
        ip::make_address(range, ec);
        return ec ? "not an IP address or a network (CIDR): " + range : std::string{};
    }
    ip::make_network_v4(range, ec);
    if (!ec) return {};
    ec.clear();
    ip::make_network_v6(range, ec);
    return ec ? "not an IP address or a network (CIDR): " + range : std::string{};
}

bool in_address_range(const ip::address& address, const std::string& range) {
    const auto client = unmapped(address);
    boost::system::error_code ec;
    if (range.find('/') == std::string::npos) {
        const auto single = ip::make_address(range, ec);
        return !ec && unmapped(single) == client;
    }
    if (const auto net = ip::make_network_v4(range, ec); !ec)
        return client.is_v4() && ip::network_v4(client.to_v4(), net.prefix_length()).canonical() == net.canonical();
    ec.clear();
    const auto net = ip::make_network_v6(range, ec);
    return !ec && client.is_v6() && ip::network_v6(client.to_v6(), net.prefix_length()).canonical() == net.canonical();
}

}  // namespace belote::net
