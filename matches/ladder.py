#!/usr/bin/python3
"""Level ladder: how far apart are narabe's levels, in Elo?

Plays every Level of a game (easy, normal, hard, max via option.Level), plus any
other engines given with --engine, in a round-robin with narabe-match, then fits
one Elo scale to all the games at once (elo_fit.py: maximum likelihood,
Bradley-Terry/logistic, anchored at easy = 0 or at --anchor). It prints a table,
writes it to --table and draws a bar chart with 95 % error bars to --chart.

--results FILE... skips playing and rates games already in narabe-match results
files (from an earlier ladder, or any run whose engines you want on one scale).

Example:
  matches/ladder.py --game connect4 --rounds 20 --limit movetime=50 --concurrency 2 \\
      --table ladder.md --chart ladder.png
"""

from __future__ import annotations

import argparse
import datetime
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import elo_fit  # noqa: E402
import narabe_match as nm  # noqa: E402


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Round-robin of narabe's levels (and other engines) with one maximum-likelihood Elo table.")
    parser.add_argument("--game", default="connect4",
                        help="narabe-match's --game (default: %(default)s)")
    parser.add_argument("--levels", type=nm.argument_type(nm.parse_levels), default=list(nm.LEVELS), metavar="L1,L2,...",
                        help=f"the levels to play (default: {','.join(nm.LEVELS)})")
    parser.add_argument("--engine", action="append", default=[], type=nm.argument_type(nm.parse_engine_spec),
                        metavar='"cmd=PATH name=NAME ..."',
                        help="another engine in the round-robin, in narabe-match's --engine syntax "
                             "(name= required); repeatable")
    parser.add_argument("--rounds", type=nm.argument_type(nm.positive_int), default=10, metavar="N",
                        help="rounds; each plays every pairing twice, colours swapped (default: %(default)s)")
    nm.add_limit_argument(parser, "every engine")
    nm.add_concurrency_argument(parser)
    parser.add_argument("--seed", type=nm.argument_type(nm.positive_int), metavar="N",
                        help="seed of the openings and of the levels' random choices (default: random)")
    nm.add_openings_plies_argument(parser)
    parser.add_argument("--anchor", metavar="NAME",
                        help="the engine rated 0 (default: easy, or the first engine)")
    parser.add_argument("--prior-draws", type=nm.argument_type(nm.non_negative_float), default=1.0, metavar="K",
                        help="virtual draws added to each pairing so perfect scores stay finite "
                             "(default: %(default)s; 0: none, and a perfect score is an error)")
    parser.add_argument("--out", metavar="FILE.jsonl",
                        help="narabe-match's results file (default: build/ladder/<game>-<time>.jsonl)")
    parser.add_argument("--results", nargs="+", metavar="FILE",
                        help="rate the games in these results files instead of playing")
    parser.add_argument("--table", metavar="FILE", help="write the Elo table (markdown) here too")
    parser.add_argument("--chart", metavar="FILE.png", help="draw a bar chart with error bars here")
    parser.add_argument("--engine-path", metavar="PATH",
                        help="the narabe engine (default: the build folder's, or $NARABE_BUILD_DIR's)")
    nm.add_match_argument(parser)
    return parser.parse_args(argv)


# --------------------------------------------------------------------------
# Reading games


def collect_games(files: list[Path]) -> tuple[list[str], list[tuple[int, int, float]]]:
    """All games of the files, on one list of engine names (matched by name across files)."""
    names: list[str] = []
    results = []
    for path in files:
        data = nm.read_results(path)
        engines = data.header.get("engines", [])
        index = {}
        for k, name in enumerate(engines):
            if name not in names:
                names.append(name)
            index[k] = names.index(name)
        for game in data.games:
            first, second, score = nm.game_score(game)
            results.append((index[first], index[second], score))
    return names, results


# --------------------------------------------------------------------------
# Output


def format_table(fit: elo_fit.FitResult, title: str) -> str:
    """The Elo table (markdown), strongest first, with a pairwise score matrix and notes."""
    order = sorted(range(len(fit.ratings)), key=lambda k: -fit.ratings[k].elo)
    lines = [f"## {title}", "",
             "| rank | engine | Elo | ± 95 % | games | score | W | D | L |",
             "|---:|---|---:|---:|---:|---:|---:|---:|---:|"]
    for rank, k in enumerate(order, start=1):
        r = fit.ratings[k]
        error = "anchor" if r.name == fit.anchor else f"{r.error95:.0f}"
        lines.append(f"| {rank} | {r.name} | {r.elo:.0f} | {error} | {r.games} | "
                     f"{100 * r.score:.1f} % | {r.wins} | {r.draws} | {r.losses} |")
    lines += ["", "Score of the row's engine against the column's (games):", ""]
    names = [fit.ratings[k].name for k in order]
    lines.append("| | " + " | ".join(names) + " |")
    lines.append("|---|" + "---:|" * len(names))
    for i in order:
        cells = []
        for j in order:
            n = fit.pair_games[i, j]
            cells.append("" if i == j else "–" if n == 0 else f"{100 * fit.pair_score[i, j] / n:.0f} % ({n:.0f})")
        lines.append(f"| {fit.ratings[i].name} | " + " | ".join(cells) + " |")
    prior = (f"{fit.prior_draws:g} virtual draw(s) added to each pairing that played, so that perfect "
             "scores give large but finite gaps (it pulls ratings slightly together)"
             if fit.prior_draws > 0 else "none")
    lines += ["",
              f"Maximum-likelihood Bradley-Terry (logistic Elo) fit to all {fit.games} games; draws count "
              f"half. Anchor: {fit.anchor} = 0. Prior: {prior}. Errors: 95 % from the curvature of the "
              "likelihood (inverse Hessian), relative to the anchor.", ""]
    return "\n".join(lines)


