#!/usr/bin/env bash
# Install the Debian packages the app needs ("run") or its tests need too ("test").
# As root with apt-get they are installed when missing; otherwise the missing ones
# are named so that you can install them yourself.
set -euo pipefail
purpose=${1:-run}

# WeasyPrint (PDF reports): Pango, HarfBuzz (with its subsetter: 3x faster), fontconfig,
# and fonts that draw Latin, Italian and Chinese names.
packages=(libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b libharfbuzz-subset0 libfontconfig1
          fonts-dejavu-core fonts-wqy-microhei)
if [ "$purpose" = test ]; then
  # Browser tests drive Debian's Chromium; storage tests also run on PostgreSQL;
  # the club server's tests run the README's site in Debian's nginx (openssl
  # makes its certificate).
  packages+=(chromium postgresql nginx openssl)
fi

missing=()
# Debian's own Python needs python3-venv to make the virtual environment.
if ! python3 -c "import ensurepip, venv" 2>/dev/null; then
  missing+=(python3-venv)
fi
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "Missing Debian packages: ${missing[*]}" >&2
  echo "Install them with: sudo apt-get install ${missing[*]}" >&2
  [ "$purpose" = test ] && exit 1
  exit 0
fi
