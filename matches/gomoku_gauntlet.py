#!/usr/bin/env python3
"""narabe's Gomoku against any Gomocup brain: per rule and in total, score, Elo and pentanomial.

    /usr/bin/python3 matches/gomoku_gauntlet.py --opponent /path/to/pbrain-x \
        --rules freestyle,renju --games 48 --movetime 500 --concurrency 1 --out build/gauntlet/x

For each rule one narabe-match run plays narabe (engine 0) against the
opponent (engine 1, proto=gomocup) in colour-swapped pairs from the balanced
openings of matches/openings/gomoku15-3stone.txt (gomoku_openings.py made it),
with --recover so that a brain that crashes or overruns its time is restarted
and the run goes on. narabe plays as a Gomocup brain too by default
(build/release/pbrain-narabe), so that its Gomocup time handling is what is
measured; --narabe native drives it through its own protocol with Level max,
Hash 64 and Threads 1 instead.

Each rule's statistics are narabe-match's (`merge --json` of that rule's
file). The total over rules adds the games and the pentanomials and takes its
Elo from the summed pentanomial with the formulas of docs/match-statistics.md
(the same ones narabe-match uses; the tests check that they agree on every
single-rule run). Failures (time forfeits, illegal or forbidden moves, crashes,
stalls) are read from the games' termination and counted per engine.

Results: DIR/<rule>.jsonl (narabe-match's files) and DIR/summary.json. With
--resume the same command line continues each rule's file where it stopped.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import random
import re
import shlex
import sys
from pathlib import Path

import narabe_match as nm

RULES = ("freestyle", "standard", "renju")  # the rules Gomocup has a number for
DEFAULT_OPENINGS = nm.REPO_ROOT / "matches" / "openings" / "gomoku15-3stone.txt"
FAILURES = ("time forfeit", "illegal move", "crash", "stall", "watchdog")
Z = 1.959964  # the 95 % two-sided normal quantile, as in narabe-match


# --------------------------------------------------------------------------
# Statistics of a pentanomial (docs/match-statistics.md, pairs column)


def elo_of_score(score: float) -> float:
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def pentanomial_stats(ptnml: list[int]) -> dict:
    """Score, Elo +/- error, nElo +/- error and LOS from [LL, LD, WL+DD, WD, WW] (pairs).

    The same formulas as narabe-match's pair statistics: s the mean pair value
    (0, 1/4, .., 1), var its variance, se = sqrt(var / P), Elo's error half the
    width of E(s +/- z se) with the ends clamped to [0, 1].
    """
    pairs = sum(ptnml)
    if pairs == 0:
        return {"pairs": 0, "score": 0.5, "elo": 0.0, "elo_error": 0.0, "nelo": 0.0, "nelo_error": 0.0, "los": 0.5}
    values = (0.0, 0.25, 0.5, 0.75, 1.0)
    score = sum(n * v for n, v in zip(ptnml, values)) / pairs
    var = sum(n * (v - score) ** 2 for n, v in zip(ptnml, values)) / pairs
    se = math.sqrt(var / pairs)
    low, high = max(0.0, score - Z * se), min(1.0, score + Z * se)
    elo = elo_of_score(score)
    if score in (0.0, 1.0):
        error = math.inf
    elif var == 0:
        error = 0.0
    else:
        error = (elo_of_score(high) - elo_of_score(low)) / 2
    scale = 800 / math.log(10)
    if var > 0:
        nelo = (score - 0.5) / math.sqrt(2 * var) * scale
    else:
        nelo = 0.0 if score == 0.5 else math.copysign(math.inf, score - 0.5)
    nelo_error = Z * scale / math.sqrt(2 * pairs)
    if se == 0:
        los = 0.5 if score == 0.5 else float(score > 0.5)
    else:
        los = 0.5 * (1 + math.erf((score - 0.5) / (math.sqrt(2) * se)))
    return {"pairs": pairs, "score": score, "elo": elo, "elo_error": error, "nelo": nelo,
            "nelo_error": nelo_error, "los": los}


# --------------------------------------------------------------------------
# Reading the games


def game_facts(games: list[dict], engine_names: list[str], movetime: int | None) -> dict:
    """Failures per engine (by termination; forbidden moves apart), and each engine's move times."""
    failures = {name: {} for name in engine_names}
    times = {name: [] for name in engine_names}
    for game in games:
        players = [game["first"]["name"], game["second"]["name"]]
        for index, move in enumerate(game.get("moves", [])):
            if "ms" in move:
                # The first move after the opening is the first player's only when
                # the opening has an even number of plies.
                side = (index + len(game["opening"]["moves"])) % 2
                times[players[side]].append(move["ms"])
        termination = game.get("termination", "normal")
        if termination not in FAILURES:
            continue
        loser = {"1-0": players[1], "0-1": players[0]}.get(game["result"])
        if loser is None:
            continue
        kind = termination
        if termination == "illegal move" and "forbidden" in game.get("reason", ""):
            kind = "forbidden move"
        failures[loser][kind] = failures[loser].get(kind, 0) + 1
    timing = {}
    for name, ms in times.items():
        if ms:
            timing[name] = {"moves": len(ms), "mean_ms": sum(ms) / len(ms), "max_ms": max(ms),
                            "over_movetime": sum(1 for t in ms if movetime and t > movetime)}
    return {"failures": {name: kinds for name, kinds in failures.items() if kinds}, "timing": timing}


