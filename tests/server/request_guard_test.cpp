// The replies a connection remembers by request id (docs/design.md invariant 5) are bounded in
// count and in bytes (issue 18).

#include <gtest/gtest.h>

#include <string>

#include "server/sessions/request_guard.hpp"

namespace belote::sessions {
namespace request_guard_test {

net::SharedText text_of(std::size_t bytes) { return net::SharedText(std::string(bytes, 'r')); }

TEST(RequestGuardTest, RemembersAReplyAndAnswersItsIdAgain) {
    RequestGuard guard(10, 10, 0);
    net::SharedText reply;
    ASSERT_EQ(guard.check(protocol::RequestId{std::int64_t{1}}, reply), RequestGuard::Seen::New);
    EXPECT_EQ(guard.record(protocol::RequestId{std::int64_t{1}}, text_of(10)), 0);
    EXPECT_EQ(guard.check(protocol::RequestId{std::int64_t{1}}, reply), RequestGuard::Seen::Answered);
    EXPECT_EQ(reply.size(), 10u);
}

TEST(RequestGuardTest, ForgetsTheOldestRepliesPastTheByteBound) {
    RequestGuard guard(10, 10, 0);
    net::SharedText reply;
    auto id = [](int n) { return protocol::RequestId{std::int64_t{n}}; };
    ASSERT_EQ(guard.check(id(1), reply), RequestGuard::Seen::New);
    guard.record(id(1), text_of(10));
    const std::size_t big = remembered_reply_bytes / 4;
    for (int n = 2; n <= 4; ++n) {  // 10 + 3/4 of the bound: all kept
        ASSERT_EQ(guard.check(id(n), reply), RequestGuard::Seen::New);
        guard.record(id(n), text_of(big));
    }
    EXPECT_EQ(guard.check(id(1), reply), RequestGuard::Seen::Answered);
    ASSERT_EQ(guard.check(id(5), reply), RequestGuard::Seen::New);
    guard.record(id(5), text_of(big));  // 10 + the bound: the oldest goes
    EXPECT_EQ(guard.check(id(1), reply), RequestGuard::Seen::New);
    EXPECT_EQ(guard.check(id(2), reply), RequestGuard::Seen::Answered);  // 5 ids, far fewer than 64
    EXPECT_EQ(guard.check(id(5), reply), RequestGuard::Seen::Answered);
}

TEST(RequestGuardTest, AReplyLargerThanTheBoundIsNotRemembered) {
    RequestGuard guard(10, 10, 0);
    net::SharedText reply;
    const protocol::RequestId id{std::string("list")};
    ASSERT_EQ(guard.check(id, reply), RequestGuard::Seen::New);
    guard.record(id, text_of(remembered_reply_bytes + 1));
    EXPECT_EQ(guard.check(id, reply), RequestGuard::Seen::New);
}

}  // namespace request_guard_test
}  // namespace belote::sessions
