"""Hubble's pure data: pad geometry, pads, constellation cards, challenges, play logs and
title bands, with strict readers and writers for their file shapes. Imports nothing above."""