def rule_summary(match: Path, paths: list[Path], engine_names: list[str], movetime: int | None) -> dict:
    """One rule's figures from its results file(s).

    One file (one run): narabe-match's own statistics (`merge --json`). Several
    files of the same rule (separate runs, say two batches with other openings)
    are added up like the rules in the total.
    """
    parts = []
    games = []
    for path in paths:
        merged = nm.merge_json(match, [path])
        parts.append({
            "games": merged["games"], "wins": merged["wins"], "draws": merged["draws"],
            "losses": merged["losses"], "points": merged["wins"] + merged["draws"] / 2,
            "elo": merged.get("elo"), "elo_error": merged.get("elo_error"),
            "nelo": merged.get("nelo"), "nelo_error": merged.get("nelo_error"), "los": merged.get("los"),
            "pentanomial": merged.get("pentanomial") or [0] * 5,
        })
        games += nm.read_results(path).games
    summary = parts[0] if len(parts) == 1 else add_up(parts)
    # merge --json writes an infinite Elo (all pairs lost or won) as null: put it back.
    stats = pentanomial_stats(summary["pentanomial"])
    for key in ("elo", "elo_error", "nelo", "nelo_error", "los"):
        if summary[key] is None:
            summary[key] = stats[key]
    summary.update(game_facts(games, engine_names, movetime))
    return summary


def add_up(parts: list[dict]) -> dict:
    """The sum of several runs' counts, with the pair statistics of the summed pentanomial."""
    total = {key: sum(r[key] for r in parts) for key in ("games", "wins", "draws", "losses", "points")}
    total["pentanomial"] = [sum(r["pentanomial"][i] for r in parts) for i in range(5)]
    stats = pentanomial_stats(total["pentanomial"])
    total.update({k: stats[k] for k in ("elo", "elo_error", "nelo", "nelo_error", "los")})
    return total


def total_summary(rules: dict[str, dict]) -> dict:
    total = add_up(list(rules.values()))
    failures: dict[str, dict[str, int]] = {}
    for r in rules.values():
        for name, kinds in r["failures"].items():
            for kind, count in kinds.items():
                failures.setdefault(name, {})[kind] = failures.setdefault(name, {}).get(kind, 0) + count
    total["failures"] = failures
    return total


def format_elo(value, error) -> str:
    def one(x):
        if x is None:
            return "n/a"
        return "inf" if x == math.inf else "-inf" if x == -math.inf else f"{x + 0.0:.1f}".replace("-0.0", "0.0")
    return f"{one(value)} +/- {one(error)}"


