#!/usr/bin/env bash
# Prints the path of a Chromium or Chrome for the playground's browser tests (www/test).
# Looks at $CHROME_PATH, then the usual install locations, then PATH. With --install, when none
# is found and the machine has apt-get with root or sudo, installs Debian's `chromium` package
# (apt-get update, then apt-get install --no-install-recommends chromium) and looks again.
# Otherwise exits 1 with one line saying what to install. Never downloads a browser build.
set -euo pipefail

install=false
case "${1:-}" in
  --install) install=true ;;
  "") ;;
  *) echo "usage: scripts/find-chrome.sh [--install]" >&2; exit 2 ;;
esac

if [ -n "${CHROME_PATH:-}" ]; then
  if [ -x "$CHROME_PATH" ] && [ ! -d "$CHROME_PATH" ]; then
    echo "$CHROME_PATH"
    exit 0
  fi
  echo "find-chrome: CHROME_PATH=$CHROME_PATH is not an executable file; point it at a Chromium or Chrome binary, or unset it" >&2
  exit 1
fi

# bash's `command -v` also names a PATH entry that is not executable: check that it is.
executable() {
  local found
  found=$(command -v "$1" 2>/dev/null) && [ -x "$found" ] && [ ! -d "$found" ] && echo "$found"
}

find_browser() {
  local candidate
  for candidate in \
    /usr/bin/chromium /usr/bin/chromium-browser /usr/lib/chromium/chromium \
    /usr/bin/google-chrome-stable /usr/bin/google-chrome /opt/google/chrome/chrome \
    /snap/bin/chromium \
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" \
    "/Applications/Chromium.app/Contents/MacOS/Chromium"; do
    if [ -x "$candidate" ] && [ ! -d "$candidate" ]; then
      echo "$candidate"
      return 0
    fi
  done
  for candidate in chromium chromium-browser google-chrome-stable google-chrome chrome; do
    executable "$candidate" && return 0
  done
  return 1
}

find_browser && exit 0

if $install && executable apt-get >/dev/null; then
  as_root=()
  if [ "$(id -u)" -ne 0 ]; then
    if executable sudo >/dev/null && sudo -n true 2>/dev/null; then
      as_root=(sudo -n)
    else
      as_root=(none)
    fi
  fi
  if [ "${as_root[0]:-}" != none ]; then
    echo "find-chrome: no Chromium or Chrome found; installing Debian's chromium package (apt-get)" >&2
    "${as_root[@]}" apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends chromium >&2
    find_browser && exit 0
  fi
fi

echo "find-chrome: no Chromium or Chrome found; install one (Debian/Ubuntu: sudo apt-get install chromium) or set CHROME_PATH to its binary" >&2
exit 1
