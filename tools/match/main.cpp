// narabe-match: plays engines that speak the protocol against each other and
// reports Elo, the pentanomial and the SPRT (docs/match.md).
//
//   narabe-match --game connect4 --engine cmd=./narabe name=max option.Level=max
//                --engine cmd=./narabe name=hard option.Level=hard --each depth=8
//                --rounds 100 --openings plies=4 --out results.jsonl
//   narabe-match merge shard1.jsonl shard2.jsonl

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <charconv>
#include <chrono>
#include <iostream>
#include <random>
#include <thread>

#include <boost/program_options.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "narabe/version.h"
#include "tools/match/merge.h"
#include "tools/match/sprt_spec.h"
#include "tools/match/tournament.h"

namespace po = boost::program_options;
using namespace narabe;
using namespace narabe::match;

namespace {

constexpr int kExitOk = 0;
constexpr int kExitError = 1;       // a file, an engine that cannot start, a write error
constexpr int kExitUsage = 2;       // the command line
constexpr int kExitEngineFailed = 3;
constexpr int kExitInterrupted = 130;

std::atomic<int> g_signals{0};

void on_signal(int) {
  // The first signal stops the run cleanly; a second one ends it at once (the
  // results file is never left with more than a partial last line).
  if (g_signals.fetch_add(1) >= 1) _exit(kExitInterrupted);
}

int usage_error(const std::string& message) {
  std::cerr << "narabe-match: " << message << " (try --help)\n";
  return kExitUsage;
}

// The tokens of every occurrence of `name`, one vector per occurrence, in order.
std::vector<std::vector<std::string>> occurrences(const po::parsed_options& parsed, const std::string& name) {
  std::vector<std::vector<std::string>> groups;
  for (const auto& option : parsed.options)
    if (option.string_key == name) groups.push_back(option.value);
  return groups;
}

std::string describe_openings(const OpeningsConfig& config) {
  if (!config.any()) return "startpos";
  if (config.plies > 0) return fmt::format("plies={}", config.plies);
  return fmt::format("file={} order={} start={}", config.file,
                     config.order == OpeningOrder::kRandom ? "random" : "sequential", config.start);
}

int run_merge(int argc, char** argv) {
  po::options_description visible(
      "Usage: narabe-match merge [--json] [--runs] [--depths FIRST:LAST] FILE...\n\n"
      "Combines the results files of the shards of one run (or of a run and its\n"
      "resumed parts) and prints the report of all their games.\nOptions");
  visible.add_options()("help,h", "print this help")("json", "print the result as one JSON object")(
      "runs", "also combine separate runs of one match (the same game, engines, tournament and games a "
              "pair; other seeds or openings): each run's pairs stay its own, and no SPRT is reported")(
      "depths", po::value<std::string>(), "FIRST:LAST: each engine's mean depth and nodes a move over those plies "
                                           "of the games (the opening's moves counted, 1 the first)");
  po::options_description all;
  all.add(visible).add_options()("file", po::value<std::vector<std::string>>(), "results files");
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return usage_error(e.what());
  }
  if (vm.count("help")) {
    std::cout << visible << "\n";
    return kExitOk;
  }
  if (!vm.count("file")) return usage_error("merge needs at least one results file");
  std::optional<PlySpan> depths;
  if (vm.count("depths")) {
    auto span = parse_ply_span(vm["depths"].as<std::string>());
    if (!span) return usage_error("--depths: " + span.error());
    depths = *span;
  }
  auto merged = merge_results(vm["file"].as<std::vector<std::string>>(), vm.count("runs") > 0);
  if (!merged) {
    std::cerr << "narabe-match merge: " << merged.error() << "\n";
    return kExitError;
  }
  std::cout << (vm.count("json") ? merged_json(*merged, depths) + "\n" : merged_report(*merged, depths));
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::string_view(argv[1]) == "merge") return run_merge(argc - 1, argv + 1);

  po::options_description visible(
      "Usage: narabe-match [options]\n"
      "       narabe-match merge [--json] [--runs] [--depths FIRST:LAST] FILE...\n\n"
      "Plays engines against each other; docs/match.md explains every option.\nOptions");
  // clang-format off
  visible.add_options()
      ("help,h", "print this help and exit")
      ("version", "print the version and exit")
      ("game", po::value<std::vector<std::string>>()->multitoken(),
       "the game and its variant keys: 'connect4', 'connect4 width 5 height 4', 'tictactoe'")
      ("engine", po::value<std::vector<std::string>>()->multitoken(),
       "an engine (repeat for each): cmd=PROGRAM [args=\"...\"] [name=NAME] [dir=DIR] "
       "[proto=native|gtp|gomocup] [option.NAME=VALUE]... [tc=BASE+INC] [movetime=MS] [depth=N] [nodes=N] "
       "[timemargin=MS]")
      ("each", po::value<std::vector<std::string>>()->multitoken(), "keys for every engine, as --engine")
      ("tournament", po::value<std::string>()->default_value("round-robin"),
       "round-robin, or gauntlet (the first engine against each other one)")
      ("rounds", po::value<std::int64_t>()->default_value(1), "rounds: each plays every encounter once")
      ("games", po::value<int>()->default_value(2), "games per encounter and round: 2 plays each opening with "
       "colours swapped, 1 once (colours alternate by round)")
      ("openings", po::value<std::vector<std::string>>()->multitoken(),
       "file=PATH [order=sequential|random] [start=N], or plies=N for random openings")
      ("seed", po::value<std::uint64_t>(), "seed for the openings (default: random, printed)")
      ("concurrency", po::value<int>()->default_value(1), "games played at the same time")
      ("sprt", po::value<std::vector<std::string>>()->multitoken(),
       "elo0=X elo1=Y [alpha=0.05] [beta=0.05] [model=normalized|logistic]: stop when decided")
      ("maxplies", po::value<int>()->default_value(0), "adjudicate a draw after N plies (0: never)")
      ("recover", "restart an engine that crashed or hung and go on")
      ("out", po::value<std::string>(), "append every game to FILE as a JSON line")
      ("resume", "continue the run in --out FILE where it stopped")
      ("shard", po::value<std::string>(), "K/N: play the K-th of N disjoint slices of the run")
      ("ratinginterval", po::value<int>()->default_value(10), "print the report every N games (0: at the end)")
      ("handshake-timeout", po::value<double>()->default_value(10.0),
       "seconds an engine has to answer uci/isready (else: stall)")
      ("watchdog", po::value<double>()->default_value(60.0),
       "seconds a move under depth/node limits may take (else: watchdog loss)")
      ("no-progress", "no live progress line on a terminal");
  // clang-format on

  po::variables_map vm;
  po::parsed_options parsed(&visible);
  try {
    parsed = po::command_line_parser(argc, argv).options(visible).run();
    po::store(parsed, vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return usage_error(e.what());
  }
  if (vm.count("help")) {
    std::cout << visible << "\n";
    return kExitOk;
  }
  if (vm.count("version")) {
    std::cout << narabe::version_line("narabe-match") << "\n";
    return kExitOk;
  }

  // The game and its rules.
  if (!vm.count("game")) return usage_error("--game is required (e.g. --game connect4)");
  const auto game_tokens = vm["game"].as<std::vector<std::string>>();
  core::VariantArgs variant;
  if (game_tokens.size() % 2 == 0) return usage_error("--game needs a name, then key value pairs");
  for (std::size_t i = 1; i + 1 < game_tokens.size(); i += 2) variant.emplace_back(game_tokens[i], game_tokens[i + 1]);
  auto rules = games::make_position(game_tokens[0], variant);
  if (!rules) return usage_error(rules.error());

  // Engines.
  std::vector<std::string> each;
  for (const auto& group : occurrences(parsed, "each")) each.insert(each.end(), group.begin(), group.end());
  RunSettings settings;
  for (const auto& group : occurrences(parsed, "engine")) {
    EngineSpec spec;
    if (auto s = apply_engine_tokens(each, spec); !s) return usage_error("--each: " + s.error());
    if (auto s = apply_engine_tokens(group, spec); !s) return usage_error("--engine: " + s.error());
    if (auto s = finish_engine_spec(spec); !s) return usage_error(s.error());
    settings.engines.push_back(std::move(spec));
  }
  if (settings.engines.size() < 2) return usage_error("give at least two --engine");
  for (std::size_t i = 0; i < settings.engines.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (settings.engines[i].name == settings.engines[j].name)
        return usage_error(fmt::format("two engines are named '{}': give each a name=", settings.engines[i].name));

  ScheduleConfig schedule_config;
  schedule_config.engines = static_cast<int>(settings.engines.size());
  const std::string tournament = vm["tournament"].as<std::string>();
  if (tournament == "gauntlet") {
    schedule_config.kind = TournamentKind::kGauntlet;
  } else if (tournament != "round-robin" && tournament != "roundrobin") {
    return usage_error(fmt::format("--tournament must be round-robin or gauntlet, not '{}'", tournament));
  }
  schedule_config.rounds = vm["rounds"].as<std::int64_t>();
  schedule_config.games_per_pair = vm["games"].as<int>();
  if (vm.count("shard")) {
    const std::string text = vm["shard"].as<std::string>();
    int k = 0, n = 0;
    char slash = 0, rest = 0;
    if (std::sscanf(text.c_str(), "%d%c%d%c", &k, &slash, &n, &rest) != 3 || slash != '/')
      return usage_error(fmt::format("--shard needs K/N, like 2/4, not '{}'", text));
    schedule_config.shard = k;
    schedule_config.shards = n;
  }
  auto schedule = Schedule::make(schedule_config);
  if (!schedule) return usage_error(schedule.error());

  OpeningsConfig openings_config;
  for (const auto& group : occurrences(parsed, "openings"))
    if (auto s = apply_openings_tokens(group, openings_config); !s) return usage_error(s.error());

  std::optional<SprtConfig> sprt;
  if (vm.count("sprt")) {
    auto parsed_sprt = parse_sprt(vm["sprt"].as<std::vector<std::string>>());
    if (!parsed_sprt) return usage_error(parsed_sprt.error());
    if (settings.engines.size() != 2) return usage_error("--sprt needs exactly two engines");
    sprt = *parsed_sprt;
  }
  settings.sprt = sprt;
  settings.concurrency = vm["concurrency"].as<int>();
  if (settings.concurrency < 1 || settings.concurrency > 256) return usage_error("--concurrency must be 1..256");
  settings.max_plies = vm["maxplies"].as<int>();
  if (settings.max_plies < 0) return usage_error("--maxplies must be 0 or more");
  settings.recover = vm.count("recover") > 0;
  settings.rating_interval = vm["ratinginterval"].as<int>();
  if (settings.rating_interval < 0) return usage_error("--ratinginterval must be 0 or more");
  const double handshake = vm["handshake-timeout"].as<double>();
  const double watchdog = vm["watchdog"].as<double>();
  if (!(handshake > 0 && handshake < 1e6) || !(watchdog > 0 && watchdog < 1e7))
    return usage_error("--handshake-timeout and --watchdog need a positive number of seconds");
  settings.timeouts.handshake = std::chrono::milliseconds(static_cast<std::int64_t>(handshake * 1000));
  settings.timeouts.watchdog = std::chrono::milliseconds(static_cast<std::int64_t>(watchdog * 1000));
  settings.progress_line = !vm.count("no-progress") && isatty(STDERR_FILENO);

  const bool resume = vm.count("resume") > 0;
  if (resume && !vm.count("out")) return usage_error("--resume needs --out FILE (the run to continue)");

  // The run's identity. A resumed run takes its seed from the file.
  RunHeader header;
  header.game = (*rules)->newgame_arguments();
  for (const auto& e : settings.engines) header.engines.push_back(e.name);
  header.tournament = schedule_config.kind == TournamentKind::kGauntlet ? "gauntlet" : "round-robin";
  header.rounds = schedule_config.rounds;
  header.games_per_pair = schedule_config.games_per_pair;
  header.openings = describe_openings(openings_config);
  header.max_plies = settings.max_plies;
  header.shard = schedule_config.shard;
  header.shards = schedule_config.shards;
  header.sprt = describe_sprt(sprt);

  Tally previous(static_cast<int>(settings.engines.size()));
  std::optional<std::size_t> resume_bytes;
  std::optional<ResultsFile> existing;
  if (resume) {
    auto file = read_results_file(vm["out"].as<std::string>());
    if (!file) {
      std::cerr << "narabe-match: --resume: " << file.error() << "\n";
      return kExitError;
    }
    existing = std::move(*file);
    header.seed = vm.count("seed") ? vm["seed"].as<std::uint64_t>() : existing->header.seed;
    if (const std::string diff = header_difference(existing->header, header, false); !diff.empty()) {
      std::cerr << "narabe-match: --resume: the command line does not match the run in the file (" << diff
                << "); give the same options as when it started\n";
      return kExitError;
    }
    for (const GameRecord& g : existing->games) {
      if (g.id >= schedule->game_count() || !schedule->in_shard(g.id)) {
        std::cerr << fmt::format("narabe-match: --resume: game {} in the file is not part of this run\n", g.id);
        return kExitError;
      }
      previous.add(g);
    }
    resume_bytes = existing->valid_bytes;
  } else {
    header.seed = vm.count("seed") ? vm["seed"].as<std::uint64_t>() : std::random_device{}() * 0x100000001ULL;
  }

  auto openings = plan_openings(openings_config, **rules, schedule->pair_count(), header.seed);
  if (!openings) {
    std::cerr << "narabe-match: " << openings.error() << "\n";
    return kExitError;
  }
  if (openings->wrapped)
    std::cerr << "narabe-match: note: the openings file has fewer openings than the run has pairs; "
                 "it is used again from its start\n";

  // Each engine once before the run: a wrong command, an engine that does not
  // play this game or a broken handshake is a setup error, not a lost game.
  const std::string game_name = game_tokens[0];
  for (const EngineSpec& spec : settings.engines) {
    auto player = make_player(spec, settings.timeouts);
    if (auto failure = player->start()) {
      std::cerr << fmt::format("narabe-match: engine '{}' ({}): {}: {}\n", spec.name, fmt::join(spec.command, " "),
                               termination_name(failure->kind), failure->detail);
      return kExitError;
    }
    const auto games = player->announced_games();
    if (!games.empty() && std::find(games.begin(), games.end(), game_name) == games.end()) {
      std::cerr << fmt::format("narabe-match: engine '{}' plays {}, not {}\n", spec.name, fmt::join(games, ", "),
                               game_name);
      return kExitError;
    }
    player->quit();
  }

  std::optional<ResultsWriter> writer;
  if (vm.count("out")) {
    auto opened = ResultsWriter::open(vm["out"].as<std::string>(), header, resume_bytes);
    if (!opened) {
      std::cerr << "narabe-match: " << opened.error() << "\n";
      return kExitError;
    }
    writer = std::move(*opened);
  }

  std::cout << fmt::format("{}: {} games of {} ({}), seed {}{}{}\n", narabe::version_line("narabe-match"),
                           schedule->shard_games().size(), header.game, fmt::join(header.engines, " vs "), header.seed,
                           header.shards > 1 ? fmt::format(", shard {}/{}", header.shard, header.shards) : "",
                           existing ? fmt::format(", resuming after {} games", previous.size()) : "");
  std::cout.flush();

  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  signal(SIGPIPE, SIG_IGN);

  Tournament run(std::move(settings), **rules, std::move(*schedule), std::move(*openings), header,
                 std::move(previous), std::move(writer));
  std::atomic<bool> finished{false};
  std::thread watcher([&] {
    while (!finished) {
      if (g_signals.load() > 0) run.request_stop();
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  });
  const RunOutcome outcome = run.run(stdout);
  finished = true;
  watcher.join();

  if (!outcome.message.empty()) std::cout << outcome.message << "\n";
  switch (outcome.end) {
    case RunEnd::kComplete: return kExitOk;
    case RunEnd::kEngineFailed: return kExitEngineFailed;
    case RunEnd::kInterrupted: return kExitInterrupted;
    case RunEnd::kError: return kExitError;
  }
  return kExitError;
}
