// narabe-reversi-train: trains Reversi's pattern evaluation from the engine's own
// games (docs/reversi.md, "Training the evaluation").
//
//   narabe-reversi-train generate --games N --out positions.bin [--depth D] ...
//   narabe-reversi-train fit --data positions.bin [--data more.bin] --out reversi_eval.bin
//   narabe-reversi-train error --data positions.bin --weights reversi_eval.bin
//   narabe-reversi-train probcut --data positions.bin --weights reversi_eval.bin
//   narabe-reversi-train book --weights reversi_eval.bin --out reversi_book.bin [--depth D] ...
//
// The positions file is the trainer's own (positions_file.h). `generate` goes on
// with an existing file from its last complete game; `book` keeps every position it
// has searched in <out>.searched and goes on from there.

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "engine/core/little_endian.h"
#include "engine/games/reversi/pattern_weights.h"
#include "engine/games/reversi/probcut_margins.h"
#include "tools/command_line.h"
#include "tools/reversi_train/book_builder.h"
#include "tools/reversi_train/fit.h"
#include "tools/reversi_train/positions_file.h"
#include "tools/reversi_train/probcut_fit.h"
#include "tools/reversi_train/self_play.h"

namespace po = boost::program_options;
using namespace narabe;
using narabe::tools::reversi_train::TrainingPosition;

namespace {

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

// Appends every --data file's complete games to `positions`.
bool read_data(const po::variables_map& vm, std::vector<TrainingPosition>& positions) {
  for (const std::string& path : vm["data"].as<std::vector<std::string>>()) {
    auto file = tools::reversi_train::read_positions_file(path);
    if (!file) {
      std::cerr << "narabe-reversi-train: " << file.error() << "\n";
      return false;
    }
    positions.insert(positions.end(), file->positions.begin(), file->positions.end());
  }
  return true;
}

// The weights in `path` (null and a message when they cannot be read); `checksum`,
// if given, receives the file's FNV-1a.
std::shared_ptr<const games::reversi::PatternWeights> load_weights(const std::string& path,
                                                                   std::uint64_t* checksum = nullptr) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in && !in.eof()) {
    std::cerr << "narabe-reversi-train: cannot read '" << path << "'\n";
    return nullptr;
  }
  if (checksum) *checksum = core::fnv1a(bytes);
  auto weights = games::reversi::PatternWeights::from_bytes(bytes);
  if (!weights) {
    std::cerr << "narabe-reversi-train: '" << path << "': " << weights.error() << "\n";
    return nullptr;
  }
  return std::make_shared<const games::reversi::PatternWeights>(std::move(*weights));
}

