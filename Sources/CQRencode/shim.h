// libqrencode 4 (Debian's libqrencode-dev): encodes the pairing page's address for
// `eartrainctl web-pair`.
#include <qrencode.h>