def format_block(title: str, s: dict, names: list[str]) -> list[str]:
    games = s["games"]
    percent = 100 * s["points"] / games if games else 0.0
    lines = [
        f"{title}: {names[0]} vs {names[1]}",
        f"  games {games}: +{s['wins']} ={s['draws']} -{s['losses']}, score {s['points']:g}/{games} "
        f"({percent:.1f} %)",
        f"  Elo {format_elo(s['elo'], s['elo_error'])}, nElo {format_elo(s['nelo'], s['nelo_error'])}, "
        f"LOS {100 * s['los']:.1f} %" if s.get("los") is not None else "  Elo n/a",
        f"  Ptnml(0-2): {s['pentanomial']}",
    ]
    for name in names:
        kinds = s["failures"].get(name, {})
        text = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items())) if kinds else "none"
        lines.append(f"  failures of {name}: {text}")
    for name, t in s.get("timing", {}).items():
        over = f", {t['over_movetime']} over the move time" if t.get("over_movetime") else ""
        lines.append(f"  {name}: {t['moves']} moves, {t['mean_ms']:.0f} ms a move on average, "
                     f"at most {t['max_ms']} ms{over}")
    return lines


# --------------------------------------------------------------------------
# The runs


RELAY = Path(__file__).resolve().parent / "gomocup_relay.py"


def opponent_engine(args) -> nm.Engine:
    name = args.opponent_name or re.sub(r"^pbrain-", "", Path(args.opponent).name) or "opponent"
    program = str(Path(args.opponent).resolve())
    extra = ["proto=gomocup"]
    if args.opponent_dir:
        extra.append(f"dir={args.opponent_dir}")
    if args.opponent_hold:
        # The brain behind gomocup_relay.py, which holds each request until
        # HOLD ms after the brain's last answer (brains that drop a command
        # arriving right after their move).
        words = [str(RELAY), "--hold-ms", str(args.opponent_hold), program, *shlex.split(args.opponent_args or "")]
        extra.append(f"args={shlex.join(words)}")
        program = sys.executable
    elif args.opponent_args:
        extra.append(f"args={args.opponent_args}")
    extra += args.opponent_key
    return nm.Engine(cmd=program, name=name, extra=extra)


def narabe_engine(args, name: str) -> nm.Engine:
    engine = nm.find_engine_binary(args.engine_path)
    if args.narabe == "gomocup":
        # The Gomocup loop plays Level max with the native default table (64 MiB)
        # and one search thread; Gomocup has no options to set.
        return nm.Engine(cmd=str(engine.parent / "pbrain-narabe") if (engine.parent / "pbrain-narabe").exists()
                         else str(engine), name=name, extra=["proto=gomocup"])
    return nm.Engine(cmd=str(engine), name=name, options={"Level": "max", "Hash": "64", "Threads": "1"})


def rule_argv(args, match: Path, engines: list[nm.Engine], rule: str, out: Path, resume: bool) -> list[str]:
    limits = [f"movetime={args.movetime}"] if args.tc is None else [f"tc={args.tc}"]
    if args.timemargin is not None:
        limits.append(f"timemargin={args.timemargin}")
    extra = ["--recover", "--ratinginterval", "0" if args.quiet else "10"]
    if args.openings_plies:
        extra += ["--openings", f"plies={args.openings_plies}"]
    else:
        extra += ["--openings", f"file={args.openings}", "order=random", f"start={args.openings_start}"]
    if resume:
        extra.append("--resume")
    return nm.match_command(match, game=f"gomoku size {args.size} rule {rule}", engines=engines, each=limits,
                            rounds=args.games // 2, games=2, seed=args.seed, concurrency=args.concurrency,
                            out=out, extra=extra)


def existing_seed(out_dir: Path, rules: list[str]) -> int | None:
    for rule in rules:
        path = out_dir / f"{rule}.jsonl"
        if path.exists() and path.stat().st_size:
            return nm.read_results(path).header.get("seed")
    return None


