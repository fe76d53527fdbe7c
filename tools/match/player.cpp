#include "tools/match/player.h"

#include <array>
#include <utility>

#include "tools/match/gomocup_player.h"
#include "tools/match/gtp_player.h"
#include "tools/match/native_player.h"

namespace narabe::match {

namespace {
constexpr std::array<std::pair<Termination, std::string_view>, 8> kTerminationNames = {{
    {Termination::kNormal, "normal"},
    {Termination::kAdjudicated, "adjudication"},
    {Termination::kResign, "resignation"},
    {Termination::kCrash, "crash"},
    {Termination::kStall, "stall"},
    {Termination::kTimeForfeit, "time forfeit"},
    {Termination::kIllegalMove, "illegal move"},
    {Termination::kWatchdog, "watchdog"},
}};
}  // namespace

std::string_view termination_name(Termination t) {
  for (const auto& [kind, name] : kTerminationNames)
    if (kind == t) return name;
  return "normal";
}

std::optional<Termination> termination_from_name(std::string_view name) {
  for (const auto& [kind, text] : kTerminationNames)
    if (text == name) return kind;
  return std::nullopt;
}

std::unique_ptr<Player> make_player(const EngineSpec& spec, const PlayerTimeouts& timeouts) {
  switch (spec.protocol) {
    case Protocol::kNative:
      return std::make_unique<NativePlayer>(spec, timeouts);
    case Protocol::kGtp:
      return std::make_unique<GtpPlayer>(spec, timeouts);
    case Protocol::kGomocup:
      return std::make_unique<GomocupPlayer>(spec, timeouts);
  }
  return std::make_unique<NativePlayer>(spec, timeouts);
}

}  // namespace narabe::match
