#include "server/store/columns.hpp"

#include <chrono>
#include <sstream>

namespace belote::store {

std::string totals_text(const std::vector<int>& totals) {
    std::string out;
    for (std::size_t i = 0; i < totals.size(); ++i) out += (i ? "," : "") + std::to_string(totals[i]);
    return out;
}

std::vector<int> totals_of(const std::string& text) {
    std::vector<int> out;
    std::stringstream in(text);
    std::string part;
    while (std::getline(in, part, ',')) out.push_back(std::stoi(part));
    return out;
}

std::int64_t epoch_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace belote::store
