#pragma once
// Reading Gomoku's trained evaluation weights (engine/games/gomoku/eval_weights.h),
// one file per rule, from the directory of the running executable (the build copies
// them beside narabe; /proc/self/exe says where that is, so a binary moved with its
// files keeps finding them) or ../share/narabe from it (installed; data_files.h).
// engine/games does no I/O, so the bytes are read here.
//
// A protocol loop holds one GomokuEvaluation: it loads a rule's file the first time
// a Gomoku game of that rule is made and hands the weights to the session, which
// gives them to every position it makes (Gomoku::set_eval_weights). A missing or
// damaged file leaves the hand-set evaluation, and a message says so once per rule.
//
// By default (GomokuEvalMode::kAuto) the trained values play only under the rules
// where they beat the hand-set weights in matches (trained_by_default;
// docs/gomoku.md, "Trained evaluation"); the GomokuEval option can ask for them
// under every rule, or for none.

#include <array>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/expected.h"
#include "engine/games/gomoku/eval_weights.h"
#include "protocol/server/data_files.h"
#include "protocol/server/engine_options.h"

namespace narabe::server {

// Whether the trained values are the default under `rule` (they won their match).
bool trained_by_default(games::gomoku::Rule rule);

// "gomoku_eval_freestyle.bin" and so on.
std::string gomoku_eval_file_name(games::gomoku::Rule rule);

// Reads and checks the weights in `path`, made for `rule`; the error names the file
// and says what is wrong.
core::Expected<std::shared_ptr<const games::gomoku::EvalWeights>> load_gomoku_weights(
    const std::filesystem::path& path, games::gomoku::Rule rule);

class GomokuEvaluation {
 public:
  GomokuEvaluation() : directories_(data_directories()) {}
  explicit GomokuEvaluation(std::filesystem::path directory) : directories_{std::move(directory)} {}

  // The weights for `rule`, or null for the hand-set evaluation (chosen, or the file
  // could not be read: then take_messages() says why, once per rule).
  std::shared_ptr<const games::gomoku::EvalWeights> weights_for(games::gomoku::Rule rule);
  // The GomokuEval option.
  void set_mode(GomokuEvalMode mode) { mode_ = mode; }
  // What went wrong since the last call, for the loop to print.
  std::vector<std::string> take_messages();

 private:
  struct Slot {
    bool tried = false;
    std::shared_ptr<const games::gomoku::EvalWeights> weights;
  };
  std::vector<std::filesystem::path> directories_;  // looked in, in order
  std::array<Slot, games::gomoku::kAllRules.size()> slots_{};
  GomokuEvalMode mode_ = GomokuEvalMode::kAuto;
  std::vector<std::string> messages_;
};

}  // namespace narabe::server
