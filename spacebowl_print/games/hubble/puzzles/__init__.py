"""Hubble's published challenges, for every publication (booklets, classroom sets, web sites):
:mod:`.kind` is what the shared publishing commands use; each challenge is drawn by
:class:`.item.HubbleDay` with its par proved by an independent engine before anything is
written; :mod:`.teach` draws the page that teaches a challenge."""
