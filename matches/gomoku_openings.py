#!/usr/bin/env python3
"""Writes a file of balanced 3-stone Gomoku openings near the centre (gomoku_gauntlet.py's book).

    /usr/bin/python3 matches/gomoku_openings.py --out matches/openings/gomoku15-3stone.txt \
        --count 64 --seed 1 --depth 4 --band 400

The candidates are every opening Black, White, Black of three stones inside the
centred BOX x BOX square of the board (default 5x5: f6..j10 on 15x15), one per
class of the board's eight symmetries (rotations and reflections map the centred
square onto itself, and a symmetric opening plays the same). The classes are
shuffled with --seed and each shown in one of its eight images (drawn with the
seed, so that the openings lie all around the centre), and each is scored by narabe itself (Level max, native
protocol, `go depth D`) under every rule of --rules: the mean of its depth D
and depth D-1 scores (Gomoku scores swing between odd and even depths), from
White's view (White is to move). An opening is kept when that score is within
+/- BAND centipawns of 0 under every rule and no search found a mate; the first COUNT kept ones are written, in that order. So the criterion is
"narabe's own short search sees neither side ahead", which is a property of
narabe's evaluation, not a proof of balance: a stronger engine may find one
side better in some of them.

The file is what narabe-match's `--openings file=` reads (docs/match.md,
"Openings"): one opening a line as moves from the empty board, comments
starting with '#'. Each opening is preceded by a comment with its scores.
The script's own command line, the engine's version and the counts are written
in the header, so the file says how to make it again.
"""

from __future__ import annotations

import argparse
import random
import shlex
import subprocess
import sys
from pathlib import Path

import narabe_match as nm
from soak import EngineProcess

RULES = ("freestyle", "standard", "renju")


def cell_name(file: int, rank: int) -> str:
    """narabe's notation: file letter a.., rank from 1 at the bottom (0-based arguments)."""
    return f"{chr(ord('a') + file)}{rank + 1}"


def symmetries(size: int):
    """The eight maps of the square board onto itself, as functions of (file, rank)."""
    n = size - 1
    return [
        lambda f, r: (f, r), lambda f, r: (n - f, r), lambda f, r: (f, n - r), lambda f, r: (n - f, n - r),
        lambda f, r: (r, f), lambda f, r: (n - r, f), lambda f, r: (r, n - f), lambda f, r: (n - r, n - f),
    ]


def canonical(blacks, white, size: int):
    """The smallest image of a position (two black points, one white) under the board's symmetries."""
    images = []
    for sym in symmetries(size):
        images.append((tuple(sorted(sym(*p) for p in blacks)), sym(*white)))
    return min(images)


def candidate_openings(size: int, box: int) -> list[list[str]]:
    """One opening (Black, White, Black) per symmetry class of 3-stone positions in the centred box.

    The representative is the class's smallest image; its Black stones are
    played in sorted order. Three stones never make a forbidden point, so the
    order of Black's two stones does not matter under any rule.
    """
    if box < 2 or box > size or box % 2 == 0:
        raise nm.HarnessError(f"--box must be odd and from 3 to the board size {size}")
    low = (size - box) // 2
    points = [(f, r) for f in range(low, low + box) for r in range(low, low + box)]
    classes = set()
    for i, b1 in enumerate(points):
        for b2 in points[i + 1:]:
            for w in points:
                if w not in (b1, b2):
                    classes.add(canonical((b1, b2), w, size))
    openings = []
    for blacks, white in sorted(classes):
        openings.append([cell_name(*blacks[0]), cell_name(*white), cell_name(*blacks[1])])
    return openings


def transformed(moves: list[str], sym) -> list[str]:
    """An opening's moves mapped by one symmetry of the board."""
    return [cell_name(*sym(ord(m[0]) - ord("a"), int(m[1:]) - 1)) for m in moves]


def parse_scores(lines: list[str]) -> dict[int, tuple[str, int]]:
    """{depth: ("cp", N) or ("mate", N)}: the last info line with a score of each depth."""
    scores = {}
    for line in lines:
        words = line.split()
        if words[:1] == ["info"] and "score" in words and "depth" in words:
            at = words.index("score")
            if at + 2 < len(words) and words[at + 1] in ("cp", "mate"):
                try:
                    scores[int(words[words.index("depth") + 1])] = (words[at + 1], int(words[at + 2]))
                except (ValueError, IndexError):
                    pass
    return scores


def balance_score(scores: dict[int, tuple[str, int]], depth: int) -> tuple[str, int] | None:
    """The opening's score: the mean of the depth D and D-1 scores (cp), or a mate of either.

    Gomoku scores swing between odd and even depths (the last mover's threats
    count for more), so one depth alone says more about its parity than about
    the opening; the mean of two neighbouring depths cancels most of that.
    """
    last = [scores[d] for d in (depth - 1, depth) if d in scores]
    if not last:
        return None
    for kind, value in last:
        if kind == "mate":
            return kind, value
    return "cp", round(sum(value for _, value in last) / len(last))


