"""Computer player tests."""
