# Sourced by the host side of the systemd boots (boot-test.sh, deb-test.sh) after `cd` to the
# repository. `vm_boot_prepare NAME DEFAULT_OUT UNIT...` installs the dependencies and sets `root`,
# `out` (VM_OUT, else DEFAULT_OUT below the repository; never under /tmp, which the guest gets
# fresh), `stage`, `guest`, `etc` and `kernel`, after refusing to run where one of the UNITs is in
# /etc/systemd/system and is not a link into this test's stage (an installation, or another
# test's): the guest sees this machine's /etc. `fail` prints "NAME: FAIL: …" and exits.
vm_boot_prepare() {
  root=$(pwd)
  vm_name=$1 out=${VM_OUT:-$root/$2}; shift 2
  case "$out" in /tmp/*) out=/var/lib/eartrainer-$vm_name ;; esac
  stage=$out/stage
  guest=$out/guest
  etc=/etc/systemd/system
  scripts/install-deps.sh
  kernel=$(ls /boot/vmlinuz-* 2>/dev/null | sort -V | tail -n 1)
  [ -n "$kernel" ] || fail "no /boot/vmlinuz-* (is linux-image-amd64 installed?)"
  local unit
  for unit in "$@"; do
    if [ -e "$etc/$unit" ] || [ -L "$etc/$unit" ]; then
      case "$(readlink "$etc/$unit" || true)" in
        "$stage"/*) ;;  # left over by an interrupted run of this script
        *) fail "$etc/$unit exists and is not this test's: the guest would not be a fresh machine" ;;
      esac
    fi
  done
}

fail() { echo "$vm_name: FAIL: $*" >&2; exit 1; }
