"""OpenSpiel's tabular solvers on the smallest Wizard table (three players, one card each, a few deals):
they run, find every information state, and Python and C++ CFR agree (docs/adapters.md, "Tabular
methods", gives the figures at a larger budget)."""

import pytest

from .optional import require

pyspiel = require("pyspiel")
np = require("numpy")

from open_spiel.python import policy as policy_lib  # noqa: E402
from open_spiel.python.algorithms import (  # noqa: E402
    cfr,
    exploitability,
    external_sampling_mccfr,
    outcome_sampling_mccfr,
)

from meeple.adapters import openspiel as mos  # noqa: E402

DEALS = 4
ITERATIONS = 6


@pytest.fixture(scope="module")
def wizard():
    """Wizard at three players, one round of one card, over four deals: 275 states."""
    return mos.load("wizard", players=3, options={"single_round": 1}, deals=DEALS)


def information_states(state, found):
    """Every (seat, information state string) at the decisions below `state`, children made first."""
    if state.is_terminal():
        return found
    if not state.is_chance_node():
        found.add((state.current_player(), state.information_state_string()))
    for child in [state.child(a) for a in state.legal_actions()]:
        information_states(child, found)
    return found


def test_the_tabular_policy_finds_every_information_state(wizard):
    """OpenSpiel's TabularPolicy walks the tree making children before observing them: it must find
    the information states a walk that observes each state on its own finds."""
    walked = information_states(wizard.new_initial_state(), set())
    tabular = policy_lib.TabularPolicy(wizard)
    assert len(tabular.state_lookup) == len({info for _, info in walked})
    assert set(tabular.state_lookup) == {info for _, info in walked}


def test_python_and_cpp_cfr_agree_on_nash_conv(wizard):
    """The same number of CFR iterations in Python (`cfr.CFRSolver`) and in C++ (`pyspiel.CFRSolver`,
    which plays the Python game through its bindings): the same average policy, so the same nash_conv,
    and fewer regrets than the uniform policy."""
    python, cpp = cfr.CFRSolver(wizard), pyspiel.CFRSolver(wizard)
    for _ in range(ITERATIONS):
        python.evaluate_and_update_policy()
        cpp.evaluate_and_update_policy()
    python_conv = exploitability.nash_conv(wizard, python.average_policy())
    cpp_conv = pyspiel.nash_conv(wizard, cpp.average_policy())
    assert python_conv == pytest.approx(cpp_conv, abs=1e-9)
    assert python_conv < exploitability.nash_conv(wizard, policy_lib.UniformRandomPolicy(wizard))


def test_cfr_plus_and_sampling_mccfr_learn(wizard):
    """CFR+, external- and outcome-sampling MCCFR run on the table and end nearer an equilibrium than
    the uniform policy."""
    uniform = exploitability.nash_conv(wizard, policy_lib.UniformRandomPolicy(wizard))
    plus = cfr.CFRPlusSolver(wizard)
    for _ in range(ITERATIONS):
        plus.evaluate_and_update_policy()
    assert exploitability.nash_conv(wizard, plus.average_policy()) < uniform
    np.random.seed(3)  # both samplers draw from numpy's global generator
    external = external_sampling_mccfr.ExternalSamplingSolver(wizard)
    for _ in range(4 * ITERATIONS):
        external.iteration()
    assert exploitability.nash_conv(wizard, external.average_policy()) < uniform
    outcome = outcome_sampling_mccfr.OutcomeSamplingSolver(wizard)
    for _ in range(40 * ITERATIONS):
        outcome.iteration()
    assert exploitability.nash_conv(wizard, outcome.average_policy()) < uniform
