"""Tom Tube solvers: the CP-SAT tile designer (``tiles_design``), self-play between greedy
players (``selfplay``) and "way home" puzzles with proofs (``puzzles``)."""
