"""`golf simulate`: computer players playing many games, one JSON line each."""
