"""Pure rules of the games: no web, no storage, no clock. Everything here is deterministic."""
