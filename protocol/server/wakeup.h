#pragma once
// A file descriptor another thread can make readable: the search thread signals it
// when a job ends, so that the reader, waiting in poll() for input, wakes up and runs
// the commands that were queued behind the job (docs/protocol.md, "Commands during a
// search"). Linux's eventfd: many signals before a read count as one wake-up.

namespace narabe::server {

class Wakeup {
 public:
  Wakeup();
  ~Wakeup();
  Wakeup(const Wakeup&) = delete;
  Wakeup& operator=(const Wakeup&) = delete;

  // -1 when the descriptor could not be made (the reader then only reads).
  int fd() const { return fd_; }
  // Safe from any thread.
  void signal() const;
  // Clears the signal; called by the reader after poll() said the fd is readable.
  void consume() const;

 private:
  int fd_ = -1;
};

}  // namespace narabe::server
