#!/usr/bin/env bash
# Installs the Debian packages brade needs to build and test, when missing,
# then configures the build directory given as $1 (default: build) with any
# further meson options.  Sourced by .ci/run and .ci/tutor.
set -euo pipefail
brade_need=(meson ninja-build gcc pkg-config libreadline-dev libyaml-dev libcmocka-dev python3 librsvg2-bin
            libmicrohttpd-dev libjansson-dev)
# the browser tests (tests/web): Debian's chromium, its driver, selenium
# for Debian's own python3
if [ "${BRADE_NO_BROWSER:-}" != 1 ]; then
  brade_need+=(chromium chromium-driver python3-selenium)
fi
brade_missing=()
for p in "${brade_need[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || brade_missing+=("$p")
done
if [ ${#brade_missing[@]} -gt 0 ]; then
  echo "installing: ${brade_missing[*]}" >&2
  brade_sudo=""
  [ "$(id -u)" -ne 0 ] && brade_sudo=sudo
  $brade_sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $brade_sudo apt-get install -y -qq "${brade_missing[@]}" >/dev/null
fi

# brade_build DIR [meson options...]: configure and build.  A directory
# configured before with other options (say by .ci/tutor, with none) is
# set up afresh with these, so CI's options always hold.
brade_build() {
  local dir=$1; shift
  local want="$*"
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" "$@" >/dev/null
  elif [ "$(cat "$dir/.brade-options" 2>/dev/null)" != "$want" ]; then
    meson setup --wipe "$dir" "$@" >/dev/null
  fi
  printf '%s\n' "$want" >"$dir/.brade-options"
  ninja -C "$dir" >/dev/null
}
