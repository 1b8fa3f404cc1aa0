// libsoxr: band-limited sample-rate conversion for sound files and imported HRTFs.
#include <soxr.h>
