"""soak.py: a tiny real soak, failures found with the fake engine, the memory check, replay mismatches."""

import copy
import json

import pytest

import soak
from conftest import assert_no_traceback, run_script

# The memory check's verdict depends on when the samples fall (an engine fills its tables
# while the first games are played), so the tiny run only shows its figures; the check
# itself is tested on synthetic samples below.
TINY = ("--games", "tictactoe", "--levels", "easy,max", "--games-per-pairing", "4", "--replays", "2",
        "--rss-baseline-games", "2", "--rss-margin-mb", "100000", "--sample-interval", "0.05")


@pytest.fixture(scope="module")
def tiny_soak(tmp_path_factory, engine_bin, match_bin):
    out = tmp_path_factory.mktemp("soak")
    done = run_script("soak.py", *TINY, "--out", out)
    return out, done


def test_tiny_soak_passes_and_reports(tiny_soak):
    out, done = tiny_soak
    assert done.returncode == 0, done.stdout + done.stderr
    assert "| tictactoe | easy | 4 | " in done.stdout
    assert "| tictactoe | max | 4 | " in done.stdout
    assert "Replays: 2 of 2 games repeated every move" in done.stdout
    assert done.stdout.rstrip().endswith("Verdict: all checks passed")
    assert (out / "summary.md").read_text() == done.stdout[done.stdout.index("# Soak"):]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["failures"] == [] and len(summary["replays"]) == 2
    # Level max's moves carry the node counts the replays compare; the casual levels print none.
    games = [json.loads(line) for line in (out / "tictactoe.jsonl").read_text().splitlines()[1:]]
    assert len(games) == 4
    assert any("nodes" in m for g in games for m in g["moves"])


def test_an_interrupted_soak_is_resumed_not_replayed(tiny_soak):
    out, _ = tiny_soak
    again = run_script("soak.py", *TINY, "--out", out)
    assert again.returncode == 0, again.stdout + again.stderr
    assert len((out / "tictactoe.jsonl").read_text().splitlines()) == 1 + 4  # nothing played twice
    assert "| tictactoe | max | 4 | " in again.stdout


@pytest.mark.parametrize("flags, column", [("--crash-after 1", "crash"), ("--illegal-after 1", "illegal")])
def test_engine_failures_fail_the_soak(tmp_path, fake_bin, match_bin, flags, column):
    done = run_script("soak.py", "--games", "tictactoe", "--levels", "easy,max", "--games-per-pairing", "4",
                      "--replays", "0", "--out", tmp_path, "--engine-path", fake_bin, "--engine-args", flags)
    assert done.returncode == soak.EXIT_FAILED, done.stdout + done.stderr
    verdict = done.stdout.rstrip().splitlines()[-1]
    assert verdict.startswith("Verdict: FAILED") and f" {column}" in verdict
    assert_no_traceback(done)


def sample(pid, games, rss, t):
    return {"t": t, "pid": pid, "engine": "max", "games": games, "rss_kb": rss, "hwm_kb": rss}


