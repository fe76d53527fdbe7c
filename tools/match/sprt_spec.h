#pragma once
// The SPRT's settings as text: `--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05
// model=normalized` on the command line, and the same words in a results
// file's run header (so `merge` can compute the LLR of a run it did not play).

#include <optional>
#include <string>
#include <vector>

#include "engine/core/expected.h"
#include "tools/match/statistics.h"

namespace narabe::match {

core::Expected<SprtConfig> parse_sprt(const std::vector<std::string>& tokens);
// The tokens parse_sprt reads back; "" for none.
std::string describe_sprt(const std::optional<SprtConfig>& sprt);

}  // namespace narabe::match
