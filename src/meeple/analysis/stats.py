"""Confidence intervals and a test of equal win rates, in plain Python (no SciPy)."""

from __future__ import annotations

import math
import statistics

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval of a rate; shared wins may make `successes` fractional."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its 95% normal-approximation interval (mean, low, high)."""
    if not values:
        return (math.nan, math.nan, math.nan)
    m = statistics.fmean(values)
    if len(values) < 2:
        return (m, m, m)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (m, m - half, m + half)


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-squared variable with `df` degrees of freedom."""
    if x <= 0:
        return 1.0
    # Regularised upper incomplete gamma Q(df/2, x/2): series when x is small, continued fraction otherwise.
    a, t = df / 2.0, x / 2.0
    if t < a + 1:
        term = total = 1.0 / a
        k = a
        for _ in range(1000):
            k += 1
            term *= t / k
            total += term
            if term < total * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-t + a * math.log(t) - math.lgamma(a)))
    b = t + 1 - a
    c = 1e300
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(-t + a * math.log(t) - math.lgamma(a)) * h)


def equal_shares_p(wins: list[float]) -> float:
    """p-value of the chi-squared test that every seat wins equally often."""
    total = sum(wins)
    if total <= 0 or len(wins) < 2:
        return 1.0
    expected = total / len(wins)
    x = sum((w - expected) ** 2 / expected for w in wins)
    return chi2_sf(x, len(wins) - 1)
