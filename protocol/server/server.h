#pragma once
// The engine's front door: reads the first line and hands the conversation to the
// loop of that protocol. Today every conversation is the native protocol; the
// Gomocup and NBoard loops join here with their games.

#include "protocol/server/line_reader.h"
#include "protocol/server/output_channel.h"

namespace narabe::server {

// Serves until `quit` or the end of the input; returns the process exit code.
int serve(LineReader& input, OutputChannel& output);

// `bench` outside the protocol (narabe bench): every game's bench, then the total.
int run_bench_command(OutputChannel& output);

}  // namespace narabe::server
