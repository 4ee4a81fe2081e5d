"""All-or-nothing outputs (core/files.py, core/folders.py): whole-folder swaps, refusals,
interrupts, OS errors."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from spacebowl_print.core import files, folders
from spacebowl_print.core.files import write_atomic
from spacebowl_print.core.folders import atomic_dir, check_output_dir, foreign_entry
from spacebowl_print.core.paths import OutputError
from spacebowl_print.core.signals import Interrupted, interrupts_as_exceptions


def leftovers(folder: Path) -> list[str]:
    """Hidden entries (our temps are hidden) in ``folder``."""
    return sorted(e for e in os.listdir(folder) if e.startswith("."))


def old_kit(folder: Path) -> dict[str, bytes]:
    """An earlier output: a kit with French rules and a sub-folder."""
    content = {"kit.pdf": b"old kit", "rules-fr.pdf": b"old rules", "svg/card-001.svg": b"<svg/>"}
    for name, data in content.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return content


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


# -- the whole folder is swapped --------------------------------------------------------------

def test_new_folder_holds_exactly_this_run_stale_files_gone(tmp_path: Path) -> None:
    out = tmp_path / "kit"
    out.mkdir()
    old_kit(out)
    with atomic_dir(out) as tmp:
        (tmp / "kit.pdf").write_bytes(b"new kit")
        (tmp / "rules-en.pdf").write_bytes(b"new rules")
    assert tree(out) == {"kit.pdf": b"new kit", "rules-en.pdf": b"new rules"}
    assert leftovers(tmp_path) == []


def test_error_while_building_leaves_the_old_folder(tmp_path: Path) -> None:
    out = tmp_path / "kit"
    out.mkdir()
    before = old_kit(out)
    with pytest.raises(RuntimeError), atomic_dir(out) as tmp:
        (tmp / "kit.pdf").write_bytes(b"half")
        raise RuntimeError("renderer failed")
    assert tree(out) == before
    assert leftovers(tmp_path) == []


@pytest.fixture()
def terminal(sig: signal.Signals) -> Iterator[None]:
    """``sig`` at a terminal's disposition, whatever the run inherited (nohup ignores SIGHUP,
    and the tool rightly leaves an ignored signal ignored); given back after."""
    inherited = signal.signal(sig, signal.SIG_DFL)
    yield
    signal.signal(sig, inherited)


@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_signal_while_building_is_an_interrupt_and_keeps_the_old(tmp_path: Path,
                                                                  sig: signal.Signals) -> None:
    out = tmp_path / "kit"
    out.mkdir()
    before = old_kit(out)
    with pytest.raises(Interrupted) as caught, atomic_dir(out) as tmp:
        (tmp / "kit.pdf").write_bytes(b"half")
        os.kill(os.getpid(), sig)
    assert caught.value.signum == sig
    assert tree(out) == before and leftovers(tmp_path) == []
    assert signal.getsignal(sig) == signal.SIG_DFL  # handler given back


def test_signal_during_the_swap_waits_until_the_new_folder_is_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "kit"
    out.mkdir()
    old_kit(out)
    real = folders._swap_folder

    def swap_with_a_signal(new: Path, target: Path) -> Path | None:
        os.kill(os.getpid(), signal.SIGTERM)  # held back until the swap is complete
        return real(new, target)

    monkeypatch.setattr(folders, "_swap_folder", swap_with_a_signal)
    with pytest.raises(Interrupted), atomic_dir(out) as tmp:
        (tmp / "kit.pdf").write_bytes(b"new kit")
    assert tree(out) == {"kit.pdf": b"new kit"}
    assert leftovers(tmp_path) == []


def test_without_atomic_exchange_a_failed_swap_puts_the_old_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "kit"
    out.mkdir()
    before = old_kit(out)
    monkeypatch.setattr(folders, "_exchange", lambda a, b: False)
    real_rename = os.rename

    def rename(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        if Path(dst) == out and ".sb-tmp-" in str(src):
            raise OSError(errno.EIO, "I/O error", str(dst))
        real_rename(src, dst)

    monkeypatch.setattr(folders.os, "rename", rename)
    with pytest.raises(OutputError, match="kit: i/o error"), atomic_dir(out) as tmp:
        (tmp / "kit.pdf").write_bytes(b"new kit")
    assert tree(out) == before and leftovers(tmp_path) == []


def test_without_atomic_exchange_the_swap_still_replaces_the_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "kit"
    out.mkdir()
    old_kit(out)
    monkeypatch.setattr(folders, "_exchange", lambda a, b: False)
    with atomic_dir(out) as tmp:
        (tmp / "manifest.json").write_bytes(b"{}")
    assert tree(out) == {"manifest.json": b"{}"} and leftovers(tmp_path) == []


def test_a_mount_point_is_refilled_in_place(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "usb"
    out.mkdir()
    old_kit(out)
    monkeypatch.setattr(folders.os.path, "ismount", lambda p: Path(p) == out)
    with atomic_dir(out) as tmp:
        assert tmp.parent == out  # built inside: a mount point cannot be renamed
        (tmp / "kit.pdf").write_bytes(b"new kit")
    assert tree(out) == {"kit.pdf": b"new kit"}
    assert leftovers(out) == [] and leftovers(tmp_path) == []


def test_symlink_to_another_file_system_is_followed(tmp_path: Path) -> None:
    shm = Path("/dev/shm")
    if not shm.is_dir() or os.stat(shm).st_dev == os.stat(tmp_path).st_dev:
        pytest.skip("needs /dev/shm on another file system")
    real = shm / f"sb-test-{os.getpid()}"
    link = tmp_path / "out"
    link.symlink_to(real)
    try:
        with atomic_dir(link) as tmp:
            (tmp / "kit.pdf").write_bytes(b"kit")
        write_atomic(tmp_path / "g.json", "{}")
        (tmp_path / "file-link").symlink_to(real / "kit.pdf")
        write_atomic(tmp_path / "file-link", b"again")
        assert link.is_symlink() and (tmp_path / "file-link").is_symlink()
        assert (real / "kit.pdf").read_bytes() == b"again"
        assert not [e for e in leftovers(shm) if e.startswith(f".{real.name}.")]
    finally:
        import shutil
        shutil.rmtree(real, ignore_errors=True)


def test_250_character_names_fit(tmp_path: Path) -> None:
    name = "n" * 250
    with atomic_dir(tmp_path / name) as tmp:
        (tmp / "kit.pdf").write_bytes(b"kit")
    with atomic_dir(tmp_path / name) as tmp:  # and again, replacing it
        (tmp / "kit.pdf").write_bytes(b"kit 2")
    write_atomic(tmp_path / (name + ".json"), "{}")
    write_atomic(tmp_path / (name + ".json"), "[]")
    assert (tmp_path / name / "kit.pdf").read_bytes() == b"kit 2"
    assert (tmp_path / (name + ".json")).read_text() == "[]"
    assert leftovers(tmp_path) == []


def test_temps_of_a_killed_run_are_swept(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    pid = int(dead.stdout)
    (tmp_path / f".kit.sb-tmp-{pid}-abc123").mkdir()
    (tmp_path / f".kit.sb-tmp-{pid}-abc123" / "kit.pdf").write_bytes(b"half")
    (tmp_path / f".kit.sb-old-{pid}-def456").mkdir()  # set aside, then killed: put back
    (tmp_path / f".kit.sb-old-{pid}-def456" / "kit.pdf").write_bytes(b"old")
    (tmp_path / f".g.json.sb-tmp-{pid}-xyz.tmp").write_bytes(b"half")
    with atomic_dir(tmp_path / "kit") as tmp:
        (tmp / "kit.pdf").write_bytes(b"new")
    write_atomic(tmp_path / "g.json", "{}")
    assert leftovers(tmp_path) == []
    assert (tmp_path / "kit" / "kit.pdf").read_bytes() == b"new"


def test_a_new_folder_gets_ordinary_permissions_an_old_one_keeps_its_own(tmp_path: Path) -> None:
    with atomic_dir(tmp_path / "a") as tmp:
        (tmp / "kit.pdf").write_bytes(b"x")
    mask = os.umask(0)
    os.umask(mask)
    assert (tmp_path / "a").stat().st_mode & 0o777 == 0o777 & ~mask
    (tmp_path / "a").chmod(0o750)
    with atomic_dir(tmp_path / "a") as tmp:
        (tmp / "kit.pdf").write_bytes(b"y")
    assert (tmp_path / "a").stat().st_mode & 0o777 == 0o750


# -- what is never replaced ---------------------------------------------------------------------

@pytest.mark.parametrize(("make", "ours"), [
    (lambda d: None, True),
    (lambda d: old_kit(d), True),
    (lambda d: (d / "manifest.json").write_text("{}"), True),
    (lambda d: [(d / n).write_text("x") for n in ("manifest.json", "index.html",
                                                 "2027-01-01.html")], True),  # a web site
    (lambda d: (d / "notes.txt").write_text("mine"), False),  # no signature, other name
    (lambda d: [(d / "kit.pdf").write_text("x"), (d / "notes.txt").write_text("mine")], False),
    (lambda d: [(d / "kit.pdf").write_text("x"), (d / ".hidden").write_text("mine")], False),
    (lambda d: [(d / "kit.pdf").write_text("x"), (d / "Photo.PDF").write_text("mine")], False),
    (lambda d: [(d / "kit.pdf").write_text("x"), (d / "link.pdf").symlink_to("/etc/passwd")],
     False),
    (lambda d: [(d / "kit.pdf").write_text("x"), (d / "manifest.json").mkdir()], False),
    (lambda d: [(d / "invoice.pdf").write_text("x"), (d / "ticket.pdf").write_text("x")], False),
])
def test_which_folders_are_ours(tmp_path: Path, make: Callable[[Path], object],
                                ours: bool) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    make(folder)
    assert (foreign_entry(folder) is None) == ours
    if not ours:
        before = sorted(os.listdir(folder))
        with pytest.raises(OutputError, match="spacebowl did not write"), atomic_dir(folder):
            pytest.fail("must not get here")
        assert sorted(os.listdir(folder)) == before and leftovers(tmp_path) == []


def test_fifo_device_and_file_are_never_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for target, words in [(fifo, "named pipe"), (Path("/dev/null"), "device"),
                          (Path("/dev/full"), "device")]:
        with pytest.raises(OutputError, match=words) as caught:
            write_atomic(target, "x")
        assert str(caught.value).startswith(f"{target}: ")
        with pytest.raises(OutputError, match=words):
            check_output_dir(target)
    assert Path("/dev/null").is_char_device() and fifo.is_fifo()
    (tmp_path / "f.json").write_text("{}")
    with pytest.raises(OutputError, match="is a file, not a folder"):
        check_output_dir(tmp_path / "f.json")
    (tmp_path / "d").mkdir()
    with pytest.raises(OutputError, match="is a folder"):
        write_atomic(tmp_path / "d", "x")


def test_the_current_folder_is_never_swapped_away(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "out").mkdir()
    monkeypatch.chdir(tmp_path / "out")
    with pytest.raises(OutputError, match="current folder"):
        check_output_dir(".")
    with pytest.raises(OutputError, match="current folder"):
        check_output_dir(tmp_path)  # holds it (and is empty but for it)


# -- OS errors are one line naming the path ----------------------------------------------------

def test_a_file_in_place_of_a_folder_is_enotdir_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(OutputError) as caught:
        write_atomic(tmp_path / "file" / "g.json", "{}")
    assert str(caught.value) == (f"{tmp_path}/file/g.json: "
                                 "a part of the path is a file, not a folder")
    with pytest.raises(OutputError, match="not a folder"), atomic_dir(tmp_path / "file" / "kit"):
        pass


def test_disk_full_while_writing_names_the_file_and_leaves_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "kit"
    out.mkdir()
    before = old_kit(out)
    with pytest.raises(OutputError) as caught, atomic_dir(out) as tmp, \
            open("/dev/full", "wb", buffering=0) as full:  # the kernel's own ENOSPC...
        try:
            full.write(b"x" * 10)
        except OSError as err:  # ... as if it came from writing cards.pdf
            raise OSError(err.errno, err.strerror, str(tmp / "cards.pdf")) from None
    assert str(caught.value) == f"{out}/cards.pdf: no space left on device"
    assert tree(out) == before and leftovers(tmp_path) == []

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full_disk)
    with pytest.raises(OutputError, match=r"g\.json: no space left on device"):
        write_atomic(tmp_path / "g.json", "{}")
    assert not (tmp_path / "g.json").exists() and leftovers(tmp_path) == []


def test_loops_proc_and_long_paths_are_one_line(tmp_path: Path) -> None:
    (tmp_path / "loop").symlink_to("loop")
    with pytest.raises(OutputError, match="symbolic links"):
        write_atomic(tmp_path / "loop", "x")
    with pytest.raises(OutputError, match=r"^/proc/x: "):
        write_atomic("/proc/x", "x")
    huge = tmp_path / ("x" * 100_000)
    with pytest.raises(OutputError) as caught:
        write_atomic(huge, "x")
    assert len(str(caught.value)) < 200 and "name too long" in str(caught.value)


def test_dangling_symlink_writes_where_it_points(tmp_path: Path) -> None:
    (tmp_path / "link.json").symlink_to("real.json")
    write_atomic(tmp_path / "link.json", "{}")
    assert (tmp_path / "link.json").is_symlink() and (tmp_path / "real.json").read_text() == "{}"
    (tmp_path / "bad.json").symlink_to(tmp_path / "file" / "x.json")
    (tmp_path / "file").write_text("x")
    with pytest.raises(OutputError, match=r"bad\.json: a part of the path is a file"):
        write_atomic(tmp_path / "bad.json", "{}")


def test_write_atomic_keeps_an_existing_files_permissions(tmp_path: Path) -> None:
    target = tmp_path / "deck.toml"
    target.write_text("old")
    target.chmod(0o640)
    write_atomic(target, "new")
    assert target.read_text() == "new" and target.stat().st_mode & 0o777 == 0o640


# -- signal handlers -----------------------------------------------------------------------------

def test_handlers_are_installed_only_over_defaults_and_restored() -> None:
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as under nohup
    try:
        with interrupts_as_exceptions():
            assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
            assert signal.getsignal(signal.SIGTERM) not in (signal.SIG_DFL, None)
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    finally:
        signal.signal(signal.SIGHUP, previous)


@pytest.mark.parametrize(("code", "cause"), [
    (errno.EACCES, "permission denied"), (errno.EROFS, "read-only file system"),
    (errno.ENOSPC, "no space left on device"), (errno.EDQUOT, "disk quota exceeded"),
    (errno.EXDEV, "cannot move across file systems"), (errno.EIO, "input/output error"),
])
def test_every_os_error_on_output_is_one_line_naming_the_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, cause: str) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code), str(tmp_path / ".whatever"))

    monkeypatch.setattr(files.tempfile, "mkstemp", refuse)
    monkeypatch.setattr(folders.tempfile, "mkdtemp", refuse)
    with pytest.raises(OutputError) as caught:
        write_atomic(tmp_path / "g.json", "{}")
    assert str(caught.value) == f"{tmp_path}/g.json: {cause}"
    with pytest.raises(OutputError) as caught, atomic_dir(tmp_path / "kit"):
        pass
    assert str(caught.value) == f"{tmp_path}/kit: {cause}"
    assert os.listdir(tmp_path) == []