def test_memory_check_compares_the_last_size_with_the_baseline():
    flat = [sample(1, g, 50_000 + g, g) for g in range(0, 300, 10)]          # +0.3 MiB
    leak = [sample(2, g, 50_000 + 100 * g, g) for g in range(0, 300, 10)]    # +20 MiB after game 100
    small = [sample(3, g, 10_000 + 10 * g, g) for g in range(0, 300, 10)]    # +2 MiB: under the 4 MiB floor
    early = [sample(4, g, 10_000 + g, g) for g in range(0, 50, 10)]    # died before game 100
    figures = {f.pid: f for f in soak.rss_verdicts(leak + flat + small + early, 100, 10, 4)}
    assert figures[1].ok and figures[1].baseline_kb == 50_100 and figures[1].final_kb == 50_290
    assert not figures[2].ok and figures[2].baseline_kb == 60_000 and figures[2].final_kb == 79_000
    assert figures[3].ok
    assert figures[4].ok and figures[4].baseline_kb is None and figures[4].peak_kb == 10_040
    # A sample caught in a newgame (old and new tables held at once) is not growth: sizes rest over a window.
    spiky = [sample(7, g, 139_000 + (64_000 if g in (120, 290) else 0), g) for g in range(0, 300, 10)]
    assert not soak.rss_verdicts(spiky, 100, 10, 4)[0].ok
    rested = soak.rss_verdicts(spiky, 100, 10, 4, window=3)[0]
    assert rested.ok and rested.baseline_kb == rested.final_kb == 139_000 and rested.peak_kb == 203_000
    assert not soak.rss_verdicts(leak, 100, 10, 4, window=3)[0].ok
    dip = [sample(8, g, 139_000 - (37_000 if g == 100 else 0), g) for g in range(0, 300, 10)]
    assert soak.rss_verdicts(dip, 100, 10, 4, window=3)[0].baseline_kb == 139_000
    # Transients in most of the window: the size that repeats is the resting one.
    busy = [sample(9, g, 143_372 if g % 30 == 0 else 143_372 + 7 * g, g) for g in range(0, 300, 10)]
    figures = soak.rss_verdicts(busy, 100, 10, 4, window=7)[0]
    assert figures.baseline_kb == figures.final_kb == 143_372
    # Games count from the process's first sample: one started at game 150 has its baseline at game 250.
    late = [sample(6, g, 5_000 if g < 160 else 70_000, g) for g in range(150, 400, 10)]
    figures = soak.rss_verdicts(late, 100, 10, 4)
    assert figures[0].ok and figures[0].baseline_kb == 70_000
    # The percentage applies when it is the larger margin: 10 % of 500 MiB is 50 MiB.
    big = [sample(5, 0, 512_000, 0), sample(5, 100, 512_000, 1), sample(5, 200, 550_000, 2)]
    assert soak.rss_verdicts(big, 100, 10, 4)[0].ok
    assert not soak.rss_verdicts(big, 100, 5, 4)[0].ok


def test_a_replay_finds_a_changed_node_count_or_move(tiny_soak, engine_bin):
    out, _ = tiny_soak
    header, *lines = (out / "tictactoe.jsonl").read_text().splitlines()
    game = next(g for g in map(json.loads, lines) if g["first"]["name"] == "max" and g["termination"] == "normal")
    engines = {e.name: e for e in soak.plan_runs(soak.parse_args(list(TINY) + ["--out", str(out)]))[0].engines}
    options = [engines[game["first"]["name"]].options(), engines[game["second"]["name"]].options()]

    def replay(record):
        return soak.replay_game([str(engine_bin)], None, options, json.loads(header)["game"], ["nodes=2000"], record)

    compared, difference = replay(game)
    assert difference is None and compared == len(game["moves"])
    index = next(i for i, m in enumerate(game["moves"]) if "nodes" in m)
    changed = copy.deepcopy(game)
    changed["moves"][index]["nodes"] += 1
    compared, difference = replay(changed)
    assert compared == index and "nodes in the soak" in difference
    changed = copy.deepcopy(game)
    changed["moves"][index]["move"] = "zz"
    assert "played zz in the soak" in replay(changed)[1]


def test_a_run_over_its_time_bound_is_stopped_and_a_slow_game_counted(tmp_path, fake_bin, match_bin):
    # Every move takes 100 ms, so a game takes at least half a second: the run is
    # cut at 1 s whatever the machine's speed.
    done = run_script("soak.py", "--games", "tictactoe", "--levels", "easy,max", "--games-per-pairing", "20",
                      "--replays", "0", "--run-timeout", "1", "--sample-interval", "0.05", "--out", tmp_path,
                      "--engine-path", fake_bin, "--engine-args", "--late-ms 100")
    assert done.returncode == soak.EXIT_FAILED, done.stdout + done.stderr
    assert "tictactoe: the run exceeded --run-timeout 1 s (stall)" in done.stdout
    played = len((tmp_path / "tictactoe.jsonl").read_text().splitlines()) - 1
    assert played < 20  # stopped, and what finished is kept
    run = soak.plan_runs(soak.parse_args(["--games", "tictactoe", "--levels", "easy,max", "--out", str(tmp_path)]))[0]
    games = [{"first": {"name": "easy"}, "second": {"name": "max"}, "result": "0-1", "termination": "normal",
              "duration_ms": ms} for ms in (500, 70_000)]
    rows = {r["engine"]: r for r in soak.level_rows(soak.RunSummary(run, games, 0, False, 0.0), 60_000)}
    assert rows["easy"]["slow"] == 1 and rows["max"]["slow"] == 1 and rows["max"]["wins"] == 2
