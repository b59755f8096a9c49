#include "server/net/static_files.hpp"
#include "tests/net/test_server.hpp"

#include <gtest/gtest.h>

namespace belote::net::testing {
namespace static_files_test {

using Kind = StaticPath::Kind;

TEST(MimeTypeTest, KnownAndUnknownExtensions) {
    EXPECT_EQ(mime_type("index.html"), "text/html; charset=utf-8");
    EXPECT_EQ(mime_type("a.b.JS"), "text/javascript; charset=utf-8");
    EXPECT_EQ(mime_type("x.css"), "text/css; charset=utf-8");
    EXPECT_EQ(mime_type("x.svg"), "image/svg+xml");
    EXPECT_EQ(mime_type("x.png"), "image/png");
    EXPECT_EQ(mime_type("x.json"), "application/json");
    EXPECT_EQ(mime_type("favicon.ico"), "image/x-icon");
    EXPECT_EQ(mime_type("README"), "application/octet-stream");
    EXPECT_EQ(mime_type("x.exe"), "application/octet-stream");
}

class ResolveTest : public ::testing::Test {
protected:
    TempWebDir dir;
    std::filesystem::path root = std::filesystem::canonical(dir.web());
    StaticPath resolve(std::string_view path) { return resolve_static_path(root, path); }
};

TEST_F(ResolveTest, FilesAndIndexes) {
    EXPECT_EQ(resolve("/").kind, Kind::file);
    EXPECT_EQ(resolve("/").path, root / "index.html");
    EXPECT_EQ(resolve("/app.js").path, root / "app.js");
    EXPECT_EQ(resolve("//app.js").path, root / "app.js");
    EXPECT_EQ(resolve("/sub/").path, root / "sub" / "index.html");
    EXPECT_EQ(resolve("/sub").kind, Kind::directory);
}

TEST_F(ResolveTest, MissingAndHidden) {
    EXPECT_EQ(resolve("/missing").kind, Kind::not_found);
    EXPECT_EQ(resolve("/.hidden").kind, Kind::not_found);
    EXPECT_EQ(resolve("/app.js/").kind, Kind::not_found);
}

TEST_F(ResolveTest, TraversalAndMalformed) {
    for (std::string_view p :
         {"", "app.js", "/..", "/../CMakeLists.txt", "/sub/../app.js", "/%2e%2e/x", "/a\\b", "/./app.js"}) {
        EXPECT_EQ(resolve(p).kind, Kind::forbidden) << p;
    }
    EXPECT_EQ(resolve(std::string_view("/app.js\0x", 9)).kind, Kind::forbidden);
}

TEST_F(ResolveTest, SymlinkOutOfTheRootIsForbidden) {
    std::filesystem::create_symlink(dir.web().parent_path() / "CMakeLists.txt", dir.web() / "link.txt");
    EXPECT_EQ(resolve("/link.txt").kind, Kind::forbidden);
}

}  // namespace static_files_test
}  // namespace belote::net::testing
