#!/usr/bin/env bash
# Installs the Debian packages SoundSafari needs (libnotify-bin and systemd: `reminders`' notify-send and
# per-user timers, systemd-analyze for their test; postgresql for the study server and its tests; chromium and
# chromium-driver for the dashboard's browser tests, python3-venv for their axe-core; librsvg2-bin's rsvg-convert
# for the analyzer's PDF and 300-dpi PNG figures, `report --publication`, and the doctor's PDF of `export --pdf`,
# which its tests check with poppler-utils' pdfinfo, pdffonts and pdftotext and with qpdf --check; espeak-ng for
# the window's "read aloud"; gettext's xgettext, msgmerge and msgfmt for the translation catalogs, scripts/po.sh;
# libebur128-dev measures the animal calls' loudness and tuxpaint-stamps-default holds the recorded calls
# `sounds import` reads in place), only those still missing (a fresh machine has just Swift).
set -euo pipefail

packages=(
  pkg-config
  libopenal-dev libopenal-data libsndfile1-dev
  libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libpng-dev
  libcsv-dev r-mathlib fonts-dejavu-core
  libmysofa-dev libsoxr-dev
  liblo-dev liblo-tools python3
  xvfb xauth
  libnotify-bin systemd
  postgresql
  chromium chromium-driver python3-venv
  librsvg2-bin poppler-utils qpdf
  espeak-ng
  gettext
  libebur128-dev tuxpaint-stamps-default
)
# The benchmark's peers: pandas + scipy for the classical statistics, lme4/lmerTest for the mixed models; wrk for
# the dashboard's pages under 32 concurrent clients (pgbench, their SQL alone, comes with postgresql).
[ "${1:-}" = "--bench" ] && packages+=(python3-pandas python3-scipy time r-base-core r-cran-lme4 r-cran-lmertest wrk)
# `make deb` and its install test: dpkg-shlibdeps (dpkg-dev), strip (binutils), chrpath, libcurl's development files
# (a statically linked FoundationNetworking links libcurl), lintian; debootstrap for the clean Debian 12 root,
# desktop-file-validate, nginx and openssl for the TLS proxy test, curl to ask the servers.
[ "${1:-}" = "--deb" ] && packages+=(dpkg-dev binutils chrpath libcurl4-openssl-dev lintian debootstrap desktop-file-utils nginx-light openssl curl)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing Debian packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "error: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
