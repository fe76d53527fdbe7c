"""The shared helper: argument checks, command lines and results files."""

import pytest

import narabe_match as nm


def test_limits_and_sprt_are_checked():
    assert nm.parse_limit("depth=3") == "depth=3"
    assert nm.parse_limit("tc=10+0.1") == "tc=10+0.1"
    for bad in ("depth=0", "depth", "speed=3", "tc=x"):
        with pytest.raises(ValueError):
            nm.parse_limit(bad)
    assert nm.parse_sprt("elo0=0 elo1=5") == ["elo0=0", "elo1=5"]
    for bad in ("elo0=5 elo1=0", "elo1=5", "elo0=0 elo1=5 model=x", "elo0=a elo1=5"):
        with pytest.raises(ValueError):
            nm.parse_sprt(bad)
    assert nm.sprt_description(["elo0=0", "elo1=5"]) == "elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized"


def test_command_line_has_one_word_per_key():
    engines = [nm.narabe_level_engine("/e", "easy", seed=3), nm.parse_engine_spec('cmd=/x name=x args="-a b"')]
    argv = nm.match_command(nm.Path("/m"), game="connect4 width 5 height 4", engines=engines, each=["depth=2"],
                            rounds=3, sprt=["elo0=0", "elo1=5"])
    assert argv[:6] == ["/m", "--game", "connect4", "width", "5", "height"]
    assert ["--engine", "cmd=/e", "name=easy", "option.Level=easy", "option.Seed=3"] == argv[7:12]
    assert ["--engine", "cmd=/x", "name=x", "args=-a b"] == argv[12:16]
    assert argv[argv.index("--sprt") + 1:argv.index("--sprt") + 3] == ["elo0=0", "elo1=5"]
    with pytest.raises(ValueError):
        nm.parse_engine_spec("cmd=/x")


def test_results_file_ignores_a_cut_last_line(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text('{"type":"run","engines":["a","b"]}\n'
                    '{"type":"game","id":0,"first":{"engine":0},"second":{"engine":1},"result":"1-0"}\n'
                    '{"type":"game","id":1,"fir')
    data = nm.read_results(path)
    assert data.header["engines"] == ["a", "b"]
    assert [nm.game_score(g) for g in data.games] == [(0, 1, 1.0)]
    with pytest.raises(nm.HarnessError):
        nm.read_results(tmp_path / "missing.jsonl")


def test_shared_argument_checks():
    assert nm.parse_levels("max,easy") == ["max", "easy"]
    assert nm.positive_float("0.5") == 0.5 and nm.non_negative_float("0") == 0
    for check, bad in ((nm.parse_levels, "easy,best"), (nm.parse_levels, ","), (nm.positive_float, "0"),
                       (nm.non_negative_float, "-1"), (nm.non_negative_float, "nan"), (nm.positive_float, "x")):
        with pytest.raises(ValueError):
            check(bad)
