#!/usr/bin/env python3
"""Where narabe's lost Gomoku games were lost: the first move after which the opponent reports a forced win.

    /usr/bin/python3 matches/gomoku_forced_losses.py --record build/gauntlet/x/renju.jsonl \
        --opponent /path/to/pbrain-x --movetime 400 --out renju-forced.jsonl

For every game of a narabe-match record (a gomoku_gauntlet.py rule file) that
narabe lost, the opponent, run as a Gomocup brain, is shown the position after
each of narabe's moves in turn, from the opening on, for --movetime ms. The
first position where one of its MESSAGE lines reports a forced win
(--mate-pattern) is written to --out, one JSON line a game, with the opponent's
view of the position before narabe's move (what it would have held there with
narabe's stones). Each line is also a problem for narabe-gomoku-mate (15x15
renju: id, mode VCT, attacker, to_move, black, white), so narabe's threat
solver can be timed on the wins the opponent saw:

    build/release/narabe-gomoku-mate renju-forced.jsonl --time-ms 3000

The default pattern reads a mate in MESSAGE lines of two forms: `Eval +M25`
(plies to the five) and narabe's own `score mate 13` (own moves to the five).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import selectors
import shlex
import subprocess
import sys
import time
from pathlib import Path

import narabe_match as nm

RULE_NUMBERS = {"freestyle": 0, "standard": 1, "renju": 4}
DEFAULT_MATE_PATTERN = r"Eval \+M(\d+)|score mate (\d+)"


class BrainError(Exception):
    pass


class Brain:
    """A Gomocup brain, started for one position: its MESSAGE lines before its move."""

    def __init__(self, command: list[str], cwd: str | None, size: int, rule: str, movetime: int):
        self.movetime = movetime
        self.pending = b""  # what the brain wrote past the last whole line
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.DEVNULL, text=True, bufsize=1, cwd=cwd)
        except OSError as error:
            raise BrainError(f"cannot start {command[0]}: {error.strerror}") from error
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.process.stdout, selectors.EVENT_READ)
        try:
            self.send(f"START {size}")
            reply = self.read_line(10.0)
            while reply.upper().startswith(("MESSAGE", "DEBUG")):  # what a brain says while it loads
                reply = self.read_line(10.0)
            if reply.strip().upper() != "OK":
                raise BrainError(f"START {size}: the brain answered {reply.strip()!r}")
            for line in (f"INFO rule {RULE_NUMBERS[rule]}", f"INFO timeout_turn {movetime}",
                         "INFO timeout_match 0", "INFO show_detail 1"):
                self.send(line)
        except BrainError:
            self.process.kill()
            self.process.wait()
            self.release()
            raise

    def send(self, line: str) -> None:
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except OSError as error:
            raise BrainError(f"the brain stopped reading ({error.strerror})") from error

    def read_line(self, seconds: float) -> str:
        # Raw reads: a buffered reader would hold lines the selector cannot see.
        deadline = time.monotonic() + seconds
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                raise BrainError(f"no answer within {seconds:.0f} s")
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                raise BrainError("the brain exited")
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode("utf-8", "replace")

    def think(self, moves: list[tuple[int, int]]) -> list[str]:
        """The MESSAGE lines the brain printed before its move in the position after `moves`."""
        mover = len(moves) % 2
        stones = [f"{x},{y},{1 if i % 2 == mover else 2}" for i, (x, y) in enumerate(moves)]
        self.send("\n".join(["BOARD", *stones, "DONE"]))
        messages = []
        while True:
            line = self.read_line(self.movetime / 1000 * 3 + 10).strip()
            if line.upper().startswith("MESSAGE"):
                messages.append(line[len("MESSAGE"):].strip())
            elif line.upper().startswith("ERROR"):
                raise BrainError(f"the brain answered {line!r}")
            elif re.fullmatch(r"\d+\s*,\s*\d+", line):
                return messages

    def close(self) -> None:
        try:
            self.send("END")
            self.process.wait(timeout=5)
        except (BrainError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        self.release()

    def release(self) -> None:
        """A brain per position: its pipes and selector go with it, not at collection."""
        self.selector.close()
        for pipe in (self.process.stdin, self.process.stdout):
            try:
                pipe.close()
            except OSError:
                pass


def gomocup_point(cell: str, size: int) -> tuple[int, int]:
    """narabe's point name (file letter, rank from the bottom) as Gomocup's x, y (y from the top)."""
    match = re.fullmatch(r"([a-z])(\d+)", cell)
    if not match:
        raise ValueError(f"not a point: {cell!r}")
    x, rank = ord(match.group(1)) - ord("a"), int(match.group(2))
    if not (0 <= x < size and 1 <= rank <= size):
        raise ValueError(f"off the {size}x{size} board: {cell!r}")
    return x, size - rank


def mate_claim(messages: list[str], pattern: re.Pattern) -> str | None:
    """The last message that reports a forced win, or nothing."""
    claims = [m for m in messages if pattern.search(m)]
    return claims[-1] if claims else None


def parse_game_name(name: str) -> tuple[int, str]:
    words = name.split()
    if not words or words[0] != "gomoku":
        raise ValueError(f"not a Gomoku record: {name!r}")
    try:
        size = int(words[words.index("size") + 1]) if "size" in words else 15
        rule = words[words.index("rule") + 1] if "rule" in words else "freestyle"
    except (IndexError, ValueError):
        raise ValueError(f"not a Gomoku record: {name!r}") from None
    if rule not in RULE_NUMBERS:
        raise ValueError(f"the rule {rule!r} has no Gomocup number")
    return size, rule


def lost_games(record: nm.ResultsFile, narabe_name: str):
    """(game, narabe's colour index 0 black / 1 white, all moves) for every game narabe lost."""
    for game in record.games:
        names = (game["first"]["name"], game["second"]["name"])
        if narabe_name not in names:
            continue
        colour = names.index(narabe_name)
        if game.get("result") != ("0-1" if colour == 0 else "1-0"):
            continue
        if game["opening"].get("fen"):
            raise ValueError(f"game {game['id']} starts from a fen: only openings of moves are read")
        moves = list(game["opening"]["moves"]) + [m["move"] for m in game["moves"]]
        yield game, colour, moves


def problem_line(game: dict, rule: str, ply: int, moves: list[str], claim: str, before: str | None) -> dict:
    attacker = "black" if len(moves) % 2 == 0 else "white"
    return {"id": f"game{game['id']}-ply{ply}", "rule": rule, "mode": "VCT", "attacker": attacker,
            "to_move": attacker, "black": [m.upper() for m in moves[0::2]],
            "white": [m.upper() for m in moves[1::2]], "game": game["id"], "ply": ply, "played": moves[-1],
            "opponent_claim": claim, "opponent_before": before}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--record", required=True, type=Path, help="a narabe-match record of Gomoku games")
    parser.add_argument("--opponent", required=True, help="the Gomocup brain that judges the positions")
    parser.add_argument("--opponent-args", default="", help="its arguments (one string, split as a shell would)")
    parser.add_argument("--opponent-dir", help="its working folder (where its configuration lives)")
    parser.add_argument("--movetime", type=nm.positive_int, default=400, help="ms for each position (400)")
    parser.add_argument("--narabe-name", default="narabe", help="narabe's engine name in the record (narabe)")
    parser.add_argument("--mate-pattern", default=DEFAULT_MATE_PATTERN,
                        help="a regular expression matching a MESSAGE that reports a forced win")
    parser.add_argument("--out", required=True, type=Path, help="the JSON lines written (one per game)")
    args = parser.parse_args(argv)

    try:
        pattern = re.compile(args.mate_pattern)
    except re.error as error:
        nm.fail(f"--mate-pattern: {error}", 2)
    if not args.record.is_file():
        nm.fail(f"{args.record}: no such file", 2)
    try:
        record = nm.read_results(args.record)
        size, rule = parse_game_name(record.header.get("game", ""))
    except (ValueError, KeyError, nm.HarnessError) as error:
        nm.fail(f"{args.record}: {error}", 2)
    command = [args.opponent, *shlex.split(args.opponent_args)]

    def think(points: list[tuple[int, int]]) -> list[str]:
        # A fresh brain for each position: some brains drop a command that comes
        # right after their move, and none carries anything over this way.
        brain = Brain(command, args.opponent_dir, size, rule, args.movetime)
        try:
            return brain.think(points)
        finally:
            brain.close()

    found = []
    try:
        games = list(lost_games(record, args.narabe_name))
        for game, colour, moves in games:
            points = [gomocup_point(m, size) for m in moves]
            for i in range(len(moves)):
                if i % 2 != colour or i < len(game["opening"]["moves"]) or i + 1 >= len(moves):
                    continue  # narabe's own moves after the opening, the last position excepted
                claim = mate_claim(think(points[:i + 1]), pattern)
                if claim is None:
                    continue
                before = think(points[:i])
                line = problem_line(game, rule, i + 1, moves[:i + 1], claim, before[-1] if before else None)
                found.append(line)
                print(f"game {game['id']}: after narabe's {moves[i]} (ply {i + 1} of {len(moves)}): {claim}",
                      flush=True)
                break
    except BrainError as error:
        nm.fail(f"{args.opponent}: {error}", 1)
    except ValueError as error:
        nm.fail(f"{args.record}: {error}", 2)
    args.out.write_text("".join(json.dumps(line) + "\n" for line in found))
    print(f"{len(games)} lost games; in {len(found)} the opponent reports a forced win after a narabe move: "
          f"{args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
