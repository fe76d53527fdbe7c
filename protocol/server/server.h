#pragma once
// The engine's front door: reads the first line and hands the conversation to the
// loop of that protocol: `nboard <version>` starts the NBoard loop (Reversi), a
// Gomocup command in capitals (START, INFO, ABOUT, ...) the Gomocup loop (Gomoku
// and Renju), any other line the native loop.

#include "protocol/server/line_reader.h"
#include "protocol/server/output_channel.h"

namespace narabe::server {

// Serves until `quit` or the end of the input; returns the process exit code.
int serve(LineReader& input, OutputChannel& output);

// `bench` outside the protocol (narabe bench): every game's bench, then the total.
int run_bench_command(OutputChannel& output);

}  // namespace narabe::server
