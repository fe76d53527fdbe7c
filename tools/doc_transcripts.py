#!/usr/bin/python3
"""Replays the protocol transcripts of the docs through the real engine.

A transcript is a fenced code block whose lines start with "> " (sent to the engine)
or "< " (what the engine wrote). Each block is replayed in a fresh engine process,
one input line at a time, waiting after each for the engine to finish with it (a
search, perft or bench to end, then a sync command the protocol answers at once:
`isready`, NBoard's `ping`, Gomocup's `ABOUT`; the sync's own reply is left out).

  --check   (default) every block's output lines must equal what the engine writes,
            in order, after normalisation (below); exit 1 naming each difference.
  --update  rewrites each block from the engine's output (inputs kept, replies
            placed after the input that caused them); a block with "..." lines is
            only checked, never rewritten.

Normalisation, applied to both sides: the numbers after `time` and `nps` in info and
bench lines, NBoard's seconds (`nodestats`, `===`) and Gomocup's `time N ms` become
`*`: they are wall-clock figures. A line "..." (or "< ...", or one that starts with
"..." after spaces) stands for any number of lines: blocks of timed searches use it;
a line ending in " ..." stands for one line that starts with the rest. A search's
`info` and `bestmove` lines are compared in order among themselves and the other
replies among themselves, since a reply written at once may come between a
running search's lines.

Inputs may hold \\r, \\t and \\xNN for raw bytes. A block after an HTML comment
`<!-- transcript: continues -->` first replays the inputs of the block before it in
the same file (its output not compared), so one session can be shown in parts. A
block after `<!-- transcript: not replayed (REASON) -->` is skipped (a shell session,
a hand-made board); blocks with no "> " line are output fragments and are skipped.
"""

import argparse
import os
import re
import select
import subprocess
import sys
import time

TIMEOUT_S = 60.0

FENCE = re.compile(r"^```")
DIRECTIVE = re.compile(r"^<!--\s*transcript:\s*(continues|not replayed.*?)\s*-->\s*$")
GOMOCUP_WORDS = {"START", "RECTSTART", "RESTART", "INFO", "ABOUT", "BEGIN", "TURN", "BOARD", "YXBOARD",
                 "TAKEBACK", "PLAY", "END", "YXSHOWFORBID", "YXSTOP"}


def normalise(line):
    line = re.sub(r"\b(time|nps) \d+", r"\1 *", line)
    # Threads offers the machine's hardware threads: the page shows this machine's.
    line = re.sub(r"(option name Threads type spin default \d+ min \d+ max) \d+", r"\1 *", line)
    line = re.sub(r" \d+ nps$", " * nps", line)
    line = re.sub(r"^nodestats (\d+) [\d.]+$", r"nodestats \1 *", line)
    line = re.sub(r"^(=== [^/]+/[^/]+)/[\d.]+$", r"\1/*", line)
    line = re.sub(r"time \* ms$", "time * ms", re.sub(r"time \d+ ms$", "time * ms", line))
    return line


def is_wildcard(line):
    text = line[2:] if line.startswith("< ") else line
    return text.strip().startswith("...")


def decode_input(text):
    out = bytearray()
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            n = text[i + 1]
            if n == "r":
                out += b"\r"
                i += 2
                continue
            if n == "t":
                out += b"\t"
                i += 2
                continue
            if n == "x" and re.match(r"[0-9a-fA-F]{2}", text[i + 2:i + 4]):
                out.append(int(text[i + 2:i + 4], 16))
                i += 4
                continue
        out += c.encode()
        i += 1
    return bytes(out)


class Engine:
    """One engine process, read line by line with a timeout."""

    def __init__(self, binary):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.buffer = b""

    def send(self, data):
        self.proc.stdin.write(data + b"\n")
        self.proc.stdin.flush()

    def read_line(self, deadline):
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no reply in time")
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                if self.buffer:
                    line, self.buffer = self.buffer, b""
                    return line.decode(errors="replace")
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode(errors="replace")

    def read_until(self, done, deadline):
        lines = []
        while True:
            line = self.read_line(deadline)
            if line is None:
                return lines, False
            if done(line):
                return lines, line
            lines.append(line)

    def close(self, deadline):
        self.proc.stdin.close()
        lines, _ = self.read_until(lambda line: False, deadline)
        self.proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        return lines


def protocol_of(first):
    words = first.split()
    if words and words[0] == "nboard":
        return "nboard"
    if words and words[0] in GOMOCUP_WORDS:
        return "gomocup"
    return "native"


