#pragma once
// The lines a command loop has read but may not run yet: a command that changes what
// a running search uses (a new game, the table, the next search) waits for the
// search, and every line after it waits too, so that commands still run in the order
// they were sent. The reader itself never waits, so `stop`, `isready`, `quit` and the
// end of input are heard during any search (docs/protocol.md, "Commands during a
// search").

#include <chrono>
#include <deque>
#include <string>
#include <string_view>
#include <utility>

namespace narabe::server {

class DeferredLines {
 public:
  using Clock = std::chrono::steady_clock;
  struct Line {
    std::string text;
    Clock::time_point read;  // when the reader got it: a turn's clock runs from then
  };

  bool empty() const { return lines_.empty(); }
  void push(std::string_view text, Clock::time_point read) { lines_.push_back({std::string(text), read}); }
  void clear() { lines_.clear(); }

  // Runs the waiting lines in order through `run` for as long as `may_run` lets the
  // first of them run now (typically: no search, or a line that does not wait).
  template <class MayRun, class Run>
  void run_ready(MayRun&& may_run, Run&& run) {
    while (!lines_.empty() && may_run(std::string_view(lines_.front().text))) {
      Line line = std::move(lines_.front());
      lines_.pop_front();
      run(line);
    }
  }

 private:
  std::deque<Line> lines_;
};

// Stops `worker`'s job, then runs every waiting line through `run`, stopping at once
// each job a line starts (quit, the end of input, NBoard's ping): every search queued
// still answers, and nothing is left waiting.
template <class Worker, class Run>
void run_all_stopped(Worker& worker, DeferredLines& lines, Run&& run) {
  worker.stop();
  lines.run_ready([](std::string_view) { return true; },
                  [&](const DeferredLines::Line& line) {
                    run(line);
                    worker.stop();
                  });
}

// Waits until `worker` has ended its job and `resume` has run every line queued
// behind it (including the jobs those lines start): tests and `narabe bench`.
template <class Worker, class Resume>
void wait_until_settled(Worker& worker, const DeferredLines& lines, Resume&& resume) {
  do {
    worker.wait();
    resume();
  } while (worker.busy() || !lines.empty());
}

}  // namespace narabe::server
