// The system libjpeg headers (pkg-config libjpeg supplies the include path and the
// library): only ImageShim includes them. jpeglib.h needs stdio.h's FILE first.
#include <stdio.h>
#include <jpeglib.h>
