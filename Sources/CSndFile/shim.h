// libsndfile: reads WAV, FLAC, OGG/Vorbis, AIFF and CAF.
#include <sndfile.h>
