#!/usr/bin/python3
"""Soak run: many fast games at every level of every game, checked for robustness.

For each game (tic-tac-toe, Connect Four, Gomoku in its three rules, Reversi)
one narabe-match run plays the chosen levels of narabe against each other
(round-robin, colour-swapped pairs, random openings, `--recover`), then the
soak checks:

- no crash, stall, illegal move or time-out: narabe-match's referee records
  each as the game's termination; any one is a failure. A game longer than
  --game-timeout and a run longer than --run-timeout are stalls too (the run
  is then stopped with SIGINT, which keeps its finished games);
- flat memory: while the run plays, the resident size (VmRSS, and VmHWM for
  the peak) of every engine process narabe-match keeps is sampled from /proc.
  narabe-match starts the engines once per worker and keeps them for all the
  worker's games, so each process lives through many games. Its size after the
  run's last game must be within max(--rss-margin %, --rss-margin-mb) of its
  size once the run had played --rss-baseline-games games since the process
  started. Both are resting sizes: the size seen most often over
  --rss-window samples, since a newgame briefly holds the old and the new
  tables;
- reproducible searches: --replays finished games are played again move by
  move, each side by a fresh engine given exactly what narabe-match gave the
  original one (uci, the options, newgame, then its own positions and `go`).
  Every move must be the same, and at Level max every node count too
  (narabe-match records the last `info ... nodes N` of each move). The levels
  below max print no node count, so for them the move is what is compared;
  with a fixed Seed (which the soak sets) they repeat exactly as well.

Exit codes: 0 all checks passed, 1 a check failed (the summary says which),
2 bad command line, 3 error (narabe-match could not run), 130 interrupted.

--out DIR keeps everything: DIR/<game>.jsonl is narabe-match's results file
(an interrupted soak is continued with the same command: the files are
resumed), DIR/<game>.log its output, DIR/<game>.rss.jsonl the memory samples,
DIR/<game>.time.jsonl the wall and CPU time of each part of the run,
DIR/summary.md and DIR/summary.json the verdict.

Example (the figures in docs/soak.md):
  nice -n 10 /usr/bin/python3 matches/soak.py --games-per-pairing 100 --out build/soak/run1
"""

from __future__ import annotations

import argparse
import collections
import datetime
import itertools
import json
import os
import random
import resource
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import narabe_match as nm  # noqa: E402

EXIT_OK = 0
EXIT_FAILED = 1

# The games a soak knows, by the short name --games takes: narabe-match's --game
# words, and how many random plies open each pair (enough distinct openings for
# thousands of games, few enough to keep the games natural).
GAMES = {
    "tictactoe": ("tictactoe", 4),
    "connect4": ("connect4", 4),
    "gomoku-freestyle": ("gomoku rule freestyle", 3),
    "gomoku-standard": ("gomoku rule standard", 3),
    "gomoku-renju": ("gomoku rule renju", 3),
    "reversi": ("reversi", 6),
}
DEFAULT_LIMIT = "nodes=2000"
# Terminations that are failures of an engine, by the summary's column.
FAILURE_COLUMNS = {"crash": ("crash",), "stall": ("stall",), "illegal": ("illegal move",),
                   "time-out": ("time forfeit", "watchdog")}


# --------------------------------------------------------------------------
# The plan: which runs, which engines


@dataclass
class SoakEngine:
    """One engine of a soak run: narabe (or a stand-in for tests) at one Level."""

    name: str
    level: str
    seed: int
    workdir: Path  # its own working directory: how /proc tells the processes apart

    def options(self) -> dict[str, str]:
        return {"Level": self.level, "Seed": str(self.seed)}


@dataclass
class SoakRun:
    key: str           # the --games name
    game: str          # narabe-match's --game words
    plies: int
    engines: list[SoakEngine]
    rounds: int
    results: Path
    log: Path
    rss_log: Path
    time_log: Path


