"""Every top-level command, in the order ``--help`` lists them."""

from __future__ import annotations

import click

ALL: list[click.Command] = []
