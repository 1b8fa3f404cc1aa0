#!/usr/bin/env bash
# make deb: soundsafari_<VERSION>_amd64.deb and soundsafari-server_<VERSION>_amd64.deb from release builds with the
# Swift runtime linked statically, into DEB_OUT (default .build/deb), then lintian on both.
# DEB_BUILD=debug (CI, after `make test`): the same packages from the debug build `make test` made, relinked with the
# static runtime instead of built again in release (an hour on CI's 2 cores), into .build/deb-debug. Their version
# is VERSION+git<commit time>.<commit>: a test build, never a release, and newer than the release of VERSION, so
# that it installs over it (the upgrade test). DEB_VERSION names another version.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
# Any failure ends in one sentence naming the step (the tool's own output stands above it).
trap 'echo "error: make-deb.sh stopped at line $LINENO: $BASH_COMMAND" >&2' ERR
config="${DEB_BUILD:-release}"
case "$config" in
    release) default_out="$root/.build/deb" ;;
    debug) default_out="$root/.build/deb-debug" ;;
    *) echo "error: DEB_BUILD is '$config'; give release (the default) or debug." >&2; exit 1 ;;
esac
version="$(tr -d '[:space:]' <VERSION)"
if [ -n "${DEB_VERSION:-}" ]; then
    version="$DEB_VERSION"
elif [ "$config" = debug ]; then
    version="$version+git$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S).$(git rev-parse --short=7 HEAD)"
fi
[[ "$version" =~ ^[0-9][0-9A-Za-z.+~]*$ ]] || {
    echo "error: the package version would be '$version', which is not a Debian version (e.g. 1.1.0)." >&2
    exit 1
}
out="${DEB_OUT:-$default_out}"
maintainer="${DEB_MAINTAINER:-SoundSafari authors <soundsafari@example.org>}"
swift="${SWIFT:-swift}"
for tool in dpkg-deb dpkg-shlibdeps strip chrpath lintian; do
    command -v "$tool" >/dev/null || {
        echo "error: $tool is missing: run scripts/install-deps.sh --deb first." >&2
        exit 1
    }
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The target machine has no Swift toolchain: its runtime, Foundation and Dispatch go into each binary.
static=(-c "$config" --static-swift-stdlib)
bin="$("$swift" build "${static[@]}" --show-bin-path)"
server_bin="$(cd Server && "$swift" build "${static[@]}" --show-bin-path)"

# DEB_BUILD=debug: SwiftPM relinks the objects `make test` compiled without compiling them again (the driver sees
# no source changed), but objects compiled against the dynamic runtime name only the dynamic Foundation libraries,
# not what the static ones need (CoreFoundation, _FoundationICU, libcurl, …). A probe importing the same Foundation
# modules, compiled against the static runtime, names those; they go to the link, each shared one only if used
# (--as-needed), as in a release build. Measured: the game's relink took seconds, its full compile a half hour.
autolink="$(dirname "$(readlink -f "$(command -v swiftc)")")/swift-autolink-extract"
static_libs="$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift_static/linux"
relink_flags() { # BIN_DIR PRODUCT
    local objects="$1/$2.product/Objects.LinkFileList" modules=(Foundation) lib libraries
    [ -f "$objects" ] || {
        echo "error: DEB_BUILD=debug relinks the debug build, and $1 has no $2 yet: run make test (or swift build) first." >&2
        exit 1
    }
    # The list quotes each path ('… extensions.swift.o'), as xargs reads it.
    libraries="$(xargs "$autolink" -o - <"$objects" | sort -u)"
    for lib in $libraries; do
        case "$lib" in -lFoundationNetworking | -lFoundationXML) modules+=("${lib#-l}") ;; esac
    done
    printf 'import %s\n' "${modules[@]}" >"$work/probe-$2.swift"
    swiftc -static-stdlib -c "$work/probe-$2.swift" -o "$work/probe-$2.o"
    # The folder of the static archives is named too: these flags also reach the link of the version-stamp plugin's
    # tool, which the driver links against the dynamic runtime and whose link failed on "-lCoreFoundation" without it.
    printf -- '-Xlinker\n-L%s\n' "$static_libs"
    # A group: the static archives need each other (CoreFoundation needs _FoundationICU, which comes first).
    printf -- '-Xlinker\n--as-needed\n-Xlinker\n--start-group\n'
    "$autolink" "$work/probe-$2.o" -o - | sed 's/^/-Xlinker\n/'
    printf -- '-Xlinker\n--end-group\n'
}
build() { # PACKAGE_DIR BIN_DIR PRODUCT
    local extra=() flags
    if [ "$config" = debug ]; then
        flags="$(relink_flags "$2" "$3")"
        mapfile -t extra <<<"$flags"
    fi
    (cd "$1" && "$swift" build "${static[@]}" --product "$3" "${extra[@]}")
}
build . "$bin" soundsafari
build . "$bin" soundsafari-analyze
(cd Server && build . "$server_bin" soundsafari-server)
# swift-argument-parser's generate-manual, the tool its GenerateManual plugin runs on each product; run directly
# on the two shipped binaries, since the plugin would first build every product (bench and autopilot included).
# It runs here only, so a debug build links it against the toolchain's runtime, as `make test` does.
if [ "$config" = debug ]; then
    "$swift" build --product generate-manual
    manual_tool="$("$swift" build --show-bin-path)/generate-manual"
else
    "$swift" build "${static[@]}" --product generate-manual
    manual_tool="$bin/generate-manual"
fi
# One version in the folder: the tests take the one package of each name they find there.
mkdir -p "$out"
rm -f "$out"/soundsafari_*_amd64.deb "$out"/soundsafari-server_*_amd64.deb

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
    "$manual_tool" "$1" --date "$(git log -1 --format=%cs 2>/dev/null || date +%F)" \
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
# Architecture-independent data in /usr/share; the game finds Sounds/ (and Questionnaires/ and HRTF/ beside it) by
# walking up from its executable's real folder, so /usr/lib/soundsafari links to them.
for folder in Sounds Questionnaires Examples HRTF; do
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
ln -s ../../share/soundsafari/HRTF "$lib/HRTF"
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

compression=(-Zxz)
if [ "$config" = debug ]; then compression=(-Zgzip -z1); fi
for stage in "$game" "$server"; do
    find "$stage" -type d -exec chmod 755 {} +
    # md5sums of every file but the conffiles (debsums and dpkg --verify check them).
    (cd "$stage" && find . -type f ! -path './DEBIAN/*' ! -path './etc/*' -printf '%P\0' | sort -z | xargs -0 md5sum) \
        >"$stage/DEBIAN/md5sums"
    chmod 644 "$stage/DEBIAN/md5sums"
    name="$(basename "$stage")_${version}_amd64.deb"
    # Root-owned files without fakeroot's tricks: dpkg-deb sets owner and group itself. Test packages (debug) are
    # compressed quickly: xz takes minutes, and they live as long as one CI run.
    dpkg-deb --root-owner-group "${compression[@]}" --build "$stage" "$out/$name" >/dev/null
    echo "$out/$name $(stat -c %s "$out/$name") bytes"
done

# lintian: no error may remain (warnings are printed for the log).
lintian --fail-on error \
    "$out/soundsafari_${version}_amd64.deb" "$out/soundsafari-server_${version}_amd64.deb"
