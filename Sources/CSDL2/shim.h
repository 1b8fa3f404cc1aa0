// SDL2 with SDL2_ttf (text) and SDL2_image (PNG output); only the soundsafari executable imports this.
#include <SDL.h>
#include <SDL_ttf.h>
#include <SDL_image.h>