def draw_chart(fit: elo_fit.FitResult, title: str, path: Path) -> None:
    """A bar per engine (weakest to strongest) with its 95 % interval."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    order = sorted(range(len(fit.ratings)), key=lambda k: fit.ratings[k].elo)
    names = [fit.ratings[k].name for k in order]
    elos = [fit.ratings[k].elo for k in order]
    errors = [fit.ratings[k].error95 for k in order]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(names) + 1.5), 4.0), dpi=100)
    bars = ax.bar(names, elos, yerr=errors, capsize=6, color="#4c78a8", ecolor="#333333")
    for bar, elo in zip(bars, elos):
        ax.annotate(f"{elo:.0f}", (bar.get_x() + bar.get_width() / 2, elo), xytext=(5, 3 if elo >= 0 else -12),
                    textcoords="offset points", ha="left", fontsize=9)
    ax.axhline(0, color="#888888", linewidth=0.8)
    ax.set_ylabel(f"Elo ({fit.anchor} = 0)")
    ax.set_title(title, fontsize=11)
    ax.text(0.01, 0.98, f"{fit.games} games, bars: 95 % interval", transform=ax.transAxes,
            va="top", fontsize=8, color="#555555")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


# --------------------------------------------------------------------------


def play(args: argparse.Namespace) -> tuple[Path, int]:
    """Plays the round-robin; returns the results file and narabe-match's exit code."""
    match = nm.find_match_binary(args.match)
    engine = nm.find_engine_binary(args.engine_path)
    game_name = args.game.split()[0]
    limits = args.limit or list(nm.DEFAULT_LIMITS)
    if game_name == "connect4" and "max" in args.levels and all(l.startswith("depth=") for l in limits):
        print("warning: depth= does not limit Connect Four's Level max (a solver): its moves may hit "
              "narabe-match's watchdog; add movetime= or nodes=", file=sys.stderr)
    seed = args.seed if args.seed is not None else random.randrange(1, 2**31)
    engines = []
    for k, level in enumerate(args.levels):
        # A fixed Seed per level makes the levels' random choices repeat with --seed.
        level_seed = (seed + k) % (2**31 - 1) + 1 if args.seed is not None else None
        engines.append(nm.narabe_level_engine(engine, level, seed=level_seed))
    engines += args.engine
    names = [e.name for e in engines]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise nm.HarnessError(f"two engines are named {', '.join(duplicates)}: give each --engine its own name=",
                              nm.MATCH_USAGE)
    if len(engines) < 2:
        raise nm.HarnessError("a ladder needs at least two engines", nm.MATCH_USAGE)
    plies = args.openings_plies
    if plies is None:
        plies = nm.default_opening_plies(game_name)
    if args.out:
        out = Path(args.out)
        if out.exists():
            raise nm.HarnessError(f"--out {out} exists already: choose another file (or rate it with --results)",
                                  nm.MATCH_USAGE)
    else:
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        out = nm.REPO_ROOT / "build" / "ladder" / f"{game_name}-{stamp}.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    command = nm.match_command(match, game=args.game, engines=engines, each=limits, rounds=args.rounds,
                               games=2, openings_plies=plies, seed=seed, concurrency=args.concurrency,
                               out=out, tournament="round-robin", extra=["--ratinginterval", "0"])
    code = nm.run_match(command)
    if code not in (nm.MATCH_OK, nm.MATCH_INTERRUPTED):
        where = f" (games so far in {out})" if out.exists() else ""
        raise nm.HarnessError(nm.describe_match_exit(code) + where)
    return out, code


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        code = nm.MATCH_OK
        if args.results:
            files = [Path(f) for f in args.results]
        else:
            out, code = play(args)
            files = [out]
        names, results = collect_games(files)
        if not results:
            raise nm.HarnessError("no finished games to rate")
        anchor = args.anchor or ("easy" if "easy" in names else names[0])
        try:
            fit = elo_fit.fit_elo(names, results, anchor=anchor, prior_draws=args.prior_draws)
        except elo_fit.FitError as e:
            raise nm.HarnessError(f"cannot rate the games: {e}") from None
        header = nm.read_results(files[0]).header
        title = f"Elo ladder: {header.get('game', args.game)}"
        table = format_table(fit, title)
        print()
        print(table)
        if args.table:
            Path(args.table).parent.mkdir(parents=True, exist_ok=True)
            Path(args.table).write_text(table)
            print(f"table: {args.table}")
        if args.chart:
            draw_chart(fit, title, Path(args.chart))
            print(f"chart: {args.chart}")
        print(f"games: {', '.join(map(str, files))}")
        return nm.EXIT_INTERRUPTED if code == nm.MATCH_INTERRUPTED else 0
    except nm.HarnessError as e:
        nm.fail(str(e), e.exit_code)


if __name__ == "__main__":
    sys.exit(main())
