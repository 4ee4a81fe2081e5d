"""Hubble's rules: scoring (galaxies, planets, comets, asteroids, stars), with a CP-SAT path
and a plain exact-search reference for asteroids and stars, and the play-log legality checker."""
