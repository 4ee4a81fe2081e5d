"""The game-free core: errors, all-or-nothing file writing, shipped resources, strict JSON,
languages. Everything else in the package may import it; it imports nothing of ours."""
