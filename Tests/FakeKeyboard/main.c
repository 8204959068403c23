// fake-keyboard: a real ALSA sequencer client that plays like a MIDI keyboard, for the VM harness.
//
//   fake-keyboard NAME
//
// Creates client NAME with one readable port (READ|SUBS_READ, MIDI_GENERIC|APPLICATION), prints
// "ready CLIENT:PORT", then reads commands from stdin, one a line, and answers "ok" to each:
//   on CH NOTE VEL     note-on  (channel 0-15)
//   off CH NOTE VEL    note-off
//   cc CH CTRL VAL     control change
//   bend CH VAL        pitch-bend wheel, -8192..8191 (0 centred)
//   flood N            N events as fast as it can (buffered): note-on/note-off pairs on notes 36-95
//   quit               exits (so does end of input); the port goes away as when a keyboard is unplugged
// Events go straight to the port's subscribers (no queue), as a kernel MIDI driver's do.
#include <alsa/asoundlib.h>
#include <stdio.h>
#include <string.h>

static snd_seq_t *seq;
static int port;

// Sends at once, or (buffered) packs events into alsa-lib's output buffer, which goes to the kernel
// in large writes: the flood then costs a few hundred system calls instead of 20,000.
static void send_event(snd_seq_event_t *ev, int buffered) {
    snd_seq_ev_set_source(ev, port);
    snd_seq_ev_set_subs(ev);
    snd_seq_ev_set_direct(ev);
    int err = buffered ? snd_seq_event_output(seq, ev) : snd_seq_event_output_direct(seq, ev);
    if (err < 0 && err != -EAGAIN) fprintf(stderr, "fake-keyboard: snd_seq_event_output: %s\n", snd_strerror(err));
}

static void send(snd_seq_event_t *ev) { send_event(ev, 0); }

static void note_event(snd_seq_event_t *ev, int on, int ch, int key, int vel) {
    snd_seq_ev_clear(ev);
    if (on) snd_seq_ev_set_noteon(ev, ch, key, vel);
    else snd_seq_ev_set_noteoff(ev, ch, key, vel);
}

static void note(int on, int ch, int key, int vel) {
    snd_seq_event_t ev;
    note_event(&ev, on, ch, key, vel);
    send(&ev);
}

int main(int argc, char **argv) {
    const char *name = argc > 1 ? argv[1] : "Fake Keyboard";
    int err = snd_seq_open(&seq, "default", SND_SEQ_OPEN_OUTPUT, 0);
    if (err < 0) { fprintf(stderr, "fake-keyboard: snd_seq_open: %s\n", snd_strerror(err)); return 1; }
    snd_seq_set_client_name(seq, name);
    port = snd_seq_create_simple_port(seq, "MIDI 1", SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ,
                                      SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION);
    if (port < 0) { fprintf(stderr, "fake-keyboard: snd_seq_create_simple_port: %s\n", snd_strerror(port)); return 1; }
    printf("ready %d:%d\n", snd_seq_client_id(seq), port);
    fflush(stdout);

    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        int a, b, c;
        if (sscanf(line, "on %d %d %d", &a, &b, &c) == 3) {
            note(1, a, b, c);
        } else if (sscanf(line, "off %d %d %d", &a, &b, &c) == 3) {
            note(0, a, b, c);
        } else if (sscanf(line, "cc %d %d %d", &a, &b, &c) == 3) {
            snd_seq_event_t ev;
            snd_seq_ev_clear(&ev);
            snd_seq_ev_set_controller(&ev, a, b, c);
            send(&ev);
        } else if (sscanf(line, "bend %d %d", &a, &b) == 2) {
            snd_seq_event_t ev;
            snd_seq_ev_clear(&ev);
            snd_seq_ev_set_pitchbend(&ev, a, b);
            send(&ev);
        } else if (sscanf(line, "flood %d", &a) == 1) {
            for (int i = 0; i < a; i++) {
                snd_seq_event_t ev;
                note_event(&ev, i % 2 == 0, 0, 36 + (i / 2) % 60, 64);
                send_event(&ev, 1);
            }
            int err = snd_seq_drain_output(seq);
            if (err < 0) fprintf(stderr, "fake-keyboard: snd_seq_drain_output: %s\n", snd_strerror(err));
        } else if (strncmp(line, "quit", 4) == 0) {
            break;
        } else {
            printf("error unknown command\n");
            fflush(stdout);
            continue;
        }
        printf("ok\n");
        fflush(stdout);
    }
    snd_seq_close(seq);
    return 0;
}
