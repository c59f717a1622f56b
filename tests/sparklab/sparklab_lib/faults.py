# SPDX-License-Identifier: MIT
"""Faults (stub)."""


def add_arguments(parser):
    parser.set_defaults(func=lambda args: None)
