#pragma once
// Which web pages may open a WebSocket (docs/operations.md "Origin check"): a browser names the
// page's origin in the upgrade request; another site's page must not open a session in a
// player's browser.

#include <string>
#include <string_view>
#include <vector>

namespace belote::net {

/// Whether an upgrade request with Origin `origin` (empty: no Origin header) and Host `host` is
/// allowed: no Origin (a tool, a bot, a load test: not a browser); the server's own origin
/// ("http://" or "https://" followed by the Host header, default ports aside); or one of `allowed`
/// (lowercase origins such as "https://cards.example.org"). Compared without regard to case.
bool origin_allowed(std::string_view origin, std::string_view host, const std::vector<std::string>& allowed);

}  // namespace belote::net
