"""matches/scaling.py: the thread counts it takes, and a time-to-depth run through the real engine."""

import json

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


def write_record(path, game, games):
    lines = [json.dumps({"type": "run", "version": 1, "game": game})]
    for number, (fen, opening, moves) in enumerate(games):
        opening_record = {"index": number, "fen": fen, "moves": opening}
        lines.append(json.dumps({"type": "game", "id": number, "opening": opening_record,
                                 "moves": [{"move": m, "ms": 0} for m in moves]}))
    path.write_text("\n".join(lines) + "\n")


def test_plies_are_first_last_step():
    assert scaling.parse_plies("12:36:4") == range(12, 37, 4)
    assert scaling.parse_plies("0:0:1") == range(0, 1)
    for bad in ("", "12:36", "a:b:c", "5:4:1", "-1:4:1", "1:4:0"):
        with pytest.raises(ValueError):
            scaling.parse_plies(bad)


def test_a_records_positions_follow_each_game_on_one_table(tmp_path):
    record = tmp_path / "games.jsonl"
    write_record(record, "connect4", [("", ["d1"], ["d2", "c1", "e1"]), ("6/6/6/6/6/6/6 x", [], ["a1", "b1"])])
    positions = scaling.record_positions(record, 5, range(1, 4), 7)
    assert [(p.position, p.new_game, p.depth) for p in positions] == [
        ("startpos moves d1", True, 7), ("startpos moves d1 d2", False, 7), ("startpos moves d1 d2 c1", False, 7),
        ("fen 6/6/6/6/6/6/6 x moves a1", True, 7)]  # the last move leaves no position to search
    assert len(scaling.record_positions(record, 1, range(1, 4), 7)) == 3
    with pytest.raises(scaling.nm.HarnessError, match="reaches ply 9"):
        scaling.record_positions(record, 5, range(9, 12), 7)


def test_time_to_depth_on_a_records_positions(engine_bin, tmp_path):
    record = tmp_path / "games.jsonl"
    write_record(record, "tictactoe", [("", ["a1"], ["b2", "c3", "a3", "a2"])])
    done = run_script("scaling.py", "--engine-path", engine_bin, "--threads", "1,2", "--positions-from", str(record),
                      "--depth", "3", "--plies", "1:4:1")
    assert_no_traceback(done)
    assert done.returncode == 0, done.stderr
    assert "4 positions of tictactoe games (plies 1 to 4 every 1), depth 3" in done.stdout
    assert {row.split()[1] for row in done.stdout.splitlines() if row.startswith("tictactoe ")} == {"1", "2"}


def test_a_record_the_engine_refuses_is_a_one_line_error(engine_bin, tmp_path):
    record = tmp_path / "games.jsonl"
    write_record(record, "tictactoe", [("", ["z9"], ["b2", "c3"])])
    done = run_script("scaling.py", "--engine-path", engine_bin, "--positions-from", str(record), "--depth", "2",
                      "--plies", "1:2:1")
    assert_no_traceback(done)
    assert done.returncode == 3
    assert "narabe refused position 'startpos moves z9'" in done.stderr
    done = run_script("scaling.py", "--positions-from", str(record))
    assert done.returncode == 3 and "needs --depth" in done.stderr
