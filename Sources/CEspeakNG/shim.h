// eSpeak NG 1.51 (Debian's libespeak-ng-dev): the classic API and the espeak_ng_* one, whose
// calls return a status instead of exiting the process when the voice data are missing.
#include <stdio.h>
#include <wchar.h>
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
