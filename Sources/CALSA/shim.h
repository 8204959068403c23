// The ALSA sequencer API as Swift sees it: Debian's libasound2-dev, plus the few helpers Swift
// cannot import by itself (variadic callbacks).
#ifndef CALSA_SHIM_H
#define CALSA_SHIM_H

#include <alsa/asoundlib.h>

// alsa-lib prints its own errors on stderr (e.g. "open /dev/snd/seq failed" on every retry).
// The Swift side throws ALSAError with the function and code instead, so these are dropped.
static void calsa_ignore_error(const char *file, int line, const char *function, int err,
                               const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

/// Routes alsa-lib's own error messages nowhere; process-wide.
static inline void calsa_silence_library_errors(void) {
    snd_lib_error_set_handler(calsa_ignore_error);
}

#endif
