// The client's address behind a reverse proxy (docs/operations.md "Behind a reverse proxy",
// docs/room.md "Same address"): X-Forwarded-For counts only from a --trusted-proxy peer, and then
// its rightmost address that is not a trusted proxy.

#include <gtest/gtest.h>

#include "server/net/websocket_session.hpp"

namespace belote::net {
namespace {

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

}  // namespace
}  // namespace belote::net
