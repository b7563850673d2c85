// OpenGL ES 3.0 core; libGLESv2 exports every GLES 3.x entry point.
#include <GLES3/gl3.h>
