"""Run from CI with the wheel's venv: the installed package finds its decks, templates,
fonts and print services' figures without the source tree, and renders what the README's
first command renders."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

workdir = Path(sys.argv[1])
bindir = Path(sys.executable).parent
import spacebowl_print  # noqa: E402
from spacebowl_print.core import resources  # noqa: E402

pkg = Path(spacebowl_print.__file__).parent
assert "site-packages" in str(pkg), f"not the installed wheel: {pkg}"
for folder in (resources.decks_dir(), resources.templates_dir(), resources.fonts_dir(),
               resources.press_data_dir()):
    assert str(folder).startswith(str(pkg)), f"{folder} is outside the installed package"
    assert any(folder.iterdir()), f"{folder} is empty"
commands = [
    ["spacebowl", "kit", "-q", "-o", str(workdir / "out" / "kit")],
    ["spacebowl", "booklet", "-q", "--days", "7", "-o", str(workdir / "out" / "booklet")],
]
for cmd in commands:
    subprocess.run([str(bindir / cmd[0]), *cmd[1:]], check=True, cwd=workdir)
for name in ("kit.pdf", "cards.pdf", "rules-fr.pdf", "rules-de.pdf", "cut-guide.json"):
    assert (workdir / "out" / "kit" / name).is_file(), name
assert (workdir / "out" / "booklet" / "manifest.json").is_file()
# the press profiles and the CMYK profile ship inside the package: preflight reads them
subprocess.run([str(bindir / "spacebowl"), "preflight", "--press", "home",
                str(workdir / "out" / "booklet" / "booklet.pdf")], check=True, cwd=workdir)
print("wheel smoke test passed:", pkg)