def job_end(protocol, text, in_board):
    """The reply that ends the job `text` starts, or None when it starts none."""
    words = text.split()
    if not words:
        return None
    if protocol == "native":
        if words[0] == "go" and "infinite" not in words and "ponder" not in words:
            return lambda line: line.startswith("bestmove")
        if words[0] == "perft":
            return lambda line: line.startswith("nodes ")
        if words[0] == "bench":
            return lambda line: line.startswith("bench ")
        return None
    if protocol == "nboard":
        if words[0] in ("go", "hint"):
            return lambda line: line == "status" or line.startswith("status error")
        return None
    upper = words[0].upper()
    thinks = upper in ("BEGIN", "TURN") or (in_board == "BOARD" and upper == "DONE")
    if thinks:
        return lambda line: re.fullmatch(r"\d+,\d+", line) is not None or line.startswith("ERROR")
    return None


def replay(binary, inputs, silent_prefix):
    """[(input, [output lines])] for `inputs`, after running `silent_prefix` unseen."""
    everything = silent_prefix + inputs
    protocol = protocol_of(everything[0].decode(errors="replace")) if everything else "native"
    error_prefix = {"native": "info string error", "nboard": "status error", "gomocup": "ERROR"}[protocol]
    engine = Engine(binary)
    deadline = time.monotonic() + TIMEOUT_S
    results = []
    in_board = None  # "BOARD" or "YXBOARD" between it and DONE
    pending = []  # the end of each job started and not seen ending, in order
    infinite = False  # a native search that ends only on stop or ponderhit runs
    syncs = 0

    def take(lines):
        for line in lines:
            if pending and pending[0](line):
                pending.pop(0)

    def wait_pending(out):
        while pending:
            lines, last = engine.read_until(pending[0], deadline)
            out += lines
            if last is False:
                return
            out.append(last)
            pending.pop(0)

    try:
        for index, data in enumerate(everything):
            following = everything[index + 1].decode(errors="replace").split() if index + 1 < len(everything) else []
            # A stop coming next is sent while the job runs, as the transcript shows it.
            stop_next = bool(following) and following[0] in ("stop", "YXSTOP", "ponderhit")
            text = data.decode(errors="replace").strip()
            words = text.split()
            first = words[0] if words else ""
            if (protocol == "native" and first == "quit") or (protocol == "nboard" and first == "quit") or (
                    protocol == "gomocup" and first.upper() == "END" and in_board is None):
                engine.send(data)
                results.append((data, engine.close(deadline)))
                break
            engine.send(data)
            out = []
            end = job_end(protocol, text, in_board)
            if end is not None:
                pending.append(end)
            if protocol == "native":
                if first == "go" and ("infinite" in words or "ponder" in words):
                    infinite = True
                elif first in ("stop", "ponderhit"):
                    if first == "ponderhit" and infinite:
                        pending.insert(0, lambda line: line.startswith("bestmove"))
                    infinite = False
            if protocol == "gomocup":
                if first.upper() in ("BOARD", "YXBOARD") and in_board is None:
                    in_board = first.upper()
                elif first.upper() == "DONE" and in_board is not None:
                    in_board = None
            if protocol == "nboard" and not stop_next:
                wait_pending(out)  # its sync, ping, would stop the search
            if in_board is None:
                syncs += 1
                if protocol == "native":
                    engine.send(b"isready")
                    is_sync = lambda line: line == "readyok"
                    echoes = 1 if first == "isready" else 0
                elif protocol == "nboard":
                    engine.send(b"ping 9%d" % syncs)
                    token = "pong 9%d" % syncs
                    is_sync = lambda line: line == token
                    echoes = 0
                else:
                    engine.send(b"ABOUT")
                    is_sync = lambda line: line.startswith('name="narabe"')
                    echoes = 1 if first.upper() == "ABOUT" else 0
                for _ in range(echoes + 1):
                    lines, last = engine.read_until(is_sync, deadline)
                    out += lines
                    if _ < echoes and last:
                        out.append(last)
                take(out)
                # A job the command could not start (its error) never ends.
                if end is not None and pending and pending[-1] is end and any(
                        line.startswith(error_prefix) for line in out):
                    pending.pop()
                if not infinite and not stop_next:
                    wait_pending(out)
            results.append((data, out))
        else:
            out = engine.close(deadline)
            if out and results:
                results[-1][1].extend(out)
    finally:
        if engine.proc.poll() is None:
            engine.proc.kill()
            engine.proc.wait()
    return results[len(silent_prefix):]


