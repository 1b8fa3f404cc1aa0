// GNU gettext as glibc ships it (libintl.h is part of libc6-dev, so the module links nothing of its own).
#include <libintl.h>
#include <locale.h>
