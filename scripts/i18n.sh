#!/usr/bin/env bash
# The translations: extract every user-facing string (templates, views, and the
# engines' msg()/nmsg() messages), merge them into the Italian and Chinese
# catalogues, and compile those. Run after changing any user-facing string.
set -euo pipefail
cd "$(dirname "$0")/.."
pot=companion/translations/messages.pot
.venv/bin/pybabel extract -F babel.cfg -k _l -k _lp:1c,2 -k msg -k nmsg:1,2 \
  --no-location --sort-output --omit-header -o "$pot" .
for lang in it zh; do
  po=companion/translations/$lang/LC_MESSAGES/messages.po
  if [ -f "$po" ]; then
    .venv/bin/pybabel update --no-fuzzy-matching --ignore-obsolete -i "$pot" -d companion/translations -l "$lang"
  else
    .venv/bin/pybabel init -i "$pot" -d companion/translations -l "$lang"
  fi
done
.venv/bin/pybabel compile -d companion/translations --use-fuzzy
