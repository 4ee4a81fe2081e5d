"""games layer."""
