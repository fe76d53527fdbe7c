"""matches/scaling.py: the thread counts it takes, and a time-to-depth run through the real engine."""

import pytest

from conftest import assert_no_traceback, run_script

import scaling  # noqa: E402  (conftest put matches/ on the path)


def test_thread_counts_are_sorted_and_checked():
    assert scaling.parse_threads("2,1,2") == [1, 2]
    for bad in ("", "0", "1,-2", "x"):
        with pytest.raises(ValueError):
            scaling.parse_threads(bad)


def test_time_to_depth_reports_every_game_and_thread_count(engine_bin):
    done = run_script("scaling.py", "--engine-path", engine_bin, "--threads", "1,2", "--games", "tictactoe,connect4",
                      "--extra-depth", "0")
    assert_no_traceback(done)
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()]
    measured = {(row[0], row[1]) for row in rows if len(row) == 6 and row[0] in ("tictactoe", "connect4")}
    assert measured == {("tictactoe", "1"), ("tictactoe", "2"), ("connect4", "1"), ("connect4", "2")}
    assert "load average before" in done.stdout


def test_bad_arguments_are_one_line_errors():
    done = run_script("scaling.py", "--games", "chess")
    assert done.returncode == 2
    assert_no_traceback(done)
    done = run_script("scaling.py", "--mode", "solve")
    assert done.returncode == 3
    assert "needs --bench-solve-file" in done.stderr
