#include "protocol/server/gomoku_eval_file.h"

#include <fstream>
#include <iterator>
#include <system_error>
#include <utility>

#include <fmt/format.h>

namespace narabe::server {

namespace fs = std::filesystem;
using games::gomoku::EvalWeights;
using games::gomoku::Rule;

bool trained_by_default(Rule) {
  // Every rule's values passed an SPRT (elo0 0, elo1 10) against the hand-set
  // weights (docs/gomoku.md, "Strength"); a new set that has not stays off here.
  return true;
}

std::string gomoku_eval_file_name(Rule rule) {
  return fmt::format("gomoku_eval_{}.bin", games::gomoku::rule_name(rule));
}

core::Expected<std::shared_ptr<const EvalWeights>> load_gomoku_weights(const fs::path& path, Rule rule) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return core::make_error(fmt::format("file '{}' not found", path.string()));
  std::ifstream in(path, std::ios::binary);
  if (!in) return core::make_error(fmt::format("cannot open '{}'", path.string()));
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return core::make_error(fmt::format("cannot read '{}'", path.string()));
  auto parsed = EvalWeights::from_bytes(bytes);
  if (!parsed) return core::make_error(fmt::format("'{}': {}", path.string(), parsed.error()));
  if (parsed->rule() != rule)
    return core::make_error(fmt::format("'{}' holds weights for rule {}, not {}", path.string(),
                                        games::gomoku::rule_name(parsed->rule()), games::gomoku::rule_name(rule)));
  return std::make_shared<const EvalWeights>(std::move(*parsed));
}

std::shared_ptr<const EvalWeights> GomokuEvaluation::weights_for(Rule rule) {
  if (mode_ == GomokuEvalMode::kHand || (mode_ == GomokuEvalMode::kAuto && !trained_by_default(rule))) return nullptr;
  Slot& slot = slots_[static_cast<std::size_t>(rule)];
  if (!slot.tried) {
    slot.tried = true;
    const std::string name = gomoku_eval_file_name(rule);
    fs::path path = directories_.empty() ? fs::path(name) : directories_.front() / name;
    for (const fs::path& directory : directories_)
      if (std::error_code ec; fs::is_regular_file(directory / name, ec)) {
        path = directory / name;
        break;
      }
    auto loaded = load_gomoku_weights(path, rule);
    if (loaded) slot.weights = std::move(*loaded);
    else
      messages_.push_back(fmt::format("gomoku evaluation weights ({}): {}; using the hand-set evaluation",
                                      games::gomoku::rule_name(rule), loaded.error()));
  }
  return slot.weights;
}

std::vector<std::string> GomokuEvaluation::take_messages() { return std::exchange(messages_, {}); }

}  // namespace narabe::server
