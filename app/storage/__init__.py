"""Persistence: ORM rows (models) and one module of keyword-only functions per feature."""
