"""ladder.py end to end on tic-tac-toe, and re-rating a results file."""

import json

from conftest import assert_no_traceback, run_script


def test_ladder_plays_all_levels_and_writes_table_and_chart(tmp_path, engine_bin, match_bin):
    out, table, chart = tmp_path / "games.jsonl", tmp_path / "ladder.md", tmp_path / "ladder.png"
    done = run_script("ladder.py", "--game", "tictactoe", "--rounds", "2", "--limit", "depth=9", "--seed", "3",
                      "--engine", f"cmd={engine_bin} name=shallow option.Level=max depth=1",
                      "--out", out, "--table", table, "--chart", chart)
    assert done.returncode == 0, done.stdout + done.stderr
    header = json.loads(out.read_text().splitlines()[0])
    assert header["engines"] == ["easy", "normal", "hard", "max", "shallow"]
    # 10 pairings, 2 rounds, 2 games each.
    assert len(out.read_text().splitlines()) == 1 + 40
    text = table.read_text()
    for name in header["engines"]:
        assert f"| {name} |" in text
    assert "| easy | 0 | anchor |" in text
    assert "virtual draw" in text  # the prior is stated
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    rerated = run_script("ladder.py", "--results", out, "--anchor", "max", "--prior-draws", "0.5")
    assert rerated.returncode == 0, rerated.stderr
    assert "| max | 0 | anchor |" in rerated.stdout


def test_ladder_user_errors(tmp_path, engine_bin, match_bin):
    no_name = run_script("ladder.py", "--engine", f"cmd={engine_bin}")
    assert no_name.returncode == 2 and "name=" in no_name.stderr
    clash = run_script("ladder.py", "--game", "tictactoe", "--engine", f"cmd={engine_bin} name=max",
                       "--out", tmp_path / "x.jsonl")
    assert clash.returncode == 2 and "max" in clash.stderr
    missing = run_script("ladder.py", "--results", tmp_path / "none.jsonl")
    assert missing.returncode == 3 and "cannot read" in missing.stderr
    for done in (no_name, clash, missing):
        assert_no_traceback(done)
