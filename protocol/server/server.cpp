#include "protocol/server/server.h"

#include "protocol/server/native_loop.h"

namespace narabe::server {

int serve(LineReader& input, OutputChannel& output) {
  NativeLoop loop(output);
  while (auto line = input.next()) {
    if (line->too_long) {
      loop.handle_overlong_line(line->length);
      continue;
    }
    if (!loop.handle_line(line->text)) {
      output.flush();
      return 0;
    }
  }
  loop.finish();
  output.flush();
  return 0;
}

int run_bench_command(OutputChannel& output) {
  NativeLoop loop(output);
  loop.handle_line("bench");
  loop.wait_idle();
  output.flush();
  return 0;
}

}  // namespace narabe::server
