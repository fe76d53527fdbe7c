"""The maximum-likelihood Elo fit against closed forms and its edge cases."""

import math

import pytest

import elo_fit


def games(i, j, wins, draws, losses):
    return [(i, j, 1.0)] * wins + [(i, j, 0.5)] * draws + [(i, j, 0.0)] * losses


def by_name(fit):
    return {r.name: r for r in fit.ratings}


def test_two_engines_match_the_closed_form():
    # 75 % for b over 100 games: 400 log10(3) Elo, error 1.96 / sqrt(N f (1-f)) natural units.
    fit = elo_fit.fit_elo(["a", "b"], games(1, 0, 75, 0, 25), prior_draws=0)
    b = by_name(fit)["b"]
    assert b.elo == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert b.error95 == pytest.approx(1.959964 * 400 / math.log(10) / math.sqrt(100 * 0.75 * 0.25), rel=1e-4)
    assert by_name(fit)["a"].elo == 0 and by_name(fit)["a"].error95 == 0


def test_draws_count_half():
    fit = elo_fit.fit_elo(["a", "b"], games(0, 1, 50, 50, 0), prior_draws=0)
    assert by_name(fit)["b"].elo == pytest.approx(-400 * math.log10(3), abs=1e-6)


def test_transitive_chain_is_additive():
    # b is 75 % over a, c is 75 % over b, and c-a games agree with a 2 x gap.
    p = 1 / (1 + 10 ** (-2 * math.log10(3)))  # 0.9
    results = games(1, 0, 75, 0, 25) + games(2, 1, 75, 0, 25) + games(2, 0, round(100 * p), 0, round(100 * (1 - p)))
    fit = by_name(elo_fit.fit_elo(["a", "b", "c"], results, prior_draws=0))
    gap = 400 * math.log10(3)
    assert fit["b"].elo == pytest.approx(gap, abs=1)
    assert fit["c"].elo == pytest.approx(2 * gap, abs=1)


def test_anchor_only_shifts_the_scale():
    results = games(1, 0, 30, 10, 10) + games(2, 1, 20, 20, 10) + games(2, 0, 35, 5, 10)
    at_a = by_name(elo_fit.fit_elo(["a", "b", "c"], results, anchor="a"))
    at_b = by_name(elo_fit.fit_elo(["a", "b", "c"], results, anchor="b"))
    for name in "abc":
        assert at_a[name].elo - at_a["b"].elo == pytest.approx(at_b[name].elo, abs=1e-6)
    assert at_b["b"].error95 == 0 and at_b["a"].error95 > 0


def test_perfect_score_is_finite_with_the_prior_and_an_error_without():
    results = games(1, 0, 10, 0, 0)
    fit = by_name(elo_fit.fit_elo(["a", "b"], results, prior_draws=1))
    # 10 wins + 1 virtual draw: 10.5 of 11.
    assert fit["b"].elo == pytest.approx(400 * math.log10(10.5 / 0.5), abs=1e-6)
    assert fit["b"].wins == 10 and fit["b"].draws == 0  # the prior is not counted as games
    with pytest.raises(elo_fit.FitError, match="diverge"):
        elo_fit.fit_elo(["a", "b"], results, prior_draws=0)


def test_colour_order_does_not_matter():
    one = elo_fit.fit_elo(["a", "b"], games(0, 1, 6, 2, 2))
    other = elo_fit.fit_elo(["a", "b"], games(1, 0, 2, 2, 6))
    assert by_name(one)["b"].elo == pytest.approx(by_name(other)["b"].elo)


def test_unrateable_data_is_refused():
    with pytest.raises(elo_fit.FitError, match="links"):
        elo_fit.fit_elo(["a", "b", "c", "d"], games(0, 1, 3, 1, 1) + games(2, 3, 3, 1, 1))
    with pytest.raises(elo_fit.FitError, match="anchor"):
        elo_fit.fit_elo(["a", "b"], games(0, 1, 1, 0, 1), anchor="z")
    with pytest.raises(elo_fit.FitError):
        elo_fit.fit_elo(["a", "b"], [(0, 1, 0.7)])
