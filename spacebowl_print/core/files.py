"""Writing outputs so that nothing is ever half-written, and every OS error is one line.

Promises of this module:

* :func:`write_atomic` writes a file through a temp file beside the *resolved* target (symlinks
  followed, so the temp is always on the target's own file system: no ``EXDEV``), flushed to
  disk, then renamed over it. Readers see the old file or the complete new one.
* :func:`atomic_dir` builds an output folder in a temp folder beside the resolved target and
  swaps it in *as a whole*: afterwards the folder holds exactly what this run wrote (no stale
  file of an earlier run), and on any error or interrupt the old folder is left as it was.
* Only regular files and folders that are *ours* (see :func:`foreign_entry`) are ever
  replaced; a FIFO, device, socket, ``/dev/null``, or a folder holding someone else's files is
  refused with one line.
* SIGTERM and SIGHUP are turned into :class:`Interrupted` (a ``KeyboardInterrupt``, like
  Ctrl-C) while these run, so their cleanup always happens; making a temp, the swap and the
  cleanup run with those signals held back (:func:`signals_held`), so none is cut in half.
  No temp file or folder is left behind (a ``kill -9`` can leave one: the next run into the
  same place removes it).
* Every ``OSError`` on the way becomes :class:`OutputError`: ``<path>: <cause>``, one line.
"""

from __future__ import annotations

import ctypes
import errno
import hashlib
import os
import re
import shutil
import signal
import stat
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from types import FrameType

from spacebowl_print.core.errors import InputError

# --------------------------------------------------------------------------- errors


class OutputError(InputError):
    """A path that cannot be written (or read): ``<path>: <cause>``, printed as one line with
    exit status 2 like any other bad input."""

    def __init__(self, path: str | os.PathLike[str], cause: str):
        super().__init__(cause, file=shown_path(path))


_CAUSES = {
    errno.ENOSPC: "no space left on device",
    errno.EDQUOT: "disk quota exceeded",
    errno.EROFS: "read-only file system",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EISDIR: "is a folder, not a file",
    errno.ENAMETOOLONG: "file name too long",
    errno.ELOOP: "too many levels of symbolic links (a loop?)",
    errno.EXDEV: "cannot move across file systems",
    errno.EPIPE: "broken pipe (the reader went away)",
    errno.ENOENT: "no such file or folder",
    errno.EBUSY: "busy (a mount point?)",
}


def os_cause(err: OSError) -> str:
    """A short, lower-case cause for ``err`` (``no space left on device``)."""
    if err.errno in _CAUSES:
        return _CAUSES[err.errno]
    return (err.strerror or type(err).__name__).lower()


def shown_path(path: str | os.PathLike[str] | bytes) -> str:
    """``path`` as text for a message, cut in the middle beyond 120 characters (a 10 MB
    argument never makes a 10 MB error line)."""
    text = os.fsdecode(path) if isinstance(path, bytes) else os.fspath(path)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")  # undecodable bytes
    return text if len(text) <= 120 else f"{text[:70]}…{text[-49:]}"


def output_error(path: str | os.PathLike[str], err: OSError) -> OutputError:
    """``err`` as an :class:`OutputError` naming ``path`` (the name the user gave)."""
    return OutputError(path, os_cause(err))


# --------------------------------------------------------------------------- signals


