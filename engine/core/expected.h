#pragma once
// A value or the reason there is none: what every parser in the engine returns,
// so a bad fen, move or option value carries a message for the user.

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace narabe::core {

struct Error {
  std::string message;
};

template <class T>
class Expected {
 public:
  Expected(T value) : data_(std::move(value)) {}
  Expected(Error error) : data_(std::move(error)) {}

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(data_); }
  const T& value() const { return std::get<0>(data_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const std::string& error() const { return std::get<1>(data_).message; }

 private:
  std::variant<T, Error> data_;
};

// For operations that succeed with nothing to return.
struct Ok {};
using Status = Expected<Ok>;

inline Error make_error(std::string message) { return Error{std::move(message)}; }

}  // namespace narabe::core
