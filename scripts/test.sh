#!/usr/bin/env bash
# Set up and run every check: lint, format, types, and the whole test suite (engines,
# web, storage on SQLite and PostgreSQL, the shared scenarios, the browser tests).
# Arguments go to pytest (after -n auto).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/system-deps.sh test
scripts/venv.sh test
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if url=$(scripts/postgres.sh); then
    case $url in
      *$'\n'* | [!p]*) echo "scripts/postgres.sh printed something other than one URL: $url" >&2; exit 1 ;;
    esac
    export TEST_DATABASE_URL=$url
  else
    echo "PostgreSQL tests will be skipped (set TEST_DATABASE_URL to run them)." >&2
  fi
fi
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy
# Over every core (pytest-xdist); each worker's PostgreSQL tests use a schema
# of their own (tests/conftest.py). `scripts/test.sh -n 0` runs in one process.
.venv/bin/python -m pytest -n auto "$@"
