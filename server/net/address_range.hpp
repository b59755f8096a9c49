#pragma once
// Address ranges for --trusted-proxy (docs/operations.md "Behind a reverse proxy"): one address, or
// a network in CIDR notation, so that a proxy whose address is handed out by a container network
// (Compose) can be trusted by the network's prefix.

#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/network_v4.hpp>
#include <boost/asio/ip/network_v6.hpp>

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace belote::net {

/// One IP address or one network, parsed once (at start-up) and matched against each peer.
class AddressRange {
public:
    /// `text` as a range: an IP address ("10.89.47.2", "2001:db8::1"; the network of itself alone)
    /// or a network in CIDR notation ("10.89.47.0/24", "fd00::/8"; host bits may be set).
    /// nullopt when it is neither.
    static std::optional<AddressRange> parse(const std::string& text);

    /// Whether `address` is within the range. An IPv4-mapped IPv6 address ("::ffff:10.89.47.2", a
    /// dual-stack listener's view of an IPv4 peer) is taken as its IPv4 address.
    bool contains(const boost::asio::ip::address& address) const;

private:
    using Network = std::variant<boost::asio::ip::network_v4, boost::asio::ip::network_v6>;
    explicit AddressRange(Network network) : network_(network) {}
    Network network_;
};

/// Why `text` is not an address range (AddressRange::parse); empty when it is one.
std::string address_range_error(const std::string& text);

/// The ranges of `texts`, in order. Throws std::invalid_argument (address_range_error's message)
/// for the first that does not parse.
std::vector<AddressRange> parse_address_ranges(const std::vector<std::string>& texts);

}  // namespace belote::net
