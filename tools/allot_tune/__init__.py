# SPDX-License-Identifier: MIT
"""allot-tune's code: see cli.py for what it does, and tools/allot-tune, which runs it."""
