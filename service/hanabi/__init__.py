"""Hanabi game service: rules engine, bots, storage, API and workers."""
