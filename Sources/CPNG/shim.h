// libpng, for the pictures' PNG encoding (its simplified API: no setjmp, a speed-over-size flag).
#include <png.h>
