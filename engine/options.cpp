#include "engine/options.hpp"

#include <array>
#include <utility>

namespace belote {
namespace {
constexpr std::array<std::pair<Variant, std::string_view>, 4> variant_names{{
    {Variant::Classic, "classic"},
    {Variant::ClassicAnnouncements, "classic_announcements"},
    {Variant::Coinche, "coinche"},
    {Variant::Decouverte, "decouverte"},
}};
}  // namespace

std::string_view to_string(Variant variant) {
  for (auto& [v, name] : variant_names)
    if (v == variant) return name;
  return "unknown";
}

std::optional<Variant> parse_variant(std::string_view text) {
  for (auto& [v, name] : variant_names)
    if (name == text) return v;
  return std::nullopt;
}

int seat_count(Variant variant) { return variant == Variant::Decouverte ? 2 : 4; }

std::optional<std::string> validate(const MatchOptions& options) {
  if (options.target != 301 && options.target != 501 && options.target != 1000)
    return "target must be 301, 501 or 1000";
  if (options.variant != Variant::Classic)
    return "variant " + std::string(to_string(options.variant)) + " is not available yet";
  if (options.rules.cut_min_packet < 1 || options.rules.cut_min_packet > 16)
    return "cut_min_packet must be between 1 and 16";
  return std::nullopt;
}

ShufflePolicy effective_shuffle_policy(const MatchOptions& options) {
  if (options.rules.shuffle_policy) return *options.rules.shuffle_policy;
  return options.variant == Variant::Decouverte ? ShufflePolicy::ShuffleOnceThenCut : ShufflePolicy::ShuffleEveryDeal;
}

}  // namespace belote
