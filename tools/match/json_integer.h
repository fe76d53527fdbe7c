#pragma once
// Whole numbers out of the results file's JSON. nlohmann's get<int>() casts
// whatever number it finds: a float beyond the type's range is undefined
// behaviour, and 4294967297 silently becomes 1. json_integer<T>() takes only an
// integer that fits T, and throws json::type_error otherwise, which the readers
// already turn into a refusal with a reason.

#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

namespace narabe::match {

template <std::integral T>
T json_integer(const nlohmann::ordered_json& value) {
  bool fits = false;
  if (value.is_number_unsigned()) {
    fits = std::in_range<T>(value.get<std::uint64_t>());
  } else if (value.is_number_integer()) {
    fits = std::in_range<T>(value.get<std::int64_t>());
  }
  if (!fits)
    throw nlohmann::ordered_json::type_error::create(
        302, "expected a whole number from " + std::to_string(std::numeric_limits<T>::min()) + " to " +
                 std::to_string(std::numeric_limits<T>::max()) + ", not " + value.dump(),
        &value);
  return value.is_number_unsigned() ? static_cast<T>(value.get<std::uint64_t>())
                                    : static_cast<T>(value.get<std::int64_t>());
}

}  // namespace narabe::match
