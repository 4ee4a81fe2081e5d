"""Output folders: built in a temp folder and swapped in as a whole, and only ever replacing
a folder that is ours, written by the same command for the same game.

Promises of this module:

* :func:`atomic_dir` builds an output folder in a temp folder beside the resolved target and
  swaps it in *as a whole*: afterwards the folder holds exactly what this run wrote (no stale
  file of an earlier run), and on any error or interrupt the old folder is left as it was.
* Only folders that are *ours* (see :func:`foreign_entry`) are ever replaced; a file, FIFO,
  device, or a folder holding someone else's files is refused with one line
  (:func:`check_output_dir`), even with ``force``.
* A folder written with a ``kind`` (``"spacebowl kit"``, ``"hubble booklet"``: the game and
  the command) records it, with every file it holds and the file's digest, in
  :data:`MARKER` (:mod:`.records`). It is replaced by a run of the same kind when every
  entry is proved by that record; another kind, or an earlier output whose record proves
  nothing, is refused in one line naming what is there, unless ``force`` is given; a file
  the record does not prove, or a malformed record, always (:func:`replace_problem`).
* SIGTERM and SIGHUP are turned into :class:`~.signals.Interrupted` while it runs, so its
  cleanup always happens; making the temp, the swap and the cleanup run with those signals
  held back (:func:`~.signals.signals_held`), so none is cut in half. No temp folder is left
  behind (a ``kill -9`` can leave one: the next run into the same place removes it).
* Every ``OSError`` on the way becomes :class:`~.paths.OutputError`: ``<path>: <cause>``.
"""

from __future__ import annotations

import ctypes
import errno
import os
import stat
import tempfile
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from pathlib import Path
from types import TracebackType

from spacebowl_print.core.errors import InternalError
from spacebowl_print.core.paths import (
    OutputError,
    kind_of,
    lstat_or_none,
    make_folder,
    output_error,
    resolve_target,
)
from spacebowl_print.core.records import (
    MARKER,
    OUTPUT_NAME,
    SUBFOLDER_NAME,
    RecordError,
    read_record,
    record_of,
    unproved_entry,
)
from spacebowl_print.core.signals import interrupts_as_exceptions, signals_held
from spacebowl_print.core.temps import (
    OUR_TEMP,
    current_umask,
    fsync_path,
    made_temp,
    remove_temps,
    sweep_temps,
    temp_prefix,
)

# --------------------------------------------------------------------------- ours or not

SIGNATURES = ("manifest.json", "cut-guide.json", "kit.pdf", MARKER)
"""Files one of which every output folder of ours holds: a booklet's or classroom set's
manifest, a kit's cut guide and its all-in-one PDF, the record of what wrote it."""


def foreign_entry(folder: Path) -> str | None:
    """``None`` if ``folder`` is *ours* by its names and may be replaced as a whole, else the
    first entry that makes it someone else's (its path relative to ``folder``): the rule for
    a folder whose record proves nothing (none, or one without digests).

    The rule: a folder is ours when it is empty, or when it holds one of :data:`SIGNATURES`
    and every entry in it, at any depth, is a regular file named like our outputs
    (:data:`OUTPUT_NAME`: lower-case, ``.pdf``, ``.svg``, ``.json``, ``.html`` or ``.png``) or
    a folder named like ours (:data:`SUBFOLDER_NAME`) holding only such entries. No symlinks,
    no hidden files, no other names. A folder of your own files, or your home folder, is
    therefore never replaced; an earlier kit, booklet, classroom set or web site is.
    """
    entries = sorted(e for e in os.listdir(folder) if not OUR_TEMP.fullmatch(e))
    if not entries:
        return None
    if not any(name in entries for name in SIGNATURES):
        return entries[0]
    stack = [(folder, "")]
    while stack:
        here, rel = stack.pop()
        for name in sorted(os.listdir(here)):
            if not rel and OUR_TEMP.fullmatch(name):
                continue
            st = os.lstat(here / name)
            if stat.S_ISDIR(st.st_mode) and SUBFOLDER_NAME.fullmatch(name):
                stack.append((here / name, rel + name + "/"))
            elif not (stat.S_ISREG(st.st_mode) and OUTPUT_NAME.fullmatch(name)):
                return rel + name
    return None


