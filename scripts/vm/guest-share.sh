# Sourced by the guest scripts of the boot tests (installed beside them) with their arguments,
# OUT (the shared results folder) and BIN (the installed bin directory): mounts the folder and
# says the guest booted; `sock` is the service's socket. In --systemd mode virtme-ng mounts its --rwdir
# folders only from the serial console's login (serial-getty@ runs virtme-ng-init), which may come
# later: the share (tag virtme.initmount0) is mounted here.
share_results() {
  local out=$1
  # GUEST_SHARED: OUT is a folder inside a share the calling guest script already mounted.
  if [ -z "${GUEST_SHARED:-}" ] && ! mountpoint -q "$out"; then
    mount -t 9p -o rw,version=9p2000.L,trans=virtio,access=any,msize=524288 virtme.initmount0 "$out" ||
      mount -t virtiofs virtme.initmount0 "$out" || exit 1
  fi
  echo "booted $(uname -r); PID 1 is $(cat /proc/1/comm); uptime $(cut -d' ' -f1 /proc/uptime) s" >"$out/guest-booted"
}

# What the student's boot watches and plays with (scripts/vm/student-guest.sh).
now() { cut -d' ' -f1 /proc/uptime; }
log() { echo "$(now) $*" >>"$out/steps.txt"; }
status() { timeout 30 "$bin/eartrainctl" status --socket "$sock" 2>&1; }
# wait_for NAME SECONDS TEXT: until `status` shows TEXT; its last answer is kept as NAME.txt.
wait_for() {
  local name=$1 seconds=$2 text=$3 start
  start=$(cut -d. -f1 /proc/uptime)
  while [ $(($(cut -d. -f1 /proc/uptime) - start)) -lt "$seconds" ]; do
    status >"$out/$name.txt"
    if grep -qF -- "$text" "$out/$name.txt"; then log "$name: seen '$text'"; return 0; fi
    sleep 1
  done
  log "$name: NOT seen '$text' within $seconds s"
  return 1
}

# plug_keyboard: a class-compliant USB MIDI keyboard plugged in (a gadget on the dummy host
# controller, driven by snd-usb-audio like any keyboard); `g` is its configfs folder.
g=/sys/kernel/config/usb_gadget/kbd
plug_keyboard() {
  modprobe dummy_hcd; modprobe libcomposite; modprobe snd-usb-audio
  mountpoint -q /sys/kernel/config || mount -t configfs none /sys/kernel/config
  mkdir -p "$g/strings/0x409" "$g/configs/c.1" "$g/functions/midi.usb0"
  echo 0x1d6b >"$g/idVendor"; echo 0x0104 >"$g/idProduct"
  echo "eartrainer test" >"$g/strings/0x409/manufacturer"; echo "Student Keyboard" >"$g/strings/0x409/product"
  echo kbdgadget >"$g/functions/midi.usb0/id"
  ln -s "$g/functions/midi.usb0" "$g/configs/c.1/"
  echo dummy_udc.0 >"$g/UDC"
}

# key NOTE [GAP] [HOLD]: pressed on the keyboard (the gadget side's raw MIDI), held HOLD seconds
# (0.6), released, then GAP seconds (1.5) before the next.
key() {
  local card dev
  card=$(awk '$2 ~ /^\[kbdgadget/ {print $1}' /proc/asound/cards)
  dev=/dev/snd/midiC${card}D0
  printf "$(printf '\\x%02x\\x%02x\\x%02x' 0x90 "$1" 100)" >"$dev"
  sleep "${3:-0.6}"
  printf "$(printf '\\x%02x\\x%02x\\x%02x' 0x80 "$1" 0)" >"$dev"
  log "key $1 on $dev"
  sleep "${2:-1.5}"
}

# wheel [GAP]: the modulation wheel (controller 1) pushed all the way up and brought back down,
# then GAP seconds (2.5) for the voice.
wheel() {
  local card dev
  card=$(awk '$2 ~ /^\[kbdgadget/ {print $1}' /proc/asound/cards)
  dev=/dev/snd/midiC${card}D0
  printf '\xb0\x01\x7f' >"$dev"
  sleep 0.3
  printf '\xb0\x01\x00' >"$dev"
  log "wheel up and down on $dev"
  sleep "${1:-2.5}"
}

# rename_keyboard NAME: unplugged, named NAME, plugged in again (another keyboard, to the daemon).
rename_keyboard() {
  echo "" >"$g/UDC"
  sleep 2
  echo "$1" >"$g/strings/0x409/product"
  echo dummy_udc.0 >"$g/UDC"
}

out=$1
bin=$2
sock=/run/eartrainer/eartrainer.sock
share_results "$out"
