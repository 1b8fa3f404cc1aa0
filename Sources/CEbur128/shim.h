// libebur128: loudness (EBU R 128 / ITU-R BS.1770) and true peak of the imported animal calls.
#include <ebur128.h>
