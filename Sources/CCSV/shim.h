// libcsv (Debian libcsv-dev ships no pkg-config file, so the module map links it by name).
#include <stddef.h>
#include <csv.h>
