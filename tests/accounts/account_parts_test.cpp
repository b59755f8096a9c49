// The parts of accounts on their own: name keys (NFKC + case fold + confusables skeleton),
// username rules, token buckets, Argon2id hashing and rehash, tokens, the Origin rule, and the
// rehash of a password at login when the limits changed.

#include <gtest/gtest.h>

#include <future>

#include "protocol/text_rules.hpp"
#include "server/accounts/account_service.hpp"
#include "server/accounts/attempt_limiter.hpp"
#include "server/accounts/password_hasher.hpp"
#include "server/accounts/session_token.hpp"
#include "server/net/origin_check.hpp"
#include "server/store/memory_store.hpp"
#include "tests/support/manual_clock.hpp"

namespace belote::testing {
namespace account_parts_test {

TEST(NameKeyTest, CaseWidthAndLookAlikesMeetTheSameKey) {
    EXPECT_EQ(protocol::name_key("Ana"), "ana");
    EXPECT_EQ(protocol::name_key("ANA"), "ana");
    EXPECT_EQ(protocol::name_key("\u0410na"), "ana");                   // Cyrillic capital A
    EXPECT_EQ(protocol::name_key("\u0430na"), "ana");                   // Cyrillic small a
    EXPECT_EQ(protocol::name_key("\uff21\uff4e\uff41"), "ana");         // fullwidth
    EXPECT_EQ(protocol::name_key("ana0"), protocol::name_key("anaO"));  // digit zero, capital O
    EXPECT_EQ(protocol::name_key("paul"), protocol::name_key("PAUL"));
    // Case is folded before the skeleton: a capital I is an i (not the l it looks like in some fonts).
    EXPECT_EQ(protocol::name_key("Il"), protocol::name_key("il"));
    EXPECT_EQ(protocol::name_key("Jo\u00e3o"), protocol::name_key("Joa\u0303o"));  // NFC and NFD
    EXPECT_NE(protocol::name_key("Ana"), protocol::name_key("Anna"));
    EXPECT_NE(protocol::name_key("Ana"), protocol::name_key("Ana "));
    EXPECT_EQ(protocol::name_key("\xff"), "");  // not UTF-8
}

TEST(NameKeyTest, FiveWaysOfWritingOneNameAreOneKey) {
    // Capitals (an I among them, whose skeleton alone would be an l), a Cyrillic a, a fullwidth a.
    const std::string key = protocol::name_key("alice13");
    EXPECT_FALSE(key.empty());
    for (const char* name : {"ALICE13", "alice13", "Alice13", "\u0430lice13", "\uff41lice13"})
        EXPECT_EQ(protocol::name_key(name), key) << name;
    EXPECT_NE(protocol::name_key("alice14"), key);
}

TEST(UsernameTest, LettersDigitsAndThreeSymbols) {
    EXPECT_EQ(protocol::check_username("Jo\u00e3o").text, "Jo\u00e3o");
    EXPECT_EQ(protocol::check_username("Joa\u0303o").text, "Jo\u00e3o");  // normalized to NFC
    EXPECT_EQ(protocol::check_username("a.b-c_9").problem, "");
    EXPECT_EQ(protocol::check_username("\u0928\u092e\u0938\u094d\u0924\u0947").problem, "");  // a mark inside
    EXPECT_EQ(protocol::check_username("abc").problem, "");
    EXPECT_EQ(protocol::check_username("ab").problem, "username must be 3 to 20 characters");
    EXPECT_EQ(protocol::check_username(std::string(20, 'a')).problem, "");
    EXPECT_EQ(protocol::check_username("a b").problem, "username may hold only letters, digits, '_', '-' and '.'");
    EXPECT_EQ(protocol::check_username("ab\xff").problem, "username is not valid UTF-8");
    EXPECT_FALSE(protocol::username_allows(0x0301, true));  // a mark first
    EXPECT_TRUE(protocol::username_allows(0x0301, false));
    EXPECT_FALSE(protocol::username_allows(0x200D, false));  // zero-width joiner (Cf)
    EXPECT_FALSE(protocol::username_allows('@', false));
}

TEST(AttemptLimiterTest, ABucketPerKeyRefilledOverTime) {
    accounts::AttemptLimiter limiter({3, 1000});
    for (int i = 0; i < 3; ++i) EXPECT_EQ(limiter.take("a", 0), 0);
    EXPECT_EQ(limiter.take("a", 0), 1000);
    EXPECT_EQ(limiter.take("b", 0), 0);  // another key
    EXPECT_EQ(limiter.take("a", 250), 750);
    EXPECT_EQ(limiter.take("a", 1000), 0);
    EXPECT_EQ(limiter.take("a", 1000), 1000);
}

TEST(AttemptLimiterTest, KeysAreBounded) {
    accounts::AttemptLimiter limiter({2, 1000}, 3);
    limiter.take("a", 0);
    limiter.take("a", 0);  // a: empty
    limiter.take("b", 0);
    limiter.take("c", 0);
    EXPECT_EQ(limiter.size(), 3u);
    limiter.take("d", 2000);  // room made: every bucket is full again by then
    EXPECT_EQ(limiter.size(), 1u);
    EXPECT_EQ(limiter.take("d", 2000), 0);
    EXPECT_EQ(limiter.take("d", 2000), 1000);
}

TEST(PasswordHasherTest, Argon2idWithItsLimitsAndRehash) {
    const accounts::HashLimits low{1, 8192};  // libsodium's minimum: fast, for this test only
    accounts::PasswordHasher hasher(low);
    const std::string hashed = hasher.hash("correct horse");
    EXPECT_TRUE(hashed.starts_with("$argon2id$v=19$m=8,t=1,p=1$")) << hashed;
    EXPECT_TRUE(hasher.verify(hashed, "correct horse"));
    EXPECT_FALSE(hasher.verify(hashed, "correct horsE"));
    EXPECT_FALSE(hasher.verify("not a hash", "correct horse"));
    EXPECT_NE(hasher.hash("correct horse"), hashed);  // a random salt
    EXPECT_FALSE(hasher.needs_rehash(hashed));
    accounts::PasswordHasher interactive(*accounts::hash_limits("interactive"));
    EXPECT_TRUE(interactive.needs_rehash(hashed));
    EXPECT_TRUE(interactive.verify(hashed, "correct horse"));  // the limits are in the hash
    const auto moderate = *accounts::hash_limits("moderate");
    EXPECT_EQ(moderate.ops, 3u);
    EXPECT_EQ(moderate.mem, 256u << 20);
    EXPECT_FALSE(accounts::hash_limits("weak"));
}

TEST(SessionTokenTest, RandomHexAndItsSha256) {
    const std::string a = accounts::new_token(), b = accounts::new_token();
    EXPECT_TRUE(accounts::looks_like_token(a));
    EXPECT_NE(a, b);
    EXPECT_EQ(accounts::token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_FALSE(accounts::looks_like_token(a.substr(1)));
    EXPECT_FALSE(accounts::looks_like_token(std::string(64, 'G')));
}

TEST(OriginTest, OwnOriginAllowListAndNoOrigin) {
    const std::vector<std::string> allowed{"https://cards.example.org"};
    EXPECT_TRUE(net::origin_allowed("", "localhost:8080", {}));
    EXPECT_TRUE(net::origin_allowed("http://localhost:8080", "localhost:8080", {}));
    EXPECT_TRUE(net::origin_allowed("HTTP://LocalHost:8080", "localhost:8080", {}));
    EXPECT_TRUE(net::origin_allowed("https://belote.example", "belote.example", {}));
    EXPECT_TRUE(net::origin_allowed("https://belote.example", "belote.example:443", {}));
    EXPECT_TRUE(net::origin_allowed("https://cards.example.org", "belote.example", allowed));
    EXPECT_FALSE(net::origin_allowed("https://evil.example", "belote.example", allowed));
    EXPECT_FALSE(net::origin_allowed("http://localhost:8081", "localhost:8080", {}));
    EXPECT_FALSE(net::origin_allowed("null", "localhost:8080", {}));
    EXPECT_FALSE(net::origin_allowed("ftp://localhost:8080", "localhost:8080", {}));
    EXPECT_FALSE(net::origin_allowed("http://localhost:8080", "", {}));
}

TEST(AccountServiceTest, ALoginRehashesAPasswordMadeWithOtherLimits) {
    auto store = std::make_shared<store::MemoryStore>();
    auto clock = std::make_shared<ManualClock>();
    const std::string old_hash = accounts::PasswordHasher({1, 8192}).hash("correct horse");
    store::Account account{.id = "pana",
                           .display_name = "ana",
                           .username = "ana",
                           .username_key = "ana",
                           .password_hash = old_hash,
                           .created_ms = 1};
    store->commit({store::PutAccount{account}}, [](const auto& error) { ASSERT_FALSE(error); });
    {
        accounts::AccountService service(
            store, clock, [] { return std::string("pnew"); }, accounts::account_settings("interactive", 1, 30));
        std::promise<accounts::Outcome> outcome;
        service.login("Ana", "correct horse", "127.0.0.1", [&](accounts::Outcome o) { outcome.set_value(o); });
        auto result = outcome.get_future().get();
        ASSERT_TRUE(std::holds_alternative<accounts::SignedIn>(result));
        EXPECT_EQ(std::get<accounts::SignedIn>(result).account.id, "pana");
    }
    const auto rehashed = store->account("pana")->password_hash.value();
    EXPECT_NE(rehashed, old_hash);
    EXPECT_TRUE(rehashed.starts_with("$argon2id$v=19$m=65536,t=2,p=1$")) << rehashed;
    EXPECT_TRUE(accounts::PasswordHasher(*accounts::hash_limits("interactive")).verify(rehashed, "correct horse"));
}

}  // namespace account_parts_test
}  // namespace belote::testing
