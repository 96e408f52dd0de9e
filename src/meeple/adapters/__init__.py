"""Research interfaces: every registered game as an OpenSpiel game or a PettingZoo environment.

The adapter modules import their optional packages (`pip install meeple[research]`),
so import them by name: `meeple.adapters.openspiel`, `meeple.adapters.pettingzoo`.
"""
