#!/usr/bin/env bash
# make deb: soundsafari_<VERSION>_amd64.deb and soundsafari-server_<VERSION>_amd64.deb from release builds with the
# Swift runtime linked statically, into DEB_OUT (default .build/deb), then lintian on both.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
version="$(tr -d '[:space:]' <VERSION)"
[[ "$version" =~ ^[0-9][0-9A-Za-z.+~]*$ ]] || {
    echo "error: VERSION holds '$version', which is not a Debian version (e.g. 1.1.0)." >&2
    exit 1
}
out="${DEB_OUT:-$root/.build/deb}"
maintainer="${DEB_MAINTAINER:-SoundSafari authors <soundsafari@example.org>}"
swift="${SWIFT:-swift}"
for tool in dpkg-deb dpkg-shlibdeps strip chrpath lintian; do
    command -v "$tool" >/dev/null || {
        echo "error: $tool is missing: run scripts/install-deps.sh --deb first." >&2
        exit 1
    }
done

# The target machine has no Swift toolchain: its runtime, Foundation and Dispatch go into each binary.
static=(-c release --static-swift-stdlib)
"$swift" build "${static[@]}" --product soundsafari
"$swift" build "${static[@]}" --product soundsafari-analyze
# swift-argument-parser's generate-manual, the tool its GenerateManual plugin runs on each product; run directly
# on the two shipped binaries, since the plugin would first build every product (bench and autopilot included).
"$swift" build "${static[@]}" --product generate-manual
(cd Server && "$swift" build "${static[@]}" --product soundsafari-server)
bin="$("$swift" build "${static[@]}" --show-bin-path)"
server_bin="$(cd Server && "$swift" build "${static[@]}" --show-bin-path)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# changelog.gz of a native package: one entry for this version, dated by the last commit (reproducible).
changelog() { # PACKAGE DESTDIR
    local date
    date="$(git log -1 --format=%cD 2>/dev/null || date -R)"
    mkdir -p "$2"
    printf '%s (%s) unstable; urgency=medium\n\n  * Built from the SoundSafari repository at %s.\n\n -- %s  %s\n' \
        "$1" "$version" "$(git rev-parse --short HEAD 2>/dev/null || echo 'a checkout')" "$maintainer" "$date" |
        gzip -9n >"$2/changelog.gz"
}

# debian/copyright: the package's template with the Unicode licence (ICU, inside Foundation) as a License paragraph.
copyright() { # TEMPLATE DESTDIR
    mkdir -p "$2"
    local unicode
    unicode="$(printf 'License: Unicode-3.0\n'; sed -e 's/^$/./' -e 's/^/ /' packaging/common/Unicode-3.0)"
    awk -v text="$unicode" '$0 == "@UNICODE-3.0@" { print text; next } { print }' "$1" >"$2/copyright"
}

# No symbols (smaller; backtraces still name Swift functions from their metadata) and no RUNPATH: the linker
# leaves the toolchain's library folder in it, which does not exist on the target and must not be searched.
shrink() { # BINARY
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$1"
    chrpath -d "$1" >/dev/null 2>&1 || true
}

