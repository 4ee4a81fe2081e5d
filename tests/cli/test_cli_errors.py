"""Every bad number, text or path given to a command: one line ``Error: …`` (≤ 200 characters),
exit status 2, no traceback, nothing half-written. Run through ``cli.main.run`` as the
console script does (in-process, so the whole set stays quick)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from spacebowl_print.cli.main import run

GALAXY = {"cards": [["RG", "B", "", None, "Y"], ["RYG", "GS", "B", "P", "RS"],
                    ["Y", "G", "RGB", "S", "P"], ["R", "BP", "G", "YS", "RP"],
                    ["G", "R", "B", "Y", "S"]]}
TOSS = {"destination": "B2", "marbles": {"R": "A1", "G": "B2"}, "black_hole": None}
CASE = json.dumps({"galaxy": GALAXY, "toss": TOSS})


def spacebowl(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, err: str, *needles: str) -> None:
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("Error: ") and len(err) <= 201, err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err, err


def write(path: Path, data: object) -> Path:
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


# -- the bare command -------------------------------------------------------------------------

@pytest.mark.parametrize("args", [[], ["deck"], ["galaxy"]])
def test_a_bare_group_prints_its_help_and_exits_0(capsys: pytest.CaptureFixture[str],
                                                  args: list[str]) -> None:
    code, out, err = spacebowl(capsys, *args)
    assert code == 0 and out.startswith("Usage: spacebowl") and err == ""


# -- numbers ------------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["booklet"], ["classroom", "--students", "2", "--puzzles", "2"], ["stats"], ["kit"],
    ["galaxy", "build", "--toss", "t.json", "--solutions", "1", "-o", "g.json"],
    ["deck", "design", "-o", "d.toml"],
])
def test_seed_minus_one_is_refused(capsys: pytest.CaptureFixture[str], args: list[str],
                                   tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "t.json", TOSS)
    one_line_error(*spacebowl(capsys, *args, "--seed", "-1")[::2], "--seed", "0 to 4294967295")
    one_line_error(*spacebowl(capsys, *args, "--seed", "9" * 5000)[::2], "--seed")
    assert sorted(os.listdir(tmp_path)) == ["t.json"]


def test_the_last_day_of_a_booklet_stays_within_9999(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    one_line_error(*spacebowl(capsys, "booklet", "--start", "9999-12-31", "--days", "2",
                              "-o", str(tmp_path / "b"))[::2], "--start", "run past 9999-12-31")
    one_line_error(*spacebowl(capsys, "booklet", "--start", "10000-01-01")[::2], "--start")
    code, _, err = spacebowl(capsys, "booklet", "--start", "9999-12-31", "--days", "1", "-q",
                             "-o", str(tmp_path / "b"))
    assert code == 0, err
    manifest = json.loads((tmp_path / "b" / "manifest.json").read_text())
    assert manifest["puzzles"][0]["id"] == "9999-12-31"


def test_counts_are_bounded_and_help_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    one_line_error(*spacebowl(capsys, "classroom", "--students", "500",
                              "--puzzles", "50")[::2], "--students", "at most 3660")
    one_line_error(*spacebowl(capsys, "stats", "--galaxies", "20001")[::2], "--galaxies")
    one_line_error(*spacebowl(capsys, "booklet", "--days", "3661")[::2], "--days")
    one_line_error(*spacebowl(capsys, "booklet", "--tiers", "1-" + "9" * 5000)[::2], "--tiers")
    _, out, _ = spacebowl(capsys, "classroom", "--help")
    assert "3660" in out and "1<=x<=500" in out
    _, out, _ = spacebowl(capsys, "stats", "--help")
    assert "1<=x<=20000" in out and "two minutes" in out


def test_a_bad_source_date_epoch_stops_before_any_work(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "abc")
    for args in (["booklet", "--days", "3000"], ["kit"],
                 ["classroom", "--students", "1", "--puzzles", "1"]):
        one_line_error(*spacebowl(capsys, *args, "-o", str(tmp_path / "o"))[::2],
                       "SOURCE_DATE_EPOCH: must be a whole number")
    assert not (tmp_path / "o").exists()


# -- cells and text -----------------------------------------------------------------------------

@pytest.mark.parametrize("cell", ["A" + "1" * 5000, "A" + "9" * 5000, "Z" + "0" * 5000,
                                  "B" * 10_000_000])
def test_absurd_cells_are_one_short_line_everywhere(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path, cell: str) -> None:
    g = write(tmp_path / "galaxy.json", GALAXY)
    t = write(tmp_path / "toss.json", {**TOSS, "destination": cell})
    one_line_error(*spacebowl(capsys, "solve", str(g), str(t))[::2], "toss.json", "destination")
    good = write(tmp_path / "good.json", TOSS)
    one_line_error(*spacebowl(capsys, "solve", str(g), str(good), "--wild", cell)[::2], "--wild")
    one_line_error(*spacebowl(capsys, "galaxy", "build", "--toss", str(t), "--solutions", "1",
                              "-o", str(tmp_path / "out.json"))[::2], "toss.json")
    manifest = {"game": "spacebowl", "deck": "classic", "seed": 1, "puzzles": [
        {"id": "p1", "tier": 1, "galaxy": GALAXY, "toss": {**TOSS, "destination": cell},
         "variants": {"rotation": False, "torus": False, "wild": None},
         "answer": {"count": 0, "solutions": []}}]}
    m = write(tmp_path / "manifest.json", manifest)
    code, _, err = spacebowl(capsys, "check", str(m))
    one_line_error(code, err, "manifest.json")  # 2 (unreadable), never 1 (wrong answer)
    assert not (tmp_path / "out.json").exists()


def test_batch_lines_split_on_newline_only(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    lines = [CASE, CASE + "\u2028", "\x0c" + CASE, CASE.replace(", ", ",\x85", 1), CASE + "\r",
             CASE]
    cases = tmp_path / "cases.jsonl"
    cases.write_bytes("\n".join(lines).encode() + b"\n")
    code, out, err = spacebowl(capsys, "solve", "--batch", str(cases))
    answers = [json.loads(x) for x in out.split("\n")[:-1]]
    assert len(answers) == len(lines)  # one answer a line, in place
    assert [a.get("line") for a in answers] == [None, 2, 3, 4, None, None]
    assert answers[0] == answers[4] == answers[5] and answers[0]["count"] == 2
    assert code == 2 and err.count("\n") == 4  # three lines reported, then the summary


def test_long_text_options_are_refused_briefly(capsys: pytest.CaptureFixture[str]) -> None:
    for option in ("--lang", "--card-size", "--box", "--back-offset"):
        one_line_error(*spacebowl(capsys, "kit", option, "x" * 1_000_000)[::2], option)
    one_line_error(*spacebowl(capsys, "stats", "--galaxy", "g.json",
                              "--planets", "RR" * 100_000)[::2], "--planets")
    one_line_error(*spacebowl(capsys, "solve", "--deck", "d" * 100_000, "a", "b")[::2],
                   "name too long")


# -- output paths ---------------------------------------------------------------------------------

def test_never_replaces_a_fifo_or_a_device(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    one_line_error(*spacebowl(capsys, "booklet", "--days", "1", "-o", str(fifo))[::2],
                   f"{fifo}: is a named pipe")
    for device in ("/dev/null", "/dev/full"):
        one_line_error(*spacebowl(capsys, "kit", "-o", device)[::2], f"{device}: is a device")
        assert Path(device).is_char_device()
    assert fifo.is_fifo()


def test_file_outputs_never_replace_a_fifo_or_a_device(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    toss = write(tmp_path / "toss.json", TOSS)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for target, words in ((fifo, "is a named pipe"), (Path("/dev/full"), "is a device")):
        one_line_error(*spacebowl(capsys, "galaxy", "build", "--toss", str(toss),
                                  "--solutions", "1", "-q", "-o", str(target))[::2],
                       f"{target}: {words}")
    assert fifo.is_fifo() and Path("/dev/full").is_char_device()


def test_a_folder_that_is_not_ours_is_left_alone(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / "manifest.json").mkdir(parents=True)  # the case: was replaced + traceback
    (out / "booklet.pdf").write_bytes(b"old")
    one_line_error(*spacebowl(capsys, "booklet", "--days", "1", "-o", str(out))[::2],
                   "'manifest.json', which spacebowl did not write")
    assert (out / "manifest.json").is_dir() and (out / "booklet.pdf").read_bytes() == b"old"
    home = tmp_path / "home"
    home.mkdir()
    (home / "thesis.pdf").write_bytes(b"mine")
    one_line_error(*spacebowl(capsys, "classroom", "--students", "1", "--puzzles", "1",
                              "-o", str(home))[::2], "'thesis.pdf'")
    assert os.listdir(home) == ["thesis.pdf"]


def test_path_errors_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    one_line_error(*spacebowl(capsys, "booklet", "--days", "1",
                              "-o", str(tmp_path / "file" / "b"))[::2],
                   "a part of the path is a file")
    one_line_error(*spacebowl(capsys, "kit", "-o", "/proc/x")[::2], "/proc/x: ")
    one_line_error(*spacebowl(capsys, "booklet", "-o", str(tmp_path / ("b" * 300)))[::2],
                   "file name too long")
    (tmp_path / "loop").symlink_to("loop")
    one_line_error(*spacebowl(capsys, "booklet", "-o", str(tmp_path / "loop"))[::2],
                   "symbolic links")
    assert sorted(os.listdir(tmp_path)) == ["file", "loop"]


def test_a_250_character_folder_name_works_twice(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    out = tmp_path / ("b" * 250)
    for seed in ("1", "2"):
        code, _, err = spacebowl(capsys, "booklet", "--days", "1", "--seed", seed, "-q",
                                 "-o", str(out))
        assert code == 0, err
    assert sorted(os.listdir(out)) == ["booklet.pdf", "manifest.json", "spacebowl-output.json"]
    assert json.loads((out / "manifest.json").read_text())["seed"] == 2
    assert [e for e in os.listdir(tmp_path) if e.startswith(".")] == []


def test_a_symlink_to_another_file_system_is_no_exdev(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    shm = Path("/dev/shm")
    if not shm.is_dir() or os.stat(shm).st_dev == os.stat(tmp_path).st_dev:
        pytest.skip("needs /dev/shm on another file system")
    real = shm / f"sb-cli-test-{os.getpid()}"
    (tmp_path / "out").symlink_to(real)
    try:
        code, _, err = spacebowl(capsys, "booklet", "--days", "1", "-q",
                                 "-o", str(tmp_path / "out"))
        assert code == 0, err
        assert sorted(os.listdir(real)) == ["booklet.pdf", "manifest.json", "spacebowl-output.json"]
        assert (tmp_path / "out").is_symlink()
    finally:
        import shutil
        shutil.rmtree(real, ignore_errors=True)


def test_the_kit_folder_holds_exactly_one_kit(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    out = tmp_path / "kit"
    out.mkdir()
    for name in ("kit.pdf", "cut-guide.json", "rules-fr.pdf", "cut-lines-99.svg"):
        (out / name).write_bytes(b"from an earlier kit")
    (out / "svg").mkdir()
    (out / "svg" / "card-999.svg").write_bytes(b"<svg/>")
    # an earlier output that does not record what wrote it is replaced only with --force
    one_line_error(*spacebowl(capsys, "kit", "--lang", "en", "-o", str(out))[::2],
                   "does not record what wrote it: add --force")
    code, said, err = spacebowl(capsys, "kit", "--lang", "en", "--force", "-o", str(out))
    assert code == 0, err
    names = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert "rules-en.pdf" in names and "rules-fr.pdf" not in names
    assert "cut-lines-99.svg" not in names and "svg/card-999.svg" not in names
    assert (out / "kit.pdf").read_bytes() != b"from an earlier kit"
    assert f"wrote {len(names)} files" in said  # the summary on stdout, like every command's
    # now it records what wrote it: the same command replaces it without --force, another
    # game's kit only with it
    code, _, err = spacebowl(capsys, "kit", "--lang", "fr", "--cards-only", "-o", str(out))
    assert code == 0, err
    assert "rules-en.pdf" not in {p.name for p in out.iterdir()}
    one_line_error(*spacebowl(capsys, "hubble", "kit", "-o", str(out))[::2],
                   "holds a spacebowl kit, not a hubble kit: add --force")


# -- stdout ----------------------------------------------------------------------------------------

def test_stdout_on_a_full_disk_or_a_closed_pipe_is_one_line() -> None:
    command = [sys.executable, "-m", "spacebowl_print", "deck", "check", "classic", "--json"]
    with open("/dev/full", "w") as full:
        proc = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True,
                              check=False)
    assert (proc.returncode, proc.stderr) == (2, "Error: stdout: no space left on device\n")
    read, write_end = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run(command, stdout=write_end, stderr=subprocess.PIPE, text=True,
                              check=False)
    finally:
        os.close(write_end)
    assert (proc.returncode, proc.stderr) == (2, "Error: stdout: broken pipe (the reader "
                                                 "went away)\n")


# -- progress --------------------------------------------------------------------------------------

class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_slow_commands_show_progress_on_a_terminal_only(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert run(["stats", "--galaxies", "2", "--variants", "base", "--jobs", "1", "--json"]) == 0
    assert "Dealing galaxies" in terminal.getvalue()  # on stderr, beside --json
    assert json.loads(capsys.readouterr().out)["galaxies"] == 2
    terminal.seek(0)
    terminal.truncate()
    assert run(["classroom", "--students", "2", "--puzzles", "1", "-o", str(tmp_path / "c"),
                "--quiet"]) == 0
    assert terminal.getvalue() == ""
    assert run(["classroom", "--students", "2", "--puzzles", "1", "-o", str(tmp_path / "c")]) == 0
    assert "Making worksheets" in terminal.getvalue()


def test_any_os_error_left_over_is_one_line_and_an_interrupt_is_130(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from spacebowl_print.games.spacebowl.cli import solve_cmd

    def denied(name: object) -> None:
        raise PermissionError(13, "Permission denied", "/secret/deck.toml")

    monkeypatch.setattr(solve_cmd, "load_deck", denied)
    code, out, err = spacebowl(capsys, "solve", "a.json", "b.json")
    assert (code, out, err) == (2, "", "Error: /secret/deck.toml: permission denied\n")

    def interrupted(name: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(solve_cmd, "load_deck", interrupted)
    assert spacebowl(capsys, "solve", "a.json", "b.json") == (130, "", "Interrupted\n")
