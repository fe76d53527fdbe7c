#include "tools/match/sprt_spec.h"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

namespace narabe::match {

core::Expected<SprtConfig> parse_sprt(const std::vector<std::string>& tokens) {
  SprtConfig config;
  bool have_elo0 = false, have_elo1 = false;
  for (const std::string& token : tokens) {
    const auto eq = token.find('=');
    if (eq == std::string::npos)
      return core::make_error(fmt::format("sprt: '{}' is not key=value (elo0, elo1, alpha, beta, model)", token));
    const std::string key = token.substr(0, eq), value = token.substr(eq + 1);
    if (key == "model") {
      if (value == "normalized" || value == "normalised") {
        config.model = SprtModel::kNormalized;
      } else if (value == "logistic") {
        config.model = SprtModel::kLogistic;
      } else {
        return core::make_error(fmt::format("sprt: model must be normalized or logistic, not '{}'", value));
      }
      continue;
    }
    double number = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (ec != std::errc{} || end != value.data() + value.size() || !std::isfinite(number))
      return core::make_error(fmt::format("sprt: {} needs a number, not '{}'", key, value));
    if (key == "elo0") {
      config.elo0 = number;
      have_elo0 = true;
    } else if (key == "elo1") {
      config.elo1 = number;
      have_elo1 = true;
    } else if (key == "alpha") {
      config.alpha = number;
    } else if (key == "beta") {
      config.beta = number;
    } else {
      return core::make_error(fmt::format("sprt: unknown key '{}' (elo0, elo1, alpha, beta, model)", key));
    }
  }
  if (!have_elo0 || !have_elo1) return core::make_error("sprt needs elo0= and elo1=");
  if (!is_valid(config))
    return core::make_error("sprt: needs elo0 < elo1, alpha and beta in (0, 1) and alpha + beta < 1");
  return config;
}

std::string describe_sprt(const std::optional<SprtConfig>& sprt) {
  if (!sprt) return "";
  return fmt::format("elo0={} elo1={} alpha={} beta={} model={}", sprt->elo0, sprt->elo1, sprt->alpha, sprt->beta,
                     sprt->model == SprtModel::kLogistic ? "logistic" : "normalized");
}

}  // namespace narabe::match
