#!/usr/bin/env bash
# make deb: eartrainer_<version>_<arch>.deb in .build/deb (DEB_OUT= chooses), from one release
# binary for the three programs with the Swift runtime linked in (--static-swift-stdlib: the package needs no Swift
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
# ICU's data, which Foundation links in whole (34 MB), cut to what eartrainer uses
# (scripts/deb/icu-data.py) and linked in its place: ICU's symbol is defined as ours, so the
# toolchain's copy is never pulled from its archive. The object is named by its content, so a new
# cut changes the link flags and SwiftPM links again.
toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
icu_archive=${ICU_ARCHIVE:-$toolchain/../lib/swift_static/linux/lib_FoundationICU.a}
icu=$(pwd)/.build/icu-data
rm -rf "$icu" && mkdir -p "$icu"
(cd "$icu" && "$toolchain/llvm-ar" x "$icu_archive" icu_packaged_data.cpp.o)
"$toolchain/llvm-objcopy" -O binary --only-section=.rodata "$icu/icu_packaged_data.cpp.o" "$icu/toolchain.dat"
symbol=$(python3 scripts/deb/icu-data.py "$icu/toolchain.dat" "$icu/eartrainer.dat")
object=$icu/icu-data-$(sha256sum "$icu/eartrainer.dat" | cut -c1-12).o
printf '  .section .rodata.eartrainer_icu_data,"a"\n  .balign 16\n  .globl eartrainer_icu_data\n  .type eartrainer_icu_data, %%object\neartrainer_icu_data:\n  .incbin "%s"\n  .size eartrainer_icu_data, . - eartrainer_icu_data\n  .section .note.GNU-stack,"",%%progbits\n' \
  "$icu/eartrainer.dat" >"$icu/icu-data.S"
"$toolchain/clang" -c "$icu/icu-data.S" -o "$object"
# One binary for the three programs (ALL_IN_ONE: eartrainer-all-in-one as eartrainerd, the others
# symbolic links to it), the Swift runtime linked in; --no-export-dynamic undoes the runtime's
# -export-dynamic, which put every symbol of the program's own code in the dynamic symbol table
# (3 MB) for nobody: nothing looks them up by name. -gnone: no debug information, which the strip
# below would take out again (it cost 6 % of the build's CPU: 976 s against 1,035 s, alone).
make -s install BUILD=release ALL_IN_ONE=yes DESTDIR="$root" PREFIX=/usr UNITDIR=/lib/systemd/system CONFDIR=/etc/eartrainer \
  SWIFT_BUILD_FLAGS="--static-swift-stdlib -Xswiftc -gnone -Xlinker $object -Xlinker --defsym=$symbol=eartrainer_icu_data -Xlinker --no-export-dynamic" >/dev/null
doc=$root/usr/share/doc/eartrainer
# Who maintains it: DEB_MAINTAINER, else the author of the commit it is built from.
maintainer=${DEB_MAINTAINER:-$(git log -1 --format='%an <%ae>' 2>/dev/null || echo "eartrainer developers <eartrainer@localhost>")}
install -m 644 scripts/deb/copyright "$doc/copyright"
printf 'eartrainer (%s) unstable; urgency=medium\n\n  * Built from the repository at %s.\n\n -- %s  %s\n' \
  "$version" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" "$maintainer" "$(date -R -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)")" |
  gzip -9n >"$doc/changelog.gz"
gzip -9n "$root"/usr/share/man/man*/*
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/eartrainerd"
# The shared libraries the binary loads, and the Debian packages that hold them (dpkg knows a
# library by the path its package ships, /lib or /usr/lib: usrmerge makes both the same file).
owner() {
  dpkg -S "$1" 2>/dev/null || dpkg -S "${1#/usr}" 2>/dev/null || dpkg -S "/usr$1" 2>/dev/null ||
    { echo "no Debian package holds $1" >&2; return 1; }
}
# Only the libraries the binary names itself (NEEDED): theirs come with their packages.
needed=$(objdump -p "$root/usr/bin/eartrainerd" | awk '/NEEDED/ { print $2 }' | sort -u)
libraries=$(ldd "$root/usr/bin/eartrainerd" | awk -v needed="$(echo $needed)" '
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
