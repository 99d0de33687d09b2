"""The shared library exports exactly the functions its public header declares: no
internal helper leaks into the ABI, and no declared function is missing.

Usage: python3 check_exports.py LIBRARY HEADER (run by `make test`; needs binutils' nm).
"""

import re
import subprocess
import sys


def declared(header: str) -> set[str]:
    """The functions the header declares, its comments left out."""
    with open(header, encoding="utf-8") as file:
        text = re.sub(r"/\*.*?\*/", "", file.read(), flags=re.S)
    return set(re.findall(r"\b(badugi_\w+)\s*\(", text))


def exported(library: str) -> set[str]:
    """The symbols the library defines in its dynamic symbol table."""
    lines = subprocess.run(
        ["nm", "-D", "--defined-only", library], check=True, capture_output=True, text=True
    ).stdout.splitlines()
    return {line.split()[-1].split("@")[0] for line in lines if len(line.split()) == 3}


def main() -> int:
    library, header = sys.argv[1:3]
    extra = exported(library) - declared(header)
    missing = declared(header) - exported(library)
    for name in sorted(extra):
        print(f"{library}: exports {name}, which {header} does not declare")
    for name in sorted(missing):
        print(f"{library}: does not export {name}, which {header} declares")
    print(f"check_exports: {len(declared(header))} functions, {len(extra) + len(missing)} wrong")
    return 1 if extra or missing else 0


if __name__ == "__main__":
    sys.exit(main())
