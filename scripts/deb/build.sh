#!/usr/bin/env bash
# make deb: eartrainer_<version>_<arch>.deb in .build/deb (DEB_OUT= chooses), from the release
# binaries with the Swift runtime linked in (--static-swift-stdlib: the package needs no Swift
# toolchain, only Debian's libraries, found by dpkg-shlibdeps-like lookups of what the binaries
# load), `make install` into a staging root with Debian's paths, man pages compressed, the config
# file as a conffile, and maintainer scripts that enable and start the service the Debian way
# (deb-systemd-helper, deb-systemd-invoke) and keep statistics and config unless purged.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${DEB_OUT:-$(pwd)/.build/deb}
version=$(sed -n 's/.*static let version = "eartrainerd \(.*\)"/\1/p' Sources/Daemon/DaemonCore.swift)
arch=$(dpkg --print-architecture)
root=$out/root
rm -rf "$out"
mkdir -p "$root/DEBIAN"
make -s install BUILD=release SWIFT_BUILD_FLAGS=--static-swift-stdlib DESTDIR="$root" PREFIX=/usr \
  UNITDIR=/lib/systemd/system CONFDIR=/etc/eartrainer >/dev/null
doc=$root/usr/share/doc/eartrainer
# Who maintains it: DEB_MAINTAINER, else the author of the commit it is built from.
maintainer=${DEB_MAINTAINER:-$(git log -1 --format='%an <%ae>' 2>/dev/null || echo "eartrainer developers <eartrainer@localhost>")}
install -m 644 scripts/deb/copyright "$doc/copyright"
printf 'eartrainer (%s) unstable; urgency=medium\n\n  * Built from the repository at %s.\n\n -- %s  %s\n' \
  "$version" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" "$maintainer" "$(date -R -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)")" |
  gzip -9n >"$doc/changelog.gz"
gzip -9n "$root"/usr/share/man/man*/*
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root"/usr/bin/*
# The shared libraries the binaries load, and the Debian packages that hold them (dpkg knows a
# library by the path its package ships, /lib or /usr/lib: usrmerge makes both the same file).
owner() {
  dpkg -S "$1" 2>/dev/null || dpkg -S "${1#/usr}" 2>/dev/null || dpkg -S "/usr$1" 2>/dev/null ||
    { echo "no Debian package holds $1" >&2; return 1; }
}
# Only the libraries each binary names itself (NEEDED): theirs come with their packages.
needed=$(for bin in "$root"/usr/bin/*; do objdump -p "$bin" | awk '/NEEDED/ { print $2 }'; done | sort -u)
libraries=$(for bin in "$root"/usr/bin/*; do ldd "$bin"; done | awk -v needed="$(echo $needed)" '
  BEGIN { split(needed, names, " "); for (i in names) want[names[i]] = 1 } /=> \// && want[$1] { print $3 }' | sort -u)
depends=$(for library in $libraries; do owner "$library"; done | cut -d: -f1 | sort -u | paste -sd, | sed 's/,/, /g')
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s|@MAINTAINER@|$maintainer|" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
  scripts/deb/control.in >"$root/DEBIAN/control"
echo /etc/eartrainer/eartrainer.toml >"$root/DEBIAN/conffiles"
install -m 755 scripts/deb/postinst scripts/deb/prerm scripts/deb/postrm "$root/DEBIAN/"
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -print0 | sort -z | xargs -0 md5sum | sed 's#  \./#  #') >"$root/DEBIAN/md5sums"
deb=$out/eartrainer_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