def _not_ours(what: str) -> str:
    return f"holds {what}: refusing to replace the folder (choose a new or empty one)"


def replace_problem(folder: Path, kind: str | None, force: bool) -> str | None:
    """Why the existing folder ``folder`` may not be replaced by an output of ``kind`` (None:
    a command that does not say), or None when it may.

    * A folder whose record (:data:`MARKER`) is malformed is never replaced: the record is
      not one spacebowl wrote (:func:`~.records.read_record` says why).
    * With a record of digests, every entry must be proved (:func:`~.records.unproved_entry`:
      listed, a regular file of the recorded size and SHA-256): a file spacebowl did not
      write, or one changed since, is never replaced, ``force`` or not. The folder is then
      replaced by an output of the recorded kind, or of another with ``force``.
    * A folder whose record proves nothing (none, or the earlier shape without digests) is
      judged by its names (:func:`foreign_entry`), and replaced only with ``force`` by a
      command that names its kind.
    """
    entries = [e for e in os.listdir(folder) if not OUR_TEMP.fullmatch(e)]
    if not entries:
        return None
    try:
        record = read_record(folder) if MARKER in entries else None
    except RecordError as err:
        return f"{MARKER} is not a record spacebowl wrote ({err}): refusing to replace the folder"
    if record is None or record.files is None:
        foreign = foreign_entry(folder)
        if foreign is not None:
            shown = foreign if len(foreign) <= 60 else foreign[:57] + "..."
            return _not_ours(f"{shown!r}, which spacebowl did not write")
        if kind is None or force:
            return None
        what = ("does not record what wrote it" if record is None else
                "records no digest of its files (an older spacebowl wrote it)")
        return f"holds an earlier output that {what}: add --force to replace it"
    unproved = unproved_entry(folder, record, OUR_TEMP)
    if unproved is not None:
        return _not_ours(unproved)
    if record.kind == kind or force:
        return None
    instead = f", not a {kind}" if kind is not None else ""
    return (f"holds a {record.kind}{instead}: add --force to replace it, or choose another "
            "folder")


def check_output_dir(path: str | os.PathLike[str], kind: str | None = None,
                     force: bool = False) -> Path:
    """The resolved folder an output ``-o FOLDER`` of ``kind`` will replace; an
    :class:`OutputError` if something there may not be replaced: a file, FIFO or device
    instead of a folder, the current folder (or one holding it), or a folder that
    :func:`replace_problem` refuses (``force`` lets another kind of output be replaced, never
    files spacebowl did not write).

    Call it before slow work so a bad ``-o`` fails at once; :func:`atomic_dir` checks again.
    """
    target = resolve_target(path)
    st = lstat_or_none(target, path)
    if st is None:
        return target
    if not stat.S_ISDIR(st.st_mode):
        raise OutputError(path, f"is {kind_of(st.st_mode)}, not a folder")
    try:
        cwd = Path.cwd().resolve()
        if cwd == target or target in cwd.parents:
            raise OutputError(path, "is the current folder (or holds it): choose a subfolder")
        problem = replace_problem(target, kind, force)
    except OSError as err:
        raise output_error(path, err) from None
    if problem is not None:
        raise OutputError(path, problem)
    return target


# --------------------------------------------------------------------------- the swap


