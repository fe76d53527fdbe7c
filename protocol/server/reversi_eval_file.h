#pragma once
// Reading Reversi's evaluation weights (engine/games/reversi/pattern_weights.h) and
// opening book (opening_book.h) from their files, and choosing which evaluation
// Reversi uses: the trained patterns or the simple one. engine/games does no I/O, so
// the bytes are read here.
//
// Where a file is looked for, in order:
//   - the path as given (relative to the working directory), except for the default
//     names, the shipped files, which belong with the binary;
//   - for a bare file name, beside the running executable (the build copies the
//     weights next to narabe), then in the installed data directory
//     (data_files.h). Never through a path compiled into the binary.

#include <memory>
#include <string>
#include <string_view>

#include "engine/core/expected.h"
#include "engine/games/reversi/opening_book.h"
#include "engine/games/reversi/pattern_weights.h"
#include "engine/games/reversi/reversi.h"

namespace narabe::server {

inline constexpr std::string_view kDefaultEvalFile = "reversi_eval.bin";
inline constexpr std::string_view kDefaultBookFile = "reversi_book.bin";

// Reads and checks the weights; the error names the file and says what is wrong.
core::Expected<std::shared_ptr<const games::reversi::PatternWeights>> load_reversi_weights(
    std::string_view path);
// Reads and checks an opening book; the error names the file and says what is wrong.
core::Expected<std::shared_ptr<const games::reversi::OpeningBook>> load_reversi_book(std::string_view path);

// Reversi's own settings, as the engine host holds them: the loaded weights, whether
// to use them (the Evaluation option), ProbCut and the book BookFile names, if any
// (the search uses it when OwnBook is on). settings() is what the Reversi
// session gives every position it makes (Reversi::set_eval_settings): a new object
// after each change, so a search running on the old one is not touched.
class ReversiEvaluation {
 public:
  // Loads the default weights (no book); `startup_error()` says what went wrong, if
  // anything.
  ReversiEvaluation();

  // Loads another file; on failure the weights held stay and the error says why.
  core::Status load(std::string_view path);
  // Loads a book; on failure the book held stays and the error says why.
  core::Status load_book(std::string_view path);
  void clear_book();
  // true: the trained patterns (when loaded); false: the simple evaluation.
  void use_patterns(bool patterns);
  void use_probcut(bool probcut);
  const std::shared_ptr<const games::reversi::EvalSettings>& settings() const { return settings_; }

  const std::string& startup_error() const { return startup_error_; }
  bool patterns_loaded() const { return weights_ != nullptr; }

 private:
  void remake();

  std::shared_ptr<const games::reversi::PatternWeights> weights_;
  std::shared_ptr<const games::reversi::OpeningBook> book_;
  bool use_patterns_ = true;
  bool probcut_ = true;
  std::shared_ptr<const games::reversi::EvalSettings> settings_;
  std::string startup_error_;
};

}  // namespace narabe::server
