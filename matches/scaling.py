#!/usr/bin/python3
"""Thread scaling: how much sooner narabe reaches a depth, or solves a set, with more threads.

Two measurements, each with every thread count asked for (1 first, as the base):

  depth   Every bench position of the chosen games (the positions `narabe bench`
          searches), searched to its bench depth plus --extra-depth with
          `setoption name Threads value N`, a fresh table before each position.
          Reported per game: wall time, the engine's CPU time (from /proc) and
          nodes, summed over the positions, and the wall time as a share of the
          1-thread time. With --positions-from, the positions of played games
          instead: every --plies ply of the first --record-games games of a
          narabe-match --out file, each searched to --depth, one game's plies in
          order on one table (as the engine keeps it through a game), so the
          searches are the size and kind a match at some movetime has.
  solve   The exact solvers' test sets through their tools' --threads flag:
          narabe-bench-solve (Connect Four, e.g. Test_L1_R2) and
          narabe-reversi-endgame (Reversi, e.g. FFO #40-49). Wall time per run.

The machine's load moves every figure: the script prints the load average before
and after, and the ratios are only worth comparing within one run. Run it on an
otherwise idle machine, with at most as many threads as it has cores.

Examples:
  matches/scaling.py --threads 1,2                      # depth, every game
  matches/scaling.py --threads 1,2,4,8 --games reversi,gomoku --extra-depth 3 --repeat 3
  matches/scaling.py --threads 1,2 --positions-from games.jsonl --depth 14   # plies 12, 16 .. 36 of 10 games
  matches/scaling.py --mode solve --threads 1,2 --bench-solve-file tests/data/connect4/Test_L1_R2 \\
      --endgame-file tests/data/reversi/fforum-40-59.obf --endgame-args "--first 10"   # FFO #40-49

The 2-threads-against-1 strength test at equal time is a narabe-match run, not this
script (docs/architecture.md, "Threads"):
  build/release/narabe-match --game reversi --engine name=t2 cmd=build/release/narabe option.Threads=2 \\
      --engine name=t1 cmd=build/release/narabe option.Threads=1 --each movetime=100 --games 200 ...
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import narabe_match as nm  # noqa: E402

GAMES = ("tictactoe", "connect4", "gomoku", "reversi")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class SearchedPosition:
    """A position searched to a depth: one of `bench`'s, or one of a played game's."""

    game: str  # the words `newgame` takes: the game and its variant
    depth: int
    position: str  # what follows `position`: `fen ...`, or `startpos moves ...` for a played game's
    new_game: bool = True  # a fresh table before it (else the game's table goes on, as in play)


@dataclass
class Totals:
    wall_s: float = 0.0
    cpu_s: float = 0.0
    nodes: int = 0
    depths: list[int] = field(default_factory=list)


def parse_threads(text: str) -> list[int]:
    counts = [int(word) for word in text.split(",") if word.strip()]
    if not counts or any(n < 1 for n in counts):
        raise ValueError("thread counts are whole numbers of at least 1, separated by commas")
    return sorted(set(counts))


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def cpu_seconds(pid: int) -> float:
    """User plus system time of a process so far (Linux /proc); 0 elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    except (OSError, IndexError, ValueError):
        return 0.0


class Engine:
    """narabe over pipes, line by line."""

    def __init__(self, path: Path):
        self.process = subprocess.Popen([str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        bufsize=1)

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, prefix: str) -> list[str]:
        assert self.process.stdout is not None
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise nm.HarnessError(f"narabe ended while waiting for '{prefix}'")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def sync(self) -> list[str]:
        """Waits for the engine to be ready; the lines it sent meanwhile."""
        self.send("isready")
        return self.read_until("readyok")

    def close(self) -> None:
        try:
            self.send("quit")
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def bench_positions(engine_path: Path, games: list[str]) -> list[SearchedPosition]:
    """The positions `narabe bench` searches, from its `info string bench` lines."""
    out = subprocess.run([str(engine_path), "bench"], capture_output=True, text=True, check=True).stdout
    positions = []
    for line in out.splitlines():
        words = line.split()
        if words[:3] != ["info", "string", "bench"]:
            continue
        depth_at = words.index("depth")
        fen_at = words.index("fen")
        game = " ".join(words[3:depth_at])
        if game.split()[0] in games:
            positions.append(SearchedPosition(game, int(words[depth_at + 1]), "fen " + " ".join(words[fen_at + 1:])))
    return positions


