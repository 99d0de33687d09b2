"""Bridges to other poker libraries (optional extras; nothing here is imported by default)."""