int generate(const po::variables_map& vm) {
  tools::reversi_train::SelfPlaySettings s;
  s.games = vm["games"].as<int>();
  s.depth = vm["depth"].as<int>();
  s.threads = vm["threads"].as<int>();
  s.seed = vm["seed"].as<std::uint64_t>();
  s.solve_empties = vm["solve-empties"].as<int>();
  s.random_move_rate = vm["random-rate"].as<double>();
  if (s.games < 1 || s.depth < 1 || s.threads < 1 || s.solve_empties < 0 || s.solve_empties > 20) {
    std::cerr << "narabe-reversi-train: --games, --depth, --threads must be positive, --solve-empties 0..20\n";
    return 2;
  }
  std::string weights_description = "simple";
  if (vm.count("weights")) {
    std::uint64_t checksum = 0;
    auto weights = load_weights(vm["weights"].as<std::string>(), &checksum);
    if (!weights) return 1;
    weights_description = fmt::format("fnv1a:{:016x}", checksum);
    s.eval = std::make_shared<const games::reversi::EvalSettings>(games::reversi::EvalSettings{std::move(weights), true, nullptr});
  }  // else the simple evaluation
  namespace rt = tools::reversi_train;
  const std::string out = vm["out"].as<std::string>();
  const std::string settings = rt::settings_text(s, weights_description);

  // An existing file is a run to go on with: the same settings, from its last
  // complete game.
  int done = 0;
  std::uintmax_t keep_bytes = 0;
  std::error_code exists_error;
  if (std::filesystem::exists(out, exists_error)) {
    auto file = rt::read_positions_file(out);
    if (!file) {
      std::cerr << "narabe-reversi-train: " << file.error() << "\n";
      return 1;
    }
    if (file->settings != settings) {
      std::cerr << "narabe-reversi-train: '" << out << "' holds games of another run ("
                << (file->settings.empty() ? std::string("a file without settings") : "'" + file->settings + "'")
                << "), not '" << settings << "'; give another --out to start a new run\n";
      return 1;
    }
    done = file->games;
    keep_bytes = file->complete_bytes;
    fmt::print("resuming '{}': {} games ({} positions) already there{}\n", out, done, file->positions.size(),
               file->complete_bytes < file->file_bytes ? "; a partial game at its end is dropped" : "");
    if (done >= s.games) {
      fmt::print("nothing to do: --games {} reached\n", s.games);
      return 0;
    }
  } else if (const core::Status created = rt::create_positions_file(out, settings); !created) {
    std::cerr << "narabe-reversi-train: " << created.error() << "\n";
    return 1;
  } else {
    keep_bytes = std::filesystem::file_size(out);
  }
  auto appender = rt::PositionsAppender::open(out, keep_bytes);
  if (!appender) {
    std::cerr << "narabe-reversi-train: " << appender.error() << "\n";
    return 1;
  }

  const auto wall = std::chrono::steady_clock::now();
  const double cpu = cpu_seconds();
  std::size_t positions = 0, exact = 0;
  std::string write_error;
  const int report_every = std::max(100, (s.games - done) / 20);  // about 20 lines a run
  rt::play_games_in_order(s, done, [&](int index, std::vector<TrainingPosition>&& game) {
    if (!write_error.empty()) return;
    if (const core::Status written = appender->append(game); !written) write_error = written.error();
    positions += game.size();
    for (const auto& p : game) exact += p.exact;
    if ((index + 1 - done) % report_every == 0)
      fmt::print(stderr, "{} / {} games, {:.0f} s\n", index + 1, s.games,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count());
  });
  if (!write_error.empty()) {
    std::cerr << "narabe-reversi-train: " << write_error << "\n";
    return 1;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
  fmt::print("{} games, {} positions ({} solved exactly) in {:.1f} s wall, {:.1f} s CPU -> {} ({} games in all)\n",
             s.games - done, positions, exact, seconds, cpu_seconds() - cpu, out, s.games);
  return 0;
}

int fit(const po::variables_map& vm) {
  std::vector<TrainingPosition> positions;
  if (!read_data(vm, positions)) return 1;
  if (positions.empty()) {
    std::cerr << "narabe-reversi-train: no positions\n";
    return 1;
  }
  // The last tenth of the games (positions are stored game by game) is held out.
  const std::size_t test_size = positions.size() / 10;
  const std::span<const TrainingPosition> all(positions);
  const auto train = all.first(positions.size() - test_size);
  const auto test = all.last(test_size);
  tools::reversi_train::FitSettings settings;
  settings.epochs = vm["epochs"].as<int>();
  settings.shrinkage = vm["shrinkage"].as<double>();
  settings.step = vm["step"].as<double>();
  settings.phases = vm["phases"].as<int>();
  settings.threads = vm["threads"].as<int>();
  if (settings.phases < 1 || settings.phases > games::reversi::PatternWeights::kMaxPhases || settings.threads < 1) {
    std::cerr << "narabe-reversi-train: --phases is 1 to " << games::reversi::PatternWeights::kMaxPhases
              << ", --threads at least 1\n";
    return 2;
  }
  const double cpu = cpu_seconds();
  const auto result = tools::reversi_train::fit_weights(train, test, settings, [](int phase, int epoch, double mae) {
    fmt::print(stderr, "phase {} epoch {:4} train MAE {:.2f} discs\n", phase, epoch, mae);
  });
  const games::reversi::PatternWeights weights(result.weights, settings.phases);
  const std::vector<std::uint8_t> bytes = weights.to_bytes();
  const std::string out = vm["out"].as<std::string>();
  std::ofstream file(out, std::ios::binary);
  file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!file) {
    std::cerr << "narabe-reversi-train: cannot write '" << out << "'\n";
    return 1;
  }
  fmt::print("phase  empties  train pos  test pos  train MAE  test MAE  test MAE (solved)\n");
  for (int phase = 0; phase < settings.phases; ++phase) {
    const auto& f = result.phases[static_cast<std::size_t>(phase)];
    int high = 0, low = 60;  // the span of empties this phase covers
    for (int empties = 0; empties <= 60; ++empties)
      if (games::reversi::PatternWeights::phase_of(empties, settings.phases) == phase) {
        high = std::max(high, empties);
        low = std::min(low, empties);
      }
    fmt::print("{:5}  {:>7}  {:9}  {:8}  {:9.2f}  {:8.2f}  {}\n", phase, fmt::format("{}-{}", high, low),
               f.train_positions, f.test_positions, f.train_mae, f.test_mae,
               f.test_exact ? fmt::format("{:.2f} ({} pos)", f.test_mae_exact, f.test_exact) : "-");
  }
  // The whole held-out set, each phase weighted by its positions: what --phases and
  // the other settings are chosen by.
  double train_sum = 0, test_sum = 0, exact_sum = 0;
  std::size_t train_count = 0, test_count = 0, exact_count = 0;
  for (const auto& f : result.phases) {
    train_sum += f.train_mae * double(f.train_positions);
    train_count += f.train_positions;
    test_sum += f.test_mae * double(f.test_positions);
    test_count += f.test_positions;
    exact_sum += f.test_mae_exact * double(f.test_exact);
    exact_count += f.test_exact;
  }
  fmt::print("  all     60-0  {:9}  {:8}  {:9.2f}  {:8.2f}  {}\n", train_count, test_count,
             train_sum / double(std::max<std::size_t>(1, train_count)), test_sum / double(std::max<std::size_t>(1, test_count)),
             exact_count ? fmt::format("{:.2f} ({} pos)", exact_sum / double(exact_count), exact_count) : "-");
  fmt::print("{} bytes -> {} ({:.1f} s CPU)\n", bytes.size(), out, cpu_seconds() - cpu);
  return 0;
}

