"""Deprecated name of `meeple strength arena` (meeple.analysis.arena), kept only so that the commands
docs/ records (`python -m meeple.adapters.arena ...`) still run. The arena is a measurement made
through the adapter, not part of it: import meeple.analysis.arena."""

import sys

if __name__ == "__main__":
    from meeple.analysis.arena import main

    print("python -m meeple.adapters.arena is deprecated: it is `meeple strength arena` now.", file=sys.stderr)
    sys.exit(main())
