#!/usr/bin/env python3
"""A line relay in front of a Gomocup brain that holds the manager's lines for a moment after each answer.

    gomocup_relay.py --hold-ms 50 PROGRAM [ARGS...]

Some brains print their move from the search thread and only then mark
themselves idle; a command that arrives in between is dropped, or only its
first word is, and the rest of the line is then read as commands (`ERROR
Unknown command: TIMEOUT_TURN`), which puts the whole conversation out of step.
A GUI never answers that fast, but narabe-match does when the other engine's
move is instant. The relay starts PROGRAM, passes its output through at once,
and passes each line from the manager on no sooner than HOLD ms after the
brain's last answer line (any line but MESSAGE and DEBUG chatter). A line that
comes later passes at once, so the hold only delays a request that follows an
instant reply of the other side, by at most HOLD; that delay counts as the
brain's own thinking time on the manager's clock.

The relay exits with PROGRAM's exit code once PROGRAM exits.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import threading
import time

CHATTER = (b"MESSAGE", b"DEBUG")


def relay(argv: list[str], hold: float, stdin=None, stdout=None) -> int:
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    try:
        child = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    except OSError as e:
        print(f"gomocup_relay.py: cannot start {argv[0]}: {e.strerror}", file=sys.stderr)
        return 127
    last_answer = 0.0
    lock = threading.Lock()

    def pump_out():
        nonlocal last_answer
        for line in child.stdout:
            if not line.lstrip().startswith(CHATTER):
                with lock:
                    last_answer = time.monotonic()
            stdout.write(line)
            stdout.flush()

    reader = threading.Thread(target=pump_out, daemon=True)
    reader.start()
    try:
        for line in stdin:
            with lock:
                wait = last_answer + hold - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            child.stdin.write(line)
            child.stdin.flush()
        child.stdin.close()
    except (BrokenPipeError, OSError):
        pass
    except KeyboardInterrupt:
        child.kill()
    code = child.wait()
    reader.join(timeout=5)
    return code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hold-ms", type=float, default=50, help="ms to hold lines after an answer (default 50)")
    parser.add_argument("program", nargs=argparse.REMAINDER, help="the brain and its arguments")
    args = parser.parse_args(argv)
    if not args.program:
        parser.error("give the brain's program")
    return relay(args.program, args.hold_ms / 1000)


if __name__ == "__main__":
    sys.exit(main())
