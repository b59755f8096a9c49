#include "server/ops/healthcheck.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <ostream>

namespace belote::ops {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

int run_healthcheck(const Config& config, std::ostream& out, std::chrono::milliseconds timeout) {
    boost::system::error_code ec;
    auto address = boost::asio::ip::make_address(config.address, ec);
    if (ec) {
        out << "unhealthy: bad address " << config.address << "\n";
        return 1;
    }
    if (address.is_unspecified())
        address = address.is_v6() ? boost::asio::ip::address(boost::asio::ip::address_v6::loopback())
                                  : boost::asio::ip::address(boost::asio::ip::address_v4::loopback());
    const tcp::endpoint endpoint{address, config.port};

    boost::asio::io_context ioc;
    beast::tcp_stream stream{ioc};
    beast::flat_buffer buffer;
    http::request<http::empty_body> req{http::verb::get, "/healthz", 11};
    req.set(http::field::host, address.to_string());
    req.set(http::field::user_agent, "belote-server-healthcheck");
    http::response<http::string_body> res;
    beast::error_code result = boost::asio::error::timed_out;

    // One deadline for the whole exchange (connect, write, read).
    stream.expires_after(timeout);
    stream.async_connect(endpoint, [&](beast::error_code connect_ec) {
        if (connect_ec) return void(result = connect_ec);
        http::async_write(stream, req, [&](beast::error_code write_ec, std::size_t) {
            if (write_ec) return void(result = write_ec);
            http::async_read(stream, buffer, res, [&](beast::error_code read_ec, std::size_t) { result = read_ec; });
        });
    });
    ioc.run();

    if (result) {
        out << "unhealthy: " << endpoint << ": " << result.message() << "\n";
        return 1;
    }
    if (res.result() != http::status::ok) {
        out << "unhealthy: " << endpoint << " /healthz answered " << res.result_int() << "\n";
        return 1;
    }
    out << "healthy: " << endpoint << " " << res.body() << "\n";
    return 0;
}

}  // namespace belote::ops
