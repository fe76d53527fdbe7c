#!/usr/bin/python3
"""Strength regression test: is the candidate (a work tree) stronger than a baseline commit?

It builds the baseline commit in a folder of its own (reused when that commit was
built there before), builds the candidate work tree, and plays them against each
other with narabe-match under an SPRT until the test decides or the game cap is
reached. The exit code is the verdict, so a script or CI job can act on it:

  0  H1 accepted: the candidate is stronger by at least elo1 (within alpha/beta)
  1  H0 accepted: it is not stronger than elo0
  2  undecided when the game cap was reached
  3  an error: bad commit, failed build, an engine that failed
  130 interrupted (the games played so far are in the results file)

Example:
  matches/regress.py --baseline main~3 --game connect4 --limit movetime=50 \\
      --sprt "elo0=0 elo1=10" --max-games 2000 --concurrency 2
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import narabe_match as nm  # noqa: E402

DEFAULT_BUILD_COMMAND = "cmake --preset release && cmake --build build/release --target narabe"
DEFAULT_ENGINE_PATH = "build/release/narabe"
DEFAULT_SPRT = "elo0=0 elo1=5 alpha=0.05 beta=0.05"
BUILD_MARKER = ".narabe-regress-build.json"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Plays a candidate work tree against a baseline commit under an SPRT; "
                    "exit 0 = H1 (stronger), 1 = H0, 2 = undecided at the game cap, 3 = error.")
    parser.add_argument("--baseline", required=True, metavar="REF",
                        help="the commit to compare against (any git revision: main, HEAD~2, a tag, a hash)")
    parser.add_argument("--candidate", metavar="WORKTREE_DIR", default=str(nm.REPO_ROOT),
                        help="the work tree to test, built as it is (default: this repository, %(default)s)")
    parser.add_argument("--game", default="connect4",
                        help="narabe-match's --game: tictactoe, connect4, 'connect4 width 5 height 4' "
                             "(default: %(default)s)")
    parser.add_argument("--level", default="max", choices=nm.LEVELS,
                        help="the Level both engines play at (default: %(default)s)")
    nm.add_limit_argument(parser, "both engines")
    parser.add_argument("--sprt", default=DEFAULT_SPRT, type=nm.argument_type(nm.parse_sprt),
                        help="the SPRT: 'elo0=X elo1=Y [alpha=A] [beta=B] [model=normalized|logistic]' "
                             "(default: '%(default)s')")
    parser.add_argument("--max-games", type=nm.argument_type(_even_games), default=1000, metavar="N",
                        help="the game cap; the run has N/2 rounds of colour-swapped pairs (default: %(default)s)")
    nm.add_concurrency_argument(parser)
    nm.add_openings_plies_argument(parser)
    parser.add_argument("--openings-file", metavar="FILE",
                        help="play the openings of this file (narabe-match's --openings file=) in random "
                             "order instead of random plies, e.g. matches/openings/gomoku15-3stone.txt")
    parser.add_argument("--seed", type=nm.argument_type(nm.non_negative_int), metavar="N",
                        help="seed of the openings (default: random, printed)")
    parser.add_argument("--work-dir", metavar="DIR",
                        help="where baselines are built and results written "
                             "(default: CANDIDATE/build/regress)")
    parser.add_argument("--build-command", default=DEFAULT_BUILD_COMMAND, metavar="CMD",
                        help="shell command that builds the engine in a source tree (default: '%(default)s')")
    parser.add_argument("--no-build-candidate", action="store_true",
                        help="use the candidate's engine as it is, without running the build command")
    parser.add_argument("--engine-path", default=DEFAULT_ENGINE_PATH, metavar="REL",
                        help="the engine, relative to a source tree (default: %(default)s)")
    nm.add_match_argument(parser)
    return parser.parse_args(argv)






def _even_games(text: str) -> int:
    games = nm.positive_int(text)
    if games < 2:
        raise ValueError("--max-games needs at least 2 (one colour-swapped pair)")
    return games


# --------------------------------------------------------------------------
# Git and builds


def git(repo: Path, *args: str) -> str:
    """Runs git in repo and returns its output; a failure is a HarnessError."""
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise nm.HarnessError(f"git {' '.join(args)} in {repo}: {done.stderr.strip()}")
    return done.stdout.strip()


def describe_candidate(candidate: Path) -> str:
    """Short hash of the candidate's HEAD, marked when the work tree has uncommitted changes."""
    head = git(candidate, "rev-parse", "--short=12", "HEAD")
    dirty = git(candidate, "status", "--porcelain", "--untracked-files=no")
    return head + ("+changes" if dirty else "")


