// libmysofa: reads SOFA (AES69) HRTF files, for `soundsafari hrtf import`.
#include <mysofa.h>
