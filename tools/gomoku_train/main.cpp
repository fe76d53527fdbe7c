// narabe-gomoku-train: trains Gomoku's pattern-code evaluation from the engine's own
// games (docs/gomoku.md, "Trained evaluation").
//
//   narabe-gomoku-train generate --rule R --games N --out games.txt [--first K] [--nodes 3000] ...
//   narabe-gomoku-train fit --rule R --data games.txt [--data more.txt] --out gomoku_eval_R.bin
//
// generate appends one line a game to its file (self_play.h has the format) and
// skips the games already there, so an interrupted run goes on where it stopped and
// a longer one extends a shorter one.

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "engine/core/score.h"
#include "engine/games/any_position.h"
#include "engine/games/gomoku/gomoku_eval.h"
#include "tools/command_line.h"
#include "tools/cpu_time.h"
#include "tools/gomoku_train/fit.h"
#include "tools/gomoku_train/self_play.h"
#include "tools/match/openings.h"

namespace po = boost::program_options;
using namespace narabe;
using narabe::games::Gomoku;
using narabe::tools::cpu_seconds;
namespace gomoku = narabe::games::gomoku;
namespace train = narabe::tools::gomoku_train;

namespace {

std::optional<gomoku::Rule> rule_option(const po::variables_map& vm) {
  const std::string name = vm["rule"].as<std::string>();
  const auto rule = gomoku::parse_rule(name);
  if (!rule) std::cerr << "narabe-gomoku-train: unknown rule '" << name << "'\n";
  return rule;
}

std::shared_ptr<const gomoku::EvalWeights> read_weights(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto weights = gomoku::EvalWeights::from_bytes(bytes);
  if (!weights) {
    std::cerr << "narabe-gomoku-train: '" << path << "': " << weights.error() << "\n";
    return nullptr;
  }
  return std::make_shared<const gomoku::EvalWeights>(std::move(*weights));
}

int out_missing() {
  std::cerr << "narabe-gomoku-train: --out is needed (see --help)\n";
  return 2;
}

// An openings file as narabe-match reads it (tools/match/openings.h), each opening
// as moves from the empty board: a game record has no start position of its own.
core::Expected<std::vector<std::vector<core::Move>>> read_openings(const std::string& path, const Gomoku& start,
                                                                 const std::string& rule) {
  auto rules = games::make_position("gomoku", {{"size", std::to_string(start.size())}, {"rule", rule}});
  if (!rules) return core::make_error(rules.error());
  auto file = match::read_openings_file(path, **rules);
  if (!file) return core::make_error(file.error());
  std::vector<std::vector<core::Move>> openings;
  for (const match::Opening& opening : *file) {
    if (!opening.fen.empty())
      return core::make_error(fmt::format("'{}': opening {} starts from a fen; only moves from the empty board can be played here",
                                          path, openings.size() + 1));
    Gomoku game = start;
    std::vector<core::Move> moves;
    for (const std::string& text : opening.moves) {
      const auto move = game.parse_move(text);  // read_openings_file checked them against the rules
      if (!move) return core::make_error(fmt::format("'{}': opening {}: bad move '{}'", path, openings.size() + 1, text));
      moves.push_back(*move);
      game.make_move(*move);
    }
    openings.push_back(std::move(moves));
  }
  return openings;
}

int generate(const po::variables_map& vm) {
  const auto rule = rule_option(vm);
  if (!rule) return 2;
  train::SelfPlaySettings s;
  s.rule = *rule;
  s.nodes = vm["nodes"].as<std::uint64_t>();
  s.seed = vm["seed"].as<std::uint64_t>();
  s.opening_min = vm["opening-min"].as<int>();
  s.opening_max = vm["opening-max"].as<int>();
  const int first = vm["first"].as<int>(), games = vm["games"].as<int>();
  if (games < 1 || first < 0 || s.nodes < 1 || s.opening_min < 0 || s.opening_max < s.opening_min) {
    std::cerr << "narabe-gomoku-train: --games, --nodes positive, --first >= 0, 0 <= --opening-min <= --opening-max\n";
    return 2;
  }
  if (!vm.count("out")) return out_missing();
  if (vm.count("weights") && !(s.weights = read_weights(vm["weights"].as<std::string>()))) return 1;
  const std::string path = vm["out"].as<std::string>();
  const Gomoku start(Gomoku::Variant{s.size, s.rule});
  if (vm.count("openings")) {
    auto openings = read_openings(vm["openings"].as<std::string>(), start, vm["rule"].as<std::string>());
    if (!openings) {
      std::cerr << "narabe-gomoku-train: " << openings.error() << "\n";
      return 2;
    }
    s.openings = std::move(*openings);
  }
  std::set<int> done;
  {
    std::ifstream in(path, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // A run killed while writing leaves part of a line: cut it off, or the next game
    // would be appended to it and both lost.
    const std::size_t newline = text.rfind('\n');
    const std::size_t end = newline == std::string::npos ? 0 : newline + 1;
    if (end < text.size()) {
      std::error_code error;
      std::filesystem::resize_file(path, end, error);
      if (error) {
        std::cerr << "narabe-gomoku-train: cannot cut the partial game at the end of '" << path << "': " << error.message() << "\n";
        return 1;
      }
      fmt::print("'{}': a partial game at its end is dropped\n", path);
    }
    std::istringstream lines(text.substr(0, end));
    for (std::string line; std::getline(lines, line);)
      if (const auto game = train::parse_game(start, line)) done.insert(game->index);
  }
  std::ofstream out(path, std::ios::app);
  if (!out) {
    std::cerr << "narabe-gomoku-train: cannot write '" << path << "'\n";
    return 1;
  }
  train::SelfPlayer player(s);
  const double cpu = cpu_seconds();
  int played = 0;
  std::size_t positions = 0;
  int wins[3] = {0, 0, 0};
  for (int index = first; index < first + games; ++index) {
    if (done.count(index) != 0) continue;
    const train::GameRecord game = player.play(index);
    out << train::format_game(start, game) << '\n' << std::flush;
    ++played;
    positions += game.moves.size();
    ++wins[game.result == 'x' ? 0 : game.result == 'o' ? 1 : 2];
    if (played % 100 == 0)
      fmt::print(stderr, "{} games ({} positions, x {} o {} draw {}), {:.1f} s CPU\n", played, positions, wins[0],
                 wins[1], wins[2], cpu_seconds() - cpu);
  }
  fmt::print("{} new games ({} skipped as done), {} positions, x {} o {} draw {}, {:.1f} s CPU -> {}\n", played,
             games - played, positions, wins[0], wins[1], wins[2], cpu_seconds() - cpu, path);
  return 0;
}

int fit(const po::variables_map& vm) {
  const auto rule = rule_option(vm);
  if (!rule) return 2;
  const int holdout = vm["holdout"].as<int>();
  const bool apart = vm.count("colours-apart") != 0;
  const double lambda = vm["lambda"].as<double>();
  train::FitSettings settings;
  settings.epochs = vm["epochs"].as<int>();
  settings.step = vm["step"].as<double>();
  settings.l2 = vm["l2"].as<double>();
  const bool from_file = vm.count("init") != 0;
  if (holdout < 2 || lambda < 0 || lambda > 1 || settings.epochs < (from_file ? 0 : 1) || settings.step <= 0 ||
      settings.l2 < 0) {
    std::cerr << "narabe-gomoku-train: --holdout >= 2, --lambda 0..1, --epochs positive (0 with --init), --step "
                 "positive, --l2 >= 0\n";
    return 2;
  }
  if (settings.epochs > 0 && !vm.count("out")) return out_missing();  // 0 epochs only report
  if (from_file) {
    const std::string path = vm["init"].as<std::string>();
    const auto weights = read_weights(path);
    if (!weights) return 1;
    if (weights->rule() != *rule) {
      std::cerr << "narabe-gomoku-train: '" << path << "' holds " << gomoku::rule_name(weights->rule())
                << " weights, not " << gomoku::rule_name(*rule) << "\n";
      return 1;
    }
    settings.start = train::to_log_odds(*weights, apart);
  }
  const bool searched_only = vm.count("searched-only") != 0;
  const double cpu = cpu_seconds();
  // Zero weights make the board keep the pattern codes the features are read from.
  const auto zero = std::make_shared<const gomoku::EvalWeights>(*rule, gomoku::CodeValues{});
  const Gomoku start(Gomoku::Variant{15, *rule});
  train::Samples train_set, test_set;
  int games = 0;
  std::size_t left_out = 0;  // positions the search never evaluates (--searched-only)
  std::vector<train::Feature> features;
  for (const std::string& path : vm["data"].as<std::vector<std::string>>()) {
    std::ifstream in(path);
    if (!in) {
      std::cerr << "narabe-gomoku-train: cannot read '" << path << "'\n";
      return 1;
    }
    int line_number = 0;
    for (std::string line; std::getline(in, line);) {
      ++line_number;
      const auto game = train::parse_game(start, line);
      if (!game) {
        std::cerr << "narabe-gomoku-train: " << path << ":" << line_number << ": not a game line, skipped\n";
        continue;
      }
      ++games;
      train::Samples& set = game->index % holdout == 0 ? test_set : train_set;
      Gomoku position = start;
      position.set_eval_weights(zero);
      Gomoku plain = start;  // the hand-set evaluation's view
      for (std::size_t i = 0; i < game->moves.size(); ++i) {
        if (searched_only && !train::evaluated_by_search(position)) {
          ++left_out;
        } else {
          const bool black = position.colour_to_move() == gomoku::kBlack;
          const float result = game->result == 'd' ? 0.5F : (game->result == 'x') == black ? 1.0F : 0.0F;
          float target = result;
          if (lambda > 0 && game->scores[i]) {
            const double score = std::clamp(*game->scores[i], -core::kWinBound, core::kWinBound);
            const double p = 1.0 / (1.0 + std::exp(-score / gomoku::EvalWeights::kScale));
            target = static_cast<float>((1 - lambda) * result + lambda * p);
          }
          features.clear();
          train::position_features(position, features, apart);
          set.features.insert(set.features.end(), features.begin(), features.end());
          set.begin.push_back(static_cast<std::uint32_t>(set.features.size()));
          set.target.push_back(target);
          set.result.push_back(result);
          set.hand_eval.push_back(static_cast<float>(gomoku::evaluate(plain)));
        }
        position.make_move(game->moves[i]);
        plain.make_move(game->moves[i]);
      }
    }
  }
  if (train_set.size() == 0 || test_set.size() == 0) {
    std::cerr << "narabe-gomoku-train: too few games to fit and test\n";
    return 1;
  }
  fmt::print("{} games: {} training positions, {} held out (games with index % {} == 0); read in {:.1f} s CPU\n",
             games, train_set.size(), test_set.size(), holdout, cpu_seconds() - cpu);
  if (searched_only) fmt::print("{} positions left out: a five point on the board\n", left_out);
  train::FitReport report;
  const std::vector<double> w = train::fit_logistic(train_set, test_set, settings, report, [](int epoch, double tr, double te) {
    fmt::print(stderr, "epoch {:3}  train log-loss {:.4f}  held-out {:.4f}\n", epoch, tr, te);
  });
  fmt::print("held-out log-loss: {} {:.4f} against the target, {:.4f} against the result (MSE {:.4f});\n"
             "  a constant prediction {:.4f}; the hand-set evaluation {:.4f} (at its best scale, {:.0f} per unit)\n",
             settings.epochs == 0 ? "the --init weights" : "trained", report.test_loss, report.test_result_loss,
             report.test_result_mse, report.test_constant_loss, report.test_hand_loss, report.hand_scale);
  if (settings.epochs == 0) return 0;  // only the report: nothing fitted to write
  const gomoku::EvalWeights weights(*rule, train::to_code_values(w, apart), train::to_threat_values(w));
  // The file holds the values rounded to score units (and, with colours apart,
  // without the side-to-move terms): what it predicts is what ships.
  train::FitSettings as_written = settings;
  as_written.epochs = 0;
  as_written.start = train::to_log_odds(weights, apart);
  train::FitReport written;
  train::fit_logistic(train_set, test_set, as_written, written, [](int, double, double) {});
  fmt::print("held-out log-loss: the weights as written {:.4f} against the target\n", written.test_loss);
  const std::vector<std::uint8_t> bytes = weights.to_bytes();
  const std::string out_path = vm["out"].as<std::string>();
  std::ofstream out(out_path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) {
    std::cerr << "narabe-gomoku-train: cannot write '" << out_path << "'\n";
    return 1;
  }
  fmt::print("{} bytes -> {} ({:.1f} s CPU in all)\n", bytes.size(), out_path, cpu_seconds() - cpu);
  if (apart)
    fmt::print("left out of the weights: Black to move {:+.0f}, White to move {:+.0f}\n",
               w[train::kCodeFeatures] * gomoku::EvalWeights::kScale, w[train::kCodeFeatures + 1] * gomoku::EvalWeights::kScale);
  if (vm.count("show")) {
    // The codes by how often they were seen, with their values.
    std::vector<std::uint64_t> seen(train::kCodeFeatures, 0);
    for (const train::Feature& f : train_set.features) seen[f.index] += f.count;
    std::vector<int> order(train::kCodeFeatures);
    for (int i = 0; i < train::kCodeFeatures; ++i) order[static_cast<std::size_t>(i)] = i;
    std::sort(order.begin(), order.end(), [&](int a, int b) { return seen[static_cast<std::size_t>(a)] > seen[static_cast<std::size_t>(b)]; });
    for (int k = 0; k < std::min(vm["show"].as<int>(), train::kCodeFeatures); ++k) {
      const auto f = static_cast<std::size_t>(order[static_cast<std::size_t>(k)]);
      if (seen[f] == 0) break;
      const auto& c = gomoku::kCodeClasses[f % gomoku::kPatternCodes];
      const std::size_t block = f / gomoku::kPatternCodes;
      const char* colour = !apart ? "" : block >= 2 ? "white " : "black ";
      fmt::print("{}{:<8} {:>4} {:>4} {:>4} {:>4}  seen {:>10}  value {:>6}\n", colour, block % 2 == 0 ? "to-move" : "opponent",
                 gomoku::line_class_name(static_cast<gomoku::LineClass>(c[0])),
                 gomoku::line_class_name(static_cast<gomoku::LineClass>(c[1])),
                 gomoku::line_class_name(static_cast<gomoku::LineClass>(c[2])),
                 gomoku::line_class_name(static_cast<gomoku::LineClass>(c[3])), seen[f],
                 std::lround(w[f] * gomoku::EvalWeights::kScale));
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string command;
  po::options_description options("narabe-gomoku-train generate|fit [options]");
  options.add_options()("help", "this text")("version", "print the version and exit")("command", po::value(&command), "generate or fit")(
      "rule", po::value<std::string>()->default_value("freestyle"), "freestyle|standard|renju|overline-forbidden")(
      "games", po::value<int>()->default_value(100), "generate: games to play (indices first .. first+games-1)")(
      "first", po::value<int>()->default_value(0), "generate: the first game's index")(
      "nodes", po::value<std::uint64_t>()->default_value(3000), "generate: the search's nodes per move")(
      "openings", po::value<std::string>(),
      "generate: an openings file (narabe-match's format, moves only): game i starts with its opening i % N, "
      "then the random stones")(
      "opening-min", po::value<int>()->default_value(2), "generate: random opening stones, at least")(
      "opening-max", po::value<int>()->default_value(6), "generate: ... and at most")(
      "seed", po::value<std::uint64_t>()->default_value(1), "generate: seed of the openings")(
      "weights", po::value<std::string>(), "generate: play with these trained weights (default: hand-set)")(
      "out", po::value<std::string>(), "generate: the games file (appended); fit: the weights file")(
      "data", po::value<std::vector<std::string>>(), "fit: games files")(
      "holdout", po::value<int>()->default_value(10), "fit: games with index % N == 0 are held out")(
      "lambda", po::value<double>()->default_value(0.0), "fit: the search score's share of the target (0..1)")(
      "epochs", po::value<int>()->default_value(20), "fit: passes over the data")(
      "step", po::value<double>()->default_value(0.002), "fit: Adam's step size")(
      "l2", po::value<double>()->default_value(0.0), "fit: L2 shrinkage per training position (1e-6 before 2026-12-03)")(
      "show", po::value<int>(), "fit: print the N most frequent codes' values")(
      "init", po::value<std::string>(),
      "fit: start from this weights file (with --epochs 0: only report how well it predicts the held-out games)")(
      "searched-only", "fit: leave out the positions with a five point on the board (the search never evaluates them)")(
      "colours-apart", "fit: values of their own for each colour (played worse under renju; see gomoku.md)");
  po::positional_options_description positional;
  positional.add("command", 1);
  const auto command_line = tools::parse_command_line(argc, argv, "narabe-gomoku-train", options, options, positional);
  if (!command_line) return 2;
  const po::variables_map& vm = *command_line;
  if (tools::print_version(vm, "narabe-gomoku-train")) return 0;
  if (vm.count("help")) {
    std::cout << options;
    return 0;
  }
  if (command == "generate") return generate(vm);
  if (command == "fit") {
    if (!vm.count("data")) {
      std::cerr << "narabe-gomoku-train: fit needs --data\n";
      return 2;
    }
    return fit(vm);
  }
  std::cerr << "narabe-gomoku-train: the command is generate or fit\n" << options;
  return 2;
}
