"""Maximum-likelihood Elo ratings for many engines from all their pairwise games.

narabe-match rates two engines at a time. A ladder of levels needs one scale for
everybody, fitted to every game at once, so that "hard is 150 above normal" uses
the games of hard and normal against easy and max too. This module does that
with the Bradley-Terry model in its logistic (Elo) form:

    P(i scores against j) = 1 / (1 + 10^(-(R_i - R_j) / 400))

Draws count as half a win and half a loss (the usual Elo convention); the fit
maximises the log-likelihood of the scores by Newton's method. Ratings are only
defined up to a constant, so one engine (the anchor) is held at 0.

Perfect scores: if an engine won every game it played (or lost every one), the
likelihood keeps growing as its rating goes to infinity and there is no maximum.
The fit therefore adds `prior_draws` virtual draws to every pairing that played
(default 1, the "virtual draw" prior of BayesElo-style tools). It pulls ratings
a little toward each other — negligible once a pairing has many games, decisive
for an all-wins pairing, where it yields a large but finite gap. With
prior_draws=0 a perfect score raises FitError instead of returning nonsense.

Error bars come from the curvature of the log-likelihood at its maximum (the
inverse of the negative Hessian, the observed Fisher information), relative to
the anchor. With many draws this is a little wide: a drawish game carries more
information than the binomial model credits it with.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np

ELO_PER_NATURAL_UNIT = 400.0 / math.log(10.0)  # Elo per unit of logistic rating
Z95 = 1.959963984540054


class FitError(ValueError):
    """The data cannot be rated (an engine without games, disconnected groups, a divergent fit)."""


@dataclass
class EngineRating:
    name: str
    elo: float
    error95: float  # half-width of the 95 % interval relative to the anchor; 0 for the anchor
    games: int
    wins: int
    draws: int
    losses: int

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else float("nan")


@dataclass
class FitResult:
    ratings: list[EngineRating]  # in the order of the names given
    anchor: str
    prior_draws: float
    games: int
    iterations: int
    # pair_games[i][j] and pair_score[i][j]: games of i against j and i's points in them
    pair_games: np.ndarray
    pair_score: np.ndarray


def fit_elo(names: Sequence[str], results: Iterable[tuple[int, int, float]], anchor: str | None = None,
            prior_draws: float = 1.0, max_iterations: int = 100) -> FitResult:
    """Fits Elo ratings to game results.

    names: the engines; results: (i, j, score of i) per game with score 1, 1/2
    or 0; anchor: the engine held at 0 (default: the first).
    """
    n = len(names)
    if n < 2:
        raise FitError("a rating needs at least two engines")
    if prior_draws < 0:
        raise FitError("prior_draws cannot be negative")
    anchor = names[0] if anchor is None else anchor
    if anchor not in names:
        raise FitError(f"the anchor '{anchor}' is not one of the engines ({', '.join(names)})")
    a = list(names).index(anchor)

    games = np.zeros((n, n))
    score = np.zeros((n, n))
    wins = [0] * n
    draws = [0] * n
    losses = [0] * n
    total = 0
    for i, j, s in results:
        if i == j or not (0 <= i < n and 0 <= j < n):
            raise FitError(f"a game between engines {i} and {j} does not fit {n} engines")
        if s not in (0.0, 0.5, 1.0):
            raise FitError(f"score {s} is not 0, 1/2 or 1")
        total += 1
        games[i, j] += 1
        games[j, i] += 1
        score[i, j] += s
        score[j, i] += 1 - s
        if s == 1.0:
            wins[i] += 1
            losses[j] += 1
        elif s == 0.0:
            wins[j] += 1
            losses[i] += 1
        else:
            draws[i] += 1
            draws[j] += 1

    _check_connected(names, games, a)

    # The prior: virtual draws in every pairing that played.
    played = games > 0
    fit_games = games + prior_draws * played
    fit_score = score + 0.5 * prior_draws * played

    free = [k for k in range(n) if k != a]
    rating = np.zeros(n)

    def log_likelihood(r: np.ndarray) -> float:
        diff = r[:, None] - r[None, :]
        # log sigmoid(d) = -log(1 + e^-d), computed stably; each pairing is counted from both sides.
        log_p = -np.logaddexp(0.0, -diff)
        return float(np.sum(fit_score * log_p))

    divergence = FitError("the ratings diverge: an engine (or a group of engines) won or lost all its "
                          "games against the others; use a prior (prior_draws > 0) or play more games")
    iterations = 0
    converged = False
    current = log_likelihood(rating)
    for iterations in range(1, max_iterations + 1):
        gradient, hessian = _derivatives(rating, fit_games, fit_score)
        g = gradient[free]
        h = hessian[np.ix_(free, free)]
        try:
            step = np.linalg.solve(-h, g)
        except np.linalg.LinAlgError:  # with connected games only when probabilities saturate
            raise divergence from None
        # Damped Newton: halve the step until the likelihood does not fall.
        t = 1.0
        while True:
            trial = rating.copy()
            trial[free] += t * step
            value = log_likelihood(trial)
            if value >= current - 1e-12 or t < 1e-6:
                break
            t /= 2
        rating, current = trial, value
        if np.max(np.abs(t * step)) < 1e-10:
            converged = True
            break
        if np.max(np.abs(rating)) > 50:  # 50 natural units = 8700 Elo: a perfect score diverging
            break
    if not converged:
        raise divergence

    _, hessian = _derivatives(rating, fit_games, fit_score)
    covariance = np.zeros((n, n))
    covariance[np.ix_(free, free)] = np.linalg.inv(-hessian[np.ix_(free, free)])
    ratings = []
    for k, name in enumerate(names):
        ratings.append(EngineRating(
            name=name,
            elo=float((rating[k] - rating[a]) * ELO_PER_NATURAL_UNIT),
            error95=float(Z95 * math.sqrt(max(covariance[k, k], 0.0)) * ELO_PER_NATURAL_UNIT),
            games=int(games[k].sum()), wins=wins[k], draws=draws[k], losses=losses[k]))
    return FitResult(ratings=ratings, anchor=anchor, prior_draws=prior_draws, games=total,
                     iterations=iterations, pair_games=games, pair_score=score)


def _derivatives(rating: np.ndarray, games: np.ndarray, score: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Gradient and Hessian of the log-likelihood in natural units.

    games is symmetric and score[i, j] + score[j, i] = games[i, j], so each
    unordered pairing appears twice; the sums below count it once per engine.
    """
    diff = rating[:, None] - rating[None, :]
    p = 1.0 / (1.0 + np.exp(-diff))  # P(i scores against j)
    gradient = np.sum(score - games * p, axis=1)
    weight = games * p * (1.0 - p)
    hessian = weight.copy()
    np.fill_diagonal(hessian, 0.0)
    hessian[np.diag_indices_from(hessian)] = -np.sum(weight, axis=1)
    return gradient, hessian


def _check_connected(names: Sequence[str], games: np.ndarray, anchor: int) -> None:
    """Every engine must be linked to the anchor by games, or its rating means nothing."""
    seen = {anchor}
    todo = [anchor]
    while todo:
        k = todo.pop()
        for j in np.nonzero(games[k])[0]:
            if int(j) not in seen:
                seen.add(int(j))
                todo.append(int(j))
    missing = [names[k] for k in range(len(names)) if k not in seen]
    if missing:
        raise FitError(f"no chain of games links {', '.join(missing)} to the anchor {names[anchor]}")