def plan_runs(args) -> list[SoakRun]:
    runs = []
    for index, key in enumerate(args.games):
        game, plies = GAMES[key]
        levels = list(args.levels)
        names = list(levels)
        if len(levels) == 1:  # a level alone plays itself
            levels.append(levels[0])
            names.append(levels[0] + "-b")
        engines = [SoakEngine(name, level, args.seed * 100 + 10 * index + i + 1,
                              args.out / "engines" / key / name)
                   for i, (name, level) in enumerate(zip(names, levels))]
        pairings = len(engines) * (len(engines) - 1) // 2
        per_pairing = args.games_per_pairing
        if args.total_games:
            per_pairing = max(1, args.total_games // (len(args.games) * pairings))
        rounds = max(1, (per_pairing + 1) // 2)  # each round of a pairing is a colour-swapped pair
        runs.append(SoakRun(key, game, plies, engines, rounds, args.out / f"{key}.jsonl",
                            args.out / f"{key}.log", args.out / f"{key}.rss.jsonl",
                            args.out / f"{key}.time.jsonl"))
    return runs


def engine_command_words(args, engine: SoakEngine) -> nm.Engine:
    extra = [f"dir={engine.workdir}"]
    if args.engine_args:
        extra.append(f"args={args.engine_args}")
    return nm.Engine(cmd=str(args.engine_path), name=engine.name, options=engine.options(), extra=extra)


def run_argv(args, run: SoakRun) -> list[str]:
    extra = ["--recover", "--watchdog", str(args.move_timeout), "--ratinginterval", "0", "--no-progress"]
    if run.results.exists() and run.results.stat().st_size > 0:
        extra.append("--resume")
    return nm.match_command(args.match, game=run.game, engines=[engine_command_words(args, e) for e in run.engines],
                            each=args.limit, rounds=run.rounds, games=2, openings_plies=run.plies,
                            seed=args.seed, concurrency=args.concurrency, out=run.results, extra=extra)


# --------------------------------------------------------------------------
# Memory: sampling narabe-match's engine processes


def read_status(pid: int) -> dict[str, int] | None:
    """VmRSS and VmHWM of a process in KiB; None once it is gone."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as f:
            values = {}
            for line in f:
                key, _, rest = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    values[key] = int(rest.split()[0])
            return values if "VmRSS" in values else None
    except (OSError, ValueError, IndexError):
        return None


def child_pids(pid: int) -> list[int]:
    """The children of `pid`, whichever of its threads started them."""
    pids = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as f:
                    pids += [int(p) for p in f.read().split()]
            except OSError:
                pass
    except OSError:
        pass
    return pids


class Sampler:
    """Samples the engines' memory while narabe-match runs, and bounds its time.

    Every sample is one line of the run's .rss.jsonl file: the process, the
    engine (found by the process's working directory), how many games the run
    had finished and the sizes.
    """

    def __init__(self, run: SoakRun, interval: float, run_timeout: float):
        self.run = run
        self.interval = interval
        self.run_timeout = run_timeout
        self.by_dir = {str(e.workdir.resolve()): e.name for e in run.engines}
        self.games_done = 0
        self.offset = 0
        self.timed_out = False
        self.games_at_start = self._count_games()

    def _count_games(self) -> int:
        """Finished games in the results file (complete lines after the header), read incrementally."""
        try:
            with open(self.run.results, "rb") as f:
                f.seek(self.offset)
                chunk = f.read()
        except OSError:
            return self.games_done
        complete = chunk[:chunk.rfind(b"\n") + 1]
        self.offset += len(complete)
        self.games_done += complete.count(b"\n")
        return max(0, self.games_done - 1)

    def sample(self, match_pid: int, out) -> None:
        games = self._count_games() - self.games_at_start
        now = time.time()
        for pid in child_pids(match_pid):
            try:
                engine = self.by_dir.get(os.readlink(f"/proc/{pid}/cwd"))
            except OSError:
                continue
            status = read_status(pid)
            if engine is None or status is None:
                continue
            out.write(json.dumps({"t": round(now, 2), "pid": pid, "engine": engine, "games": games,
                                  "rss_kb": status["VmRSS"], "hwm_kb": status.get("VmHWM", 0)}) + "\n")
        out.flush()

    def __call__(self, process: subprocess.Popen) -> int:
        started = time.monotonic()
        with open(self.run.rss_log, "a", encoding="utf-8") as out:
            while True:
                try:
                    return process.wait(timeout=self.interval)
                except subprocess.TimeoutExpired:
                    pass
                self.sample(process.pid, out)
                if self.run_timeout and not self.timed_out and time.monotonic() - started > self.run_timeout:
                    self.timed_out = True  # a stall of the whole run: stop it, keeping its games
                    process.send_signal(signal.SIGINT)


@dataclass
class RssFigures:
    engine: str
    pid: int
    baseline_kb: int | None  # once the run had played the baseline games; None if it never got there
    final_kb: int
    peak_kb: int
    games: int               # the run's games at the last sample
    ok: bool


def rss_verdicts(samples: list[dict], baseline_games: int, margin_pct: float, margin_mb: float,
                 window: int = 1) -> list[RssFigures]:
    """Per engine process: its size after `baseline_games` games, the last size, the peak, and the check.

    Both sizes are resting sizes over `window` consecutive samples (from the
    baseline's first one, and the last ones): the size seen most often. A
    `newgame` builds the game's new tables before it frees the old ones and
    then fills the new ones page by page, which under load takes a good part
    of a second, so single samples catch a process tens of MiB above or below
    where it rests, and in a run of short games often. A resting process shows
    the very same size again and again; a leak moves that size itself.

    Games are counted from the process's first sample, so the baseline is never
    taken while an engine started late (a worker's engines start at their first
    game, a crashed one restarts) is still filling its tables. A process that
    did not live through `baseline_games` games (a short run, narabe-match's
    start-up check, a restart near the end) has no baseline and passes: there
    is nothing to compare.
    """
    figures = []
    samples = sorted(samples, key=lambda s: (s["pid"], s["t"]))
    for pid, group in itertools.groupby(samples, key=lambda s: s["pid"]):
        group = list(group)
        first_games = group[0]["games"]
        start = next((i for i, s in enumerate(group) if s["games"] - first_games >= baseline_games), None)
        baseline = None if start is None else _resting([s["rss_kb"] for s in group[start:start + window]])
        final = _resting([s["rss_kb"] for s in group[-window:]])
        peak = max(max(s["rss_kb"], s.get("hwm_kb", 0)) for s in group)
        ok = baseline is None or final - baseline <= max(baseline * margin_pct / 100, margin_mb * 1024)
        figures.append(RssFigures(group[0]["engine"], pid, baseline, final, peak, group[-1]["games"], ok))
    return figures


def _resting(values: list[int]) -> int:
    """The value seen most often; among equally frequent ones (all of them, if none repeats) the median."""
    counts = collections.Counter(values)
    top = max(counts.values())
    frequent = sorted(value for value, count in counts.items() if count == top)
    return frequent[(len(frequent) - 1) // 2]


def read_samples(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in nm.iter_complete_lines(path)]


# --------------------------------------------------------------------------
# Replays


class EngineProcess:
    """A fresh engine driven line by line over pipes, with time-outs (the replays' engine)."""

    def __init__(self, argv: list[str], cwd: Path | None, timeout: float):
        self.timeout = timeout
        self.process = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.buffer = b""

    def send(self, line: str) -> None:
        self.process.stdin.write((line + "\n").encode())
        self.process.stdin.flush()

    def read_line(self) -> str:
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise nm.HarnessError(f"the replay engine sent no line within {self.timeout} s")
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    raise nm.HarnessError(f"the replay engine exited (code {self.process.wait()})")
                self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode(errors="replace").strip()

    def wait_for(self, word: str) -> list[str]:
        lines = []
        while True:
            line = self.read_line()
            lines.append(line)
            if line.split()[:1] == [word]:
                return lines

    def close(self) -> None:
        try:
            self.send("quit")
            self.process.stdin.close()
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()


def last_nodes(lines: list[str]) -> int | None:
    """The node count of the last info line that has one (as narabe-match records it)."""
    nodes = None
    for line in lines:
        words = line.split()
        if words[:1] == ["info"] and "nodes" in words[:-1]:
            try:
                nodes = int(words[words.index("nodes") + 1])
            except ValueError:
                pass
    return nodes


def replay_game(argv: list[str], cwd: Path | None, options: list[dict[str, str]], game_words: str,
                limits: list[str], record: dict, timeout: float = 60) -> tuple[int, str | None]:
    """Plays a recorded game again; returns (moves compared, the first difference or None).

    Side s's moves are searched by one fresh engine that gets what narabe-match
    sent the original: the handshake and its options, `newgame`, then for each
    of its moves `position ... moves ...` and `go` with the same limits. The
    engine keeps its tables between its own moves, as in the soak, so every
    node count must repeat. options[s] are side s's options.
    """
    opening = record["opening"]
    played = list(opening["moves"])
    moves = record["moves"]
    go = "go " + " ".join(" ".join(limit.split("=", 1)) for limit in limits)
    compared = 0
    engines = []
    try:
        for side in range(2):
            engine = EngineProcess(argv, cwd, timeout)
            engines.append(engine)
            engine.send("uci")
            engine.wait_for("uciok")
            for name, value in options[side].items():
                engine.send(f"setoption name {name} value {value}")
            engine.send(f"newgame {game_words}")
            engine.send("isready")
            engine.wait_for("readyok")
        # Who moves first after the opening: openings are plies from the start
        # position (the soak gives no fens), and passes are moves, so parity decides.
        side = len(opening["moves"]) % 2
        for index, move in enumerate(moves):
            engine = engines[side]
            engine.send("position " + nm.record_position(opening, played))
            engine.send(go)
            lines = engine.wait_for("bestmove")
            best = lines[-1].split()[1] if len(lines[-1].split()) > 1 else ""
            nodes = last_nodes(lines)
            if best != move["move"]:
                return compared, f"move {index + 1}: played {move['move']} in the soak, {best} in the replay"
            if move.get("nodes") != nodes:
                return compared, (f"move {index + 1} ({move['move']}): {move.get('nodes')} nodes in the soak, "
                                  f"{nodes} in the replay")
            compared += 1
            played.append(move["move"])
            side = 1 - side
        return compared, None
    finally:
        for engine in engines:
            engine.close()


# --------------------------------------------------------------------------
# Counting and reporting


@dataclass
class RunSummary:
    run: SoakRun
    games: list[dict]
    exit_code: int
    timed_out: bool
    minutes: float
    rss: list[RssFigures] = field(default_factory=list)
    cpu_minutes: float = 0.0


def level_rows(summary: RunSummary, game_timeout_ms: float) -> list[dict]:
    """One row per engine of the run: its games, score and failures (a failure counts against the loser)."""
    rows = {e.name: {"games": 0, "wins": 0, "draws": 0, "losses": 0, "slow": 0,
                     **{column: 0 for column in FAILURE_COLUMNS}} for e in summary.run.engines}
    for game in summary.games:
        first, second = game["first"]["name"], game["second"]["name"]
        result = game["result"]
        for name, won, lost in ((first, "1-0", "0-1"), (second, "0-1", "1-0")):
            row = rows.setdefault(name, {"games": 0, "wins": 0, "draws": 0, "losses": 0, "slow": 0,
                                         **{column: 0 for column in FAILURE_COLUMNS}})
            row["games"] += 1
            row["wins" if result == won else "losses" if result == lost else "draws"] += 1
            if game.get("duration_ms", 0) > game_timeout_ms:
                row["slow"] += 1
        loser = first if result == "0-1" else second
        for column, terminations in FAILURE_COLUMNS.items():
            if game["termination"] in terminations:
                rows[loser][column] += 1
    return [{"engine": name, **row} for name, row in rows.items()]


def mib(kb: int | None) -> str:
    return "n/a" if kb is None else f"{kb / 1024:.1f}"


def format_summary(summaries: list[RunSummary], replays: list[dict], args, failures: list[str]) -> str:
    total = sum(len(s.games) for s in summaries)
    minutes = sum(s.minutes for s in summaries)
    cpu = sum(s.cpu_minutes for s in summaries)
    lines = [f"# Soak: {total} games in {minutes:.1f} min ({cpu:.1f} min of CPU) (limit {' '.join(args.limit)}, "
             f"concurrency {args.concurrency}, seed {args.seed})", "",
             "| game | engine | games | +/=/- | crash | stall | illegal | time-out | slower than "
             f"{args.game_timeout:g} s |", "|---|---|---|---|---|---|---|---|---|"]
    for s in summaries:
        for row in level_rows(s, args.game_timeout * 1000):
            lines.append(f"| {s.run.key} | {row['engine']} | {row['games']} | "
                         f"{row['wins']}/{row['draws']}/{row['losses']} | {row['crash']} | {row['stall']} | "
                         f"{row['illegal']} | {row['time-out']} | {row['slow']} |")
    lines += ["", f"Memory (VmRSS in MiB; baseline once the run had played {args.rss_baseline_games} games "
              f"since the process started; resting sizes over {args.rss_window} samples; "
              f"allowed growth max({args.rss_margin:g} %, {args.rss_margin_mb:g} MiB)):", "",
              "| game | engine | pid | games seen | baseline | final | peak | growth | ok |",
              "|---|---|---|---|---|---|---|---|---|"]
    unchecked = 0
    for s in summaries:
        for r in s.rss:
            if r.baseline_kb is None:
                unchecked += 1  # the start-up checks, and engines that did not live through the baseline
                continue
            growth = "n/a" if r.baseline_kb is None else f"{(r.final_kb - r.baseline_kb) / 1024:+.1f}"
            lines.append(f"| {s.run.key} | {r.engine} | {r.pid} | {r.games} | {mib(r.baseline_kb)} | "
                         f"{mib(r.final_kb)} | {mib(r.peak_kb)} | {growth} | {'yes' if r.ok else 'NO'} |")
    if unchecked:
        lines += ["", f"{unchecked} engine processes did not live through {args.rss_baseline_games} games "
                  "(narabe-match's start-up check of each engine, restarts): no baseline, not checked."]
    matched = sum(1 for r in replays if r["difference"] is None)
    lines += ["", f"Replays: {matched} of {len(replays)} games repeated every move"
              f" ({sum(r['compared'] for r in replays)} moves compared; node counts at Level max)", ""]
    for r in replays:
        if r["difference"] is not None:
            lines.append(f"- {r['game']} game {r['id']}: {r['difference']}")
    lines.append("Verdict: " + ("all checks passed" if not failures else "FAILED: " + "; ".join(failures)))
    return "\n".join(lines) + "\n"


def find_failures(summaries: list[RunSummary], replays: list[dict], args) -> list[str]:
    failures = []
    for s in summaries:
        if s.exit_code not in (nm.MATCH_OK, nm.MATCH_INTERRUPTED):
            failures.append(f"{s.run.key}: {nm.describe_match_exit(s.exit_code)}"
                            + (f" (killed by signal {-s.exit_code})" if s.exit_code < 0 else ""))
        if s.timed_out:
            failures.append(f"{s.run.key}: the run exceeded --run-timeout {args.run_timeout:g} s (stall)")
        for row in level_rows(s, args.game_timeout * 1000):
            for column in (*FAILURE_COLUMNS, "slow"):
                if row[column]:
                    failures.append(f"{s.run.key} {row['engine']}: {row[column]} {column}")
        for r in s.rss:
            if not r.ok:
                failures.append(f"{s.run.key} {r.engine} (pid {r.pid}): memory grew from "
                                f"{mib(r.baseline_kb)} to {mib(r.final_kb)} MiB")
    bad = [r for r in replays if r["difference"] is not None]
    if bad:
        failures.append(f"{len(bad)} of {len(replays)} replays differ")
    return failures


# --------------------------------------------------------------------------
# Main


def children_cpu_seconds() -> float:
    """User and system CPU of the finished children: narabe-match, and the engines it waited for."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def play(args, run: SoakRun) -> RunSummary:
    for engine in run.engines:
        engine.workdir.mkdir(parents=True, exist_ok=True)
    sampler = Sampler(run, args.sample_interval, args.run_timeout)
    started = time.monotonic()
    cpu_before = children_cpu_seconds()
    with open(run.log, "a", encoding="utf-8") as log:
        log.write(f"--- {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%dT%H:%M:%SZ}\n")
        log.flush()
        code = nm.run_match(run_argv(args, run), stdout=log, stderr=subprocess.STDOUT, watch=sampler, echo=False)
    # Each part of a resumed run adds its times, so the summary counts the whole run.
    with open(run.time_log, "a", encoding="utf-8") as times:
        times.write(json.dumps({"wall_s": round(time.monotonic() - started, 2),
                                "cpu_s": round(children_cpu_seconds() - cpu_before, 2)}) + "\n")
    parts = read_samples(run.time_log)
    minutes = sum(p["wall_s"] for p in parts) / 60
    cpu_minutes = sum(p["cpu_s"] for p in parts) / 60
    games = nm.read_results(run.results).games if run.results.exists() else []
    rss = rss_verdicts(read_samples(run.rss_log), args.rss_baseline_games, args.rss_margin, args.rss_margin_mb,
                       args.rss_window)
    return RunSummary(run, games, code, sampler.timed_out, minutes, rss, cpu_minutes)


def replay_sample(args, summaries: list[RunSummary]) -> list[dict]:
    """Replays --replays games drawn (with --seed) from all runs' normally finished games."""
    candidates = [(s, g) for s in summaries for g in s.games if g["termination"] in ("normal",)]
    rng = random.Random(args.seed)
    chosen = rng.sample(candidates, min(args.replays, len(candidates)))
    argv = [str(args.engine_path), *(args.engine_args.split() if args.engine_args else [])]
    replays = []
    for s, game in chosen:
        by_name = {e.name: e for e in s.run.engines}
        sides = [by_name[game["first"]["name"]], by_name[game["second"]["name"]]]
        header_game = nm.read_results(s.run.results).header["game"]
        try:
            compared, difference = replay_game(argv, sides[0].workdir, [e.options() for e in sides], header_game,
                                               args.limit, game, timeout=args.move_timeout)
        except (nm.HarnessError, OSError) as e:
            compared, difference = 0, f"the replay failed: {e}"
        replays.append({"game": s.run.key, "id": game["id"], "compared": compared, "difference": difference})
    return replays


def _games(text: str) -> list[str]:
    return nm.parse_subset(text, GAMES, "--games")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    t = nm.argument_type
    parser = argparse.ArgumentParser(
        description="Soak run: thousands of fast narabe-vs-narabe games, checked for crashes, stalls, "
                    "illegal moves, memory growth and reproducible node counts.")
    parser.add_argument("--games", type=t(_games), default=list(GAMES), metavar="G1,G2,...",
                        help=f"the games (default all: {','.join(GAMES)})")
    parser.add_argument("--levels", type=t(nm.parse_levels), default=list(nm.LEVELS), metavar="L1,L2,...",
                        help="the levels, played round-robin in each game (default all)")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--games-per-pairing", type=t(nm.positive_int), default=20, metavar="N",
                      help="games of each pair of levels in each game, rounded up to pairs (default 20)")
    size.add_argument("--total-games", type=t(nm.positive_int), metavar="N",
                      help="about N games in all, shared out evenly")
    parser.add_argument("--limit", type=t(nm.parse_limit), action="append", metavar="KEY=VALUE",
                        help=f"the move limit of every engine (repeatable; default {DEFAULT_LIMIT}). "
                             "Replays need a fixed limit (depth= or nodes=)")
    parser.add_argument("--concurrency", type=t(nm.positive_int), default=2, help="games at once (default 2)")
    parser.add_argument("--seed", type=t(nm.positive_int), default=1,
                        help="seed of the openings, the engines' Seed options and the replay sample (default 1)")
    parser.add_argument("--rss-margin", type=t(nm.positive_float), default=10.0, metavar="PCT",
                        help="allowed memory growth in %% of the baseline (default 10)")
    parser.add_argument("--rss-margin-mb", type=t(nm.positive_float), default=4.0, metavar="MIB",
                        help="... or this many MiB, whichever is larger (default 4)")
    parser.add_argument("--rss-baseline-games", type=t(nm.positive_int), default=100, metavar="N",
                        help="the baseline is the size once the run has played N games (default 100)")
    parser.add_argument("--rss-window", type=t(nm.positive_int), default=20, metavar="K",
                        help="the baseline and final sizes are the resting size over K samples (default 20)")
    parser.add_argument("--sample-interval", type=t(nm.positive_float), default=0.5, metavar="S",
                        help="seconds between memory samples (default 0.5)")
    parser.add_argument("--replays", type=t(nm.non_negative_int), default=20, metavar="N",
                        help="finished games replayed for node counts (default 20)")
    parser.add_argument("--game-timeout", type=t(nm.positive_float), default=60.0, metavar="S",
                        help="a game longer than this is a stall (default 60)")
    parser.add_argument("--move-timeout", type=t(nm.positive_int), default=30, metavar="S",
                        help="narabe-match's --watchdog: a move longer than this is a time-out (default 30)")
    parser.add_argument("--run-timeout", type=t(nm.positive_float), default=3600.0, metavar="S",
                        help="a game's whole run longer than this is a stall and is stopped (default 3600)")
    parser.add_argument("--out", type=Path, metavar="DIR",
                        help="keeps results, logs, samples and the summary; an existing DIR is resumed "
                             "(default build/soak/<time>)")
    parser.add_argument("--match", help="narabe-match (default: in the build folder)")
    parser.add_argument("--engine-path", help="the engine (default: narabe in the build folder)")
    parser.add_argument("--engine-args", default="", help=argparse.SUPPRESS)  # tests: the fake engine's flags
    args = parser.parse_args(argv)
    args.limit = args.limit or [DEFAULT_LIMIT]
    if args.replays and not any(limit.startswith(("nodes=", "depth=")) for limit in args.limit):
        parser.error("replays need a fixed limit: give --limit nodes=N or depth=N, or --replays 0")
    if args.out is None:
        args.out = nm.default_build_dir().parent / "soak" / f"{datetime.datetime.now():%Y%m%d-%H%M%S}"
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        args.match = nm.find_match_binary(args.match)
        args.engine_path = nm.find_engine_binary(args.engine_path)
        args.out = args.out.resolve()
        args.out.mkdir(parents=True, exist_ok=True)
        summaries = []
        interrupted = False
        for run in plan_runs(args):
            print(f"soak: {run.key}: {len(run.engines)} engines, {run.rounds} rounds of pairs "
                  f"({args.out / run.results.name})", flush=True)
            summary = play(args, run)
            summaries.append(summary)
            print(f"soak: {run.key}: {len(summary.games)} games in {summary.minutes:.1f} min "
                  f"({summary.cpu_minutes:.1f} min of CPU)", flush=True)
            if summary.exit_code == nm.MATCH_INTERRUPTED and not summary.timed_out:
                interrupted = True
                break
            if summary.exit_code in (nm.MATCH_ERROR, nm.MATCH_USAGE):
                log_tail = run.log.read_text(errors="replace").strip().splitlines()[-1:]
                raise nm.HarnessError(f"{run.key}: {nm.describe_match_exit(summary.exit_code)}: "
                                      f"{log_tail[0] if log_tail else ''} (log: {run.log})")
        replays = [] if interrupted else replay_sample(args, summaries)
        failures = find_failures(summaries, replays, args)
        text = format_summary(summaries, replays, args, failures)
        print(text, end="")
        (args.out / "summary.md").write_text(text)
        (args.out / "summary.json").write_text(json.dumps({
            "games": {s.run.key: level_rows(s, args.game_timeout * 1000) for s in summaries},
            "minutes": {s.run.key: round(s.minutes, 2) for s in summaries},
            "cpu_minutes": {s.run.key: round(s.cpu_minutes, 2) for s in summaries},
            "rss": {s.run.key: [r.__dict__ for r in s.rss] for s in summaries},
            "replays": replays, "failures": failures, "interrupted": interrupted}, indent=1) + "\n")
        if interrupted:
            print("soak: interrupted; run the same command again to go on", file=sys.stderr)
            return nm.EXIT_INTERRUPTED
        return EXIT_FAILED if failures else EXIT_OK
    except nm.HarnessError as e:
        nm.fail(str(e), e.exit_code)
    except KeyboardInterrupt:  # during the replays (narabe-match's runs stop on their own)
        print("soak: interrupted; run the same command again to go on", file=sys.stderr)
        return nm.EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
