// `belote`: command-line tool over the rules engine (README "Command-line tool", docs/game-record.md).
//   belote replay FILE   replays a game record, prints each deal's score and the match result as JSON;
//                        exit 1 at the first illegal action (its index, seat and reason are printed)
//   belote legal         reads a position as JSON on stdin, prints its legal cards as JSON
// Exit status: 0 success, 1 the record or position is refused, 2 bad usage or unreadable input.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#include "protocol/legal_query.hpp"
#include "protocol/record.hpp"

namespace {

using nlohmann::json;

void print(const json& value) { std::cout << value.dump(2) << '\n'; }

int error(const std::string& message, int status) {
    print(json{{"error", {{"reason", message}}}});
    return status;
}

int run_replay(const std::string& path) {
    std::ifstream in(path);
    if (!in) return error("cannot read " + path, 2);
    json j = json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) return error(path + " is not valid JSON", 2);
    auto record = belote::protocol::record_from_json(j);
    if (auto* problem = std::get_if<std::string>(&record)) return error(*problem, 1);
    const auto& r = std::get<belote::GameRecord>(record);
    auto result = belote::replay(r);
    print(belote::protocol::replay_json(r, result));
    return result.failure ? 1 : 0;
}

int run_legal() {
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) return error("stdin is not valid JSON", 2);
    auto answer = belote::protocol::legal_query(j);
    if (auto* problem = std::get_if<std::string>(&answer)) return error(*problem, 1);
    print(std::get<json>(answer));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"belote: replay game records and query legal moves (docs/rules.md)"};
    app.require_subcommand(1);
    std::string file;
    auto* replay =
        app.add_subcommand("replay", "Replay a game record (docs/game-record.md) and print the scores as JSON");
    replay->add_option("FILE", file, "the game record (JSON)")->required();
    app.add_subcommand("legal", "Read a position as JSON on stdin and print its legal cards as JSON");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int status = app.exit(e);
        return status == 0 ? 0 : 2;
    }
    try {
        if (*replay) return run_replay(file);
        return run_legal();
    } catch (const std::exception& e) {
        return error(std::string("internal error: ") + e.what(), 2);
    }
}
