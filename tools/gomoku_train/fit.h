#pragma once
// The fit of Gomoku's trained evaluation (eval_weights.h): a logistic regression of
// the side to move's result on the pattern codes of the empty points, the side to
// move's codes and the opponent's as two sets of features (a code's feature is how
// many empty points have it). Adam on minibatches, with optional L2 shrinkage (off
// by default: the 1e-6 per training position of the earlier fits, which grows with
// the data, cost 0.02-0.04 of held-out log-loss on 150,000-360,000 positions; a
// code never seen stays at 0 anyway, since Adam only moves the features a minibatch
// has). The target is the game's result for the side
// to move (1, 1/2, 0), optionally blended with the self-play search's score turned
// into a probability (lambda: the score's share). The two colours share the codes'
// values unless asked (`apart`): then a black point's codes and a white point's are
// separate features (under renju a double three is forbidden to one and wins for
// the other). That fitted the held-out renju games better but played far worse
// (docs/gomoku.md), so the shipped weights share them.

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/games/gomoku/eval_weights.h"
#include "engine/games/gomoku/gomoku.h"

namespace narabe::tools::gomoku_train {

// The codes' features, then (colours apart only) one for "Black is to move" and one for
// "White is to move": they take up the colours' difference in results (Black wins
// most renju games from random openings), which the search must not see: a value
// that depended on who is to move would pull it toward lines of one parity. They
// are fitted and left out of the weights.
// Then one feature a threat mask (threat_mask.h), shared by the colours.
inline constexpr int kCodeFeatures = 4 * games::gomoku::kPatternCodes;
inline constexpr int kThreatFeatures = kCodeFeatures + 2;
inline constexpr int kFeatures = kThreatFeatures + games::gomoku::kThreatMasks;

struct Feature {
  // (colour * 2 + role) * kPatternCodes + code: colour 0 black, 1 white (always 0
  // when the colours share values), role 0 the side to move's point, 1 the opponent's
  std::uint16_t index;
  std::uint16_t count;
};

// The features of a position whose board keeps pattern codes (weights set).
void position_features(const games::Gomoku& game, std::vector<Feature>& out, bool colours_apart);

struct Samples {
  std::vector<Feature> features;
  std::vector<std::uint32_t> begin{0};  // sample i's features: [begin[i], begin[i + 1])
  std::vector<float> target;            // the blended target
  std::vector<float> result;            // the game's result alone
  std::vector<float> hand_eval;         // the hand-set evaluation, for comparison
  std::size_t size() const { return target.size(); }
};

struct FitSettings {
  int epochs = 20;
  double step = 0.002;   // Adam's step size
  double l2 = 0;         // shrinkage, per training position (the penalty grows with the data)
  int batch = 256;
  std::uint64_t seed = 1;
  // Where the fit starts (kFeatures log-odds; empty: every feature at 0). From an
  // earlier file, a code the new games never show keeps its earlier value.
  std::vector<double> start;
};

struct FitReport {
  double train_loss = 0, test_loss = 0;      // log-loss against the target
  double test_result_loss = 0;               // log-loss against the result alone
  double test_result_mse = 0;                // squared error of the probability
  double test_constant_loss = 0;             // a constant prediction (the mean result)
  double test_hand_loss = 0;                 // the hand-set evaluation, best scale
  double hand_scale = 0;
};

// Fits the weights (log-odds per feature) on `train`, reports on `test`; with 0
// epochs only reports how well settings.start predicts.
std::vector<double> fit_logistic(const Samples& train, const Samples& test, const FitSettings& settings,
                                 FitReport& report, const std::function<void(int, double, double)>& each_epoch);

// Rounds the fitted log-odds to the weights file's values (EvalWeights::kScale).
games::gomoku::CodeValues to_code_values(const std::vector<double>& weights, bool colours_apart);
games::gomoku::ThreatValues to_threat_values(const std::vector<double>& weights);
// The other way: a weights file's values as the fit's log-odds.
std::vector<double> to_log_odds(const games::gomoku::EvalWeights& weights, bool colours_apart);

// Whether the search ever takes a static evaluation of the position: not when the
// side to move has a five point (it wins at once) or the opponent has one (only
// the blocks are searched, no stand-pat).
bool evaluated_by_search(const games::Gomoku& game);

}  // namespace narabe::tools::gomoku_train
