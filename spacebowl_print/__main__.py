"""``python -m spacebowl_print`` runs the ``spacebowl`` command."""

from spacebowl_print.entry import main

if __name__ == "__main__":
    main()
