"""Shared plumbing for the Python harness around narabe-match.

regress.py, ladder.py and distributed.py all drive the same C++ tool. Everything
they have in common lives here so that each rule exists once: where the binaries
are, how an engine is spelled on narabe-match's command line, what its exit codes
mean, how a results file (JSON lines) is read and how `narabe-match merge --json`
is called. The scripts themselves only add their own policy on top.

Nothing here computes match statistics: Elo, LOS and the SPRT come from
narabe-match itself (`merge --json`), so the Python side can never disagree with
the tool's own report. The one exception is ladder.py's multi-engine Elo fit
(elo_fit.py), which narabe-match does not offer.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

# The repository this file belongs to (matches/ sits at its root).
REPO_ROOT = Path(__file__).resolve().parent.parent

# narabe-match's exit codes (docs/match.md).
MATCH_OK = 0
MATCH_ERROR = 1
MATCH_USAGE = 2
MATCH_ENGINE_FAILED = 3
MATCH_INTERRUPTED = 130

# The harness's own verdict exit codes, shared by regress.py and distributed.py.
EXIT_H1 = 0
EXIT_H0 = 1
EXIT_INCONCLUSIVE = 2
EXIT_ERROR = 3
EXIT_INTERRUPTED = 130

LEVELS = ("easy", "normal", "hard", "max")
LIMIT_KEYS = ("depth", "movetime", "nodes", "tc")
# A move limit every engine needs (narabe-match refuses engines without one).
# movetime rather than depth: Connect Four's Level max is a solver, on which
# depth= has no effect (docs/connect4.md, "Limits").
DEFAULT_LIMITS = ("movetime=100",)


class HarnessError(Exception):
    """A problem the user can fix (missing binary, bad option, failed build).

    The scripts catch it at the top, print its message without a traceback and
    exit with `exit_code`.
    """

    def __init__(self, message: str, exit_code: int = EXIT_ERROR):
        super().__init__(message)
        self.exit_code = exit_code


# --------------------------------------------------------------------------
# Locating the binaries


def default_build_dir() -> Path:
    """The build folder holding narabe and narabe-match.

    NARABE_BUILD_DIR wins (CTest sets it to the build being tested); otherwise
    the release preset's folder in this repository.
    """
    env = os.environ.get("NARABE_BUILD_DIR")
    return Path(env) if env else REPO_ROOT / "build" / "release"


def _executable(path: Path, what: str, hint: str) -> Path:
    if not path.is_file():
        raise HarnessError(f"{what} not found at {path}: {hint}")
    if not os.access(path, os.X_OK):
        raise HarnessError(f"{what} at {path} is not executable")
    return path.resolve()


def find_match_binary(explicit: str | None = None) -> Path:
    """narabe-match: the --match argument if given, else in the build folder."""
    path = Path(explicit) if explicit else default_build_dir() / "narabe-match"
    return _executable(path, "narabe-match", "build it with "
                       "'cmake --preset release && cmake --build build/release --target narabe-match', "
                       "or pass --match PATH")


def find_engine_binary(explicit: str | None = None) -> Path:
    """The narabe engine: the --engine-path argument if given, else in the build folder."""
    path = Path(explicit) if explicit else default_build_dir() / "narabe"
    return _executable(path, "the narabe engine", "build it with "
                       "'cmake --preset release && cmake --build build/release --target narabe', "
                       "or pass --engine-path PATH")


# --------------------------------------------------------------------------
# Building command lines


def parse_limit(text: str) -> str:
    """Checks one move limit (depth=6, movetime=100, nodes=5000, tc=10+0.1).

    Used as an argparse type so a typo is reported before anything is built or
    played.
    """
    key, sep, value = text.partition("=")
    if not sep or key not in LIMIT_KEYS or not value:
        raise ValueError(f"'{text}' is not a limit: use depth=N, movetime=MS, nodes=N or tc=BASE+INC")
    if key == "tc":
        base, _, inc = value.partition("+")
        try:
            float(base)
            if inc:
                float(inc)
        except ValueError:
            raise ValueError(f"'{text}': tc needs BASE+INC in seconds, like tc=10+0.1") from None
    else:
        if not value.isdigit() or int(value) <= 0:
            raise ValueError(f"'{text}': {key} needs a positive whole number")
    return text


def parse_subset(text: str, allowed: Iterable[str], option: str) -> list[str]:
    """A comma-separated, non-empty subset of `allowed`, in the order given (--levels, --games)."""
    allowed = list(allowed)
    chosen = [word for word in text.split(",") if word]
    if not chosen or any(word not in allowed for word in chosen):
        raise ValueError(f"{option} takes a comma-separated list of {', '.join(allowed)}")
    return chosen


def parse_levels(text: str) -> list[str]:
    """--levels of ladder.py and soak.py: some of LEVELS."""
    return parse_subset(text, LEVELS, "--levels")


def parse_sprt(text: str) -> list[str]:
    """Splits an SPRT description ("elo0=0 elo1=5 alpha=0.05 beta=0.05") into words.

    Only the shape is checked here (known keys, numbers, elo0 < elo1); the
    statistics are narabe-match's business.
    """
    words = text.split()
    seen: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or key not in ("elo0", "elo1", "alpha", "beta", "model"):
            raise ValueError(f"'{word}' in --sprt: use elo0=X elo1=Y [alpha=A] [beta=B] [model=normalized|logistic]")
        if key == "model":
            if value not in ("normalized", "logistic"):
                raise ValueError(f"--sprt model must be normalized or logistic, not '{value}'")
        else:
            try:
                float(value)
            except ValueError:
                raise ValueError(f"--sprt {key} needs a number, not '{value}'") from None
        seen[key] = value
    if "elo0" not in seen or "elo1" not in seen:
        raise ValueError("--sprt needs at least elo0= and elo1=")
    if float(seen["elo0"]) >= float(seen["elo1"]):
        raise ValueError("--sprt needs elo0 < elo1")
    return words


def sprt_description(words: list[str]) -> str:
    """The run header's form of an SPRT, as narabe-match writes it (all keys, defaults filled in)."""
    values = {"alpha": "0.05", "beta": "0.05", "model": "normalized"}
    values.update(word.split("=", 1) for word in words)
    numbers = {k: format(float(values[k]), "g") for k in ("elo0", "elo1", "alpha", "beta")}
    return (f"elo0={numbers['elo0']} elo1={numbers['elo1']} alpha={numbers['alpha']} "
            f"beta={numbers['beta']} model={values['model']}")


