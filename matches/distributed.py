#!/usr/bin/python3
"""Runs the shards of one narabe-match run on a Dask cluster, and stops them all on an SPRT decision.

    matches/distributed.py --shards 4 --workers 2 -- --game connect4 \\
        --engine cmd=/abs/new/narabe name=new --engine cmd=/abs/old/narabe name=old \\
        --each movetime=50 --rounds 5000 --openings plies=4 --sprt elo0=0 elo1=5

Everything after `--` is narabe-match's command line; this script adds
`--shard K/N --out FILE` for each shard. Each shard is one Dask task running
narabe-match on some worker. No shared file system is needed: a task watches its
own (worker-local) results file and pushes every newly completed line to the
coordinator through a distributed.Queue. The coordinator keeps its own copy of
every shard file and runs `narabe-match merge --json` on the copies, so the
statistics are always narabe-match's own.

The SPRT is a test of the whole run, so the coordinator alone applies it: the
shards play without --sprt (otherwise a shard would stop on its own slice of the
games), and the coordinator's copies carry the run's --sprt in their header line
so that merge evaluates it. When it decides (H1 or H0) the coordinator sets a
distributed.Event; each task polls it and sends SIGINT to its narabe-match, which
stops cleanly and keeps its finished games.

Exit codes, as regress.py: 0 H1 (or: no --sprt and every shard complete),
1 H0, 2 SPRT undecided when the shards ran out of games, 3 an error (a shard's
narabe-match failed, an engine failed), 130 interrupted.

The workers need narabe-match (--match, resolved on the coordinator) and the
engines at the same paths as the coordinator: give absolute paths.
"""

from __future__ import annotations

import argparse
import datetime
import json
import logging
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

# Dask's own logging is chatty (cluster start and stop, worker heartbeats): errors only.
os.environ.setdefault("DASK_DISTRIBUTED__LOGGING__DISTRIBUTED", "error")

_HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(_HERE))
import narabe_match as nm  # noqa: E402


def load_dask():
    """Imports Dask's `distributed` package (late: it takes a second or two, which
    argument errors should not wait for).

    This file is called distributed.py too, so its folder leaves the import path
    while the package is imported.
    """
    saved = sys.path[:]
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
    try:
        import distributed
    finally:
        sys.path[:] = saved
    for name in ("distributed", "distributed.scheduler", "distributed.worker", "distributed.nanny",
                 "distributed.core", "distributed.comm", "tornado", "bokeh"):
        logging.getLogger(name).setLevel(logging.ERROR)
    return distributed

POLL_SECONDS = 0.2
STOP_GRACE_SECONDS = 60  # how long an interrupted coordinator waits for the shards to save


# --------------------------------------------------------------------------
# The task (runs on a worker)