def run(args) -> int:
    match = nm.find_match_binary(args.match)
    if not Path(args.opponent).is_file():
        raise nm.HarnessError(f"the opponent {args.opponent} is not a file")
    opponent = opponent_engine(args)
    if opponent.name == args.narabe_name:
        raise nm.HarnessError(f"the opponent's name is '{opponent.name}' too: give --opponent-name")
    engines = [narabe_engine(args, args.narabe_name), opponent]
    names = [e.name for e in engines]
    if not args.openings_plies:
        if not Path(args.openings).is_file():
            raise nm.HarnessError(f"the openings file {args.openings} does not exist")
        if args.openings == str(DEFAULT_OPENINGS) and args.size != 15:
            raise nm.HarnessError("the default openings are for 15x15: give --openings FILE or --openings-plies N")

    out_dir = Path(args.out) if args.out else (nm.REPO_ROOT / "build" / "gauntlet" /
                                               f"{datetime.datetime.now():%Y%m%d-%H%M%S}-{opponent.name}")
    if args.resume:
        if not args.out:
            raise nm.HarnessError("--resume needs the --out DIR of the run to continue")
        seed = existing_seed(out_dir, args.rules)
        if seed is not None and args.seed is not None and seed != args.seed:
            raise nm.HarnessError(f"--seed {args.seed} differs from the run's seed {seed}")
        if seed is not None:
            args.seed = seed
    else:
        for rule in args.rules:
            if (out_dir / f"{rule}.jsonl").exists():
                raise nm.HarnessError(f"{out_dir / (rule + '.jsonl')} exists: give --resume to continue it, "
                                      "or another --out")
    if args.seed is None:
        args.seed = random.randrange(1, 2**31)
        print(f"seed {args.seed}")
    out_dir.mkdir(parents=True, exist_ok=True)

    summaries: dict[str, dict] = {}
    code = 0
    for rule in args.rules:
        out = out_dir / f"{rule}.jsonl"
        resume = args.resume and out.exists() and out.stat().st_size > 0
        print(f"== {rule}: {args.games} games, {out}", flush=True)
        code = nm.run_match(rule_argv(args, match, engines, rule, out, resume),
                            stdout=sys.stderr if args.quiet else None)
        if out.exists() and nm.read_results(out).games:
            summaries[rule] = rule_summary(match, [out], names, args.movetime if args.tc is None else None)
        if code != nm.MATCH_OK:
            print(f"{rule}: {nm.describe_match_exit(code)}", file=sys.stderr)
            break
    report = report_and_print(summaries, names, {
        "seed": args.seed, "size": args.size, "narabe": args.narabe,
        "limit": f"movetime={args.movetime}" if args.tc is None else f"tc={args.tc}",
        "complete": code == nm.MATCH_OK})
    (out_dir / "summary.json").write_text(json.dumps(report, indent=1, default=str) + "\n", encoding="utf-8")
    print(f"results in {out_dir}")
    if code == nm.MATCH_INTERRUPTED:
        return nm.EXIT_INTERRUPTED
    return 0 if code == nm.MATCH_OK else nm.EXIT_ERROR


def report_and_print(summaries: dict[str, dict], names: list[str], facts: dict) -> dict:
    lines = []
    for rule, s in summaries.items():
        lines += format_block(rule, s, names)
    total = total_summary(summaries) if summaries else None
    if total and len(summaries) > 1:
        lines += format_block("total (" + " + ".join(summaries) + ")", total, names)
    print("\n".join(["", "--- gauntlet summary ---", *lines]))
    return {"engines": names, **facts, "rules": summaries, "total": total}