class Interrupted(KeyboardInterrupt):
    """SIGTERM or SIGHUP received: raised like Ctrl-C's ``KeyboardInterrupt`` so that every
    ``finally`` runs; ``signum`` says which signal it was."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


_AS_INTERRUPT = (signal.SIGTERM, signal.SIGHUP)
_HELD = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def _raise_interrupted(signum: int, frame: FrameType | None) -> None:
    raise Interrupted(signum)


@contextmanager
def interrupts_as_exceptions() -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP raise :class:`Interrupted` instead of killing the
    process on the spot (Python's default, which skips all cleanup); the previous handlers come
    back on leaving.

    Only signals still at their default action are taken over: a SIGHUP ignored by ``nohup``
    stays ignored, and a handler someone else installed is kept. Outside the main thread
    (where Python cannot set handlers) this does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[signal.Signals, Callable[[int, FrameType | None], object] | int | None] = {}
    try:
        for sig in _AS_INTERRUPT:
            if signal.getsignal(sig) == signal.SIG_DFL:
                previous[sig] = signal.signal(sig, _raise_interrupted)
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP back while inside, so that a few renames are never cut
    in half by an interrupt; one that came meanwhile is acted on when leaving (its handler
    runs then: ``KeyboardInterrupt``, :class:`Interrupted`, or the default action).

    Done with Python-level handlers that only take note, not with a signal mask: a process
    with other threads (numpy's, OR-Tools') may get the signal on any of them, and Python then
    runs the handler in the main thread whatever the main thread's mask says. Outside the
    main thread (where no Python handler runs) this does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pending: list[int] = []

    def take_note(signum: int, frame: FrameType | None) -> None:
        pending.append(signum)

    previous: dict[signal.Signals, Callable[[int, FrameType | None], object] | int | None] = {}
    try:
        for sig in _HELD:
            if signal.getsignal(sig) != signal.SIG_IGN:
                previous[sig] = signal.signal(sig, take_note)
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if pending:
            _deliver(pending[0], previous.get(signal.Signals(pending[0])))


def _deliver(signum: int, handler: Callable[[int, FrameType | None], object] | int | None
             ) -> None:
    """Act on a signal that was held back, as its handler would have."""
    if callable(handler):
        handler(signum, None)
    elif handler in (signal.SIG_DFL, None):
        signal.raise_signal(signum)


# --------------------------------------------------------------------------- targets


def resolve_target(path: str | os.PathLike[str]) -> Path:
    """The absolute path ``path`` stands for, every symlink followed (a dangling one to where
    it points), so temp files are made on the target's own file system.

    A symlink loop is an :class:`OutputError`.
    """
    real = Path(os.path.realpath(path))
    try:
        looped = stat.S_ISLNK(real.lstat().st_mode)  # realpath stops at a link in a loop
    except FileNotFoundError:
        return real
    except OSError as err:  # a name too long, a file where a folder should be…
        raise output_error(path, err) from None
    if looped:
        raise OutputError(path, _CAUSES[errno.ELOOP])
    return real


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISDIR, "a folder"), (stat.S_ISREG, "a file")):
        if test(mode):
            return name
    return "not a regular file"


def _lstat(path: Path, shown: str | os.PathLike[str]) -> os.stat_result | None:
    try:
        return path.lstat()
    except FileNotFoundError:
        return None
    except OSError as err:
        raise output_error(shown, err) from None


def check_output_file(path: str | os.PathLike[str]) -> Path:
    """The resolved path a file output ``-o FILE`` will replace; an :class:`OutputError` if
    what is there now is not a regular file (a folder, FIFO, device, socket: never replaced).

    Call it before slow work so a bad ``-o`` fails at once; :func:`write_atomic` checks again.
    """
    target = resolve_target(path)
    st = _lstat(target, path)
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise OutputError(path, f"is {_kind(st.st_mode)}; only a regular file is replaced")
    return target


OUTPUT_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,99}\.(?:pdf|svg|json|html)")
"""Names of the files our commands write into an output folder (kits, booklets, classroom
sets, web sites)."""

SUBFOLDER_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
"""Names of the folders our commands write inside an output folder (``svg``)."""

SIGNATURES = ("manifest.json", "cut-guide.json", "kit.pdf")
"""Files one of which every output folder of ours holds: a booklet's or classroom set's
manifest, a kit's cut guide and its all-in-one PDF."""

_OUR_TEMP = re.compile(r"\.(?:.*\.)?sb-(?:tmp|old)-(\d+)-[A-Za-z0-9_]+(?:\.tmp)?")


