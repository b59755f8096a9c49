#pragma once
// Address ranges for --trusted-proxy (docs/operations.md "Behind a reverse proxy"): one address, or
// a network in CIDR notation, so that a proxy whose address is handed out by a container network
// (Compose) can be trusted by the network's prefix.

#include <boost/asio/ip/address.hpp>

#include <string>

namespace belote::net {

/// Why `range` is not an IP address ("10.89.47.2", "2001:db8::1") or a network in CIDR notation
/// ("10.89.47.0/24", "fd00::/8"; host bits may be set); empty when it is one.
std::string address_range_error(const std::string& range);

/// Whether `address` is `range` (an address: equal) or within it (a network). An IPv4-mapped IPv6
/// address ("::ffff:10.89.47.2", a dual-stack listener's view of an IPv4 peer) is taken as its
/// IPv4 address. False when `range` does not parse (see address_range_error).
bool in_address_range(const boost::asio::ip::address& address, const std::string& range);

}  // namespace belote::net
