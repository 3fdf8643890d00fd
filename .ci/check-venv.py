"""Usage: python3 -I .ci/check-venv.py <venv>

Checks a cached venv before the languages tier trusts it, from outside: run it with the machine's
Python (isolated, -I), never with the venv's own, so that nothing of the venv runs before it passes.
Every file each installed distribution lists in its RECORD must still have the SHA-256 recorded
there when pip installed it from a wheel whose hash the lock pins, and every file in the venv must
be one of those, or one of the few that `python -m venv` itself writes (pyvenv.cfg, the python
links, the activate scripts): an added `.pth`, `sitecustomize.py` or other file no wheel installed
fails it. A venv moved from the folder it was built in fails too: its scripts start with the old
folder's python, which is not there. Prints the first differences and exits 1 on any; 0 when all match."""
import base64
import csv
import hashlib
import os
import sys
from importlib import metadata
from pathlib import Path

# What `python -m venv` writes besides the distributions, and the tier's own completion marker.
VENV_OWN = {"pyvenv.cfg", ".complete", "lib64", "bin/activate", "bin/activate.csh", "bin/activate.fish", "bin/Activate.ps1"}


def venv_own(relative: str) -> bool:
    if relative in VENV_OWN:
        return True
    name = relative.removeprefix("bin/")
    return relative.startswith("bin/") and (name == "python" or name.startswith("python3"))


def site_packages(venv: Path) -> list[Path]:
    return sorted(p for p in (venv / "lib").glob("python3*/site-packages") if p.is_dir())


def check_records(venv: Path, problems: list[str]) -> set[Path]:
    """The files every RECORD lists (resolved), each hash checked; problems appended."""
    recorded: set[Path] = set()
    for dist in metadata.distributions(path=[str(p) for p in site_packages(venv)]):
        record = dist.read_text("RECORD")
        if record is None:
            problems.append(f"{dist.metadata['Name']}: no RECORD to check against")
            continue
        for row in csv.reader(record.splitlines()):
            if not row:
                continue
            path = Path(os.path.normpath(str(dist.locate_file(row[0]))))
            recorded.add(path)
            if len(row) < 2 or not row[1].startswith("sha256="):
                # Only the RECORD itself and the bytecode pip compiles are listed without a hash;
                # any other row without one (an added `evil.pth,,`) would vouch for a file unchecked.
                if not (path.name == "RECORD" or (path.suffix == ".pyc" and path.parent.name == "__pycache__")):
                    problems.append(f"{path}: its RECORD row has no hash, so nothing vouches for it")
                continue
            try:
                digest = hashlib.sha256(path.read_bytes()).digest()
            except OSError as error:
                problems.append(f"{path}: {error.strerror}")
                continue
            if base64.urlsafe_b64encode(digest).rstrip(b"=").decode() != row[1][len("sha256=") :]:
                problems.append(f"{path}: its SHA-256 is not the one its wheel recorded")
    return recorded


def check_unrecorded(venv: Path, recorded: set[Path], problems: list[str]) -> int:
    """Every file and link in the venv must be recorded or the venv's own; returns how many were looked at."""
    count = 0
    for folder, dirs, files in os.walk(venv):
        for name in files + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
            path = Path(os.path.normpath(os.path.join(folder, name)))
            count += 1
            relative = path.relative_to(venv).as_posix()
            if path not in recorded and not venv_own(relative):
                problems.append(f"{path}: no wheel installed this file (a .pth or sitecustomize.py would run at start-up)")
    return count


def check_location(venv: Path, problems: list[str]) -> None:
    """A venv names its own folder in its scripts' first line (or, where that path is too long for
    a shebang, in the `exec` line pip writes under `#!/bin/sh`); one copied or renamed runs nothing."""
    own = f"{venv}/bin/python".encode()
    for script in sorted((venv / "bin").iterdir()):
        if script.is_file() and not script.is_symlink():
            with script.open("rb") as file:
                first_two = b"".join([file.readline(4096), file.readline(4096)])
            if first_two.startswith(b"#!") and own not in first_two:
                problems.append(f"{script}: starts with another folder's python (the venv was moved after it was built)")


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: python3 -I .ci/check-venv.py <venv>", file=sys.stderr)
        return 2
    venv = Path(os.path.normpath(os.path.abspath(sys.argv[1])))
    if Path(sys.prefix).resolve() == venv.resolve():
        print(f"check-venv: runs inside {venv}, the venv it checks: run it with the machine's python3", file=sys.stderr)
        return 2
    if not site_packages(venv):
        print(f"check-venv: {venv}: no lib/python3*/site-packages", file=sys.stderr)
        return 1
    problems: list[str] = []
    check_location(venv, problems)
    recorded = check_records(venv, problems)
    count = check_unrecorded(venv, recorded, problems)
    for problem in problems[:10]:
        print(f"check-venv: {problem}", file=sys.stderr)
    if problems:
        print(f"check-venv: {len(problems)} file(s) differ from what was installed", file=sys.stderr)
        return 1
    print(f"check-venv: {count} files, each installed by a wheel and matching its recorded SHA-256")
    return 0


if __name__ == "__main__":
    sys.exit(main())
