// The FluidSynth 2.3 C API (Debian's libfluidsynth-dev puts it in /usr/include).
#include <fluidsynth.h>