def summarize_files(args) -> int:
    """--results: the figures of existing results files, grouped by rule, nothing played."""
    match = nm.find_match_binary(args.match)
    by_rule: dict[str, list[Path]] = {}
    names = None
    for path in map(Path, args.results):
        header = nm.read_results(path).header
        words = str(header.get("game", "")).split()
        if words[:1] != ["gomoku"] or "rule" not in words:
            raise nm.HarnessError(f"{path} is not a Gomoku run with a rule ({header.get('game')})")
        if names is not None and header["engines"] != names:
            raise nm.HarnessError(f"{path} has the engines {header['engines']}, not {names}")
        names = header["engines"]
        by_rule.setdefault(words[words.index("rule") + 1], []).append(path)
    summaries = {rule: rule_summary(match, paths, names, args.movetime) for rule, paths in by_rule.items()}
    report = report_and_print(summaries, names, {"files": [str(p) for p in args.results]})
    if args.out:
        Path(args.out).mkdir(parents=True, exist_ok=True)
        (Path(args.out) / "summary.json").write_text(json.dumps(report, indent=1, default=str) + "\n",
                                                     encoding="utf-8")
    return 0


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--opponent", help="the opponent's program, a Gomocup brain (needed unless --results)")
    parser.add_argument("--results", nargs="+", metavar="FILE",
                        help="play nothing: report on these results files (several of a rule are added up; "
                        "--movetime only sets what counts as over time)")
    parser.add_argument("--opponent-dir", help="the opponent's working directory")
    parser.add_argument("--opponent-args", help="arguments for the opponent's program, one string")
    parser.add_argument("--opponent-key", action="append", default=[], metavar="KEY=VALUE",
                        help="another narabe-match engine key for the opponent (timemargin=200, ...); repeatable")
    parser.add_argument("--opponent-hold", type=nm.argument_type(nm.non_negative_int), default=0, metavar="MS",
                        help="run the opponent behind matches/gomocup_relay.py, which passes each request on no "
                        "sooner than MS after the brain's last answer (for brains that drop a command arriving "
                        "right after their move; default 0: no relay)")
    parser.add_argument("--opponent-name", help="its name in the reports (default: the file name without pbrain-)")
    parser.add_argument("--narabe", choices=("gomocup", "native"), default="gomocup",
                        help="how narabe plays: as a Gomocup brain (default) or through its native protocol")
    parser.add_argument("--narabe-name", default="narabe", help="narabe's name in the reports (default narabe)")
    parser.add_argument("--rules", type=nm.argument_type(lambda t: nm.parse_subset(t, RULES, "--rules")),
                        default=["freestyle", "renju"], help="comma-separated: freestyle, standard, renju "
                        "(default freestyle,renju)")
    parser.add_argument("--size", type=nm.argument_type(nm.positive_int), default=15, help="board size (default 15)")
    parser.add_argument("--games", type=nm.argument_type(nm.positive_int), default=48,
                        help="games per rule, an even number: pairs with the colours swapped (default 48)")
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--movetime", type=nm.argument_type(nm.positive_int), default=500,
                       help="milliseconds a move for both (default 500)")
    limit.add_argument("--tc", type=nm.argument_type(lambda t: nm.parse_limit("tc=" + t)[3:]),
                       help="a clock BASE+INC in seconds for both instead of --movetime (60+0.5)")
    parser.add_argument("--timemargin", type=nm.argument_type(nm.non_negative_int),
                        help="ms a move may run past its time before it is forfeited (narabe-match's default 100)")
    openings = parser.add_mutually_exclusive_group()
    openings.add_argument("--openings", default=str(DEFAULT_OPENINGS),
                          help="openings file (default matches/openings/gomoku15-3stone.txt), in random order "
                          "from the seed")
    openings.add_argument("--openings-plies", type=nm.argument_type(nm.positive_int),
                          help="random openings of N plies instead of a file (not balanced)")
    parser.add_argument("--openings-start", type=nm.argument_type(nm.positive_int), default=1,
                        help="begin at the N-th opening of the shuffled file (default 1): a second batch with "
                        "the same seed and start 1 + the first batch's pairs plays other openings")
    nm.add_concurrency_argument(parser)
    parser.add_argument("--seed", type=nm.argument_type(nm.non_negative_int),
                        help="the openings' order (default: random, printed; taken from the files on --resume)")
    parser.add_argument("--out", help="the results folder (default build/gauntlet/<time>-<opponent>)")
    parser.add_argument("--resume", action="store_true", help="continue the run in --out DIR")
    nm.add_match_argument(parser)
    parser.add_argument("--engine-path", help="the narabe engine (default: build/release/narabe; "
                        "pbrain-narabe beside it in Gomocup mode)")
    parser.add_argument("--quiet", action="store_true", help="narabe-match's output to stderr, no interim reports")
    args = parser.parse_args(argv)
    if not args.results and not args.opponent:
        parser.error("--opponent is required (or --results FILE...)")
    if args.games % 2:
        parser.error("--games must be even: the games are played in colour-swapped pairs")
    if args.tc is not None:
        args.movetime = None
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        return summarize_files(args) if args.results else run(args)
    except nm.HarnessError as e:
        nm.fail(str(e), e.exit_code)


if __name__ == "__main__":
    sys.exit(main())
