#include "protocol/server/wakeup.h"

#include <sys/eventfd.h>
#include <unistd.h>

#include <cstdint>

namespace narabe::server {

Wakeup::Wakeup() : fd_(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {}

Wakeup::~Wakeup() {
  if (fd_ >= 0) ::close(fd_);
}

void Wakeup::signal() const {
  if (fd_ < 0) return;
  const std::uint64_t one = 1;
  // Only fails when the counter is about to overflow, and then it is readable anyway.
  [[maybe_unused]] const ssize_t written = ::write(fd_, &one, sizeof one);
}

void Wakeup::consume() const {
  if (fd_ < 0) return;
  std::uint64_t count = 0;
  [[maybe_unused]] const ssize_t read = ::read(fd_, &count, sizeof count);
}

}  // namespace narabe::server
