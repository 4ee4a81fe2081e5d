"""Every reader of every game, fed mutations of a valid document (values of every type, depth and
size put in any field): each reads the value or refuses it with one escaped line, never another
exception (issue 19, items 4 and 6). The corpus lives in ``corpus.py``; ``benchmarks/fuzz.py``
runs it with thousands of examples a reader."""

from __future__ import annotations

import random

import pytest
from hostile.corpus import mutate, readers, run_reader
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# Readers that replay a whole puzzle (an engine, a shortest line, a par) cost more a case.
SLOW = ("entry",)
FAST_EXAMPLES, SLOW_EXAMPLES = 120, 12

NAMES = sorted(readers())


@pytest.mark.parametrize("name", NAMES)
def test_the_valid_document_reads(name: str) -> None:
    reader, valid = readers()[name]
    assert run_reader(reader, valid) is None


@pytest.mark.parametrize("name", NAMES)
def test_mutations_are_read_or_refused_in_one_line(name: str) -> None:
    reader, valid = readers()[name]
    examples = SLOW_EXAMPLES if any(s in name for s in SLOW) else FAST_EXAMPLES

    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(0, 2**32 - 1))
    def check(seed: int) -> None:
        value = mutate(valid, random.Random(seed))
        problem = run_reader(reader, value)
        assert problem is None, problem

    check()
