// loopback-capture: records an ALSA capture device (snd-aloop's hw:Loopback,1,0 in the VM) like
// `arecord -c 2` (in whatever format the playback side uses), and also says *when* its first frame was captured, which arecord
// cannot: the stream's trigger time on CLOCK_MONOTONIC, the clock the audio probe stamps its MIDI
// writes with. Capture frame n then passed through the loopback at trigger + n / rate.
//
//   loopback-capture DEVICE RATE SECONDS OUT.wav
//
// SIGTERM ends the capture early and keeps what came before it (the caller stops it when its
// sounds are done, however long they took to start). Prints "started TRIGGER_NS FORMAT" once capturing (stdout, flushed), then at the end
// "done FRAMES STATUS_OFFSET_US XRUNS" (an overrun ends the capture early: FRAMES is what came before it): STATUS_OFFSET_US is the median, over every read, of
// (status timestamp - trigger - hw position / rate), a cross-check of the trigger mapping (it is
// the loopback timer's lag, 0 to one jiffy). The WAV is 16-bit stereo (what WAVFile.readLeft reads).
#include <alsa/asoundlib.h>
#include <stdint.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile sig_atomic_t stopping = 0;
static void stop(int signal) { (void)signal; stopping = 1; }

static int64_t ns(snd_htimestamp_t t) { return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec; }

static int cmp64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static void put32(FILE *f, uint32_t v) { fwrite(&v, 4, 1, f); }
static void put16(FILE *f, uint16_t v) { fwrite(&v, 2, 1, f); }

#define CHECK(call) do { int e_ = (call); if (e_ < 0) { \
    fprintf(stderr, "loopback-capture: %s: %s\n", #call, snd_strerror(e_)); return 1; } } while (0)

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: loopback-capture DEVICE RATE SECONDS OUT.wav\n"); return 64; }
    const char *device = argv[1];
    unsigned rate = (unsigned)atoi(argv[2]);
    double seconds = atof(argv[3]);
    const char *path = argv[4];
    snd_pcm_uframes_t total = (snd_pcm_uframes_t)(seconds * rate);

    // No SA_RESTART: a blocked read returns -EINTR at once.
    struct sigaction action = { .sa_handler = stop };
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, NULL);

    snd_pcm_t *pcm;
    CHECK(snd_pcm_open(&pcm, device, SND_PCM_STREAM_CAPTURE, 0));
    snd_pcm_hw_params_t *hw;
    snd_pcm_hw_params_malloc(&hw);
    CHECK(snd_pcm_hw_params_any(pcm, hw));
    CHECK(snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED));
    // snd-aloop makes the capture side take the playback side's format: try the likely ones.
    const snd_pcm_format_t formats[] = { SND_PCM_FORMAT_FLOAT_LE, SND_PCM_FORMAT_S16_LE, SND_PCM_FORMAT_S32_LE };
    snd_pcm_format_t format = SND_PCM_FORMAT_UNKNOWN;
    for (int i = 0; i < 3 && format == SND_PCM_FORMAT_UNKNOWN; i++)
        if (snd_pcm_hw_params_set_format(pcm, hw, formats[i]) == 0) format = formats[i];
    if (format == SND_PCM_FORMAT_UNKNOWN) { fprintf(stderr, "loopback-capture: no format among FLOAT_LE S16_LE S32_LE\n"); return 1; }
    CHECK(snd_pcm_hw_params_set_channels(pcm, hw, 2));
    CHECK(snd_pcm_hw_params_set_rate(pcm, hw, rate, 0));
    snd_pcm_uframes_t period = 256, buffer = 16384;
    CHECK(snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, 0));
    CHECK(snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer));
    CHECK(snd_pcm_hw_params(pcm, hw));
    snd_pcm_hw_params_free(hw);

    snd_pcm_sw_params_t *sw;
    snd_pcm_sw_params_malloc(&sw);
    CHECK(snd_pcm_sw_params_current(pcm, sw));
    CHECK(snd_pcm_sw_params_set_tstamp_mode(pcm, sw, SND_PCM_TSTAMP_ENABLE));
    CHECK(snd_pcm_sw_params_set_tstamp_type(pcm, sw, SND_PCM_TSTAMP_TYPE_MONOTONIC));
    CHECK(snd_pcm_sw_params(pcm, sw));
    snd_pcm_sw_params_free(sw);

    CHECK(snd_pcm_prepare(pcm));
    CHECK(snd_pcm_start(pcm));
    snd_pcm_status_t *status;
    snd_pcm_status_malloc(&status);
    CHECK(snd_pcm_status(pcm, status));
    snd_htimestamp_t trigger;
    snd_pcm_status_get_trigger_htstamp(status, &trigger);
    int64_t trigger_ns = ns(trigger);
    printf("started %lld %s\n", (long long)trigger_ns, snd_pcm_format_name(format));
    fflush(stdout);

    int width = snd_pcm_format_physical_width(format) / 8;
    char *raw = malloc(total * 2 * width);
    size_t reads_cap = total / 16 + 16, reads = 0;
    int64_t *offsets = malloc(reads_cap * sizeof(int64_t));
    snd_pcm_uframes_t got = 0;
    int xruns = 0;
    while (got < total && !stopping) {
        snd_pcm_uframes_t want = total - got < period ? total - got : period;
        snd_pcm_sframes_t n = snd_pcm_readi(pcm, raw + 2 * width * got, want);
        if (n == -EINTR) continue;
        if (n < 0) {
            fprintf(stderr, "loopback-capture: read: %s\n", snd_strerror((int)n));
            // An overrun loses frames, and with them the frame-to-time mapping: keep what came before.
            if (n == -EPIPE) { xruns++; total = got; break; }
            return 1;
        }
        got += (snd_pcm_uframes_t)n;
        if (snd_pcm_status(pcm, status) == 0 && reads < reads_cap) {
            snd_htimestamp_t at;
            snd_pcm_status_get_htstamp(status, &at);
            // Frames captured by the hardware at `at`: what we read plus what waits to be read.
            int64_t position = (int64_t)got + snd_pcm_status_get_avail(status);
            offsets[reads++] = ns(at) - trigger_ns - position * 1000000000LL / rate;
        }
    }
    if (stopping) total = got;
    snd_pcm_close(pcm);
    qsort(offsets, reads, sizeof(int64_t), cmp64);

    FILE *f = fopen(path, "wb");
    if (!f) { perror(path); return 1; }
    uint32_t bytes = (uint32_t)(total * 4);
    fwrite("RIFF", 1, 4, f); put32(f, 36 + bytes);
    fwrite("WAVEfmt ", 1, 8, f); put32(f, 16);
    put16(f, 1); put16(f, 2); put32(f, rate); put32(f, rate * 4); put16(f, 4); put16(f, 16);
    fwrite("data", 1, 4, f); put32(f, bytes);
    for (size_t i = 0; i < total * 2; i++) {
        float x;
        if (format == SND_PCM_FORMAT_FLOAT_LE) x = ((float *)raw)[i];
        else if (format == SND_PCM_FORMAT_S16_LE) x = ((int16_t *)raw)[i] / 32768.0f;
        else x = ((int32_t *)raw)[i] / 2147483648.0f;
        float v = x > 1 ? 1 : x < -1 ? -1 : x;
        int16_t s = (int16_t)lrintf(v * 32767);
        fwrite(&s, 2, 1, f);
    }
    fclose(f);
    printf("done %lu %.1f %d\n", (unsigned long)total, reads ? offsets[reads / 2] / 1000.0 : 0.0, xruns);
    return 0;
}
