// The client's address behind a reverse proxy (docs/operations.md "Behind a reverse proxy",
// docs/room.md "Same address"): X-Forwarded-For counts only from a --trusted-proxy peer, and then
// its rightmost address that is not a trusted proxy.

#include <gtest/gtest.h>

#include "server/net/address_range.hpp"
#include "server/net/websocket_session.hpp"

namespace belote::net {
namespace client_address_test {

std::string client_address_of(const std::string& peer, const std::string& forwarded_for,
                              const std::vector<std::string>& proxies) {
    return net::client_address_of(peer, forwarded_for, parse_address_ranges(proxies));
}

TEST(ClientAddressTest, TheHeaderCountsOnlyFromATrustedProxy) {
    const std::vector<std::string> proxies{"127.0.0.1", "10.0.0.5"};
    EXPECT_EQ(client_address_of("127.0.0.2", "203.0.113.7", proxies), "127.0.0.2");  // a client lying
    EXPECT_EQ(client_address_of("127.0.0.1", "203.0.113.7", proxies), "203.0.113.7");
    EXPECT_EQ(client_address_of("127.0.0.1", "", proxies), "127.0.0.1");
    EXPECT_EQ(client_address_of("127.0.0.1", "203.0.113.7", {}), "127.0.0.1");
}

TEST(ClientAddressTest, TheRightmostAddressThatIsNotAProxyIsTheClient) {
    const std::vector<std::string> proxies{"127.0.0.1", "10.0.0.5"};
    // What the client wrote itself (1.1.1.1) is left of what our proxies added.
    EXPECT_EQ(client_address_of("127.0.0.1", "1.1.1.1, 198.51.100.4, 10.0.0.5", proxies), "198.51.100.4");
    EXPECT_EQ(client_address_of("127.0.0.1", " 2001:db8::1 ", proxies), "2001:db8::1");
    EXPECT_EQ(client_address_of("127.0.0.1", "10.0.0.5", proxies), "127.0.0.1");  // only proxies
    EXPECT_EQ(client_address_of("127.0.0.1", "not-an-ip", proxies), "127.0.0.1");
    EXPECT_EQ(client_address_of("127.0.0.1", "198.51.100.4,,", proxies), "198.51.100.4");
}

TEST(ClientAddressTest, AProxyMayBeTrustedByItsNetwork) {
    // A Compose network hands nginx an address from its subnet; the nodes trust the subnet.
    const std::vector<std::string> proxies{"10.89.47.0/24", "fd00:ab::/32"};
    EXPECT_EQ(client_address_of("10.89.47.9", "203.0.113.7", proxies), "203.0.113.7");
    EXPECT_EQ(client_address_of("10.89.48.9", "203.0.113.7", proxies), "10.89.48.9");  // next door
    EXPECT_EQ(client_address_of("fd00:ab:1::2", "203.0.113.7", proxies), "203.0.113.7");
    EXPECT_EQ(client_address_of("fd00:ac::2", "203.0.113.7", proxies), "fd00:ac::2");
    // A proxy behind another in the network is skipped too.
    EXPECT_EQ(client_address_of("10.89.47.2", "198.51.100.4, 10.89.47.3", proxies), "198.51.100.4");
}

TEST(AddressRangeTest, AnAddressOrANetworkAndNothingElse) {
    for (const char* good : {"10.89.47.2", "10.89.47.0/24", "10.89.47.2/24", "0.0.0.0/0", "2001:db8::1", "fd00::/8"})
        EXPECT_EQ(address_range_error(good), "") << good;
    for (const char* bad : {"", "10.89.47", "10.89.47.0/33", "10.89.47.0/", "fd00::/129", "proxy.example", "/24"})
        EXPECT_EQ(address_range_error(bad), std::string("not an IP address or a network (CIDR): ") + bad) << bad;
}

TEST(AddressRangeTest, AnIPv4PeerSeenThroughADualStackSocketIsInItsIPv4Range) {
    const auto mapped = boost::asio::ip::make_address("::ffff:10.89.47.2");
    EXPECT_TRUE(AddressRange::parse("10.89.47.0/24")->contains(mapped));
    EXPECT_TRUE(AddressRange::parse("10.89.47.2")->contains(mapped));
    EXPECT_FALSE(AddressRange::parse("10.89.46.0/24")->contains(mapped));
}

TEST(AddressRangeTest, TheListIsParsedOnceAndABadEntryIsNamed) {
    EXPECT_EQ(parse_address_ranges({"10.89.47.2", "fd00::/8"}).size(), 2u);
    try {
        parse_address_ranges({"10.89.47.2", "garbage/24"});
        FAIL() << "garbage/24 was taken for a range";
    } catch (const std::invalid_argument& e) {
        EXPECT_STREQ(e.what(), "not an IP address or a network (CIDR): garbage/24");
    }
}

}  // namespace client_address_test
}  // namespace belote::net
