// liblo (Debian liblo-dev): only its OSC message decoder is used; HeadTracking owns the UDP socket.
#include <lo/lo.h>