class Scorer:
    """One narabe process per rule, asked `go depth D` on each opening."""

    def __init__(self, engine: Path, size: int, rule: str, depth: int, timeout: float):
        self.engine = EngineProcess([str(engine)], None, timeout)
        self.depth = depth
        self.engine.send("uci")
        self.engine.wait_for("uciok")
        self.engine.send("setoption name Level value max")
        self.engine.send("setoption name Threads value 1")
        self.engine.send(f"newgame gomoku size {size} rule {rule}")
        self.engine.send("isready")
        self.engine.wait_for("readyok")

    def score(self, moves: list[str]) -> tuple[str, int] | None:
        self.engine.send("position startpos moves " + " ".join(moves))
        self.engine.send(f"go depth {self.depth}")
        return balance_score(parse_scores(self.engine.wait_for("bestmove")), self.depth)

    def close(self) -> None:
        self.engine.close()


def engine_version(engine: Path) -> str:
    done = subprocess.run([str(engine)], input="uci\nquit\n", capture_output=True, text=True, timeout=30)
    for line in done.stdout.splitlines():
        if line.startswith("id name "):
            return line[len("id name "):]
    return "unknown"


def format_score(score: tuple[str, int] | None) -> str:
    if score is None:
        return "none"
    kind, value = score
    return f"{kind} {value}"


def generate(args, out=sys.stdout) -> list[tuple[list[str], dict]]:
    candidates = candidate_openings(args.size, args.box)
    rng = random.Random(args.seed)
    rng.shuffle(candidates)
    # Each class is shown in one of its eight images, drawn with the seed, so that
    # the openings are spread around the centre rather than all in the smallest image.
    candidates = [transformed(moves, rng.choice(symmetries(args.size))) for moves in candidates]
    scorers = {rule: Scorer(args.engine, args.size, rule, args.depth, args.timeout) for rule in args.rules}
    kept: list[tuple[list[str], dict]] = []
    tried = 0
    try:
        for moves in candidates:
            if len(kept) >= args.count:
                break
            tried += 1
            scores = {}
            for rule, scorer in scorers.items():
                scores[rule] = scorer.score(moves)
                if scores[rule] is None or scores[rule][0] != "cp" or abs(scores[rule][1]) > args.band:
                    break
            else:
                kept.append((moves, scores))
                print(f"kept {len(kept)}/{args.count} after {tried}: {' '.join(moves)} "
                      + ", ".join(f"{rule} {format_score(s)}" for rule, s in scores.items()), file=out, flush=True)
    finally:
        for scorer in scorers.values():
            scorer.close()
    args.tried = tried
    args.candidates = len(candidates)
    return kept


def write_file(args, kept, command: str, version: str) -> None:
    low = (args.size - args.box) // 2
    square = f"{cell_name(low, low)}..{cell_name(low + args.box - 1, low + args.box - 1)}"
    lines = [
        f"# Balanced 3-stone openings for {args.size}x{args.size} Gomoku (Black, White, Black), "
        "for narabe-match --openings file=",
        f"# made by: {command}",
        f"# engine: {version}, Level max, go depth {args.depth}, one narabe process per rule",
        f"# candidates: all {args.candidates} symmetry classes of 3-stone openings inside the "
        f"{args.box}x{args.box} square {square}, shuffled with seed {args.seed}",
        f"# kept: a candidate whose score (mean of depths {args.depth - 1} and {args.depth}, White to move) is within +/-{args.band} cp under "
        f"{' and '.join(args.rules)}, no mate; {len(kept)} kept of the first {args.tried} scored",
        "# each opening's line is preceded by its scores",
        "",
    ]
    for moves, scores in kept:
        lines.append("# " + ", ".join(f"{rule} {format_score(s)}" for rule, s in scores.items()))
        lines.append(" ".join(moves))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="the openings file to write")
    parser.add_argument("--count", type=nm.argument_type(nm.positive_int), default=64,
                        help="openings to keep (default 64)")
    parser.add_argument("--seed", type=nm.argument_type(nm.non_negative_int), default=1,
                        help="the order in which candidates are tried (default 1)")
    parser.add_argument("--size", type=nm.argument_type(nm.positive_int), default=15, help="board size (default 15)")
    parser.add_argument("--box", type=nm.argument_type(nm.positive_int), default=5,
                        help="side of the centred square the stones lie in (odd; default 5)")
    parser.add_argument("--depth", type=nm.argument_type(nm.positive_int), default=4,
                        help="narabe's search depth for the score (default 4)")
    parser.add_argument("--band", type=nm.argument_type(nm.non_negative_int), default=400,
                        help="largest |score| in centipawns kept (default 400)")
    parser.add_argument("--rules", type=nm.argument_type(lambda t: nm.parse_subset(t, RULES, "--rules")),
                        default=["freestyle", "renju"], help="rules an opening must be balanced under "
                        "(default freestyle,renju)")
    parser.add_argument("--engine-path", help="the narabe engine (default: build/release/narabe)")
    parser.add_argument("--timeout", type=nm.argument_type(nm.positive_float), default=120,
                        help="seconds one search may take before the script gives up (default 120)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        args.engine = nm.find_engine_binary(args.engine_path)
        version = engine_version(args.engine)
        kept = generate(args)
        if len(kept) < args.count:
            print(f"only {len(kept)} of {args.count} openings are within the band: writing those",
                  file=sys.stderr)
        if not kept:
            raise nm.HarnessError("no opening is within the band: widen --band or the --box")
        command = "matches/gomoku_openings.py " + shlex.join(argv if argv is not None else sys.argv[1:])
        write_file(args, kept, command, version)
        print(f"wrote {len(kept)} openings to {args.out}")
        return 0
    except nm.HarnessError as e:
        nm.fail(str(e), e.exit_code)


if __name__ == "__main__":
    sys.exit(main())