manual() { # BINARY DESTDIR
    local pages="$work/man-$(basename "$1")"
    mkdir -p "$pages"
    # Dated by the last commit, so that the same checkout gives the same pages.
    "$bin/generate-manual" "$1" --date "$(git log -1 --format=%cs 2>/dev/null || date +%F)" \
        --authors "the SoundSafari authors" --output-directory "$pages" >/dev/null
    mkdir -p "$2"
    for page in "$pages"/*; do gzip -9n <"$page" >"$2/$(basename "$page").gz"; done
}

# Depends: the shared libraries the binaries link, as dpkg-shlibdeps finds them on this Debian 12 machine.
shlibdeps() { # BINARY...
    mkdir -p "$work/shlib/debian"
    printf 'Source: soundsafari\n\nPackage: soundsafari\nArchitecture: amd64\n' >"$work/shlib/debian/control"
    (cd "$work/shlib" && dpkg-shlibdeps -O "$@" 2>/dev/null) | sed -n 's/^shlibs:Depends=//p'
}

control() { # TEMPLATE STAGE DEPENDS
    local size
    size="$(du -sk --exclude=DEBIAN "$2" | cut -f1)"
    mkdir -p "$2/DEBIAN"
    sed -e "s|@VERSION@|$version|" -e "s|@MAINTAINER@|$maintainer|" -e "s|@SIZE@|$size|" -e "s|@DEPENDS@|$3|" \
        "$1" >"$2/DEBIAN/control"
}

# --- soundsafari: the game and the analyzer ---
game="$work/soundsafari"
lib="$game/usr/lib/soundsafari"
share="$game/usr/share/soundsafari"
install -d "$lib" "$share" "$game/usr/bin" "$game/usr/share/applications" \
    "$game/usr/share/icons/hicolor/256x256/apps"
for program in soundsafari soundsafari-analyze; do
    install -m 755 "$bin/$program" "$lib/$program"
    shrink "$lib/$program"
    ln -s "../lib/soundsafari/$program" "$game/usr/bin/$program"
    manual "$lib/$program" "$game/usr/share/man/man1"
done
# Architecture-independent data in /usr/share; the game finds Sounds/ (and Questionnaires/ beside it) by walking
# up from its executable's real folder, so /usr/lib/soundsafari links to them.
for folder in Sounds Questionnaires Examples; do
    cp -r "$folder" "$share/$folder"
done
# The translation catalogs (po/*.po compiled by msgfmt) where gettext looks last: /usr/share/locale.
bash scripts/po.sh compile "$game/usr/share/locale"
# The desktop entry with its translations (Name[de], Comment[de]…) that compile merged, opening the launch script.
sed 's|^Exec=.*|Exec=/usr/lib/soundsafari/launch|' "$game/usr/share/locale/soundsafari.desktop" \
    >"$game/usr/share/applications/soundsafari.desktop"
chmod 644 "$game/usr/share/applications/soundsafari.desktop"
rm "$game/usr/share/locale/soundsafari.desktop"
ln -s ../../share/soundsafari/Sounds "$lib/Sounds"
ln -s ../../share/soundsafari/Questionnaires "$lib/Questionnaires"
install -m 755 packaging/soundsafari/launch "$lib/launch"
# The icon is the one `install-launcher` draws (the frog of the result pictures); it reads the merged entry from
# the build's locale folder.
bash scripts/po.sh compile "$bin/locale"
XDG_DATA_HOME="$work/icon" "$bin/soundsafari" install-launcher --logs "$work/icon/logs" >/dev/null
install -m 644 "$work/icon/icons/hicolor/256x256/apps/soundsafari.png" \
    "$game/usr/share/icons/hicolor/256x256/apps/soundsafari.png"
copyright packaging/soundsafari/copyright.in "$game/usr/share/doc/soundsafari"
changelog soundsafari "$game/usr/share/doc/soundsafari"
find "$share" -type d -exec chmod 755 {} + && find "$share" -type f -exec chmod 644 {} +
control packaging/soundsafari/control.in "$game" "$(shlibdeps "$lib/soundsafari" "$lib/soundsafari-analyze")"

# --- soundsafari-server: the study server as a systemd service ---
server="$work/soundsafari-server"
slib="$server/usr/lib/soundsafari-server"
install -d "$slib" "$server/usr/bin" "$server/lib/systemd/system" "$server/etc/soundsafari"
install -m 755 "$server_bin/soundsafari-server" "$slib/soundsafari-server"
shrink "$slib/soundsafari-server"
# Bundle.module looks for the dashboard's templates and the OpenAPI file beside the executable's real path.
cp -r "$server_bin/SoundSafariServer_StudyServer.resources" "$slib/"
find "$slib/SoundSafariServer_StudyServer.resources" -type d -exec chmod 755 {} +
find "$slib/SoundSafariServer_StudyServer.resources" -type f -exec chmod 644 {} +
ln -s ../lib/soundsafari-server/soundsafari-server "$server/usr/bin/soundsafari-server"
install -m 755 packaging/soundsafari-server/backup "$slib/backup"
for unit in soundsafari-server.service soundsafari-server-backup.service soundsafari-server-backup.timer; do
    install -m 644 "packaging/soundsafari-server/$unit" "$server/lib/systemd/system/$unit"
done
# soundsafari-server@PORT.service: the same unit on another port (a second instance behind the proxy).
sed -e 's/^Description=SoundSafari study server$/Description=SoundSafari study server on port %i/' \
    -e 's/--port \${SOUNDSAFARI_PORT}/--port %i/' -e '/^\[Install\]/,$d' \
    packaging/soundsafari-server/soundsafari-server.service >"$server/lib/systemd/system/soundsafari-server@.service"
printf '[Install]\nWantedBy=multi-user.target\n' >>"$server/lib/systemd/system/soundsafari-server@.service"
grep -q -- '--port %i' "$server/lib/systemd/system/soundsafari-server@.service" ||
    { echo "error: soundsafari-server.service no longer ends its ExecStart with --port \${SOUNDSAFARI_PORT}." >&2; exit 1; }
chmod 644 "$server/lib/systemd/system/soundsafari-server@.service"
install -m 600 packaging/soundsafari-server/server.env "$server/etc/soundsafari/server.env"
manual "$slib/soundsafari-server" "$server/usr/share/man/man1"
copyright packaging/soundsafari-server/copyright.in "$server/usr/share/doc/soundsafari-server"
changelog soundsafari-server "$server/usr/share/doc/soundsafari-server"
gzip -9n <packaging/soundsafari-server/README.Debian >"$server/usr/share/doc/soundsafari-server/README.Debian.gz"
control packaging/soundsafari-server/control.in "$server" "$(shlibdeps "$slib/soundsafari-server")"
for script in postinst prerm postrm; do install -m 755 "packaging/soundsafari-server/$script" "$server/DEBIAN/$script"; done
install -m 644 packaging/soundsafari-server/conffiles "$server/DEBIAN/conffiles"

for stage in "$game" "$server"; do
    find "$stage" -type d -exec chmod 755 {} +
    # md5sums of every file but the conffiles (debsums and dpkg --verify check them).
    (cd "$stage" && find . -type f ! -path './DEBIAN/*' ! -path './etc/*' -printf '%P\0' | sort -z | xargs -0 md5sum) \
        >"$stage/DEBIAN/md5sums"
    chmod 644 "$stage/DEBIAN/md5sums"
    name="$(basename "$stage")_${version}_amd64.deb"
    # Root-owned files without fakeroot's tricks: dpkg-deb sets owner and group itself.
    dpkg-deb --root-owner-group -Zxz --build "$stage" "$out/$name" >/dev/null
    echo "$out/$name $(stat -c %s "$out/$name") bytes"
done

# lintian: no error may remain (warnings are printed for the log).
lintian --fail-on error \
    "$out/soundsafari_${version}_amd64.deb" "$out/soundsafari-server_${version}_amd64.deb"
