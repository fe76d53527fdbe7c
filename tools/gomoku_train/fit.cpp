#include "tools/gomoku_train/fit.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "engine/core/rng.h"

namespace narabe::tools::gomoku_train {

namespace gomoku = games::gomoku;

void position_features(const games::Gomoku& game, std::vector<Feature>& out, bool apart) {
  std::array<std::uint16_t, kFeatures> counts{};
  const gomoku::PatternBoard& board = game.patterns();
  const gomoku::Cell own = game.colour_to_move();
  const gomoku::Cell other = gomoku::opponent_of(own);
  auto block = [&](gomoku::Cell colour, int role) {
    return ((apart && colour == gomoku::kWhite ? 2 : 0) + role) * gomoku::kPatternCodes;
  };
  const int own_block = block(own, 0), other_block = block(other, 1);
  for (int rank = 0; rank < game.size(); ++rank)
    for (int file = 0; file < game.size(); ++file) {
      const int at = gomoku::cell_index(file, rank);
      if (game.cell(at) != gomoku::kEmpty) continue;
      ++counts[static_cast<std::size_t>(own_block + board.code(at, own))];
      ++counts[static_cast<std::size_t>(other_block + board.code(at, other))];
    }
  if (apart) counts[static_cast<std::size_t>(kCodeFeatures + (own == gomoku::kBlack ? 0 : 1))] = 1;
  const int mask = gomoku::threat_mask(board.eval_state().threats, own == gomoku::kBlack ? 0 : 1);
  counts[static_cast<std::size_t>(kThreatFeatures + mask)] = 1;
  for (std::size_t f = 0; f < counts.size(); ++f)
    if (counts[f] != 0) out.push_back({static_cast<std::uint16_t>(f), counts[f]});
}

namespace {

double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

double log_loss(double p, double t) {
  p = std::clamp(p, 1e-7, 1.0 - 1e-7);
  return -(t * std::log(p) + (1 - t) * std::log(1 - p));
}

double predict(const Samples& s, std::size_t i, const std::vector<double>& w) {
  double z = 0;
  for (std::uint32_t k = s.begin[i]; k < s.begin[i + 1]; ++k) z += w[s.features[k].index] * s.features[k].count;
  return sigmoid(z);
}

double mean_loss(const Samples& s, const std::vector<double>& w, const std::vector<float>& target) {
  double sum = 0;
  for (std::size_t i = 0; i < s.size(); ++i) sum += log_loss(predict(s, i, w), target[i]);
  return s.size() ? sum / static_cast<double>(s.size()) : 0;
}

}  // namespace

std::vector<double> fit_logistic(const Samples& train, const Samples& test, const FitSettings& settings,
                                 FitReport& report, const std::function<void(int, double, double)>& each_epoch) {
  std::vector<double> w = settings.start.empty() ? std::vector<double>(kFeatures, 0.0) : settings.start;
  std::vector<double> m(kFeatures, 0.0), v(kFeatures, 0.0), grad(kFeatures, 0.0);
  std::vector<std::size_t> order(train.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  core::Rng rng(settings.seed);
  constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-8;
  std::uint64_t t = 0;
  std::vector<std::uint16_t> touched;
  for (int epoch = 1; epoch <= settings.epochs; ++epoch) {
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
    for (std::size_t start = 0; start < order.size(); start += static_cast<std::size_t>(settings.batch)) {
      const std::size_t end = std::min(order.size(), start + static_cast<std::size_t>(settings.batch));
      touched.clear();
      for (std::size_t b = start; b < end; ++b) {
        const std::size_t i = order[b];
        const double g = predict(train, i, w) - train.target[i];
        for (std::uint32_t k = train.begin[i]; k < train.begin[i + 1]; ++k) {
          const Feature f = train.features[k];
          if (grad[f.index] == 0.0) touched.push_back(f.index);
          grad[f.index] += g * f.count;
        }
      }
      // Adam on the features this batch saw (a lazy update: unseen ones keep still).
      ++t;
      const double scale = 1.0 / static_cast<double>(end - start);
      const double correction1 = 1 - std::pow(kBeta1, static_cast<double>(t));
      const double correction2 = 1 - std::pow(kBeta2, static_cast<double>(t));
      for (const std::uint16_t f : touched) {
        const double g = grad[f] * scale + settings.l2 * w[f] * static_cast<double>(train.size()) * scale;
        grad[f] = 0.0;
        m[f] = kBeta1 * m[f] + (1 - kBeta1) * g;
        v[f] = kBeta2 * v[f] + (1 - kBeta2) * g * g;
        w[f] -= settings.step * (m[f] / correction1) / (std::sqrt(v[f] / correction2) + kEpsilon);
      }
    }
    if (each_epoch) each_epoch(epoch, mean_loss(train, w, train.target), mean_loss(test, w, test.target));
  }
  report.train_loss = mean_loss(train, w, train.target);
  report.test_loss = mean_loss(test, w, test.target);
  report.test_result_loss = mean_loss(test, w, test.result);
  double mse = 0, mean_result = 0, train_mean = 0;
  for (std::size_t i = 0; i < test.size(); ++i) {
    const double d = predict(test, i, w) - test.result[i];
    mse += d * d;
  }
  for (const float r : train.result) train_mean += r;
  train_mean /= std::max<double>(1, static_cast<double>(train.size()));
  for (const float r : test.result) mean_result += log_loss(train_mean, r);
  const double n = std::max<double>(1, static_cast<double>(test.size()));
  report.test_result_mse = mse / n;
  report.test_constant_loss = mean_result / n;
  // The hand-set evaluation as a predictor: the scale that fits the training set
  // best (a coarse search), its loss on the test set.
  auto hand_loss = [](const Samples& s, double scale) {
    double sum = 0;
    for (std::size_t i = 0; i < s.size(); ++i) sum += log_loss(sigmoid(s.hand_eval[i] / scale), s.result[i]);
    return s.size() ? sum / static_cast<double>(s.size()) : 0;
  };
  double best = 1e9;
  for (double scale = 50; scale <= 100000; scale *= 1.25) {
    const double loss = hand_loss(train, scale);
    if (loss < best) best = loss, report.hand_scale = scale;
  }
  report.test_hand_loss = hand_loss(test, report.hand_scale);
  return w;
}

namespace {
std::int32_t to_value(double log_odds) {
  const double v = std::round(log_odds * gomoku::EvalWeights::kScale);
  return static_cast<std::int32_t>(std::clamp(v, -32767.0, 32767.0));
}
}  // namespace

gomoku::ThreatValues to_threat_values(const std::vector<double>& weights) {
  gomoku::ThreatValues values{};
  for (std::size_t mask = 0; mask < values.size(); ++mask) values[mask] = to_value(weights[kThreatFeatures + mask]);
  return values;
}

gomoku::CodeValues to_code_values(const std::vector<double>& weights, bool colours_apart) {
  gomoku::CodeValues values{};
  for (std::size_t colour = 0; colour < 2; ++colour)
    for (std::size_t role = 0; role < 2; ++role)
      for (std::size_t code = 0; code < gomoku::kPatternCodes; ++code) {
        const std::size_t block = (colours_apart ? 2 * colour : 0) + role;
        values[colour][role][code] = to_value(weights[block * gomoku::kPatternCodes + code]);
      }
  return values;
}

std::vector<double> to_log_odds(const gomoku::EvalWeights& weights, bool colours_apart) {
  std::vector<double> w(kFeatures, 0.0);
  constexpr double kScale = gomoku::EvalWeights::kScale;
  for (std::size_t colour = 0; colour < (colours_apart ? 2U : 1U); ++colour)
    for (std::size_t role = 0; role < 2; ++role)
      for (std::size_t code = 0; code < gomoku::kPatternCodes; ++code)
        w[(2 * colour + role) * gomoku::kPatternCodes + code] = weights.codes()[colour][role][code] / kScale;
  for (std::size_t mask = 0; mask < gomoku::kThreatMasks; ++mask)
    w[kThreatFeatures + mask] = weights.threats()[mask] / kScale;
  return w;
}

bool evaluated_by_search(const games::Gomoku& game) {
  const auto& threats = game.patterns().eval_state().threats;
  return threats[0][gomoku::kFiveThreat] == 0 && threats[1][gomoku::kFiveThreat] == 0;
}

}  // namespace narabe::tools::gomoku_train