// The held-out error of a weights file: the last tenth of the --data positions, as
// `fit` holds them out, evaluated by --weights (any phase count), per phase of those
// weights. Compares a new fit with the shipped file on the same positions.
int error(const po::variables_map& vm) {
  std::vector<TrainingPosition> positions;
  if (!read_data(vm, positions)) return 1;
  const auto weights = load_weights(vm["weights"].as<std::string>());
  if (!weights) return 1;
  const std::span<const TrainingPosition> test = std::span<const TrainingPosition>(positions).last(positions.size() / 10);
  struct Sums {
    double error = 0, exact_error = 0;
    std::size_t count = 0, exact = 0;
  };
  std::vector<Sums> phases(static_cast<std::size_t>(weights->phases()) + 1);  // the last: all
  for (const TrainingPosition& p : test) {
    const double e = std::abs(weights->evaluate(p.own, p.other) / 100.0 - p.margin);
    for (Sums* sums : {&phases[static_cast<std::size_t>(weights->phase_of(std::popcount(~(p.own | p.other))))],
                       &phases.back()}) {
      sums->error += e;
      ++sums->count;
      if (p.exact) {
        sums->exact_error += e;
        ++sums->exact;
      }
    }
  }
  fmt::print("phase  test pos  test MAE  test MAE (solved)\n");
  for (std::size_t phase = 0; phase < phases.size(); ++phase) {
    const Sums& s = phases[phase];
    fmt::print("{:>5}  {:8}  {:8.2f}  {}\n", phase + 1 == phases.size() ? "all" : std::to_string(phase), s.count,
               s.error / double(std::max<std::size_t>(1, s.count)),
               s.exact ? fmt::format("{:.2f} ({} pos)", s.exact_error / double(s.exact), s.exact) : "-");
  }
  return 0;
}

int probcut(const po::variables_map& vm) {
  std::vector<TrainingPosition> positions;
  if (!read_data(vm, positions)) return 1;
  std::shared_ptr<const games::reversi::PatternWeights> weights;
  if (vm.count("weights") && !(weights = load_weights(vm["weights"].as<std::string>()))) return 1;
  const int max_depth = vm["max-depth"].as<int>();
  const int per_phase = vm["per-phase"].as<int>();
  if (max_depth < 3 || max_depth > 14 || per_phase < 2) {
    std::cerr << "narabe-reversi-train: --max-depth 3..14, --per-phase at least 2\n";
    return 2;
  }
  const double cpu = cpu_seconds();
  const auto stats = tools::reversi_train::fit_probcut(positions, weights, max_depth, per_phase,
                                                             vm["solve-empties"].as<int>());
  fmt::print("phase  depth  shallow  samples  mean(deep-shallow)  sigma   (hundredths of a disc)\n");
  for (const auto& s : stats)
    fmt::print("{:5}  {:5}  {:7}  {:7}  {:18.0f}  {:5.0f}\n", s.phase, s.depth,
               games::reversi::probcut_shallow_depth(s.depth), s.samples, s.mean, s.sigma);
  fmt::print("// kSigma for engine/games/reversi/probcut_margins.cpp, depths 3..{}:\n", max_depth);
  for (int phase = 0; phase < games::reversi::kProbCutPhases; ++phase) {
    std::string row = "    {";
    for (const auto& s : stats)
      if (s.phase == phase) row += fmt::format("{}{}", row.size() > 5 ? ", " : "", static_cast<int>(std::lround(s.sigma)));
    fmt::print("{}}},\n", row);
  }
  fmt::print("({:.1f} s CPU)\n", cpu_seconds() - cpu);
  return 0;
}