def blocks(lines):
    """(start, end, directive) of every fenced block: lines[start] is the fence."""
    found = []
    start = None
    for i, line in enumerate(lines):
        if FENCE.match(line):
            if start is None:
                start = i
            else:
                directive = None
                j = start - 1
                while j >= 0 and not lines[j].strip():
                    j -= 1
                if j >= 0:
                    m = DIRECTIVE.match(lines[j])
                    if m:
                        directive = m.group(1)
                found.append((start, i, directive))
                start = None
    return found


def is_search_line(line):
    return line.startswith("info depth") or line.startswith("bestmove")


def matches(expected, actual):
    """Whether `actual` fits `expected`: a search's `info` and `bestmove` lines in
    order, and the other replies in order; a search's lines may come before or after
    a reply the reader wrote at once ("read replies by their first word"). A "..."
    line stands in both."""
    return (fits([x for x in expected if is_search_line(x) or is_wildcard(x)],
                 [x for x in actual if is_search_line(x)]) and
            fits([x for x in expected if not is_search_line(x)], [x for x in actual if not is_search_line(x)]))


def fits(expected, actual):
    """Whether `actual` lines fit `expected`, whose "..." lines stand for any run."""
    e = [normalise(x) for x in expected]
    a = [normalise(x) for x in actual]
    memo = {}

    def fit(i, j):
        key = (i, j)
        if key in memo:
            return memo[key]
        if i == len(e):
            result = j == len(a)
        elif is_wildcard(e[i]):
            result = any(fit(i + 1, k) for k in range(j, len(a) + 1))
        elif e[i].endswith(" ..."):  # a line known by its start: "bestmove b2 ..."
            result = j < len(a) and a[j].startswith(e[i][:-4]) and fit(i + 1, j + 1)
        else:
            result = j < len(a) and e[i] == a[j] and fit(i + 1, j + 1)
        memo[key] = result
        return result

    return fit(0, 0)


def process(path, binary, update):
    lines = open(path, encoding="utf-8").read().split("\n")
    problems = []
    replayed = 0
    previous_inputs = []
    replacements = []
    for start, end, directive in blocks(lines):
        body = lines[start + 1:end]
        inputs = [decode_input(line[2:]) for line in body if line.startswith("> ") or line == ">"]
        if not inputs:
            continue
        if directive and directive.startswith("not replayed"):
            previous_inputs = []
            continue
        if any(line.startswith("$ ") for line in body):
            problems.append(f"{path}:{start + 1}: a shell session in a transcript; mark it 'not replayed'")
            continue
        prefix = previous_inputs if directive == "continues" else []
        expected = [line[2:] if line.startswith("< ") else ("" if line == "<" else line)
                    for line in body if not (line.startswith("> ") or line == ">") and line.strip()]
        try:
            result = replay(binary, inputs, prefix)
        except (TimeoutError, OSError, subprocess.SubprocessError) as error:
            problems.append(f"{path}:{start + 1}: replay failed: {error}")
            continue
        replayed += 1
        previous_inputs = prefix + inputs
        actual = [line for _, out in result for line in out]
        has_wildcard = any(is_wildcard(line) for line in body if not line.startswith("> "))
        if matches(expected, actual):
            continue
        if update and not has_wildcard:
            text = []
            for data, out in result:
                shown = data.decode(errors="replace")
                shown = shown.replace("\r", "\\r").replace("\t", "\\t")
                text.append("> " + shown)
                text += ["< " + line for line in out]
            replacements.append((start + 1, end, text))
            continue
        diff = [f"{path}:{start + 1}: the engine's output differs from the transcript; the engine's:"]
        for data, out in result:
            diff.append("  > " + data.decode(errors="replace"))
            diff += ["  < " + line for line in out]
        problems.append("\n".join(diff))
    if replacements:
        for first, last, text in reversed(replacements):
            lines[first:last] = text
        with open(path, "w", encoding="utf-8") as out:
            out.write("\n".join(lines))
    return replayed, len(replacements), problems


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="the narabe binary")
    parser.add_argument("--update", action="store_true", help="rewrite the transcripts from the engine")
    parser.add_argument("--check", action="store_true", help="compare only (the default)")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    total = rewritten = 0
    problems = []
    for path in args.files:
        replayed, changed, found = process(path, args.engine, args.update)
        total += replayed
        rewritten += changed
        problems += found
    for problem in problems:
        print(problem)
    verb = "rewrote" if args.update else "checked"
    print(f"{total} transcripts replayed, {rewritten if args.update else total - len(problems)} {verb}, "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
