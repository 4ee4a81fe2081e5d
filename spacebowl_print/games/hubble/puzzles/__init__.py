"""Hubble's published challenges: the daily solo booklet and the classroom set
(:mod:`.daily`), each challenge drawn by :class:`.item.HubbleDay` with its par proved by the
engine before anything is written."""