def run_shard(match_argv: list[str], shard: int, shards: int, run_id: str, worker_dir: str | None,
              poll_seconds: float = POLL_SECONDS) -> dict:
    """Plays shard K/N with narabe-match and streams its results file to the coordinator.

    Lines go into the queue as {"shard": K, "lines": [...]} (only lines that end in
    a newline, so never a half-written game); the last message is {"shard": K,
    "end": True, ...} with the exit code, after which nothing more comes from this
    shard. The stop event turns into one SIGINT for narabe-match.
    """
    import distributed as dask_distributed  # on a worker: the real package, already loaded

    queue = dask_distributed.Queue(f"narabe-lines-{run_id}")
    stop = dask_distributed.Event(f"narabe-stop-{run_id}")
    folder = Path(worker_dir) if worker_dir else Path(tempfile.mkdtemp(prefix=f"narabe-shard{shard}-"))
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / f"{run_id}-shard-{shard}-of-{shards}.jsonl"
    log = folder / f"{run_id}-shard-{shard}-of-{shards}.log"
    argv = [*match_argv, "--shard", f"{shard}/{shards}", "--out", str(out), "--no-progress"]
    offset = 0
    sent = 0

    def push_new_lines() -> None:
        nonlocal offset, sent
        if not out.exists():
            return
        with open(out, "rb") as f:
            f.seek(offset)
            chunk = f.read()
        end = chunk.rfind(b"\n")
        if end < 0:
            return
        lines = chunk[:end + 1].decode("utf-8").splitlines(keepends=True)
        offset += end + 1
        queue.put({"shard": shard, "lines": lines})
        sent += len(lines)

    stopped = False
    with open(log, "wb") as log_file:
        process = subprocess.Popen(argv, stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            while True:
                code = process.poll()
                push_new_lines()
                if code is not None:
                    break
                if not stopped and stop.is_set():
                    process.send_signal(signal.SIGINT)
                    stopped = True
                time.sleep(poll_seconds)
        finally:
            if process.poll() is None:  # the task itself failed: do not leave narabe-match behind
                process.send_signal(signal.SIGINT)
                process.wait()
    push_new_lines()
    if stopped and code == -signal.SIGINT:
        # Asked to stop before narabe-match had set its SIGINT handler (a shard
        # still starting when the SPRT decided): a stop, not a failure.
        code = nm.MATCH_INTERRUPTED
    tail = log.read_text(errors="replace").splitlines()[-8:]
    result = {"shard": shard, "end": True, "code": code, "stopped": stopped, "lines": sent,
              "file": str(out), "log_tail": tail}
    queue.put(result)
    return result


# --------------------------------------------------------------------------
# The coordinator


def split_sprt(match_args: list[str]) -> tuple[list[str], list[str] | None]:
    """Takes --sprt and its words out of narabe-match's arguments (see the module docstring)."""
    rest: list[str] = []
    sprt = None
    i = 0
    while i < len(match_args):
        word = match_args[i]
        if word == "--sprt" or word.startswith("--sprt="):
            words = [word.split("=", 1)[1]] if "=" in word and word.startswith("--sprt=") else []
            i += 1
            while i < len(match_args) and not match_args[i].startswith("--"):
                words.append(match_args[i])
                i += 1
            if sprt is not None:
                raise nm.HarnessError("--sprt is given twice", nm.MATCH_USAGE)
            try:
                sprt = nm.parse_sprt(" ".join(words))
            except ValueError as e:
                raise nm.HarnessError(str(e), nm.MATCH_USAGE) from None
            continue
        rest.append(word)
        i += 1
    return rest, sprt


def check_match_args(match_args: list[str]) -> list[str]:
    """Refuses what the script sets itself and adds a seed, which all shards must share."""
    if not match_args:
        raise nm.HarnessError("give narabe-match's arguments after '--' (e.g. -- --game tictactoe --engine ...)",
                              nm.MATCH_USAGE)
    for word in match_args:
        for own in ("--out", "--shard", "--resume"):
            if word == own or word.startswith(own + "="):
                raise nm.HarnessError(f"{own} is set by distributed.py; leave it out of narabe-match's arguments",
                                      nm.MATCH_USAGE)
        if word in ("merge", "-h", "--help", "--version"):
            raise nm.HarnessError(f"'{word}' is not a run's argument", nm.MATCH_USAGE)
    if not any(w == "--seed" or w.startswith("--seed=") for w in match_args):
        seed = random.randrange(1, 2**63)
        print(f"distributed: seed {seed} (every shard must play the same run)", flush=True)
        match_args = [*match_args, "--seed", str(seed)]
    return match_args


class ShardCopies:
    """The coordinator's own copies of the shard files, fed from the queue."""

    def __init__(self, folder: Path, run_id: str, shards: int, sprt: list[str] | None):
        self.paths = {k: folder / f"shard-{k}-of-{shards}.jsonl" for k in range(1, shards + 1)}
        self.games = {k: 0 for k in self.paths}
        self.sprt_description = nm.sprt_description(sprt) if sprt else None
        for path in self.paths.values():
            path.write_text("")

    def append(self, shard: int, lines: list[str]) -> int:
        """Appends lines to shard's copy; returns the number of game lines among them."""
        path = self.paths[shard]
        new_games = 0
        with open(path, "a", encoding="utf-8") as f:
            for line in lines:
                if path.stat().st_size == 0 and f.tell() == 0 and self.sprt_description is not None:
                    header = json.loads(line)
                    if header.get("type") == "run":
                        header["sprt"] = self.sprt_description
                        line = json.dumps(header, separators=(",", ":")) + "\n"
                elif '"type":"game"' in line:
                    new_games += 1
                f.write(line)
        self.games[shard] += new_games
        return new_games

    def with_header(self) -> list[Path]:
        return [p for p in self.paths.values() if p.stat().st_size > 0]


def parse_args(argv: list[str] | None) -> tuple[argparse.Namespace, list[str]]:
    argv = sys.argv[1:] if argv is None else argv
    if "--" in argv:
        cut = argv.index("--")
        own, match_args = argv[:cut], argv[cut + 1:]
    else:
        own, match_args = argv, []
    parser = argparse.ArgumentParser(
        usage="%(prog)s [options] -- NARABE-MATCH ARGUMENTS",
        description="Plays the shards of one narabe-match run as Dask tasks and stops them when the "
                    "SPRT decides. Exit: 0 H1 (or complete without --sprt), 1 H0, 2 undecided, 3 error.")
    parser.add_argument("--shards", type=int, metavar="N", help="shards (tasks) of the run (default: --workers)")
    parser.add_argument("--workers", type=int, default=2, metavar="N",
                        help="workers of the local cluster (default: %(default)s; ignored with --scheduler)")
    parser.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                        help="a running Dask scheduler to use instead of a local cluster")
    parser.add_argument("--work-dir", metavar="DIR",
                        help="where the coordinator keeps its copies of the shard files "
                             "(default: build/distributed/<time>)")
    parser.add_argument("--worker-dir", metavar="DIR",
                        help="where each worker writes its shard file (default: a new temporary folder)")
    parser.add_argument("--match", metavar="PATH",
                        help="narabe-match, for the workers and for merge (default: the build folder's)")
    parser.add_argument("--poll", type=float, default=POLL_SECONDS, metavar="SECONDS",
                        help="how often tasks look for new games and the stop signal (default: %(default)s)")
    args = parser.parse_args(own)
    if args.workers < 1:
        parser.error("--workers needs at least 1")
    if args.shards is None:
        args.shards = args.workers
    if args.shards < 1:
        parser.error("--shards needs at least 1")
    if not args.poll > 0:
        parser.error("--poll needs a positive number of seconds")
    return args, match_args


