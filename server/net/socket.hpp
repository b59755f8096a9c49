#pragma once
// The socket type of every connection: a TCP socket whose executor is its own strand, with the
// executor's concrete type. Type-erased executors (any_io_executor) allocated on every copy,
// a few dozen times per game action (docs/performance.md, "Concrete executors").

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/tcp_stream.hpp>

namespace belote::net {

/// The strand of one connection.
using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;
/// A connection's socket.
using Socket = boost::asio::basic_stream_socket<boost::asio::ip::tcp, Strand>;
/// A connection's stream while it speaks HTTP (Beast's timeouts).
using HttpStream = boost::beast::basic_stream<boost::asio::ip::tcp, Strand>;

}  // namespace belote::net
