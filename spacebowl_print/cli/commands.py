"""Every top-level command, in the order ``--help`` lists them."""

from __future__ import annotations

import click

from spacebowl_print.cli.booklet_cmd import (
    booklet_command,
    check_command,
    classroom_command,
)
from spacebowl_print.cli.deck_cmd import deck_group
from spacebowl_print.cli.kit_cmd import kit
from spacebowl_print.cli.solve_cmd import solve_command
from spacebowl_print.cli.stats_cmd import stats_command

ALL: list[click.Command] = [
    kit, booklet_command, classroom_command, check_command,
    solve_command, stats_command, deck_group,
]