def start_client(args: argparse.Namespace, dask_distributed):
    """A Dask client: on the given scheduler, or on a quiet in-process LocalCluster."""
    Client, LocalCluster = dask_distributed.Client, dask_distributed.LocalCluster
    if args.scheduler:
        try:
            return Client(args.scheduler, timeout=20)
        except OSError as e:
            raise nm.HarnessError(f"cannot reach the scheduler {args.scheduler}: {e}") from None
    # Threads, not processes: each task only watches a narabe-match process, and
    # an in-process cluster starts in a fraction of a second.
    cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=False,
                           dashboard_address=None, silence_logs=logging.ERROR)
    return Client(cluster)


def coordinate(args: argparse.Namespace, match_args: list[str]) -> int:
    match = nm.find_match_binary(args.match)
    match_args, sprt = split_sprt(match_args)
    match_args = check_match_args(match_args)
    run_id = uuid.uuid4().hex[:12]
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    folder = Path(args.work_dir) if args.work_dir else nm.REPO_ROOT / "build" / "distributed" / f"{stamp}-{run_id}"
    folder.mkdir(parents=True, exist_ok=True)
    copies = ShardCopies(folder, run_id, args.shards, sprt)
    match_argv = [str(match), *match_args]
    print(f"distributed: {args.shards} shard(s) of: narabe-match {' '.join(match_args)}"
          + (f" (SPRT {' '.join(sprt)}, applied by the coordinator)" if sprt else ""), flush=True)

    dask_distributed = load_dask()
    client = start_client(args, dask_distributed)
    try:
        queue = dask_distributed.Queue(f"narabe-lines-{run_id}", client=client)
        stop = dask_distributed.Event(f"narabe-stop-{run_id}", client=client)
        futures = {k: client.submit(run_shard, match_argv, k, args.shards, run_id, args.worker_dir, args.poll,
                                    key=f"narabe-shard-{k}-of-{args.shards}-{run_id}", pure=False)
                   for k in range(1, args.shards + 1)}
        ends: dict[int, dict] = {}
        decision = None
        interrupted = False
        stop_deadline = None
        last_progress = 0.0
        while len(ends) < args.shards:
            try:
                messages = queue.get(batch=True)
                new_games = 0
                for message in messages:
                    if message.get("end"):
                        ends[message["shard"]] = message
                    else:
                        new_games += copies.append(message["shard"], message["lines"])
                for k, future in futures.items():  # a task that died sends no end message
                    if k not in ends and future.status == "error":
                        ends[k] = {"shard": k, "end": True, "code": None, "error": repr(future.exception())}
                if new_games:
                    merged = nm.merge_json(match, copies.with_header())
                    now = time.monotonic()
                    if now - last_progress > 1.0 or nm.sprt_decision(merged) in ("H1", "H0"):
                        last_progress = now
                        print("distributed: " + "; ".join(nm.summary_lines(merged)), flush=True)
                    if decision is None and nm.sprt_decision(merged) in ("H1", "H0"):
                        decision = nm.sprt_decision(merged)
                        print(f"distributed: SPRT {decision} after {merged['games']} games: stopping the shards",
                              flush=True)
                        stop.set()
                if not messages:
                    if stop_deadline is not None and time.monotonic() > stop_deadline:
                        print("distributed: the shards did not stop in time; reporting what arrived",
                              file=sys.stderr)
                        break
                    time.sleep(args.poll / 2)
            except KeyboardInterrupt:
                if interrupted:
                    raise
                interrupted = True
                print("\ndistributed: interrupted: stopping the shards (Ctrl-C again to leave at once)",
                      file=sys.stderr, flush=True)
                stop.set()
                stop_deadline = time.monotonic() + STOP_GRACE_SECONDS
        return report(match, copies, ends, sprt, interrupted, decision)
    finally:
        client.close()
        if not args.scheduler and client.cluster is not None:
            client.cluster.close()


