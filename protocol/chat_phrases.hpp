#pragma once
// The quick-chat phrases (docs/protocol.md "chat"): a client sends one by its key, and each reader's
// client says it in its own language; the English wording goes with it for clients that do not
// know the key.

#include <optional>
#include <string_view>

namespace belote::protocol {

/// The English wording of quick-chat phrase `key` (`well_played`, `thanks`, `oops`, `good_game`),
/// or the symbol of emote `key` (`smile` ☺, `heart` ♥, `star` ★); nullopt for any other key.
std::optional<std::string_view> chat_phrase_text(std::string_view key);

}  // namespace belote::protocol
