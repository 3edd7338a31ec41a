"""The package version (one place; workers and output folders compare it)."""

__version__ = "0.1.0"