_libc: ctypes.CDLL | None = None
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap ``a`` and ``b`` in one atomic step (Linux ``renameat2(RENAME_EXCHANGE)``): readers
    of ``b`` never find it missing. False where the system or file system cannot."""
    global _libc
    try:
        if _libc is None:
            _libc = ctypes.CDLL(None, use_errno=True)
        fn = _libc.renameat2
    except (OSError, AttributeError):
        return False
    rc = fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if rc == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), os.fsdecode(b))


def _swap_folder(new: Path, target: Path) -> Path | None:
    """Put folder ``new`` at ``target`` as a whole; returns where the old folder went (to be
    removed by the caller), or None if there was none. If anything fails, ``target`` is as
    it was. Call with signals held."""
    if not os.path.lexists(target):
        os.rename(new, target)
        return None
    if _exchange(new, target):
        return new  # ``new`` now names the old folder
    old = Path(tempfile.mkdtemp(prefix=temp_prefix(target.name, "old"), dir=target.parent))
    try:
        os.rename(target, old)  # replaces the empty folder just made
    except BaseException:
        os.rmdir(old)
        raise
    try:
        os.rename(new, target)
    except BaseException:
        os.rename(old, target)  # put the old one back
        raise
    return old


def _swap_contents(new: Path, target: Path) -> Path:
    """For a target that cannot itself be renamed (a mount point): move its entries aside into
    a hidden folder inside it, then ``new``'s entries in; undone entry by entry on any failure.
    Returns the folder holding the old entries (to be removed). Call with signals held."""
    old = Path(tempfile.mkdtemp(prefix=temp_prefix("", "old"), dir=target))
    moved_out: list[str] = []
    moved_in: list[str] = []
    try:
        for name in sorted(os.listdir(target)):
            if (target / name) not in (new, old) and not OUR_TEMP.fullmatch(name):
                os.rename(target / name, old / name)
                moved_out.append(name)
        for name in sorted(os.listdir(new)):
            os.rename(new / name, target / name)
            moved_in.append(name)
    except BaseException:
        for name in reversed(moved_in):
            os.rename(target / name, new / name)
        for name in reversed(moved_out):
            os.rename(old / name, target / name)
        raise
    return old


def _fsync_tree(folder: Path) -> None:
    for here, _dirs, files in os.walk(folder):
        for name in files:
            fsync_path(Path(here) / name)
        fsync_path(Path(here), directory=True)


class atomic_dir:  # lower-case: used like the function it was, ``with atomic_dir(…)``
    """Build an output folder: ``with atomic_dir(path) as tmp`` gives an empty temp folder to
    write into; when the block ends without an error, that folder replaces ``path`` as a
    whole (it then holds exactly what was written, nothing of an earlier run). On any error
    or interrupt, ``path`` is left exactly as it was and the temp folder is removed.

    The temp folder is made beside the resolved ``path`` (same file system); for a mount
    point, inside it. ``path`` must be new, or a folder that an output of ``kind`` may replace
    (:func:`check_output_dir`, with ``force``). With a ``kind`` the folder's record
    (:data:`MARKER`) is written last, from what the block wrote.
    An ``OSError`` while writing into the temp folder, or while swapping, becomes an
    :class:`OutputError` naming the file under ``path``.

    A class rather than a generator: an interrupt landing just as a generator-made context
    manager hands the folder over (after its ``yield``, before the ``with`` block begins)
    skips its cleanup for good, and left ``.out.sb-tmp-*`` behind (issue 27, item 7).
    ``__enter__`` cleans up after itself on any interrupt; from the moment it returns, the
    ``with`` statement calls ``__exit__``. Every temp is also noted
    (:func:`~.temps.made_temp`) for the command's last line of defence.
    """

    def __init__(self, path: str | os.PathLike[str], kind: str | None = None,
                 force: bool = False) -> None:
        self.path, self.kind, self.force = path, kind, force
        self.tmp: Path | None = None
        self.old: Path | None = None
        self._signals = interrupts_as_exceptions()

    def __enter__(self) -> Path:
        target = check_output_dir(self.path, self.kind, self.force)
        self.target = target
        self.in_place = os.path.ismount(target)
        self.work = target if self.in_place else target.parent
        self._signals.__enter__()
        try:
            make_folder(self.work, self.path)
            sweep_temps(target.parent, target.name)
            if self.in_place:
                sweep_temps(target, "")
            with signals_held():
                self.tmp = made_temp(Path(tempfile.mkdtemp(
                    prefix=temp_prefix("" if self.in_place else target.name, "tmp"),
                    dir=self.work)))
            mode = (os.stat(target).st_mode if os.path.isdir(target)
                    else 0o777 & ~current_umask())
            self.tmp.chmod(stat.S_IMODE(mode))  # mkdtemp's folder is private (0700)
            return self.tmp
        except BaseException as err:
            self._finish()
            if isinstance(err, OSError):
                raise output_error(self.path, err) from None
            raise

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None,
                 tb: TracebackType | None) -> None:
        try:
            if err is None:
                self._commit()
            elif isinstance(err, OSError) and self.tmp is not None:
                raise _named_under(err, self.tmp, Path(self.path)) from None
        except OSError as failed:
            raise output_error(self.path, failed) from None
        finally:
            self._finish()

    def _commit(self) -> None:
        """The written folder swapped in for the target (the record written first)."""
        if self.tmp is None:
            raise InternalError("atomic_dir: nothing to commit (entered?)")
        try:
            if self.kind is not None:
                _write_record(self.tmp, self.kind)
        except OSError as err:
            raise _named_under(err, self.tmp, Path(self.path)) from None
        _fsync_tree(self.tmp)
        with signals_held():
            check_output_dir(self.path, self.kind, self.force)  # nothing foreign appeared
            if self.in_place:
                self.old = made_temp(_swap_contents(self.tmp, self.target))
            else:
                old = _swap_folder(self.tmp, self.target)
                self.tmp = None
                self.old = made_temp(old) if old is not None else None
        with suppress(OSError):
            fsync_path(self.work, directory=True)

    def _finish(self) -> None:
        """Remove what is left (the temp folder, or the old folder set aside) and give the
        signals back, whatever happens meanwhile."""
        try:
            remove_temps(self.tmp, self.old)
        finally:
            self._signals.__exit__(None, None, None)


def _write_record(tmp: Path, kind: str) -> None:
    """Write :data:`MARKER` into the finished temp folder: the kind and every file in it
    with its digest (:func:`~.records.record_of`), so that the record proves exactly what
    this run wrote however it was written (from memory or streamed to disk)."""
    if os.path.lexists(tmp / MARKER):
        raise ValueError(f"{MARKER} is written by the folder itself, not by the command")
    (tmp / MARKER).write_text(record_of(tmp, kind), encoding="utf-8")


def _named_under(err: OSError, tmp: Path, shown: Path) -> OSError | OutputError:
    """An error on a file inside the temp folder, named as the file under the output folder;
    any other ``OSError`` unchanged."""
    if err.filename is None:
        return err
    try:
        rel = Path(os.fsdecode(err.filename)).relative_to(tmp)
    except ValueError:
        return err
    return output_error(shown / rel, err)


def write_folder(out_dir: str | os.PathLike[str], files: Mapping[str, bytes | str], *,
                 kind: str | None = None, force: bool = False,
                 writers: Sequence[Callable[[Path], Sequence[str]]] = ()) -> list[Path]:
    """Write ``files`` (relative name → bytes, or text written as UTF-8) as the whole content
    of ``out_dir``, all or nothing (:func:`atomic_dir`); returns the written paths.

    ``writers`` write more files straight into the folder being built (each is called with
    it, after ``files``, and returns the names it wrote): files too many or too large to hold
    in memory at once (a kit's pictures). With a ``kind`` (the game and the command:
    ``"spacebowl kit"``, ``"hubble booklet"``) the folder also gets :data:`MARKER` recording
    it and every file with its digest (listed last among the returned paths); an existing
    folder is then replaced only when it records the same kind, or with ``force`` (never
    when it holds files spacebowl did not write, or changed since). Without a kind no record
    is written and a folder recording one is refused unless forced. ``files`` may not name
    :data:`MARKER` itself (``ValueError``)."""
    if MARKER in files:
        raise ValueError(f"{MARKER} is written by write_folder itself")
    names = list(files)
    with atomic_dir(out_dir, kind, force) as tmp:
        for name, data in files.items():
            target = tmp / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(data, str):
                target.write_text(data, encoding="utf-8")
            else:
                target.write_bytes(data)
        for write in writers:
            names += write(tmp)
    names += [MARKER] if kind is not None else []
    return [Path(out_dir) / name for name in names]


__all__ = [
    "MARKER", "OUTPUT_NAME", "SIGNATURES", "SUBFOLDER_NAME", "atomic_dir", "check_output_dir",
    "foreign_entry", "replace_problem", "write_folder",
]