def foreign_entry(folder: Path) -> str | None:
    """``None`` if ``folder`` is *ours* and may be replaced as a whole, else the first entry
    that makes it someone else's (its path relative to ``folder``).

    The rule: a folder is ours when it is empty, or when it holds one of :data:`SIGNATURES`
    and every entry in it, at any depth, is a regular file named like our outputs
    (:data:`OUTPUT_NAME`: lower-case, ``.pdf``, ``.svg``, ``.json`` or ``.html``) or a folder
    named like ours (:data:`SUBFOLDER_NAME`) holding only such entries. No symlinks, no hidden
    files, no other names. A folder of your own files, or your home folder, is therefore never
    replaced; an earlier kit, booklet, classroom set or web site is.
    """
    entries = sorted(e for e in os.listdir(folder) if not _OUR_TEMP.fullmatch(e))
    if not entries:
        return None
    if not any(name in entries for name in SIGNATURES):
        return entries[0]
    stack = [(folder, "")]
    while stack:
        here, rel = stack.pop()
        for name in sorted(os.listdir(here)):
            if not rel and _OUR_TEMP.fullmatch(name):
                continue
            st = os.lstat(here / name)
            if stat.S_ISREG(st.st_mode) and OUTPUT_NAME.fullmatch(name):
                continue
            if stat.S_ISDIR(st.st_mode) and SUBFOLDER_NAME.fullmatch(name):
                stack.append((here / name, f"{rel}{name}/"))
                continue
            return rel + name
    return None


def check_output_dir(path: str | os.PathLike[str]) -> Path:
    """The resolved folder an output ``-o FOLDER`` will replace; an :class:`OutputError` if
    something there may not be replaced: a file, FIFO or device instead of a folder, a folder
    that is not ours (:func:`foreign_entry`), or the current folder (or one holding it).

    Call it before slow work so a bad ``-o`` fails at once; :func:`atomic_dir` checks again.
    """
    target = resolve_target(path)
    st = _lstat(target, path)
    if st is None:
        return target
    if not stat.S_ISDIR(st.st_mode):
        raise OutputError(path, f"is {_kind(st.st_mode)}, not a folder")
    try:
        cwd = Path.cwd().resolve()
        if cwd == target or target in cwd.parents:
            raise OutputError(path, "is the current folder (or holds it): choose a subfolder")
        foreign = foreign_entry(target)
    except OSError as err:
        raise output_error(path, err) from None
    if foreign is not None:
        shown = foreign if len(foreign) <= 60 else foreign[:57] + "..."
        raise OutputError(path, f"holds {shown!r}, which spacebowl did not write: refusing to "
                                "replace the folder (choose a new or empty one)")
    return target


# --------------------------------------------------------------------------- temp names


def _temp_stem(name: str) -> str:
    """``name`` for a temp name; a long one is replaced by a hash, so the temp name stays
    within NAME_MAX (255 bytes) whatever the target is called."""
    raw = os.fsencode(name)
    return name if len(raw) <= 64 else hashlib.sha256(raw).hexdigest()[:16]


def _temp_base(name: str) -> str:
    """What every temp name made for target ``name`` starts with (``""``: a temp inside the
    target itself, for a mount point)."""
    return f".{_temp_stem(name)}.sb-" if name else ".sb-"


def _temp_prefix(name: str, kind: str) -> str:
    return f"{_temp_base(name)}{kind}-{os.getpid()}-"


def _sweep(parent: Path, name: str) -> None:
    """Remove temps that a killed earlier run (``kill -9``, power cut) left beside ``name``
    in ``parent`` (``name`` ``""``: inside ``parent``); an old folder set aside by such a run
    is put back if the target is gone. Temps of running processes are left alone."""
    stem = _temp_base(name)
    try:
        found = [e for e in os.listdir(parent) if e.startswith(stem)]
    except OSError:
        return
    for entry in found:
        m = _OUR_TEMP.fullmatch(entry)
        if not m or _alive(int(m.group(1))):
            continue
        path = parent / entry
        with suppress(OSError):
            if name and "sb-old-" in entry and not os.path.lexists(parent / name):
                os.rename(path, parent / name)
            elif path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, owned by someone else
        return True
    return True


def _umask() -> int:
    # Read without a window where the umask is 0 for other threads: /proc when available.
    with suppress(OSError, ValueError), open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _remove(path: Path | None) -> None:
    if path is None or not os.path.lexists(path):
        return
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        with suppress(OSError):
            path.unlink()


def _fsync_path(path: Path, directory: bool = False) -> None:
    fd = os.open(path, os.O_RDONLY | (os.O_DIRECTORY if directory else 0))
    try:
        os.fsync(fd)
    except OSError as err:
        if err.errno not in (errno.EINVAL, errno.ENOTSUP):  # file systems without fsync
            raise
    finally:
        os.close(fd)


