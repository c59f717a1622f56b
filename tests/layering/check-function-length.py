#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fails when a function body in the given folders is longer than the limit.

A long function in core/ hides its phases; past 100 lines it is split into
named steps (NcclTestRunner::runBlocking grew to 128 before it was split).
The scan is textual: comments and string literals are blanked, then every
brace pair whose opening line ends a signature (a closing parenthesis, maybe
const/override/noexcept or a trailing return type, or a constructor's
initialiser list) counts as a function or lambda body.

usage: check-function-length.py LIMIT FOLDER...
"""
import os
import re
import sys

SIGNATURE = re.compile(
    r'\)\s*(const)?\s*(override)?\s*(noexcept)?\s*(mutable)?\s*(->\s*[\w:<>,\s*&]+)?\s*$'
    r'|\)\s*(const)?\s*(override)?\s*:\s*\w')
STATEMENT = re.compile(r'\b(if|for|while|switch|catch)\s*\(')
NAME = re.compile(r'([\w:~]+)\s*\(')


def blank(source):
    source = re.sub(r'//[^\n]*', '', source)
    source = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), source, flags=re.S)
    source = re.sub(r'R"(\w*)\((.*?)\)\1"', lambda m: '""' + '\n' * m.group(0).count('\n'), source, flags=re.S)
    source = re.sub(r'"(\\.|[^"\\\n])*"', '""', source)
    return re.sub(r"'(\\.|[^'\\\n])'", "''", source)


def bodies(path):
    with open(path, encoding='utf-8') as file:
        lines = blank(file.read()).split('\n')
    opened = []
    for number, line in enumerate(lines):
        for character in line:
            if character == '{':
                opened.append(number)
            elif character == '}' and opened:
                start = opened.pop()
                head = ' '.join(lines[max(0, start - 3):start + 1])
                head = head[:head.rfind('{')].strip()
                if not SIGNATURE.search(head):
                    continue
                tail = head[-80:]
                last = NAME.findall(tail)
                if STATEMENT.search(tail) and (not last or last[-1] in ('if', 'for', 'while', 'switch', 'catch')):
                    continue
                names = NAME.findall(lines[start] if '(' in lines[start] else head)
                yield number - start + 1, start + 1, names[0] if names else tail


def main():
    limit = int(sys.argv[1])
    long = []
    for folder in sys.argv[2:]:
        for root, _, files in os.walk(folder):
            for name in sorted(files):
                if name.endswith(('.cpp', '.h')):
                    path = os.path.join(root, name)
                    long += [(length, path, line, what) for length, line, what in bodies(path) if length > limit]
    for length, path, line, what in sorted(long, reverse=True):
        print(f'{path}:{line}: {what} is {length} lines (at most {limit}): split it into named steps')
    return 1 if long else 0


if __name__ == '__main__':
    sys.exit(main())
