// OpenAL Soft with its extension prototypes (ALC_SOFT_loopback, ALC_SOFT_HRTF).
#define AL_ALEXT_PROTOTYPES 1
#include <AL/al.h>
#include <AL/alc.h>
#include <AL/alext.h>