def run_build(source: Path, command: str, log: Path, what: str) -> None:
    """Runs the build command in source, its output into log; raises on failure with the log's tail."""
    log.parent.mkdir(parents=True, exist_ok=True)
    print(f"building {what} in {source} ...", flush=True)
    started = time.monotonic()
    with open(log, "w") as out:
        done = subprocess.run(command, shell=True, cwd=source, stdout=out, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        tail = "".join(log.read_text(errors="replace").splitlines(keepends=True)[-20:])
        raise nm.HarnessError(f"building {what} failed (exit {done.returncode}); last lines of {log}:\n{tail}")
    print(f"built {what} in {time.monotonic() - started:.1f} s", flush=True)


def prepare_baseline(candidate: Path, commit: str, work_dir: Path, build_command: str,
                     engine_path: str) -> Path:
    """A built copy of the baseline commit under work_dir, reused when it is already there.

    The copy is a `git archive` export, not a worktree: it leaves nothing behind in
    the candidate's repository, and the folder name carries the full commit hash so
    that a folder is never mistaken for another commit's. A marker file written
    after a successful build records the build command; a different command (or a
    missing engine) builds again.
    """
    folder = work_dir / f"baseline-{commit[:12]}"
    marker = folder / BUILD_MARKER
    if marker.is_file():
        try:
            recorded = json.loads(marker.read_text())
        except (OSError, json.JSONDecodeError):
            recorded = {}
        if (recorded.get("commit") == commit and recorded.get("build_command") == build_command
                and (folder / engine_path).is_file()):
            print(f"baseline {commit[:12]}: reusing the build in {folder}", flush=True)
            return folder
    if not folder.is_dir():
        work_dir.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".baseline-{commit[:12]}-", dir=work_dir))
        archive = subprocess.Popen(["git", "-C", str(candidate), "archive", "--format=tar", commit],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        untar = subprocess.run(["tar", "-x", "-C", str(staging)], stdin=archive.stdout,
                               capture_output=True, text=True)
        archive.stdout.close()
        archive_error = archive.stderr.read().decode(errors="replace")
        if archive.wait() != 0 or untar.returncode != 0:
            shutil.rmtree(staging, ignore_errors=True)
            raise nm.HarnessError(f"exporting {commit[:12]} failed: {archive_error.strip() or untar.stderr.strip()}")
        staging.rename(folder)
    run_build(folder, build_command, work_dir / "logs" / f"build-baseline-{commit[:12]}.log",
              f"baseline {commit[:12]}")
    marker.write_text(json.dumps({"commit": commit, "build_command": build_command}) + "\n")
    return folder


def engine_in(tree: Path, engine_path: str, what: str) -> Path:
    engine = tree / engine_path
    if not engine.is_file():
        raise nm.HarnessError(f"the {what} engine {engine} does not exist after the build "
                              "(check --engine-path and --build-command)")
    return engine.resolve()


# --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        return regress(args)
    except nm.HarnessError as e:
        nm.fail(str(e), e.exit_code)


def regress(args: argparse.Namespace) -> int:
    match = nm.find_match_binary(args.match)
    candidate = Path(args.candidate).resolve()
    if not candidate.is_dir():
        raise nm.HarnessError(f"--candidate {candidate} is not a folder")
    git(candidate, "rev-parse", "--show-toplevel")  # fails clearly outside a repository
    try:
        baseline_commit = git(candidate, "rev-parse", "--verify", "--quiet", f"{args.baseline}^{{commit}}")
    except nm.HarnessError:
        raise nm.HarnessError(f"--baseline '{args.baseline}' is not a commit of {candidate}") from None
    work_dir = Path(args.work_dir).resolve() if args.work_dir else candidate / "build" / "regress"
    limits = args.limit or list(nm.DEFAULT_LIMITS)
    game_name = args.game.split()[0] if args.game.split() else args.game
    if game_name == "connect4" and args.level == "max" and all(l.startswith("depth=") for l in limits):
        print("warning: depth= does not limit Connect Four's Level max (a solver): moves may hit "
              "narabe-match's watchdog; add movetime= or nodes=", file=sys.stderr)

    candidate_label = describe_candidate(candidate)
    baseline_folder = prepare_baseline(candidate, baseline_commit, work_dir, args.build_command, args.engine_path)
    if not args.no_build_candidate:
        run_build(candidate, args.build_command, work_dir / "logs" / "build-candidate.log",
                  f"candidate {candidate_label}")
    candidate_engine = engine_in(candidate, args.engine_path, "candidate")
    baseline_engine = engine_in(baseline_folder, args.engine_path, "baseline")

    seed = args.seed if args.seed is not None else random.randrange(1, 2**31)
    plies = args.openings_plies
    extra: list[str] = []
    if args.openings_file:
        if plies:
            raise nm.HarnessError("--openings-file and --openings-plies exclude each other")
        if not Path(args.openings_file).is_file():
            raise nm.HarnessError(f"the openings file {args.openings_file} does not exist")
        plies = 0
        extra = ["--openings", f"file={Path(args.openings_file).resolve()}", "order=random"]
    elif plies is None:
        plies = nm.default_opening_plies(game_name)
    runs = work_dir / "runs"
    runs.mkdir(parents=True, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    out = runs / f"{stamp}-{candidate_label}-vs-{baseline_commit[:12]}.jsonl"
    n = 1
    while out.exists():
        n += 1
        out = runs / f"{stamp}-{candidate_label}-vs-{baseline_commit[:12]}-{n}.jsonl"

    engines = [nm.narabe_level_engine(candidate_engine, args.level, name="candidate"),
               nm.narabe_level_engine(baseline_engine, args.level, name="baseline")]
    command = nm.match_command(match, game=args.game, engines=engines, each=limits,
                               rounds=max(1, args.max_games // 2), games=2, openings_plies=plies,
                               seed=seed, concurrency=args.concurrency, sprt=args.sprt, out=out,
                               extra=extra)
    code = nm.run_match(command)
    if code not in (nm.MATCH_OK, nm.MATCH_INTERRUPTED):
        where = f"; results so far in {out}" if out.exists() else ""
        raise nm.HarnessError(nm.describe_match_exit(code) + where)

    merged = nm.merge_json(match, [out])
    decision = nm.sprt_decision(merged)
    verdict = {"H1": "H1 accepted: the candidate is stronger",
               "H0": "H0 accepted: the candidate is not stronger"}.get(
                   decision, "inconclusive: no decision within the game cap")
    if code == nm.MATCH_INTERRUPTED:
        verdict = "interrupted before a decision"
    print()
    print("regress: summary")
    print(f"  candidate {candidate_label} ({candidate}) vs baseline {baseline_commit[:12]} ({args.baseline})")
    print(f"  {args.game}, Level {args.level}, {' '.join(limits)}, SPRT {' '.join(args.sprt)}, seed {seed}")
    for line in nm.summary_lines(merged):
        print("  " + line)
    print(f"  verdict: {verdict}")
    print(f"  results: {out}")
    if code == nm.MATCH_INTERRUPTED:
        return nm.EXIT_INTERRUPTED
    return nm.verdict_exit_code(decision)


if __name__ == "__main__":
    sys.exit(main())