// The opening book: the searched positions are appended to <out>.searched as they
// come (a header line with the settings they depend on, then one line each), so a
// run cut short goes on from them; the book itself is written at the end.
int book(const po::variables_map& vm) {
  namespace rt = tools::reversi_train;
  rt::BookSettings s;
  s.depth = vm["depth"].defaulted() ? 18 : vm["depth"].as<int>();
  s.full_plies = vm["full-plies"].as<int>();
  s.line_plies = vm["line-plies"].as<int>();
  s.window = static_cast<int>(std::lround(vm["window"].as<double>() * 100));
  s.max_positions = vm["max-positions"].as<std::size_t>();
  s.threads = vm["threads"].as<int>();
  if (s.depth < 1 || s.depth > 40 || s.full_plies < 0 || s.line_plies < s.full_plies || s.line_plies > 40 ||
      s.window < 0 || s.threads < 1) {
    std::cerr << "narabe-reversi-train: book needs --depth 1..40, 0 <= --full-plies <= --line-plies <= 40, "
                 "--window >= 0 and --threads >= 1\n";
    return 2;
  }
  std::uint64_t checksum = 0;
  auto weights = load_weights(vm["weights"].as<std::string>(), &checksum);
  if (!weights) return 1;
  s.eval = std::make_shared<const games::reversi::EvalSettings>(
      games::reversi::EvalSettings{std::move(weights), true, nullptr});
  const std::string out = vm["out"].as<std::string>();
  const std::string searched_path = out + ".searched";
  const std::string header =
      fmt::format("narabe-reversi-book-searches depth {} weights fnv1a:{:016x}", s.depth, checksum);

  std::vector<rt::SearchedPosition> known;
  bool has_header = false;
  std::ifstream in{searched_path};
  std::string line;
  if (in && std::getline(in, line)) {
    if (line != header) {
      std::cerr << "narabe-reversi-train: '" << searched_path << "' holds searches of another run ('" << line
                << "'), not '" << header << "'; remove it or give another --out\n";
      return 1;
    }
    has_header = true;
    while (std::getline(in, line)) {
      unsigned long long own = 0, other = 0;
      int score = 0, cell = 0;
      // A line cut short by an interrupted run is dropped: that position is searched again.
      if (std::sscanf(line.c_str(), "%llx %llx %d %d", &own, &other, &score, &cell) != 4 || cell < 0 || cell > 63)
        continue;
      known.push_back({own, other, static_cast<std::int16_t>(score), static_cast<std::uint8_t>(cell)});
    }
    fmt::print("resuming: {} positions already searched in '{}'\n", known.size(), searched_path);
  }
  // A run cut short may have left half a line: the next one starts on a line of its own.
  bool ends_mid_line = false;
  if (std::ifstream tail{searched_path, std::ios::binary | std::ios::ate}; tail && tail.tellg() > 0) {
    tail.seekg(-1, std::ios::end);
    ends_mid_line = tail.get() != '\n';
  }
  std::ofstream searched_file(searched_path, std::ios::app);
  if (ends_mid_line) searched_file << "\n";
  if (!has_header) searched_file << header << "\n" << std::flush;
  if (!searched_file) {
    std::cerr << "narabe-reversi-train: cannot write '" << searched_path << "'\n";
    return 1;
  }
  const double cpu = cpu_seconds();
  const auto start = std::chrono::steady_clock::now();
  std::size_t count = known.size();
  const rt::BookBuild build = rt::build_book(s, known, [&](const rt::SearchedPosition& p) {
    searched_file << fmt::format("{:016x} {:016x} {} {}\n", p.own, p.other, p.score, p.cell) << std::flush;
    if (++count % 100 == 0)
      fmt::print(stderr, "{} positions searched ({:.0f} s)\n", count,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  });
  const std::vector<std::uint8_t> bytes = build.book.to_bytes();
  const std::string temporary = out + ".tmp";
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!file) {
      std::cerr << "narabe-reversi-train: cannot write '" << temporary << "'\n";
      return 1;
    }
  }
  std::error_code renamed;
  std::filesystem::rename(temporary, out, renamed);
  if (renamed) {
    std::cerr << "narabe-reversi-train: cannot write '" << out << "': " << renamed.message() << "\n";
    return 1;
  }
  std::string per_ply;
  for (std::size_t n : build.expanded_per_ply) per_ply += fmt::format("{}{}", per_ply.empty() ? "" : " ", n);
  fmt::print("book: {} positions ({} searched by this run), expanded per ply: {}\n", build.book.size(),
             build.searched_now, per_ply);
  fmt::print("{} bytes -> {} ({:.1f} s CPU)\n", bytes.size(), out, cpu_seconds() - cpu);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description visible(
      "Usage: narabe-reversi-train generate|fit|error|probcut|book [options]\n\n"
      "  generate: self-play games, positions labelled with final margins -> --out\n"
      "  fit:      least-squares fit of the pattern weights to --data files -> --out\n"
      "  error:    the held-out error of --weights on --data (the last tenth, as fit holds it out)\n"
      "  probcut:  shallow vs deep searches of --data positions with --weights: ProbCut's sigmas\n"
      "  book:     the opening book from searches with --weights of the positions near the start -> --out\n\nOptions");
  visible.add_options()("help,h", "print this help and exit")("version", "print the version and exit")(
      "games", po::value<int>()->default_value(2000), "generate: games the file holds when done (an existing file goes on)")(
      "depth", po::value<int>()->default_value(4), "generate: search depth per move; book: per position (default 18)")(
      "threads", po::value<int>()->default_value(1), "generate: games played at once; fit: phases fitted at once; book: searches at once")(
      "seed", po::value<std::uint64_t>()->default_value(1), "generate: seed (games are numbered from it)")(
      "solve-empties", po::value<int>()->default_value(14), "generate: the solver plays and labels from here")(
      "random-rate", po::value<double>()->default_value(0.05), "generate: rate of random moves after the opening")(
      "weights", po::value<std::string>(), "generate: play with these weights (default: the simple evaluation); error, probcut: the weights measured; book: search with these")(
      "data", po::value<std::vector<std::string>>(), "fit: positions files (repeatable)")(
      "epochs", po::value<int>()->default_value(300), "fit: gradient steps per phase")(
      "shrinkage", po::value<double>()->default_value(8.0), "fit: pseudo-occurrences pulling rare weights to 0")(
      "step", po::value<double>()->default_value(0.02), "fit: gradient step, a fraction of each weight's own")(
      "phases", po::value<int>()->default_value(6), "fit: weight sets, each for an equal span of the 60 empties")(
      "max-depth", po::value<int>()->default_value(8), "probcut: deepest search measured")(
      "per-phase", po::value<int>()->default_value(150), "probcut: positions searched per phase")(
      "full-plies", po::value<int>()->default_value(6), "book: every position up to this many moves has all its moves searched")(
      "line-plies", po::value<int>()->default_value(12), "book: near-best lines are followed up to this many moves")(
      "window", po::value<double>()->default_value(1.0), "book: a line is near-best while its moves lose at most this many discs in all")(
      "max-positions", po::value<std::size_t>()->default_value(10000), "book: positions searched in all, at most (past --full-plies)")(
      "out", po::value<std::string>(), "output file");
  po::options_description all;
  all.add(visible).add_options()("command", po::value<std::string>());
  po::positional_options_description positional;
  positional.add("command", 1);
  const auto command_line = narabe::tools::parse_command_line(argc, argv, "narabe-reversi-train", all, visible, positional);
  if (!command_line) return 2;
  const po::variables_map& vm = *command_line;
  if (narabe::tools::print_version(vm, "narabe-reversi-train")) return 0;
  if (vm.count("help") || !vm.count("command")) {
    std::cout << visible << "\n";
    return vm.count("help") ? 0 : 2;
  }
  const std::string command = vm["command"].as<std::string>();
  if (command == "probcut") {
    if (!vm.count("data")) {
      std::cerr << "narabe-reversi-train: probcut needs --data\n";
      return 2;
    }
    return probcut(vm);
  }
  if (command == "error") {
    if (!vm.count("data") || !vm.count("weights")) {
      std::cerr << "narabe-reversi-train: error needs --data and --weights\n";
      return 2;
    }
    return error(vm);
  }
  if (!vm.count("out")) {
    std::cerr << "narabe-reversi-train: --out is required\n";
    return 2;
  }
  if (command == "generate") return generate(vm);
  if (command == "book") {
    if (!vm.count("weights")) {
      std::cerr << "narabe-reversi-train: book needs --weights\n";
      return 2;
    }
    return book(vm);
  }
  if (command == "fit") {
    if (!vm.count("data")) {
      std::cerr << "narabe-reversi-train: fit needs --data\n";
      return 2;
    }
    return fit(vm);
  }
  std::cerr << "narabe-reversi-train: unknown command '" << command << "' (generate, fit, error, probcut or book)\n";
  return 2;
}
