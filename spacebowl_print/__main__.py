"""``python -m spacebowl_print`` runs the ``spacebowl`` command."""

import sys

try:
    from spacebowl_print.entry import main
except KeyboardInterrupt:  # a Ctrl-C in the few milliseconds this import takes
    print("Interrupted", file=sys.stderr)
    sys.exit(130)

if __name__ == "__main__":
    main()