def parse_plies(text: str) -> range:
    """FIRST:LAST:STEP, the plies of each game to search (LAST included)."""
    try:
        first, last, step = (int(word) for word in text.split(":"))
    except ValueError:
        raise ValueError(f"'{text}' is not FIRST:LAST:STEP (whole numbers, e.g. 12:36:4)") from None
    if first < 0 or last < first or step < 1:
        raise ValueError(f"'{text}': plies need 0 <= FIRST <= LAST and STEP >= 1")
    return range(first, last + 1, step)


def record_positions(path: Path, game_count: int, plies: range, depth: int) -> list[SearchedPosition]:
    """Every ply in `plies` of the first `game_count` games of a narabe-match --out file."""
    record = nm.read_results(path)
    game = record.header.get("game")
    if not isinstance(game, str) or not game:
        raise nm.HarnessError(f"{path}: the run header names no game")
    positions = []
    for played in record.games[:game_count]:
        opening = played.get("opening") or {}
        moves = list(opening.get("moves") or []) + [m.get("move") for m in played.get("moves") or []]
        if not all(isinstance(m, str) and m for m in moves):
            raise nm.HarnessError(f"{path}: game {played.get('id')} has a move that is not a word")
        first_of_game = True
        for ply in plies:
            if ply > len(moves) - 1:  # the last move leaves a finished game: nothing to search
                break
            positions.append(SearchedPosition(game, depth, nm.record_position(opening, moves[:ply]),
                                              new_game=first_of_game))
            first_of_game = False
    if not positions:
        raise nm.HarnessError(f"{path}: no game of the first {game_count} reaches ply {plies.start}")
    return positions


def time_to_depth(engine_path: Path, positions: list[SearchedPosition], threads: int, extra_depth: int,
                  hash_mb: int) -> dict[str, Totals]:
    engine = Engine(engine_path)
    totals: dict[str, Totals] = {}
    try:
        engine.send("uci")
        engine.read_until("uciok")
        engine.send(f"setoption name Hash value {hash_mb}")
        engine.send(f"setoption name Threads value {threads}")
        engine.sync()
        for position in positions:
            if position.new_game:
                engine.send(f"newgame {position.game}")
            engine.send(f"position {position.position}")
            for line in engine.sync():  # the new game's tables are ready before the clock starts
                if line.startswith("info string error"):
                    raise nm.HarnessError(f"narabe refused position {position.position!r}: {line}")
            cpu_before = cpu_seconds(engine.process.pid)
            start = time.monotonic()
            engine.send(f"go depth {position.depth + extra_depth}")
            lines = engine.read_until("bestmove")
            wall = time.monotonic() - start
            cpu = cpu_seconds(engine.process.pid) - cpu_before
            nodes, depth = 0, 0
            for line in lines:
                words = line.split()
                if words[:1] == ["info"] and "nodes" in words:
                    nodes = int(words[words.index("nodes") + 1])
                    if "depth" in words:
                        depth = int(words[words.index("depth") + 1])
            game = position.game.split()[0]
            entry = totals.setdefault(game, Totals())
            entry.wall_s += wall
            entry.cpu_s += cpu
            entry.nodes += nodes
            entry.depths.append(depth)
    finally:
        engine.close()
    return totals


def run_depth_mode(args: argparse.Namespace) -> int:
    engine_path = nm.find_engine_binary(args.engine_path)
    if args.positions_from:
        if args.depth is None:
            raise nm.HarnessError("--positions-from needs --depth")
        positions = record_positions(Path(args.positions_from), args.record_games, args.plies, args.depth)
        games = [positions[0].game.split()[0]]
        extra_depth = 0
        what = (f"{len(positions)} positions of {positions[0].game} games (plies {args.plies.start} to "
                f"{args.plies.stop - 1} every {args.plies.step}), depth {args.depth}")
    else:
        if args.depth is not None:
            raise nm.HarnessError("--depth goes with --positions-from (bench positions take --extra-depth)")
        games = nm.parse_subset(args.games, GAMES, "--games")
        positions = bench_positions(engine_path, games)
        extra_depth = args.extra_depth
        what = f"{len(positions)} bench positions, bench depth + {extra_depth}"
    print(f"load average before: {load_average()}  ({os.cpu_count()} CPUs)")
    print(f"{what}, Hash {args.hash} MB, best of {args.repeat}")
    results: dict[int, dict[str, Totals]] = {}
    for threads in args.threads:
        best: dict[str, Totals] = {}
        for _ in range(args.repeat):
            run = time_to_depth(engine_path, positions, threads, extra_depth, args.hash)
            for game, totals in run.items():
                if game not in best or totals.wall_s < best[game].wall_s:
                    best[game] = totals
        results[threads] = best
    print(f"{'game':<10} {'threads':>7} {'wall s':>8} {'cpu s':>8} {'nodes':>12} {'wall / 1T':>9}")
    for game in games:
        base = results[args.threads[0]].get(game)
        for threads in args.threads:
            totals = results[threads].get(game)
            if totals is None or base is None:
                continue
            ratio = totals.wall_s / base.wall_s if base.wall_s > 0 else float("nan")
            print(f"{game:<10} {threads:>7} {totals.wall_s:>8.2f} {totals.cpu_s:>8.2f} {totals.nodes:>12} "
                  f"{ratio:>9.2f}")
    print(f"load average after: {load_average()}")
    return 0