@dataclass
class Engine:
    """One --engine argument of narabe-match."""

    cmd: str
    name: str
    options: dict[str, str] = field(default_factory=dict)
    extra: list[str] = field(default_factory=list)  # more key=value words, verbatim
    raw: str | None = None  # a user's own spec, passed on untouched

    def words(self) -> list[str]:
        """The argv words after --engine (narabe-match takes one key=value per word)."""
        if self.raw is not None:
            return shlex.split(self.raw)
        words = [f"cmd={self.cmd}", f"name={self.name}"]
        words += [f"option.{k}={v}" for k, v in self.options.items()]
        words += self.extra
        return words


def narabe_level_engine(engine_path: Path | str, level: str, name: str | None = None,
                        seed: int | None = None) -> Engine:
    """The narabe engine at one Level, optionally with a fixed Seed (reproducible games)."""
    options = {"Level": level}
    if seed is not None:
        options["Seed"] = str(seed)
    return Engine(cmd=str(engine_path), name=name or level, options=options)


def parse_engine_spec(text: str) -> Engine:
    """Reads a user's "cmd=... name=... key=value" (an --engine option).

    The text is passed to narabe-match untouched (it may quote args="...");
    only cmd= and name= are looked at, so that the results can be labelled.
    """
    try:
        words = shlex.split(text)
    except ValueError as e:
        raise ValueError(f"--engine '{text}': {e}") from None
    fields = dict(word.partition("=")[::2] for word in words)
    if not fields.get("cmd") or not fields.get("name"):
        raise ValueError(f"--engine '{text}' needs cmd= and name=")
    return Engine(cmd=fields["cmd"], name=fields["name"], raw=text)


def match_command(match: Path, *, game: str, engines: Iterable[Engine], each: Iterable[str] = (),
                  rounds: int = 1, games: int = 2, openings_plies: int | None = None,
                  seed: int | None = None, concurrency: int = 1, sprt: list[str] | None = None,
                  out: Path | None = None, tournament: str | None = None,
                  extra: Iterable[str] = ()) -> list[str]:
    """The argv of one narabe-match run (the one place that knows its option names).

    narabe-match's --game, --engine, --each and --sprt take several words each
    ("--engine cmd=X name=Y"), so every key=value is its own argv word.
    """
    argv = [str(match), "--game", *game.split()]
    for engine in engines:
        argv += ["--engine", *engine.words()]
    each = list(each)
    if each:
        argv += ["--each", *each]
    if tournament:
        argv += ["--tournament", tournament]
    argv += ["--rounds", str(rounds), "--games", str(games)]
    if openings_plies:
        argv += ["--openings", f"plies={openings_plies}"]
    if seed is not None:
        argv += ["--seed", str(seed)]
    argv += ["--concurrency", str(concurrency)]
    if sprt:
        argv += ["--sprt", *sprt]
    if out is not None:
        argv += ["--out", str(out)]
    argv += list(extra)
    return argv


