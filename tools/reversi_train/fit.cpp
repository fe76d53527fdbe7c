#include "tools/reversi_train/fit.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <mutex>
#include <thread>

#include "engine/games/reversi/reversi.h"

namespace narabe::tools::reversi_train {

namespace {

using games::reversi::PatternWeights;

int phase_of(const TrainingPosition& p, int phases) {
  return PatternWeights::phase_of(std::popcount(~(p.own | p.other)), phases);
}

int mobility(const TrainingPosition& p) {
  return std::popcount(games::Reversi::legal_cells(p.own, p.other)) -
         std::popcount(games::Reversi::legal_cells(p.other, p.own));
}

// One position as the fit sees it: its 88 entries, its mobility and its target.
struct Sample {
  games::reversi::PatternIndices indices;
  int mobility;
  double target;  // discs
  bool exact;
};

std::vector<Sample> samples_of(std::span<const TrainingPosition> positions, int phase, int phases) {
  std::vector<Sample> samples;
  for (const TrainingPosition& p : positions)
    if (phase_of(p, phases) == phase)
      samples.push_back({games::reversi::pattern_indices(p.own, p.other), mobility(p), double(p.margin), p.exact != 0});
  return samples;
}

double predict(const std::vector<double>& w, const Sample& s) {
  double sum = w[PatternWeights::kMobilityEntry] * s.mobility;
  for (const std::uint32_t i : s.indices) sum += w[i];
  return std::clamp(sum, -64.0, 64.0);
}

// Fits one phase's block of `result.weights` and fills its PhaseFit.
void fit_phase(std::span<const TrainingPosition> train, std::span<const TrainingPosition> test,
               const FitSettings& settings, int phase, int phases,
               const std::function<void(int phase, int epoch, double train_mae)>& progress, FitResult& result) {
  const std::vector<Sample> train_samples = samples_of(train, phase, phases);
  const std::vector<Sample> test_samples = samples_of(test, phase, phases);
  std::vector<double> w(PatternWeights::kPhaseEntries, 0.0);
  std::vector<double> occurrences(PatternWeights::kPhaseEntries, 0.0);
  for (const Sample& s : train_samples) {
    for (const std::uint32_t i : s.indices) occurrences[i] += 1;
    occurrences[PatternWeights::kMobilityEntry] += s.mobility * s.mobility;
  }
  std::vector<double> gradient(PatternWeights::kPhaseEntries);
  for (int epoch = 0; epoch < settings.epochs; ++epoch) {
    std::fill(gradient.begin(), gradient.end(), 0.0);
    double abs_error = 0;
    for (const Sample& s : train_samples) {
      const double residual = s.target - predict(w, s);
      abs_error += std::abs(residual);
      for (const std::uint32_t i : s.indices) gradient[i] += residual;
      gradient[PatternWeights::kMobilityEntry] += residual * s.mobility;
    }
    for (std::size_t i = 0; i < w.size(); ++i)
      if (occurrences[i] > 0) w[i] += settings.step * gradient[i] / (occurrences[i] + settings.shrinkage);
    PatternWeights::make_antisymmetric(w.data());
    if ((epoch % 50 == 0 || epoch + 1 == settings.epochs) && !train_samples.empty())
      progress(phase, epoch, abs_error / double(train_samples.size()));
  }
  // Quantise to hundredths of a disc, as the engine reads them.
  std::int16_t* out = result.weights.data() + static_cast<std::size_t>(phase) * PatternWeights::kPhaseEntries;
  for (std::size_t i = 0; i < w.size(); ++i)
    out[i] = static_cast<std::int16_t>(std::clamp(std::lround(w[i] * 100.0), -32000L, 32000L));

  // The error of the quantised weights, as the engine will see them.
  std::vector<double> quantised(w.size());
  for (std::size_t i = 0; i < w.size(); ++i) quantised[i] = out[i] / 100.0;
  PhaseFit& fit = result.phases[static_cast<std::size_t>(phase)];
  fit.train_positions = train_samples.size();
  fit.test_positions = test_samples.size();
  for (const Sample& s : train_samples) fit.train_mae += std::abs(s.target - predict(quantised, s));
  for (const Sample& s : test_samples) {
    const double e = std::abs(s.target - predict(quantised, s));
    fit.test_mae += e;
    if (s.exact) {
      fit.test_mae_exact += e;
      ++fit.test_exact;
    }
  }
  if (fit.train_positions) fit.train_mae /= double(fit.train_positions);
  if (fit.test_positions) fit.test_mae /= double(fit.test_positions);
  if (fit.test_exact) fit.test_mae_exact /= double(fit.test_exact);
}

}  // namespace

FitResult fit_weights(std::span<const TrainingPosition> train, std::span<const TrainingPosition> test,
                      const FitSettings& settings,
                      const std::function<void(int phase, int epoch, double train_mae)>& progress) {
  FitResult result;
  const int phases = std::clamp(settings.phases, 1, PatternWeights::kMaxPhases);
  result.weights.assign(static_cast<std::size_t>(phases) * PatternWeights::kPhaseEntries, 0);
  result.phases.resize(static_cast<std::size_t>(phases));
  std::mutex progress_mutex;
  const auto report = [&](int phase, int epoch, double mae) {
    const std::lock_guard lock(progress_mutex);
    if (progress) progress(phase, epoch, mae);
  };
  // The phases are independent: each thread takes the next one not yet fitted.
  std::atomic<int> next{0};
  const auto work = [&] {
    for (int phase = next++; phase < phases; phase = next++) fit_phase(train, test, settings, phase, phases, report, result);
  };
  std::vector<std::thread> workers;
  for (int t = 1; t < std::min(std::max(1, settings.threads), phases); ++t) workers.emplace_back(work);
  work();
  for (std::thread& w : workers) w.join();
  return result;
}

}  // namespace narabe::tools::reversi_train