def report(match: Path, copies: ShardCopies, ends: dict[int, dict], sprt: list[str] | None,
           interrupted: bool, decided: str | None) -> int:
    """Prints the merged report and each shard's end; returns the exit code.

    The verdict is the decision at the moment the SPRT crossed a bound (decided),
    not a re-evaluation including the games that finished while the shards were
    stopping: a sequential test ends where it crosses.
    """
    files = copies.with_header()
    if files:
        print()
        print(nm.merge_report(match, files), end="")
        merged = nm.merge_json(match, files)
    else:
        merged = None
    failed = []
    for k in sorted(copies.paths):
        end = ends.get(k, {})
        code = end.get("code")
        state = ("stopped" if end.get("stopped") else "complete") if code in (nm.MATCH_OK, nm.MATCH_INTERRUPTED) \
            else end.get("error") or nm.describe_match_exit(code) if code is not None else "no report"
        print(f"shard {k}: {copies.games[k]} games, {state}")
        if code not in (nm.MATCH_OK, nm.MATCH_INTERRUPTED):
            failed.append(k)
            for line in end.get("log_tail", []):
                print(f"  | {line}")
    print(f"shard files (coordinator's copies): {', '.join(str(p) for p in copies.paths.values())}")
    decision = decided or (nm.sprt_decision(merged) if merged else None)
    if failed:
        print(f"distributed: error: shard(s) {', '.join(map(str, failed))} failed", file=sys.stderr)
        return nm.EXIT_ERROR
    if interrupted and decision not in ("H1", "H0"):
        return nm.EXIT_INTERRUPTED
    if not sprt:
        return nm.EXIT_H1  # 0: a plain run that completed
    verdict = {"H1": "H1 accepted", "H0": "H0 accepted"}.get(decision, "inconclusive: the games ran out first")
    print(f"verdict: {verdict}")
    return nm.verdict_exit_code(decision)


def main(argv: list[str] | None = None) -> int:
    args, match_args = parse_args(argv)
    try:
        return coordinate(args, match_args)
    except nm.HarnessError as e:
        nm.fail(str(e), e.exit_code)
    except KeyboardInterrupt:
        print("distributed: interrupted", file=sys.stderr)
        return nm.EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
