"""Simulation, benchmarks and (later) tournaments and balance reports."""