# --------------------------------------------------------------------------
# Running narabe-match


def run_match(argv: list[str], *, stdout=None, stderr=None, echo: bool = True, watch=None) -> int:
    """Runs narabe-match to the end and returns its exit code.

    `watch`, when given, is called with the running process instead of a plain
    wait and must return its exit code: soak.py samples the engines' memory
    and enforces its time bound there.

    narabe-match runs in its own session, so a Ctrl-C at the terminal reaches
    only this script, which passes it on as one SIGINT: narabe-match then
    finishes cleanly and keeps the games played so far, while its engines are
    not hit by the signal in the middle of a move. SIGTERM is handled the
    same way.
    """
    if echo:
        print("+ " + shlex.join(argv), flush=True)
    process = subprocess.Popen(argv, stdout=stdout, stderr=stderr, start_new_session=True)
    stop_requested = False

    def forward(signum, _frame):
        nonlocal stop_requested
        stop_requested = True
        try:
            process.send_signal(signal.SIGINT)
        except ProcessLookupError:
            pass

    previous = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            previous[signum] = signal.signal(signum, forward)
        except ValueError:  # not the main thread: signals stay as they are
            pass
    try:
        code = watch(process) if watch else process.wait()
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if stop_requested and code == MATCH_OK:
        code = MATCH_INTERRUPTED
    return code


def describe_match_exit(code: int) -> str:
    """A sentence for a narabe-match exit code other than success."""
    return {
        MATCH_ERROR: "narabe-match stopped with an error",
        MATCH_USAGE: "narabe-match rejected its command line",
        MATCH_ENGINE_FAILED: "an engine failed (crash, stall or illegal move) and stopped the run",
        MATCH_INTERRUPTED: "the run was interrupted",
    }.get(code, f"narabe-match exited with code {code}")


# --------------------------------------------------------------------------
# Results files


@dataclass
class ResultsFile:
    """A narabe-match --out file: its run header and its finished games."""

    header: dict
    games: list[dict]


def iter_complete_lines(path: Path) -> Iterator[str]:
    """The lines of a results file that end in a newline.

    A last line without one is a write cut short (a kill); narabe-match itself
    ignores it, and so does the harness.
    """
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.endswith("\n") and line.strip():
                yield line


def read_results(path: Path) -> ResultsFile:
    """Reads one results file; raises HarnessError if it is not one."""
    header = None
    games = []
    try:
        for number, line in enumerate(iter_complete_lines(Path(path)), start=1):
            try:
                record = json.loads(line)
            except json.JSONDecodeError as e:
                raise HarnessError(f"{path}:{number}: not JSON ({e})") from None
            if header is None:
                if record.get("type") != "run":
                    raise HarnessError(f"{path}:1: the first line is not a run header")
                header = record
            elif record.get("type") == "game":
                games.append(record)
    except OSError as e:
        raise HarnessError(f"cannot read {path}: {e.strerror}") from None
    if header is None:
        raise HarnessError(f"{path} holds no run header (is it a narabe-match --out file?)")
    return ResultsFile(header=header, games=games)


def record_position(opening: dict, moves: list[str]) -> str:
    """What follows `position` for a recorded game: its opening's fen (or the start
    position when the fen is empty) and then `moves`."""
    start = f"fen {opening['fen']}" if opening.get("fen") else "startpos"
    return f"{start} moves {' '.join(moves)}" if moves else start


def game_score(game: dict) -> tuple[int, int, float]:
    """(first engine index, second engine index, score of the first) for one game record."""
    result = game["result"]
    score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(result)
    if score is None:
        raise HarnessError(f"game {game.get('id')}: unknown result '{result}'")
    return game["first"]["engine"], game["second"]["engine"], score


def merge_json(match: Path, files: Iterable[Path]) -> dict:
    """`narabe-match merge --json FILES`: the combined statistics of one run's files.

    Keys: games, wins, draws, losses (engine 0 against engine 1), elo,
    elo_error, nelo, nelo_error, los, pentanomial, failures, and sprt (llr,
    lower, upper, decision) when the run has an SPRT.
    """
    argv = [str(match), "merge", "--json", *map(str, files)]
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        raise HarnessError(f"narabe-match merge failed: {done.stderr.strip() or done.stdout.strip()}")
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError:
        raise HarnessError(f"narabe-match merge --json printed no JSON: {done.stdout[:200]!r}") from None


