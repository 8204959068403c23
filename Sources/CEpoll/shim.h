// Glibc's Swift module leaves out <sys/epoll.h>; the control server's thread uses it.
#include <sys/epoll.h>
