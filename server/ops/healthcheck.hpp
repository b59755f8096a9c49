#pragma once
// `belote-server --healthcheck`: a tiny HTTP client for container HEALTHCHECKs (the runtime
// image has no curl).

#include "server/config.hpp"

#include <chrono>
#include <iosfwd>

namespace belote::ops {

/// GETs http://ADDRESS:PORT/healthz of a running server (config.address, or the loopback address
/// when it is a wildcard such as 0.0.0.0 or ::; config.port) with Boost.Beast, waiting at most
/// `timeout`. Writes one line to `out` and returns the process exit code: 0 when the answer is
/// 200, 1 otherwise (refused, timeout, other status).
int run_healthcheck(const Config& config, std::ostream& out,
                    std::chrono::milliseconds timeout = std::chrono::seconds(3));

}  // namespace belote::ops
