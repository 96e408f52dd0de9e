"""Deprecated name of `meeple strength` (meeple.analysis.strength), kept only so that the commands
docs/ and the rows of docs/strength.jsonl record (`python -m meeple.bots.strength ...`) still run.
Strength measurement is an analysis tool, not a bot: import meeple.analysis.strength."""

import sys

if __name__ == "__main__":
    from meeple.analysis.strength import main

    print("python -m meeple.bots.strength is deprecated: it is `meeple strength` now.", file=sys.stderr)
    sys.exit(main())
