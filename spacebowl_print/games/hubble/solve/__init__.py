"""Hubble's players and publishing helpers: the challenge generator, the one-ply greedy player,
the par solver, the constellation-set designer, calibration and daily manifest entries."""