def timed_tool(command: list[str]) -> tuple[float, str]:
    start = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.monotonic() - start
    if done.returncode != 0:
        raise nm.HarnessError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[:300]}")
    return wall, done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


def run_solve_mode(args: argparse.Namespace) -> int:
    build = nm.default_build_dir()
    tools = []
    if args.bench_solve_file:
        tools.append(("connect4", lambda n: [str(build / "narabe-bench-solve"), "--threads", str(n),
                                             args.bench_solve_file]))
    if args.endgame_file:
        tools.append(("reversi", lambda n: [str(build / "narabe-reversi-endgame"), args.endgame_file,
                                            "--threads", str(n)] + args.endgame_args.split()))
    if not tools:
        raise nm.HarnessError("--mode solve needs --bench-solve-file and/or --endgame-file")
    print(f"load average before: {load_average()}  ({os.cpu_count()} CPUs)")
    print(f"{'solver':<10} {'threads':>7} {'wall s':>8} {'wall / 1T':>9}  summary")
    for name, command in tools:
        base = None
        for threads in args.threads:
            wall, summary = min(timed_tool(command(threads)) for _ in range(args.repeat))
            base = wall if base is None else base
            print(f"{name:<10} {threads:>7} {wall:>8.2f} {wall / base:>9.2f}  {summary}")
    print(f"load average after: {load_average()}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=("depth", "solve"), default="depth")
    parser.add_argument("--threads", type=nm.argument_type(parse_threads), default=[1, 2],
                        help="thread counts, the first the base of the ratios (default: 1,2)")
    parser.add_argument("--games", default=",".join(GAMES), help="depth mode: the games (default: all)")
    parser.add_argument("--extra-depth", type=nm.non_negative_int, default=2,
                        help="depth mode: plies beyond each bench depth (default: %(default)s)")
    parser.add_argument("--positions-from", metavar="RECORD",
                        help="depth mode: the positions of a narabe-match --out file's games, not the bench's")
    parser.add_argument("--depth", type=nm.positive_int,
                        help="depth mode with --positions-from: the depth each position is searched to")
    parser.add_argument("--record-games", type=nm.positive_int, default=10,
                        help="depth mode with --positions-from: its first games searched (default: %(default)s)")
    parser.add_argument("--plies", type=nm.argument_type(parse_plies), default=parse_plies("12:36:4"),
                        help="depth mode with --positions-from: FIRST:LAST:STEP, the plies of each game "
                             "searched (default: 12:36:4)")
    parser.add_argument("--hash", type=nm.positive_int, default=64, help="Hash in MB (default: %(default)s)")
    parser.add_argument("--repeat", type=nm.positive_int, default=1,
                        help="runs of each thread count; the fastest counts (default: %(default)s)")
    parser.add_argument("--engine-path", help="narabe (default: the release build's)")
    parser.add_argument("--bench-solve-file", help="solve mode: a Connect Four test set for narabe-bench-solve")
    parser.add_argument("--endgame-file", help="solve mode: an FFO/OBF file for narabe-reversi-endgame")
    parser.add_argument("--endgame-args", default="", help="solve mode: more narabe-reversi-endgame arguments")
    args = parser.parse_args(argv)
    try:
        nm.parse_subset(args.games, GAMES, "--games")
    except ValueError as error:
        parser.error(str(error))
    try:
        return run_depth_mode(args) if args.mode == "depth" else run_solve_mode(args)
    except nm.HarnessError as error:
        print(f"scaling.py: {error}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