def merge_report(match: Path, files: Iterable[Path]) -> str:
    """`narabe-match merge FILES`: the tool's own human-readable report."""
    done = subprocess.run([str(match), "merge", *map(str, files)], capture_output=True, text=True)
    if done.returncode != 0:
        raise HarnessError(f"narabe-match merge failed: {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout


def sprt_decision(merged: dict) -> str | None:
    """"H1", "H0" or "continue" from a merge --json object; None without an SPRT."""
    sprt = merged.get("sprt")
    return sprt.get("decision") if sprt else None


def verdict_exit_code(decision: str | None) -> int:
    """The harness's exit code for an SPRT decision (0 H1, 1 H0, 2 inconclusive)."""
    return {"H1": EXIT_H1, "H0": EXIT_H0}.get(decision or "", EXIT_INCONCLUSIVE)


def format_number(value, digits: int = 1) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def summary_lines(merged: dict) -> list[str]:
    """A few lines of the merged statistics (engine 0's view), for the scripts' summaries."""
    lines = [
        f"games {merged['games']}: +{merged['wins']} ={merged['draws']} -{merged['losses']}",
        f"Elo {format_number(merged.get('elo'))} +/- {format_number(merged.get('elo_error'))}, "
        f"nElo {format_number(merged.get('nelo'))} +/- {format_number(merged.get('nelo_error'))}, "
        f"LOS {format_number(100 * merged['los'] if merged.get('los') is not None else None)} %",
    ]
    sprt = merged.get("sprt")
    if sprt:
        lines.append(f"LLR {format_number(sprt.get('llr'), 2)} "
                     f"[{sprt['lower']:.2f}, {sprt['upper']:.2f}]: {sprt['decision']}")
    if merged.get("failures"):
        lines.append("failures: " + ", ".join(f"{k} {v}" for k, v in merged["failures"].items()))
    return lines


def fail(message: str, code: int) -> "NoReturn":  # noqa: F821
    """Prints a user-facing error and exits; the scripts' one way out on errors."""
    print(f"{Path(sys.argv[0]).name}: error: {message}", file=sys.stderr)
    raise SystemExit(code)


# ---- argparse types shared by the scripts ----

def argument_type(check):
    """Turns a ValueError-raising checker into an argparse type with a clean message."""
    import argparse

    def convert(text):
        try:
            return check(text)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    convert.__name__ = getattr(check, "__name__", "value")
    return convert


def positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"'{text}' is not a positive whole number")
    return int(text)


def _float_above(text: str, minimum: float, inclusive: bool) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"'{text}' is not a number") from None
    if not (value >= minimum if inclusive else value > minimum):  # also refuses nan
        raise ValueError(f"'{text}' must be {'>=' if inclusive else '>'} {minimum:g}")
    return value


def positive_float(text: str) -> float:
    return _float_above(text, 0, inclusive=False)


def non_negative_float(text: str) -> float:
    return _float_above(text, 0, inclusive=True)


def non_negative_int(text: str) -> int:
    if not text.isdigit():
        raise ValueError(f"'{text}' is not a whole number >= 0")
    return int(text)


# ---- command-line options shared by the scripts ----

# Random opening plies per pair when a script is not told: enough to vary the games,
# few enough to keep them balanced. One table, so the scripts cannot drift apart.
DEFAULT_OPENING_PLIES = {"tictactoe": 3}
FALLBACK_OPENING_PLIES = 4


def default_opening_plies(game_name: str) -> int:
    return DEFAULT_OPENING_PLIES.get(game_name, FALLBACK_OPENING_PLIES)


def add_limit_argument(parser, engines: str) -> None:
    """--limit, repeatable: the move limits of `engines` ("every engine", "both engines")."""
    parser.add_argument("--limit", action="append", type=argument_type(parse_limit), metavar="KEY=VALUE",
                        help=f"a move limit for {engines}: depth=N, movetime=MS, nodes=N, tc=BASE+INC; "
                             f"repeatable (default: {' '.join(DEFAULT_LIMITS)})")


def add_concurrency_argument(parser) -> None:
    parser.add_argument("--concurrency", type=argument_type(positive_int), default=1, metavar="N",
                        help="games played at the same time (default: %(default)s)")


def add_openings_plies_argument(parser) -> None:
    defaults = ", ".join(f"{plies} for {game}" for game, plies in DEFAULT_OPENING_PLIES.items())
    parser.add_argument("--openings-plies", type=argument_type(non_negative_int), metavar="N",
                        help=f"random opening plies per pair (default: {defaults}, else {FALLBACK_OPENING_PLIES}; "
                             "0: none)")


def add_match_argument(parser) -> None:
    parser.add_argument("--match", metavar="PATH",
                        help="narabe-match (default: the build folder's, or $NARABE_BUILD_DIR's)")
