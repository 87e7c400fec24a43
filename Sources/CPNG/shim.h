// The system libpng headers (pkg-config libpng supplies the include path and the library):
// only ImageShim includes them.
#include <png.h>
