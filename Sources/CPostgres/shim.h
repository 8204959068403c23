// libpq 15 (Debian's libpq-dev): the hub's PostgreSQL store (`eartrainer-hub --store postgresql://…`).
#include <postgresql/libpq-fe.h>