def _make_folder(folder: Path, shown: str | os.PathLike[str]) -> None:
    """``folder`` and its parents, created as needed; a file in the way is named."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a file where a folder should be
        raise OutputError(shown, _CAUSES[errno.ENOTDIR]) from None
    except OSError as err:
        raise output_error(shown, err) from None


# --------------------------------------------------------------------------- one file


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write ``data`` (text as UTF-8) to ``path``: through a temp file beside the resolved
    target, flushed to disk, then renamed over it. Returns ``Path(path)``.

    Readers see either the old file or the complete new one; a symlink stays a symlink (the
    file it points to is replaced); an existing file keeps its permissions, a new one gets
    those of a plain ``open()``. A target that is not a regular file, and any OS error, is
    an :class:`OutputError` naming ``path``; nothing is left behind.
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    target = check_output_file(path)
    with interrupts_as_exceptions():
        _make_folder(target.parent, path)
        _sweep(target.parent, target.name)
        tmp: Path | None = None
        try:
            with signals_held():
                fd, name = tempfile.mkstemp(prefix=_temp_prefix(target.name, "tmp"),
                                            suffix=".tmp", dir=target.parent)
                tmp = Path(name)
            with os.fdopen(fd, "wb") as fh:
                # mkstemp makes the file private (0600): give it the old file's permissions,
                # or those a plain open() would.
                old = _lstat(target, path)
                mode = stat.S_IMODE(old.st_mode) if old else 0o666 & ~_umask()
                os.fchmod(fh.fileno(), mode)
                fh.write(raw)
                fh.flush()
                os.fsync(fh.fileno())
            with signals_held():
                check_output_file(path)  # still a regular file (or nothing) at commit time
                os.replace(tmp, target)
                tmp = None
            _fsync_path(target.parent, directory=True)
        except OSError as err:
            raise output_error(path, err) from None
        finally:
            with signals_held():
                _remove(tmp)
    return Path(path)


# --------------------------------------------------------------------------- folders


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
    old = Path(tempfile.mkdtemp(prefix=_temp_prefix(target.name, "old"), dir=target.parent))
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
    old = Path(tempfile.mkdtemp(prefix=_temp_prefix("", "old"), dir=target))
    moved_out: list[str] = []
    moved_in: list[str] = []
    try:
        for name in sorted(os.listdir(target)):
            if (target / name) not in (new, old) and not _OUR_TEMP.fullmatch(name):
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
            _fsync_path(Path(here) / name)
        _fsync_path(Path(here), directory=True)


@contextmanager
def atomic_dir(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Build an output folder: yields an empty temp folder to write into; when the block ends
    without an error, that folder replaces ``path`` as a whole (it then holds exactly what was
    written, nothing of an earlier run). On any error or interrupt, ``path`` is left exactly
    as it was and the temp folder is removed.

    The temp folder is made beside the resolved ``path`` (same file system); for a mount
    point, inside it. ``path`` must be new, or a folder that is ours (:func:`check_output_dir`).
    An ``OSError`` while writing into the temp folder, or while swapping, becomes an
    :class:`OutputError` naming the file under ``path``.
    """
    target = check_output_dir(path)
    in_place = os.path.ismount(target)
    work = target if in_place else target.parent
    with interrupts_as_exceptions():
        _make_folder(work, path)
        _sweep(target.parent, target.name)
        if in_place:
            _sweep(target, "")
        tmp: Path | None = None
        old: Path | None = None
        try:
            with signals_held():
                tmp = Path(tempfile.mkdtemp(
                    prefix=_temp_prefix("" if in_place else target.name, "tmp"), dir=work))
            mode = os.stat(target).st_mode if os.path.isdir(target) else 0o777 & ~_umask()
            tmp.chmod(stat.S_IMODE(mode))  # mkdtemp's folder is private (0700)
            try:
                yield tmp
            except OSError as err:
                raise _named_under(err, tmp, Path(path)) from None
            _fsync_tree(tmp)
            with signals_held():
                check_output_dir(path)  # nothing foreign appeared meanwhile
                if in_place:
                    old = _swap_contents(tmp, target)
                else:
                    old = _swap_folder(tmp, target)
                    tmp = None
            with suppress(OSError):
                _fsync_path(work, directory=True)
        except OSError as err:
            raise output_error(path, err) from None
        finally:
            with signals_held():
                _remove(tmp)
                _remove(old)


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
