#pragma once
// Values the SQLite and PostgreSQL stores write the same way: a match's totals as text, and the
// clock in milliseconds.

#include <cstdint>
#include <string>
#include <vector>

namespace belote::store {

/// "162,0" from {162, 0}: a match's totals (per team, or per player at three) as the matches table
/// stores them.
std::string totals_text(const std::vector<int>& totals);

/// {162, 0} from "162,0", the inverse of totals_text. Throws std::invalid_argument or
/// std::out_of_range on a part that is not an int.
std::vector<int> totals_of(const std::string& text);

/// Milliseconds since the Unix epoch, now (system clock).
std::int64_t epoch_ms();

}  // namespace belote::store
