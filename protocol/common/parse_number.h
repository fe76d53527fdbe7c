#pragma once
// Whole decimal integers in protocol text, for both sides of the protocol (the
// server's command loops and options, the frontend's scripts, records and
// settings, the match tool's specs and openings): one definition of what a
// whole number is.

#include <charconv>
#include <concepts>
#include <string_view>
#include <system_error>

namespace narabe::protocol {

// `text` as a whole decimal integer of type Int (an optional '-', then digits; no
// spaces, nothing after): true and `value` set, or false with `value` unspecified.
template <std::integral Int>
bool parse_int(std::string_view text, Int& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace narabe::protocol
