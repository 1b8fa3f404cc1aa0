// R's standalone math library (Debian r-mathlib): distributions for the analysis side.
#define MATHLIB_STANDALONE 1
#include <Rmath.h>
