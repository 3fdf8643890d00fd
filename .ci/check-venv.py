"""Checks a cached venv before the languages tier trusts it: every file each installed distribution
lists in its RECORD must still have the SHA-256 recorded there when pip installed it from a wheel
whose hash the lock pins. Prints the first differences and exits 1 on any; 0 when all match."""
import base64
import csv
import hashlib
import sys
from importlib import metadata
from pathlib import Path


def main() -> int:
    checked = 0
    problems: list[str] = []
    for dist in metadata.distributions():
        record = dist.read_text("RECORD")
        if record is None:
            problems.append(f"{dist.metadata['Name']}: no RECORD to check against")
            continue
        for row in csv.reader(record.splitlines()):
            if len(row) < 2 or not row[1].startswith("sha256="):
                continue
            path = Path(str(dist.locate_file(row[0])))
            try:
                digest = hashlib.sha256(path.read_bytes()).digest()
            except OSError as error:
                problems.append(f"{path}: {error.strerror}")
                continue
            expected = row[1][len("sha256=") :]
            if base64.urlsafe_b64encode(digest).rstrip(b"=").decode() != expected:
                problems.append(f"{path}: its SHA-256 is not the one its wheel recorded")
            checked += 1
    for problem in problems[:10]:
        print(f"check-venv: {problem}", file=sys.stderr)
    if problems:
        print(f"check-venv: {len(problems)} file(s) differ from what was installed", file=sys.stderr)
        return 1
    print(f"check-venv: {checked} files match their recorded SHA-256")
    return 0


if __name__ == "__main__":
    sys.exit(main())
